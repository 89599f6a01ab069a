// Hints for a quote that is not found: would it match but for one kind of
// difference? Each hint folds that one difference away in both texts (on a copy:
// a hint never folds the text for the verdict) and looks again.
import type { SourceView } from './view.js';

export type HintKind = 'case' | 'quotes' | 'compatibility' | 'invisible' | 'hyphenation';

export interface Hint {
  readonly kind: HintKind;
  /** What differs, for people. */
  readonly difference: string;
  /** Where the folded quote matches, in the view's text (UTF-16 indices). */
  readonly start: number;
  readonly end: number;
}

interface Fold {
  readonly kind: HintKind;
  readonly difference: string;
  readonly apply: (text: string) => Folded;
}

interface Folded {
  readonly text: string;
  /** The index in the unfolded text of folded index `i`; absent when they are the same. */
  readonly origin?: (i: number) => number;
}

const QUOTES: Record<string, string> = {
  '\u2018': '\'', '\u2019': '\'', '\u201a': '\'', '\u201b': '\'', '\u2032': '\'', '\u00b4': '\'', '`': '\'',
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"', '\u00ab': '"', '\u00bb': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
};
const QUOTE_CHARS = /[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2010-\u2015\u2212]/g;
const INVISIBLE_ALL = /[\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e]/g;
const HYPHEN_BREAK = /(?<=\p{L})[-\u2010\u00ad] (?=\p{L})/u;

/** Folds code point by code point, keeping where each folded unit came from (for folds that change lengths, rare). */
function foldEach(text: string, map: (ch: string) => string): Folded {
  let out = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const folded = map(ch);
    out += folded;
    for (let k = 0; k < folded.length; k++) origin.push(i);
    i += ch.length;
  }
  origin.push(i);
  const table = Int32Array.from(origin);
  return { text: out, origin: (k) => table[k] };
}

/** Removes every match of a (global) pattern, keeping where the rest came from. */
function removeAll(text: string, pattern: RegExp): Folded {
  // Folded index where each removal happened, and the total removed up to there.
  const at: number[] = [];
  const removedBefore: number[] = [];
  let removed = 0;
  const out = text.replace(pattern, (match: string, offset: number) => {
    removed += match.length;
    at.push(offset - (removed - match.length));
    removedBefore.push(removed);
    return '';
  });
  if (at.length === 0) return { text };
  return {
    text: out,
    origin: (i) => {
      // The last removal at or before folded index i shifts it.
      let lo = 0;
      let hi = at.length - 1;
      let shift = 0;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (at[mid] <= i) {
          shift = removedBefore[mid];
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return i + shift;
    },
  };
}

/** Joins a word hyphenated at a line break: "exam- ple" (or with a soft hyphen) becomes "example". */
function dehyphenate(text: string): Folded {
  return removeAll(text, new RegExp(HYPHEN_BREAK.source, 'gu'));
}

// Each fold takes the native fast path when it can: whole-string operations that
// keep every index in place, or nothing at all when the text has nothing to fold.
const FOLDS: readonly Fold[] = [
  {
    kind: 'case',
    difference: 'letter case',
    apply: (t) => {
      const lower = t.toLowerCase();
      // Lower-casing never shortens a character, so equal lengths mean every index stayed put.
      return lower.length === t.length ? { text: lower } : foldEach(t, (ch) => ch.toLowerCase());
    },
  },
  {
    kind: 'quotes',
    difference: 'typographic and straight quotes, apostrophes or dashes',
    apply: (t) => ({ text: t.replace(QUOTE_CHARS, (ch) => QUOTES[ch]) }),
  },
  {
    kind: 'compatibility',
    difference: 'ligatures or other compatibility characters (such as ﬁ for fi)',
    apply: (t) => {
      const nfkc = t.normalize('NFKC');
      return nfkc === t ? { text: t } : foldEach(t, (ch) => ch.normalize('NFKC'));
    },
  },
  {
    kind: 'invisible',
    difference: 'soft hyphens or zero-width characters',
    apply: (t) => removeAll(t, INVISIBLE_ALL),
  },
  { kind: 'hyphenation', difference: 'a word hyphenated across a line break (as PDF extraction leaves it)', apply: dehyphenate },
];

/** How far around the nearest passage a folded quote is looked for. */
const MARGIN = 64;

/**
 * The hints for a normalized quote that is not in the view's text, looked for
 * around `near` (the nearest passage: a quote that differs in one way only
 * still shares most of its words with its passage). Folding just that stretch
 * keeps the cost of a hint independent of the length of the source.
 */
export function findHints(view: SourceView, quote: string, near: { start: number; end: number }): Hint[] {
  const text = view.text;
  const from = Math.max(0, near.start - quote.length - MARGIN);
  const to = Math.min(text.length, near.end + quote.length + MARGIN);
  const stretch = text.slice(from, to);
  const hints: Hint[] = [];
  for (const fold of FOLDS) {
    const foldedQuote = fold.apply(quote).text;
    if (foldedQuote === '') continue;
    const source = fold.apply(stretch);
    // A fold that changes neither side cannot explain the miss.
    if (foldedQuote === quote && source.text === stretch) continue;
    const at = source.text.indexOf(foldedQuote);
    if (at < 0) continue;
    const origin = (i: number) => from + (source.origin ? source.origin(i) : i);
    const last = origin(at + foldedQuote.length - 1);
    hints.push({ kind: fold.kind, difference: fold.difference, start: origin(at), end: last + codePointLength(text, last) });
  }
  return hints;
}

function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? 2 : 1;
}
