// Many quotes, one pass over each source. Every distinct normalized quote is
// keyed by a hash of its first ANCHOR bytes; each source is read once with a
// rolling hash of the same width, and only where that hash is one of the
// anchors is a quote compared in full. The cost of a source is one pass over its
// text plus the matches found, however many quotes there are, and the cost of a
// quote does not grow with the length of the sources (Rabin-Karp with many
// patterns). The same pass tells which other sources hold a quote, for hints.
import type { Buffer } from 'node:buffer';
import { findMatches, respectsWordBoundaries, type PreparedQuote } from './match.js';

/** Quotes are anchored on this many bytes; shorter quotes are searched one by one. */
export const ANCHOR = 16;

const BASE = 0x01000193;
/** BASE ** (ANCHOR - 1), mod 2^32. */
const BASE_POWER = (() => {
  let p = 1;
  for (let i = 1; i < ANCHOR; i++) p = Math.imul(p, BASE);
  return p;
})();
const FILTER_BITS = 22;

function anchorHash(bytes: Uint8Array, at: number): number {
  let h = 0;
  for (let i = 0; i < ANCHOR; i++) h = (Math.imul(h, BASE) + bytes[at + i]) | 0;
  return h;
}

/** A bit per hash bucket: most positions of a text are ruled out by one lookup. */
function filterIndex(h: number): number {
  return Math.imul(h, 0x9e3779b1) >>> (32 - FILTER_BITS);
}

export interface QuoteHits {
  /** Start offsets of matches (word boundaries respected), ascending, at most the quote's cap. */
  readonly starts: number[];
}

/** The distinct quotes of a run, each with an id. */
export class QuoteSet {
  private readonly quotes: PreparedQuote[] = [];
  private readonly caps: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly byAnchor = new Map<number, number[]>();
  private readonly short: number[] = [];
  private readonly filter = new Uint32Array(1 << (FILTER_BITS - 5));
  private readonly candidates = new Candidates();

  /** Adds a quote (or finds it), keeping at most `cap` matches of it per source. Returns its id. */
  add(quote: PreparedQuote, cap: number): number {
    const known = this.ids.get(quote.text);
    if (known !== undefined) {
      this.caps[known] = Math.max(this.caps[known], cap);
      return known;
    }
    const id = this.quotes.length;
    this.quotes.push(quote);
    this.caps.push(cap);
    this.ids.set(quote.text, id);
    if (quote.bytes.length < ANCHOR) {
      this.short.push(id);
    } else {
      const h = anchorHash(quote.bytes, 0);
      const list = this.byAnchor.get(h);
      if (list) list.push(id);
      else this.byAnchor.set(h, [id]);
      const f = filterIndex(h);
      this.filter[f >>> 5] |= 1 << (f & 31);
    }
    return id;
  }

  get size(): number {
    return this.quotes.length;
  }

  quote(id: number): PreparedQuote {
    return this.quotes[id];
  }

  idOf(text: string): number | undefined {
    return this.ids.get(text);
  }

  /**
   * Finds every quote of the set in `text` (a normalized source). `wanted`, when
   * given, limits the short quotes (searched one by one) to those ids; the
   * anchored ones cost nothing extra and are always found.
   */
  scan(text: Buffer, wanted?: ReadonlySet<number>): Map<number, QuoteHits> {
    const hits = new Map<number, QuoteHits>();
    if (text.length >= ANCHOR && this.byAnchor.size > 0) {
      // Two phases: a tight loop that only rolls the hash and tests the filter,
      // then the (few) candidate positions, looked up and compared in full.
      const found = this.candidates;
      found.collect(text, this.filter);
      for (let k = 0; k < found.count; k++) {
        const ids = this.byAnchor.get(found.hashes[k]);
        if (!ids) continue;
        const p = found.positions[k];
        for (const id of ids) {
          let entry = hits.get(id);
          if (entry && entry.starts.length >= this.caps[id]) continue;
          const q = this.quotes[id];
          if (!matchesAt(text, p, q.bytes) || !respectsWordBoundaries(text, p, q)) continue;
          if (!entry) hits.set(id, (entry = { starts: [] }));
          entry.starts.push(p);
        }
      }
    }
    for (const id of this.short) {
      if (wanted && !wanted.has(id)) continue;
      const starts = findMatches(text, this.quotes[id], this.caps[id]);
      if (starts.length > 0) hits.set(id, { starts });
    }
    return hits;
  }
}

/** Positions whose anchor hash passed the filter, with the hashes; reused from scan to scan. */
class Candidates {
  positions: Int32Array = new Int32Array(1024);
  hashes: Int32Array = new Int32Array(1024);
  count = 0;

  /** Rolls the anchor hash over the text: this loop runs once per byte of every source, so it does nothing else. */
  collect(text: Uint8Array, filter: Uint32Array): void {
    let positions = this.positions;
    let hashes = this.hashes;
    let n = 0;
    let h = anchorHash(text, 0);
    const last = text.length - ANCHOR;
    for (let p = 0; ; p++) {
      const f = Math.imul(h, 0x9e3779b1) >>> (32 - FILTER_BITS);
      if ((filter[f >>> 5] & (1 << (f & 31))) !== 0) {
        if (n === positions.length) {
          positions = grow(positions);
          hashes = grow(hashes);
        }
        positions[n] = p;
        hashes[n] = h;
        n++;
      }
      if (p >= last) break;
      h = (Math.imul(h - Math.imul(text[p], BASE_POWER), BASE) + text[p + ANCHOR]) | 0;
    }
    this.positions = positions;
    this.hashes = hashes;
    this.count = n;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function matchesAt(text: Uint8Array, at: number, quote: Uint8Array): boolean {
  if (at + quote.length > text.length) return false;
  for (let i = ANCHOR; i < quote.length; i++) if (text[at + i] !== quote[i]) return false;
  // The anchor's hash matched; its bytes still have to.
  for (let i = 0; i < ANCHOR; i++) if (text[at + i] !== quote[i]) return false;
  return true;
}
