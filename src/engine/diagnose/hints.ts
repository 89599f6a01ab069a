// Hints for a quote that is not found: would it match but for one kind of
// difference? Each hint folds that one difference away in both texts (on a copy:
// a hint never folds the text for the verdict) and looks again. A hint is given
// only when the folded quote matches where SPEC §4 allows it (whole words), and
// the source's text there really differs from the quote in that way; it says
// which characters differ, and on which side.
import type { HintKind } from '../../model/result.js';
import { codePointEndingAt, onWordBoundaries } from '../unicode.js';
import { normalizeUnicode } from '../unicode-normalize.js';
import { explainable, INVISIBLE_ALL, nearestPassage } from './closest.js';
import { SHORT_QUOTE, SourceView } from './view.js';
import { lastAtOrBelow } from '../positions.js';

/** The kinds of hint the folds give (the others, another source or version, the run finds). */
export type FoldHintKind = Exclude<HintKind, 'other version' | 'other source'>;

export interface Hint {
  readonly kind: FoldHintKind;
  /** What differs and where, for people: `the quote has "DAYS" where the source has "days"`. */
  readonly difference: string;
  /** Where the folded quote matches, in the view's text (UTF-16 indices). */
  readonly start: number;
  readonly end: number;
}

interface Fold {
  readonly kind: Exclude<FoldHintKind, 'word boundary'>;
  readonly apply: (text: string) => Folded;
  /** What differs between a quote and a passage that this fold makes equal. */
  readonly describe: (quote: string, passage: string) => string;
  /**
   * The folded text alone, without where each character came from, by native
   * passes: a quick test that the folded quote is in the folded stretch around
   * its closest passage at all, before folding it with positions (which costs
   * a JavaScript call per character folded).
   */
  readonly quick?: (text: string) => string;
  /**
   * Its quick fold gives the same, character by character, as of a whole
   * text, and what it removes are marks, format characters (the invisible
   * ones) or code points of the accents' ranges (MARK_OR_FORMAT): a copy of
   * the quote whose edges and neighbours are none of them folds to the
   * folded quote in place, so the quick test can tell the quote's own text
   * in the stretch (a quote found only inside longer words) from a match
   * elsewhere.
   */
  readonly inPlace?: boolean;
  /** Sources longer than this (UTF-16 units) are not folded whole for a quote with nothing close (findHintsAnywhere). */
  readonly anywhereUpTo?: number;
  /**
   * What the fold can change: a text without a match of this is left as it
   * is, so a quote and a stretch without one give no hint (findHints skips
   * the fold, as foldedMatch would find nothing). Absent: anything.
   */
  readonly touches?: RegExp;
}

interface Folded {
  readonly text: string;
  /** The index in the unfolded text of folded index `i`; absent when they are the same. */
  readonly origin?: (i: number) => number;
}

const QUOTES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '`': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};
const QUOTE_CHARS =
  /[\u2018\u2019\u201a\u201b\u2032\u00b4`\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2010-\u2015\u2212]/g;
const INVISIBLE_NAMES: Record<string, string> = {
  '\u00ad': 'a soft hyphen',
  '\u200b': 'a zero-width space',
  '\u200c': 'a zero-width non-joiner',
  '\u200d': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\ufeff': 'a zero-width no-break space',
  '\u180e': 'a Mongolian vowel separator',
};
/** Any character but ASCII: the folds of accents and compatibility forms leave ASCII as it is. */
const NOT_ASCII = /[^\x00-\x7f]/;
/** A hyphen or soft hyphen before a space: what both hyphenation folds need to remove anything. */
const HYPHEN_AT = /[-\u2010\u00ad] /;
/** A hyphen (or soft hyphen) at a line break inside a word: "equip- ment". */
const HYPHEN_BREAK = /(?<=\p{L})[-\u2010\u00ad] (?=\p{L})/gu;
/** The same, keeping a hyphen that belongs to the word: "well- known" for "well-known". */
const HYPHEN_SPACE = /(?<=\p{L}[-\u2010]) (?=\p{L})/gu;

/**
 * Markdown's inline markup, which a model quoting a Markdown source often
 * leaves out: `**` and `__`, a `*` or `_` at the edge of a word (not inside
 * one: snake_case stays), code spans' backticks, and a link's brackets with
 * its target (`[text](url)` reads as `text`). Strikethrough stays: its text
 * is struck out, and a quote without the marks says something else. Each
 * piece is matched without looking further than 2,048 characters, so
 * folding a source costs time in proportion to it.
 */
const MARKUP =
  /\*\*|__|`+|(?<![\p{L}\p{N}_*])[*_](?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}.,;:!?)'"\u2019\u201d])[*_](?![\p{L}\p{N}_*])|\[(?=\S)|\](?:\([^()\s]{0,2048}\))/gu;
