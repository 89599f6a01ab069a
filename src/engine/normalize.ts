// Normalization of SPEC §3: Unicode NFC, then every maximal run of whitespace
// becomes one U+0020 and leading and trailing runs are dropped.
//
// Quotes are short, so normalizeText() does it the plain way. Sources can be
// large, so normalizeSource() works on their UTF-8 bytes in one pass, copying
// what does not change and keeping an offset map back to the original. Both give
// exactly what normalizeText() gives for the same text (tested property).
import { Buffer } from 'node:buffer';
import { OffsetMap } from './offset-map.js';
import { isNfcInert, isWhitespace, WHITESPACE_TO_COLLAPSE } from './unicode.js';
import { normalizeUnicode } from './unicode-normalize.js';

/** Anything but printable ASCII and single inner spaces: text without it is normalized already. */
const NOT_PLAIN = /[^\x21-\x7e ]| {2}|^ | $/;
/** Code points from U+0300 on: below them, text is NFC already. */
const FROM_U0300 = /[^\x00-\u02ff]/;

/**
 * Whether NFC may change the text: whether it has a code point from U+0300 on
 * that is not NFC-inert. Typographic quotes, dashes and most letters are inert,
 * and looking them up costs less than half of what the runtime's NFC does on
 * quotes (measured).
 */
function mayChangeUnderNfc(text: string): boolean {
  const first = text.search(FROM_U0300);
  if (first < 0) return false;
  for (let i = first; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp < 0x300) continue;
    if (cp > 0xffff) i++;
    // A lone surrogate is not inert either: the runtime's NFC decides what it becomes.
    if (!isNfcInert(cp)) return true;
  }
  return false;
}

/** SPEC §3 for a string: `" ".join(unicodedata.normalize("NFC", s).split())`. */
export function normalizeText(text: string): string {
  // Most quotes are plain text with single spaces: one native look, and nothing to do.
  if (!NOT_PLAIN.test(text)) return text;
  const nfc = mayChangeUnderNfc(text) ? normalizeUnicode(text, 'NFC') : text;
  const spaced = nfc.replace(WHITESPACE_TO_COLLAPSE, ' ');
  // Every run is one space now, so at most one at each end.
  const from = spaced.charCodeAt(0) === 0x20 ? 1 : 0;
  const to = spaced.length > from && spaced.charCodeAt(spaced.length - 1) === 0x20 ? spaced.length - 1 : spaced.length;
  return from === 0 && to === spaced.length ? spaced : spaced.slice(from, to);
}

/**
 * A line with every kind of text the normalizer handles (line ends, runs,
 * tabs, wide spaces, letters of every UTF-8 length, accents NFC composes or
 * leaves, marks of every UTF-8 length after a mark, Hangul jamo), normalized
 * at start: the optimizing compiler then sees every branch taken before it
 * compiles the loop, instead of bailing out each time a source shows a new
 * kind of text (measured: a quarter of the time of a first run over a hundred
 * sources). Ten times, because V8 keeps what it learns about a function only
 * from its eighth call or so, and the calls at the end of normalize() run once
 * per source (with two, --trace-deopt showed a bail-out there).
 */
const PRIMER =
  'Prime: a  b\r\nc\td\u00a0e\u2028f\u3000 g\u00e9 h\u2019s e\u0301 q\u0307 x\u0302\u0323 ' +
  'a\u0301\u20d0 a\u0301\ud834\udd65 \ud835\udc00 \u0958 \u1100\u1161 ok\n\n end. ';
let primed = false;

function primeOnce(): void {
  if (primed) return;
  primed = true;
  const sample = Buffer.from(PRIMER, 'utf8');
  const normalizer = new SourceNormalizer();
  for (let k = 0; k < 10; k++) normalizer.normalize(sample);
}

/** 1 for the bytes a run of printable ASCII may hold: printable ASCII, the space and the line feed. */
const IN_RUN = new Uint8Array(256).fill(1, 0x20, 0x7f);
IN_RUN[0x0a] = 1;
/** What each byte of a run is written as: itself, but the line feed as a space. */
const RUN_BYTE = Uint8Array.from({ length: 256 }, (_, b) => (b === 0x0a ? 0x20 : b));

/**
 * Copies the run of printable ASCII at `i` (its first byte is one) to `out` at
 * `j`, and with it any single space or line feed between two printable ASCII
 * characters: that normalizes to one space, byte for byte, so the offsets stay
 * linear and nothing needs recording. Returns where the run ends.
 *
 * The loop has one test per byte, by table, and no branch on spaces (one in
 * every few bytes of prose, which a branch mispredicts): a space or line feed
 * is written as it comes, and the run stops at a second one in a row, or at a
 * byte that is no part of a run; a space it wrote last is then left to the
 * caller, which begins a run of whitespace there (measured: 1.5 ns a byte
 * against 2.6 for a loop that looked at the byte after each space).
 *
 * A function of its own because it is where most bytes go: small, the
 * optimizing compiler has it ready after the first few sources, where the whole
 * normalize() takes it 20 to 30 ms (measured), spent in slow code meanwhile.
 */
function copyPrintableRun(src: Buffer, out: Buffer, i: number, j: number, n: number): number {
  let last = src[i];
  out[j++] = last;
  for (i++; i < n; i++) {
    const b = src[i];
    const written = RUN_BYTE[b];
    // Numbers, not booleans: both tests are made, with no branch between them.
    if ((IN_RUN[b] ^ 1) | +((written | last) === 0x20)) break;
    out[j++] = written;
    last = written;
  }
  return last === 0x20 ? i - 1 : i;
}

