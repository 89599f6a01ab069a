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
  /** For each folded UTF-16 index (and one past the end), the index in the unfolded text; absent when they are the same. */
  readonly origin?: Int32Array;
}

const QUOTES: Record<string, string> = {
  '\u2018': '\'', '\u2019': '\'', '\u201a': '\'', '\u201b': '\'', '\u2032': '\'', '\u00b4': '\'', '`': '\'',
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"', '\u00ab': '"', '\u00bb': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
};
const QUOTE_CHARS = /[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2010-\u2015\u2212]/g;
const INVISIBLE = /[\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e]/;
const HYPHEN_BREAK = /(?<=\p{L})[-\u2010\u00ad] (?=\p{L})/u;

/** Folds code point by code point, keeping where each folded unit came from. */
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
  return { text: out, origin: Int32Array.from(origin) };
}

/** Joins a word hyphenated at a line break: "exam- ple" (or with a soft hyphen) becomes "example". */
function dehyphenate(text: string): Folded {
  if (!HYPHEN_BREAK.test(text)) return { text };
  const hyphenBreak = new RegExp(HYPHEN_BREAK.source, 'uy');
  let out = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length;) {
    hyphenBreak.lastIndex = i;
    if (hyphenBreak.test(text)) {
      i += 2;
      continue;
    }
    out += text[i];
    origin.push(i);
    i++;
  }
  origin.push(text.length);
  return { text: out, origin: Int32Array.from(origin) };
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
    apply: (t) => (INVISIBLE.test(t) ? foldEach(t, (ch) => (INVISIBLE.test(ch) ? '' : ch)) : { text: t }),
  },
  { kind: 'hyphenation', difference: 'a word hyphenated across a line break (as PDF extraction leaves it)', apply: dehyphenate },
];

const cache = new WeakMap<SourceView, Map<HintKind, Folded>>();

function foldedSource(view: SourceView, fold: Fold): Folded {
  let folds = cache.get(view);
  if (!folds) cache.set(view, (folds = new Map()));
  let folded = folds.get(fold.kind);
  if (!folded) folds.set(fold.kind, (folded = fold.apply(view.text)));
  return folded;
}

/** The hints for a normalized quote that is not in the view's text. */
export function findHints(view: SourceView, quote: string): Hint[] {
  const hints: Hint[] = [];
  for (const fold of FOLDS) {
    const foldedQuote = fold.apply(quote).text;
    const source = foldedSource(view, fold);
    // A fold that changes neither side cannot explain the miss.
    if (foldedQuote === quote && source.text === view.text) continue;
    if (foldedQuote === '') continue;
    const at = source.text.indexOf(foldedQuote);
    if (at < 0) continue;
    const origin = (i: number) => (source.origin ? source.origin[i] : i);
    const last = origin(at + foldedQuote.length - 1);
    hints.push({
      kind: fold.kind,
      difference: fold.difference,
      start: origin(at),
      end: last + codePointLength(view.text, last),
    });
  }
  return hints;
}

function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? 2 : 1;
}