/** A character that Markdown's inline markup is made of (MARKUP). */
const MARKUP_AT = /[*_`[\]]/;

/**
 * Folds code point by code point (for folds that change lengths, rare),
 * keeping where each folded unit came from: a list of segments, each linear
 * (unit for unit) or standing as a whole for one character whose fold has
 * another length. ASCII is folded by `ascii`, run by run. `keeps`, when
 * given, says quickly of a BMP character that the fold leaves it as it is.
 */
function foldEach(
  text: string,
  map: (ch: string) => string,
  ascii: (run: string) => string,
  keeps?: (unit: number) => boolean,
): Folded {
  const parts: string[] = [];
  // Where each segment starts in the folded text and in the original; opaque ones are one character.
  const foldedAt: number[] = [0];
  const originalAt: number[] = [0];
  const opaque: boolean[] = [false];
  let length = 0;
  let run = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > run) {
      const folded = ascii(text.slice(run, to));
      parts.push(folded);
      length += folded.length;
    }
  };
  while (i < text.length) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80 || keeps?.(unit)) {
      i++;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const folded = map(ch);
    if (folded.length === ch.length) {
      // Same length: the unit-for-unit segment goes on.
      if (folded !== ch) {
        flush(i);
        parts.push(folded);
        length += folded.length;
        run = i + ch.length;
      }
      i += ch.length;
      continue;
    }
    flush(i);
    foldedAt.push(length);
    originalAt.push(i);
    opaque.push(true);
    parts.push(folded);
    length += folded.length;
    i += ch.length;
    run = i;
    foldedAt.push(length);
    originalAt.push(i);
    opaque.push(false);
  }
  flush(text.length);
  const out = parts.join('');
  if (foldedAt.length === 1) return { text: out };
  return {
    text: out,
    origin: (k) => {
      const lo = lastAtOrBelow(foldedAt, k);
      return opaque[lo] ? originalAt[lo] : originalAt[lo] + (k - foldedAt[lo]);
    },
  };
}

/**
 * The combining diacritical marks (U+0300 to U+036F and their supplements)
 * that are accents. Not the overlays U+0334 to U+0338, which also write
 * negated symbols (≠ is = with U+0338, ∉ is ∈ with it), nor the marks for
 * symbols (U+20D0 to U+20FF): a quote with = for ≠ says the opposite. Nor any
 * other mark: an Indic vowel sign is a letter's sound, not an accent on it.
 */
const DIACRITICS = /[\u0300-\u0333\u0339-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\ufe20-\ufe2f]/g;
const HAS_DIACRITIC = new RegExp(DIACRITICS.source);
/**
 * A character without its accents, decomposed (NFD), by native passes (bare
 * recomposes it, each character on its own, never two that a mark stood
 * between: 가 U+0301 ᆨ stays two characters).
 */
const decomposedWithoutAccents = (text: string) => text.normalize('NFD').replace(DIACRITICS, '');
/** Every mark, and the accents' ranges (with their unassigned code points): what baseCharacters drops. */
const MARKS_AND_DIACRITICS = new RegExp(`\\p{M}|${DIACRITICS.source}`, 'gu');
/**
 * The accents fold's quick test: text decomposed (NFD), without any mark.
 * NFD moves only marks (of a class above 0) past one another, so without them
 * this is the same character by character and of a whole text: the quick
 * text of a passage is where that passage is in the quick text of its
 * stretch, and a passage the fold makes equal to the quote has the quote's
 * quick text (the fold drops accents, and this drops them and every other
 * mark). Dropping only the accents left the others in the order NFD gave
 * them, which in a stretch is not always their order in the quote:
 * が U+0334 decomposes to か U+0334 U+3099. Made a character at a time, as
 * that is the same: a native NFD and a /u pattern over every stretch of
 * every miss were a tenth of the explaining of cut-16x (docs/benchmarks.md).
 */
export function baseCharacters(text: string): string {
  const n = text.length;
  let i = 0;
  // Below U+00C0 no character decomposes or is a mark: most stretches are that, or nearly.
  while (i < n && text.charCodeAt(i) < 0xc0) i++;
  if (i === n) return text;
  let out = '';
  // The text from here to i is its own base characters.
  let from = 0;
  while (i < n) {
    const unit = text.charCodeAt(i);
    if (unit < 0xc0) {
      i++;
      continue;
    }
    // A character on its own, as the whole text would have it (see above); a pair of surrogates is one.
    const pair = unit >= 0xd800 && unit <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const ch = pair ? text.slice(i, i + 2) : text[i];
    const base = pair ? baseOfPair(ch) : baseOfUnit(ch, unit);
    if (base !== ch) {
      out += text.slice(from, i) + base;
      from = i + ch.length;
    }
    i += ch.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

const decomposedBase = (ch: string) => ch.normalize('NFD').replace(MARKS_AND_DIACRITICS, '');
/** Each character's base characters, once asked for: the same for every text (a cache, not a budget). */
const baseBmp: (string | undefined)[] = [];
const basePairs = new Map<string, string>();
function baseOfUnit(ch: string, unit: number): string {
  let base = baseBmp[unit];
  if (base === undefined) baseBmp[unit] = base = decomposedBase(ch);
  return base;
}
function baseOfPair(ch: string): string {
  let base = basePairs.get(ch);
  if (base === undefined) {
    if (basePairs.size >= 4096) basePairs.clear();
    basePairs.set(ch, (base = decomposedBase(ch)));
  }
  return base;
}

const lower = (ch: string) => ch.toLowerCase();
/**
 * Each BMP character without its accents, once asked for, and whether that is
 * the character itself: a source may be folded whole (findHintsAnywhere), and
 * most of its characters, in any script, have no accent to lose.
 */
const bareBmp: (string | undefined)[] = [];
const bareKeeps = new Uint8Array(0x10000);

/** The letter without its accents ("é" to "e"), as far as Unicode writes them as marks; a lone mark to nothing. */
function bare(ch: string): string {
  if (ch.length === 2) return decomposedWithoutAccents(ch).normalize('NFC');
  const unit = ch.charCodeAt(0);
  let folded = bareBmp[unit];
  if (folded === undefined) {
    bareBmp[unit] = folded = decomposedWithoutAccents(ch).normalize('NFC');
    bareKeeps[unit] = folded === ch ? 1 : 2;
  }
  return folded;
}

function keepsAccentless(unit: number): boolean {
  if (unit >= 0xd800 && unit <= 0xdfff) return false;
  if (bareKeeps[unit] === 0) bare(String.fromCharCode(unit));
  return bareKeeps[unit] === 1;
}
const compatible = (ch: string) => ch.normalize('NFKC');
const same = (run: string) => run;

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

/**
 * Sources longer than this (UTF-16 units) are not searched whole for a quote
 * that lost all its accents, or all its markup. Nearly every source has an
 * accent somewhere (and every Markdown source some markup), so the fold
 * makes a copy of it with positions and an index of its words, once
 * (measured: 0.4 s and 130 MB for 8 million characters of Russian, where й
 * folds to и). A quick fold first would not help: testing each quote against
 * all of a source's text costs the quotes times the source.
 */
const ANYWHERE_LIMIT = 4 * 1024 * 1024;

// Each fold takes the native fast path when it can: whole-string operations that
// keep every index in place, or nothing at all when the text has nothing to fold.
const FOLDS: readonly Fold[] = [
  {
    kind: 'case',
    apply: (t) => {
      const folded = t.toLowerCase();
      // Lower-casing never shortens a character, so equal lengths mean every index stayed put.
      return folded.length === t.length ? { text: folded } : foldEach(t, lower, lower);
    },
    describe: (quote, passage) => describeWords(quote, passage, 'words differ in case'),
  },
  {
    kind: 'accents',
    // Nothing to fold, the common case, is seen by two native passes.
    apply: (t) =>
      HAS_DIACRITIC.test(normalizeUnicode(t, 'NFD')) ? foldEach(t, bare, same, keepsAccentless) : { text: t },
    describe: (quote, passage) => describeWords(quote, passage, 'words differ in accents'),
    quick: baseCharacters,
    inPlace: true,
    touches: NOT_ASCII,
    anywhereUpTo: ANYWHERE_LIMIT,
  },
  {
    kind: 'quotes',
    apply: (t) => ({ text: t.replace(QUOTE_CHARS, (ch) => QUOTES[ch]) }),
    describe: describeQuotes,
    touches: new RegExp(QUOTE_CHARS.source),
  },
  {
    kind: 'compatibility',
    apply: (t) => {
      const folded = normalizeUnicode(t, 'NFKC');
      return folded === t ? { text: t } : foldEach(t, compatible, same);
    },
    describe: describeCompatibility,
    touches: NOT_ASCII,
  },
  { ...removal('invisible', INVISIBLE_ALL, describeInvisible, new RegExp(INVISIBLE_ALL.source)), inPlace: true },
  removal('hyphenation', HYPHEN_BREAK, (quote, passage) => describeBreaks(quote, passage, HYPHEN_BREAK), HYPHEN_AT),
  removal('hyphenation', HYPHEN_SPACE, (quote, passage) => describeBreaks(quote, passage, HYPHEN_SPACE), HYPHEN_AT),
  {
    ...removal(
      'markup',
      MARKUP,
      (quote, passage) => describeWords(quote, passage, 'words differ in markup'),
      MARKUP_AT,
    ),
    anywhereUpTo: ANYWHERE_LIMIT,
  },
];

/** A fold that removes every match of a (global) pattern; its quick form is the same removal without positions. */
function removal(kind: Fold['kind'], pattern: RegExp, describe: Fold['describe'], touches: RegExp): Fold {
  return { kind, apply: (t) => removeAll(t, pattern), quick: (t) => t.replace(pattern, ''), describe, touches };
}

/** How far around the nearest passage a folded quote is looked for. */
const MARGIN = 64;

/**
 * The hints for a normalized quote that is not in the view's text, looked for
 * around `near` (the nearest passage: a quote that differs in one way only
 * still shares most of its words with its passage; or the words a quote
 * found only inside longer words lies in). Folding just that stretch
 * keeps the cost of a hint independent of the length of the source.
 */
export function findHints(view: SourceView, quote: string, near: { start: number; end: number }): Hint[] {
  if (!explainable(quote)) return [];
  const text = view.text;
  const from = Math.max(0, near.start - quote.length - MARGIN);
  const to = Math.min(text.length, near.end + quote.length + MARGIN);
  const hints: Hint[] = [];
  const inside = insideWords(
    text,
    quote,
    quote.length < SHORT_QUOTE ? 0 : from,
    quote.length < SHORT_QUOTE ? text.length : to,
  );
  if (inside) hints.push(inside);
  const stretch = text.slice(from, to);
  let copies: number | undefined;
  for (const fold of FOLDS) {
    if (hints.some((h) => h.kind === fold.kind)) continue;
    // A fold that changes neither side cannot explain the miss: seen by one test of each, before folding either.
    if (fold.touches && !fold.touches.test(stretch) && !fold.touches.test(quote)) continue;
    if (fold.quick) {
      // The folded quote must be in the folded stretch, and more often than the quote's own copies account for.
      // A quote of nothing but what the fold removes counts 0 and is skipped (foldedMatch says the same).
      const found = countOf(fold.quick(stretch), fold.quick(quote));
      if (found === 0 || (fold.inPlace && found <= (copies ??= cleanCopies(stretch, quote)))) continue;
    }
    const hint = foldedMatch(text, quote, fold, stretch, fold.apply(stretch), from);
    if (hint) hints.push(hint);
  }
  return hints;
}

/**
 * The hint of a quote whose text is in the source as it is, but only inside
 * longer words, at the first place it is (SourceView.verbatim: for a quote
 * of SHORT_QUOTE characters or more, at a cost that does not grow with the
 * source): its start and end are those words'.
 * Undefined when it is not, or when that cannot be told so: its closest
 * passage is then searched for, as any other quote's.
 */
export function insideLongerWords(view: SourceView, quote: string): Hint | undefined {
  if (!explainable(quote)) return undefined;
  const at = view.verbatim(quote);
  return at === undefined || at < 0 ? undefined : insideWords(view.text, quote, at, at + quote.length);
}

/**
 * Hints for a quote with nothing close to it in the source: when every word
 * carries the difference ("ﬁnal ofﬁce", full-width letters), its words point
 * nowhere until folded. Each fold is then applied to the whole source, once per
 * source and only when some quote needs it, and the folded quote is looked for there.
 */
export function findHintsAnywhere(view: SourceView, quote: string): Hint[] {
  if (!explainable(quote)) return [];
  const hints: Hint[] = [];
  for (const fold of FOLDS) {
    // The seeded search ignores case already: folding it away finds nothing new.
    if (fold.kind === 'case' || hints.some((h) => h.kind === fold.kind)) continue;
    if (fold.anywhereUpTo !== undefined && view.text.length > fold.anywhereUpTo) continue;
    const foldedQuote = fold.apply(quote).text;
    if (foldedQuote === '' || (fold.quick && !quickMayHold(view, fold, foldedQuote === quote))) continue;
    const folded = foldedSource(view, fold);
    if (foldedQuote === quote && folded.view === view) continue;
    const near = nearestPassage(folded.view, foldedQuote);
    if (!near) continue;
    const origin = folded.origin ?? ((i: number) => i);
    const start = origin(near.start);
    const end = origin(near.end - 1) + 1;
    for (const hint of findHints(view, quote, { start, end }))
      if (!hints.some((h) => h.kind === hint.kind)) hints.push(hint);
  }
  return hints;
}

/**
 * What is known of a source under a fold, made when first asked for: its
 * quick fold (Fold.quick), and its fold with positions and the view of it.
 * Nothing here depends on which quotes asked before: an explanation is the
 * same whatever else the run explains (a budget of quick looks per source,
 * spent by the quotes before, made the hints of a quote depend on them).
 */
interface SourceForm {
  quick?: string;
  folded?: { view: SourceView; origin?: (i: number) => number };
}
const sourceForms = new WeakMap<SourceView, Map<Fold, SourceForm>>();

function formOf(view: SourceView, fold: Fold): SourceForm {
  let forms = sourceForms.get(view);
  if (!forms) sourceForms.set(view, (forms = new Map()));
  let form = forms.get(fold);
  if (!form) forms.set(fold, (form = {}));
  return form;
}

/**
 * False when the fold can give no hint here: it leaves the quote as it is
 * (`quoteUnchanged`) and the source too, which its quick fold says once per
 * source. Whether the folded quote is in the folded source is left to the
 * search in the folded view, whose cost does not grow with the source, where
 * a search of the quick fold for each quote did.
 */
function quickMayHold(view: SourceView, fold: Fold, quoteUnchanged: boolean): boolean {
  if (!quoteUnchanged) return true;
  const form = formOf(view, fold);
  // A text without a match of what the fold touches is its own quick fold: seen by a plain search,
  // where the quick fold of the hyphenation folds runs a pattern with lookbehind over all of it
  // (measured: 1.5 ms for 40 KB).
  form.quick ??= fold.touches && !fold.touches.test(view.text) ? view.text : fold.quick!(view.text);
  return form.quick !== view.text;
}

function foldedSource(view: SourceView, fold: Fold): { view: SourceView; origin?: (i: number) => number } {
  const form = formOf(view, fold);
  if (!form.folded) {
    // A quick fold that changed nothing says what folding with positions would give.
    const folded = form.quick === view.text ? { text: view.text } : fold.apply(view.text);
    // Few quotes look here (those with nothing close that the fold changes): searched, until they are many.
    form.folded =
      folded.text === view.text ? { view } : { view: new SourceView(folded.text, 1), origin: folded.origin };
  }
  return form.folded;
}

/** The first place of the stretch where the folded quote matches on whole words and the source differs in the fold's way only. */
function foldedMatch(
  text: string,
  quote: string,
  fold: Fold,
  stretch: string,
  source: Folded,
  from: number,
): Hint | undefined {
  const foldedQuote = fold.apply(quote).text;
  // A fold that changes neither side cannot explain the miss.
  if (foldedQuote === '' || (foldedQuote === quote && source.text === stretch)) return undefined;
  const origin = (i: number) => from + (source.origin ? source.origin(i) : i);
  for (let at = source.text.indexOf(foldedQuote); at >= 0; at = source.text.indexOf(foldedQuote, at + 1)) {
    const start = origin(at);
    const last = origin(at + foldedQuote.length - 1);
    const end = last + codePointLength(text, last);
    const passage = text.slice(start, end);
    // The source as it is there would be found (SPEC §4), and differs from the quote in this fold's way.
    // A passage that starts or ends with a space stands for a quote with a word of nothing but what the fold removes.
    if (passage === quote || passage.startsWith(' ') || passage.endsWith(' ')) continue;
    if (fold.apply(passage).text !== foldedQuote || !onWordBoundaries(text, start, end)) continue;
    const difference = fold.describe(quote, passage);
    if (difference !== '') return { kind: fold.kind, difference, start, end };
  }
  return undefined;
}

/** How many times `part` is in `text`, overlapping ones too. */
function countOf(text: string, part: string): number {
  // indexOf finds '' at the end of the text however far past it it starts: the loop would not end.
  if (part === '') return 0;
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) count++;
  return count;
}

/** A mark or a format character (or an unassigned code point of the accents' ranges): what a fold in place removes. */
const MARK_OR_FORMAT = new RegExp(`[\\p{M}\\p{Cf}]|${DIACRITICS.source}`, 'u');

const markOrFormat = (c: number | undefined) => c !== undefined && MARK_OR_FORMAT.test(String.fromCodePoint(c));

/**
 * The copies of the quote in the stretch (overlapping ones too) that a fold
 * in place leaves in place: neither their edges nor their neighbours are
 * marks or format characters. Each is one match of the folded quote in the
 * folded stretch, at its own index: a hint's passage, which differs from the
 * quote, cannot fold to the same match (it would have to differ from it by
 * what such a fold removes, at its edges).
 */
function cleanCopies(stretch: string, quote: string): number {
  if (markOrFormat(quote.codePointAt(0)) || markOrFormat(codePointEndingAt(quote, quote.length))) return 0;
  let count = 0;
  for (let at = stretch.indexOf(quote); at >= 0; at = stretch.indexOf(quote, at + 1))
    if (!markOrFormat(codePointEndingAt(stretch, at)) && !markOrFormat(stretch.codePointAt(at + quote.length))) count++;
  return count;
}

/** The quote as it is, but only inside longer words ("7 days." in "17 days."): SPEC §4 rules those out. */
function insideWords(text: string, quote: string, from: number, to: number): Hint | undefined {
  const stretch = text.slice(from, to);
  for (let found = stretch.indexOf(quote); found >= 0; found = stretch.indexOf(quote, found + 1)) {
    const at = from + found;
    let start = at;
    while (start > 0 && text.charCodeAt(start - 1) !== 0x20) start--;
    let end = at + quote.length;
    while (end < text.length && text.charCodeAt(end) !== 0x20) end++;
    if (start === at && end === at + quote.length) continue;
    return {
      kind: 'word boundary',
      difference: `the quote is found only inside longer words, as in "${text.slice(start, end)}"`,
      start,
      end,
    };
  }
  return undefined;
}

function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff ? 2 : 1;
}

/** Differences are listed up to this many, then counted. */
const LISTED = 3;

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Word pairs that differ, when both texts have the same number of words (folds that keep spaces). */
function differingWords(quote: string, passage: string): [string, string][] | undefined {
  const q = quote.split(' ');
  const p = passage.split(' ');
  if (q.length !== p.length) return undefined;
  const pairs: [string, string][] = [];
  for (let k = 0; k < q.length; k++) if (q[k] !== p[k]) pairs.push([q[k], p[k]]);
  return pairs;
}

function more(count: number, what: string): string {
  return count > 0 ? `, and ${count} more ${what}` : '';
}

/** `the quote has "DAYS" where the source has "days"` for each word that differs. */
function describeWords(quote: string, passage: string, what: string): string {
  const pairs = differingWords(quote, passage) ?? [[quote, passage]];
  const listed = pairs
    .slice(0, LISTED)
    .map(([q, p], k) => (k === 0 ? `the quote has "${q}" where the source has "${p}"` : `"${q}" where it has "${p}"`));
  return listed.join('; ') + more(pairs.length - LISTED, what);
}

/**
 * Each quote or dash of the quote that differs from the source's, with what
 * the source has instead and the first word where it does (from the side that
 * has the typographic character): `the quote has " (U+0022) where the source
 * has “ (U+201C), in "“final", and ” (U+201D), in "sale”"`.
 */
function describeQuotes(quote: string, passage: string): string {
  const odd = (ch: string) => ch.charCodeAt(0) >= 0x80;
  // The quote's character, then each of the source's characters in its place with the first word.
  const byQuote = new Map<string, Map<string, string>>();
  for (const [q, p] of differingWords(quote, passage) ?? []) {
    if (q.length !== p.length) continue;
    for (let k = 0; k < q.length; k++) {
      if (q[k] === p[k]) continue;
      let instead = byQuote.get(q[k]);
      if (!instead) byQuote.set(q[k], (instead = new Map()));
      if (!instead.has(p[k])) instead.set(p[k], odd(q[k]) || !odd(p[k]) ? q : p);
    }
  }
  const all = [...byQuote].map(
    ([ch, instead]) =>
      `the quote has ${ch} (${codePoint(ch)}) where the source has ` +
      [...instead].map(([other, word]) => `${other} (${codePoint(other)}), in "${word}"`).join(', and '),
  );
  return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}

/** What kind of compatibility character this is, when it has a common name. */
function compatibilityKind(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0xfb00 && cp <= 0xfb06) return 'a ligature';
  if ((cp >= 0xff01 && cp <= 0xff5e) || (cp >= 0xffe0 && cp <= 0xffe6)) return 'full width';
  if ((cp >= 0x2070 && cp <= 0x209f) || cp === 0xb2 || cp === 0xb3 || cp === 0xb9) return 'a superscript or subscript';
  return '';
}

function inWords(words: readonly string[]): string {
  return `in ${words.map((w) => `"${w}"`).join(' and ')}`;
}

/**
 * `the source has ﬁ (U+FB01, a ligature) where the quote has "fi", in "ﬁnal"`
 * for each distinct such character; full-width forms (often a whole word or
 * quote of them) are named together.
 */
function describeCompatibility(quote: string, passage: string): string {
  // Side and kind, then each character with the words (up to LISTED) that have it.
  const groups = new Map<string, { side: 'quote' | 'source'; kind: string; chars: Map<string, string[]> }>();
  const pairs = differingWords(quote, passage) ?? [[quote, passage]];
  for (const [q, p] of pairs) {
    for (const [side, word, counterpart] of [
      ['quote', q, p],
      ['source', p, q],
    ] as const) {
      for (const ch of word) {
        if (ch.normalize('NFKC') === ch || counterpart.includes(ch)) continue;
        const kind = compatibilityKind(ch);
        const key = side + (kind === 'full width' ? kind : ch);
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { side, kind, chars: new Map() }));
        const words = group.chars.get(ch) ?? [];
        group.chars.set(ch, words);
        if (words.length < LISTED && !words.includes(word)) words.push(word);
      }
    }
  }
  const all = [...groups.values()].map(({ side, kind, chars }) => {
    const other = side === 'quote' ? 'source' : 'quote';
    const words = [...new Set([...chars.values()].flat())].slice(0, LISTED);
    if (chars.size === 1) {
      const [ch] = chars.keys();
      return `the ${side} has ${ch} (${codePoint(ch)}${kind ? `, ${kind}` : ''}) where the ${other} has "${ch.normalize('NFKC')}", ${inWords(words)}`;
    }
    const examples = [...chars.keys()]
      .slice(0, LISTED)
      .map((ch) => `${ch} ${codePoint(ch)}`)
      .join(', ');
    return `the ${side} has ${chars.size} full-width characters (${examples}${chars.size > LISTED ? ', …' : ''}) where the ${other} has plain ones, ${inWords(words)}`;
  });
  return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}

/** `the quote has a zero-width space (U+200B) in "re​ceipt"`: each invisible character one side has and the other lacks. */
function describeInvisible(quote: string, passage: string): string {
  const seen = new Map<string, string>();
  const pairs = differingWords(quote, passage) ?? [[quote, passage]];
  for (const [q, p] of pairs) {
    for (const [side, word, other] of [
      ['quote', q, p],
      ['source', p, q],
    ] as const) {
      for (const ch of word.match(INVISIBLE_ALL) ?? []) {
        const count = (s: string) => s.split(ch).length - 1;
        if (seen.has(side + ch) || count(word) <= count(other)) continue;
        seen.set(side + ch, `the ${side} has ${INVISIBLE_NAMES[ch]} (${codePoint(ch)}) in "${word}"`);
      }
    }
  }
  const all = [...seen.values()];
  return all.slice(0, LISTED).join('; ') + more(all.length - LISTED, 'such characters');
}

/** `the source has "equip- ment" where the quote has "equipment"` for each word broken at a line break. */
function describeBreaks(quote: string, passage: string, pattern: RegExp): string {
  const found: string[] = [];
  for (const [side, text, other] of [
    ['source', passage, 'quote'],
    ['quote', quote, 'source'],
  ] as const) {
    for (const match of text.matchAll(pattern)) {
      let start = match.index;
      while (start > 0 && text.charCodeAt(start - 1) !== 0x20) start--;
      let end = match.index + match[0].length;
      while (end < text.length && text.charCodeAt(end) !== 0x20) end++;
      const broken = text.slice(start, end);
      if ((side === 'source' ? quote : passage).includes(broken)) continue;
      const joined = broken.replace(new RegExp(pattern.source, 'u'), '');
      found.push(`the ${side} has "${broken}" where the ${other} has "${joined}"`);
    }
  }
  return found.slice(0, LISTED).join('; ') + more(found.length - LISTED, 'such words');
}
