// Unicode normalization (NFC, NFD, NFKC, NFKD) in time linear in the text.
//
// The runtime's normalizer (ICU) puts the combining marks that follow a
// character in canonical order by inserting each one in turn: a run of marks
// out of order costs the square of its length. One record whose quote is an
// "a", 50,000 acute accents (class 230) and 50,000 grave accents below (class
// 220) took 4.8 s to normalize, and twice the marks four times as long, so a
// pull request could hold a gate for hours with one file. A run already in
// order costs what its length does (1.2 ms for that quote).
//
// So each long run of characters that may be marks is replaced, before the
// runtime normalizes the text, by its decomposition with the marks stably
// sorted by their combining class: a text canonically equivalent to the
// first, whose normal forms are the same, and which the runtime then reads in
// linear time. Shorter runs, nearly all text, go to the runtime as they are.
// JavaScript gives no character's combining class, so classes are told apart
// by asking the runtime to order two marks after an "a", once for each pair
// of classes met (there are about 55).
//
// The runtime's composing is quadratic too, in a run of characters of class
// 0 that compose with the one before them (U+16D67 U+16D67 is U+16D68, and
// Tulu-Tigalari and Gurung Khema have the like): 200,000 of U+16D67 took
// 1.5 s, and 64 MB of them would take hours. So a text with a long run is
// normalized a piece at a time (inPieces).
import { isNfcInert } from './unicode.js';

export type NormalForm = 'NFC' | 'NFD' | 'NFKC' | 'NFKD';

/**
 * Runs of at most this many characters that may be marks are left to the
 * runtime: ordering them costs it at most this length squared.
 */
export const LONG_MARK_RUN = 32;

/** Code points from U+0300 on: below it, no character is a mark or has one in its decomposition but é-like letters. */
const FROM_U0300 = /[^\x00-\u02ff]/;

/**
 * Code units of a text with a long run normalized at a time: composing a
 * piece of U+16D67 costs the runtime its length squared, and a call costs
 * it a microsecond or so.
 */
export const PIECE = 256;

/** `text.normalize(form)`, in time linear in the text (see the module's comment). */
export function normalizeUnicode(text: string, form: NormalForm, longRun = LONG_MARK_RUN, piece = PIECE): string {
  // A text no longer than a long run has none (most words, clusters and passages): no scan of it.
  if (text.length <= longRun || !FROM_U0300.test(text)) return text.normalize(form);
  const compat = form === 'NFKC' || form === 'NFKD';
  const ordered = inOrder(text, compat, longRun);
  return ordered === undefined ? text.normalize(form) : inPieces(ordered, form, compat, piece);
}

/**
 * `text.normalize(form)`, a piece of about `piece` code units at a time, for
 * a text whose long runs are in canonical order already.
 *
 * Composing joins a character only to the last starter (class 0) before
 * it, and canonical ordering moves no mark past a starter, so in a piece's
 * normal form what comes before its last starter is final; from that starter
 * on it goes again, before the next piece, into the runtime (U+16D68 then
 * U+16D67 stays so; U+16D63 then U+16D67 is U+16D69). A piece ends before a
 * character whose decomposition begins with a starter, so that what goes
 * again is short: a run of marks goes in whole, and each character at most
 * twice.
 */