export interface NormalizedSource {
  /** The normalized text as UTF-8. A view into the normalizer's buffer: valid until its next call. */
  readonly bytes: Buffer;
  /** Normalized byte offsets to original byte offsets. Also reused: valid until the next call. */
  readonly map: OffsetMap;
}

/**
 * Normalizes source text held as UTF-8 bytes (already validated, BOM removed).
 *
 * NFC can change text only around code points that are not NFC-inert (see
 * unicode-data.ts). Such a code point, with the inert code point before it and
 * every non-inert one after it, forms a cluster that is normalized on its own by
 * the runtime's String.prototype.normalize; cutting text before an inert code
 * point or whitespace never changes the result of NFC. Everything else is copied.
 *
 * One instance reuses its output buffer and offset map from call to call, so
 * processing many sources one after another does not ask the system for fresh
 * memory for each (page faults cost more than the normalizing itself).
 */
export class SourceNormalizer {
  private out: Buffer = Buffer.allocUnsafeSlow(0);
  private readonly map = new OffsetMap();

  constructor() {
    primeOnce();
  }

  normalize(src: Buffer): NormalizedSource {
    const n = src.length;
    // allocUnsafeSlow: a buffer of its own, 8-byte aligned, which the quote scanner reads as 32-bit words.
    if (this.out.length < n + 8) this.out = Buffer.allocUnsafeSlow(Math.max(n + 8, this.out.length * 2));
    let out = this.out;
    const map = this.map;
    map.reset();
    let i = 0;
    let j = 0;
    // Original offset minus normalized offset in the current linear segment.
    let delta = Number.NaN;
    // Original offset where a pending run of whitespace began, or -1.
    let wsStart = -1;

    while (i < n) {
      const b = src[i];
      if (b > 0x20 && b < 0x80) {
        // Printable ASCII, the common case: copy the whole run.
        if (wsStart >= 0) {
          if (j > 0) {
            if (wsStart - j !== delta) {
              map.addLinear(j, wsStart);
              delta = wsStart - j;
            }
            out[j++] = 0x20;
          }
          wsStart = -1;
        }
        if (i - j !== delta) {
          map.addLinear(j, i);
          delta = i - j;
        }
        const end = copyPrintableRun(src, out, i, j, n);
        j += end - i;
        i = end;
        continue;
      }

      let cp: number;
      let len: number;
      if (b < 0x80) {
        cp = b;
        len = 1;
      } else if (b < 0xe0) {
        cp = ((b & 0x1f) << 6) | (src[i + 1] & 0x3f);
        len = 2;
      } else if (b < 0xf0) {
        cp = ((b & 0x0f) << 12) | ((src[i + 1] & 0x3f) << 6) | (src[i + 2] & 0x3f);
        len = 3;
      } else {
        cp = ((b & 0x07) << 18) | ((src[i + 1] & 0x3f) << 12) | ((src[i + 2] & 0x3f) << 6) | (src[i + 3] & 0x3f);
        len = 4;
      }

      if (isWhitespace(cp)) {
        if (wsStart < 0) wsStart = i;
        i += len;
        continue;
      }

      // The cluster starts at the code point before this one when that is part
      // of the same word: an inert code point that a combining mark may join.
      let clusterStart = i;
      let clusterOut = j;
      const inert = cp < 0x300 || isNfcInert(cp);
      if (wsStart >= 0) {
        if (j > 0) {
          if (wsStart - j !== delta) {
            map.addLinear(j, wsStart);
            delta = wsStart - j;
          }
          out[j++] = 0x20;
        }
        wsStart = -1;
        clusterOut = j;
      } else if (!inert && j > 0) {
        // The previous code point was copied verbatim (clusters end before an
        // inert code point), so its bytes are the last ones written.
        clusterStart = i - 1;
        while ((src[clusterStart] & 0xc0) === 0x80) clusterStart--;
        clusterOut = j - (i - clusterStart);
      }

      if (inert) {
        if (i - j !== delta) {
          map.addLinear(j, i);
          delta = i - j;
        }
        for (let k = 0; k < len; k++) out[j++] = src[i + k];
        i += len;
        continue;
      }

      let end = i + len;
      while (end < n) {
        const c = src[end];
        if (c < 0x80) break;
        let next: number;
        let l: number;
        if (c < 0xe0) {
          next = ((c & 0x1f) << 6) | (src[end + 1] & 0x3f);
          l = 2;
        } else if (c < 0xf0) {
          next = ((c & 0x0f) << 12) | ((src[end + 1] & 0x3f) << 6) | (src[end + 2] & 0x3f);
          l = 3;
        } else {
          next =
            ((c & 0x07) << 18) | ((src[end + 1] & 0x3f) << 12) | ((src[end + 2] & 0x3f) << 6) | (src[end + 3] & 0x3f);
          l = 4;
        }
        if (next < 0x300 || isWhitespace(next) || isNfcInert(next)) break;
        end += l;
      }

      const original = src.toString('utf8', clusterStart, end);
      const composed = normalizeUnicode(original, 'NFC');
      if (composed === original) {
        if (i - j !== delta) {
          map.addLinear(j, i);
          delta = i - j;
        }
        src.copy(out, j, i, end);
        j += end - i;
      } else {
        const room = clusterOut + 3 * composed.length + (n - end) + 8;
        if (room > out.length) {
          const bigger = Buffer.allocUnsafeSlow(Math.max(room, out.length * 2));
          out.copy(bigger, 0, 0, clusterOut);
          this.out = out = bigger;
        }
        map.addOpaque(clusterOut, clusterStart, end);
        j = clusterOut + out.write(composed, clusterOut, 'utf8');
        delta = Number.NaN;
      }
      i = end;
    }
    map.finish(j);
    return { bytes: out.subarray(0, j), map };
  }
}