function inPieces(text: string, form: NormalForm, compat: boolean, piece: number): string {
  const out: string[] = [];
  let carried = '';
  const n = text.length;
  for (let start = 0; start < n; ) {
    let end = Math.min(n, start + piece);
    // Not between the two halves of a surrogate pair.
    if (end < n && isLowSurrogate(text.charCodeAt(end)) && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    while (end < n) {
      const cp = text.codePointAt(end)!;
      if (beginsWithStarter(cp, compat)) break;
      end += cp > 0xffff ? 2 : 1;
    }
    const normal = (carried + text.slice(start, end)).normalize(form);
    // All of it goes on when it has no starter: the next piece begins with one.
    const last = Math.max(0, lastStarter(normal, compat));
    out.push(normal.slice(0, last));
    carried = normal.slice(last);
    start = end;
  }
  out.push(carried);
  return out.join('');
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Where the last character of `normal` whose decomposition begins with a starter is, or -1. */
function lastStarter(normal: string, compat: boolean): number {
  for (let i = normal.length - 1; i >= 0; i--) {
    let at = i;
    if (isLowSurrogate(normal.charCodeAt(i)) && i > 0 && isHighSurrogate(normal.charCodeAt(i - 1))) at = i - 1;
    if (beginsWithStarter(normal.codePointAt(at)!, compat)) return at;
    i = at;
  }
  return -1;
}

/**
 * A yes-or-no property of code points, asked of the runtime once for each:
 * in a table for the BMP (made when first asked), and in a map of at most
 * 4,096 beyond it, emptied when full (a text may hold a million astral ones).
 */
class CodePointMemo {
  /** 0 not asked yet, 1 no, 2 yes. */
  private bmp: Uint8Array | undefined;
  private readonly astral = new Map<number, boolean>();

  constructor(private readonly ask: (cp: number) => boolean) {}

  of(cp: number): boolean {
    if (cp < 0x10000) {
      const bmp = (this.bmp ??= new Uint8Array(0x10000));
      if (bmp[cp] === 0) bmp[cp] = this.ask(cp) ? 2 : 1;
      return bmp[cp] === 2;
    }
    let known = this.astral.get(cp);
    if (known === undefined) {
      if (this.astral.size >= 4096) this.astral.clear();
      this.astral.set(cp, (known = this.ask(cp)));
    }
    return known;
  }
}

/** Whether a code point's canonical, and its compatibility, decomposition begins with a starter. */
const startsCanonical = new CodePointMemo((cp) => decompositionBeginsWithStarter(cp, false));
const startsCompat = new CodePointMemo((cp) => decompositionBeginsWithStarter(cp, true));

/** Whether the code point's canonical (or compatibility) decomposition begins with a starter. */
function beginsWithStarter(cp: number, compat: boolean): boolean {
  // Below U+0300 every decomposition begins with a starter (é is e and a mark; U+00B4 is a space and one).
  if (cp < 0x300) return true;
  return (compat ? startsCompat : startsCanonical).of(cp);
}

function decompositionBeginsWithStarter(cp: number, compat: boolean): boolean {
  // A lone surrogate stays as it is, and nothing joins it.
  if (cp >= 0xd800 && cp <= 0xdfff) return true;
  const first = String.fromCodePoint(cp)
    .normalize(compat ? 'NFKD' : 'NFD')
    .codePointAt(0)!;
  return classOf(first) === undefined;
}

/**
 * The text with each run of more than `longRun` characters that may be marks
 * replaced by its decomposition in canonical order (undefined when it has
 * none): the same normal forms, and no long run out of order.
 */
function inOrder(text: string, compat: boolean, longRun: number): string | undefined {
  let out: string[] | undefined;
  let copied = 0;
  let runStart = -1;
  let runLength = 0;
  const n = text.length;
  for (let i = 0; i <= n; ) {
    const cp = i < n ? text.codePointAt(i)! : 0;
    const width = cp > 0xffff ? 2 : 1;
    if (i < n && mayBeMark(cp, compat)) {
      if (runLength++ === 0) runStart = i;
    } else {
      if (runLength > longRun) {
        out ??= [];
        out.push(text.slice(copied, runStart), orderedDecomposition(text.slice(runStart, i), compat));
        copied = i;
      }
      runLength = 0;
    }
    i += width;
  }
  if (out === undefined) return undefined;
  out.push(text.slice(copied));
  return out.join('');
}

/**
 * Whether the character may be a mark, or decompose into one, in the form:
 * any that NFC could change or merge with what comes before it (isNfcInert
 * says which cannot); for the compatibility forms, any that their
 * decomposition changes too (a half-width voiced sound mark, U+FF9E, is
 * U+3099, a mark, in NFKD).
 */
function mayBeMark(cp: number, compat: boolean): boolean {
  if (cp < 0x300) return false;
  if (!isNfcInert(cp)) return true;
  return compat && compatibility.of(cp);
}

/** Whether a code point's compatibility decomposition changes it. */
const compatibility = new CodePointMemo((cp) => {
  const ch = String.fromCodePoint(cp);
  return ch.normalize('NFKD') !== ch;
});

/**
 * The canonical (or compatibility) decomposition of a run in canonical order:
 * each character decomposed alone, then each run of marks stably sorted by
 * combining class, as the Unicode standard orders them (UAX #15).
 */
function orderedDecomposition(run: string, compat: boolean): string {
  const form = compat ? 'NFKD' : 'NFD';
  const cps: number[] = [];
  for (let i = 0; i < run.length; i++) {
    const cp = run.codePointAt(i)!;
    if (cp > 0xffff) i++;
    // A lone surrogate stays as it is, as the runtime leaves it.
    if (cp >= 0xd800 && cp <= 0xdfff) {
      cps.push(cp);
      continue;
    }
    const parts = String.fromCodePoint(cp).normalize(form);
    for (let j = 0; j < parts.length; j++) {
      const part = parts.codePointAt(j)!;
      if (part > 0xffff) j++;
      cps.push(part);
    }
  }
  for (let i = 0; i < cps.length; ) {
    if (classOf(cps[i]) === undefined) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < cps.length && classOf(cps[j]) !== undefined) j++;
    if (j - i > 1) {
      const keyed = cps.slice(i, j).map((cp) => ({ cp, order: classOf(cp)!.order }));
      // Array.prototype.sort is stable: marks of one class keep their order.
      keyed.sort((a, b) => a.order - b.order);
      for (let k = 0; k < keyed.length; k++) cps[i + k] = keyed[k].cp;
    }
    i = j;
  }
  const pieces: string[] = [];
  for (let i = 0; i < cps.length; i += 4096) pieces.push(String.fromCodePoint(...cps.slice(i, i + 4096)));
  return pieces.join('');
}

/** A combining class, as its place among the classes met so far (renumbered as classes are met). */
interface MarkClass {
  order: number;
  /** A mark of the class, to compare others with. */
  readonly mark: number;
}
/** The classes met so far, in ascending order. */
const classes: MarkClass[] = [];
/** Per decomposed code point: its class, or null for a starter (class 0). */
const classOfCodePoint = new Map<number, MarkClass | null>();

/** The class of a code point of a decomposition: undefined for a starter (combining class 0). */
function classOf(cp: number): MarkClass | undefined {
  let known = classOfCodePoint.get(cp);
  if (known === undefined) {
    if (classOfCodePoint.size >= 65_536) classOfCodePoint.clear();
    classOfCodePoint.set(cp, (known = isStarter(cp) ? null : placed(cp)));
  }
  return known ?? undefined;
}

/**
 * Whether a code point of a decomposition has combining class 0: it moves
 * past neither U+0334 (class 1) after it nor U+0301 (class 230) before it,
 * where any mark moves past one of them.
 */
function isStarter(cp: number): boolean {
  if (cp >= 0xd800 && cp <= 0xdfff) return true;
  const ch = String.fromCodePoint(cp);
  return !reorders(ch, '\u0334') && !reorders('\u0301', ch);
}

/** Whether canonical ordering puts `second` before `first` when both follow an "a". */
function reorders(first: string, second: string): boolean {
  const text = `a${first}${second}`;
  return text.normalize('NFD') !== text;
}

/** The class of a mark: one met before, or a new one put in its place among them. */
function placed(cp: number): MarkClass {
  const ch = String.fromCodePoint(cp);
  let lo = 0;
  let hi = classes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const other = String.fromCodePoint(classes[mid].mark);
    if (reorders(ch, other)) lo = mid + 1;
    else if (reorders(other, ch)) hi = mid - 1;
    else return classes[mid];
  }
  const made: MarkClass = { order: lo, mark: cp };
  classes.splice(lo, 0, made);
  for (let k = lo + 1; k < classes.length; k++) classes[k].order = k;
  return made;
}
