// Beyond quotes: the sentences of an answer, and whether the claims of its
// records cover each (numbers.ts reads the numbers a claim states). These are
// findings beside the verdicts; they never change one.
import { normalizeText } from './normalize.js';
import { isWordCodePoint, onWordBoundaries } from './unicode.js';

// ICU's sentence breaks (Intl.Segmenter) after an English abbreviation are
// sentence ends or not by what it is and what follows. A break after a blank
// line is always one.

/**
 * Abbreviations that mostly stand before what they belong to, or inside a
 * name ("Mr. Smith", "e.g. a receipt", "St. Louis", "the U.S. Army", "King
 * Jr. Day", "Jan. 5"): the break after one is no sentence end, unless a
 * blank line or a list item follows.
 */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'vs',
  'e.g',
  'i.e',
  'u.s',
  'u.k',
  'approx',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);
/**
 * Abbreviations that mostly end what they belong to ("a box, etc.", "Acme
 * Inc."): the break after one is no sentence end only where, on the same
 * line, a lower-case letter or a digit follows, after any opening quote or
 * bracket ("Acme Inc. Orders ship free" is two sentences).
 */
const MAY_END_ABBREVIATIONS = new Set(['etc', 'inc', 'ltd', 'co']);
/** Abbreviations that stand before a number ("No. 5"), on the same line: "No." alone is an answer, and ends its sentence. */
const NUMBER_ABBREVIATIONS = new Set(['no', 'nos', 'vol', 'p', 'pp', 'fig', 'art', 'ch']);
/** The word an abbreviation's period ends: letters and periods ("e.g"). */
const WORD_BEFORE_PERIOD = /[\p{L}.]+$/u;
const LINE_BREAK = /\r\n|[\n\r\v\f\x85\u2028\u2029]/g;
const DIGIT_NEXT = /\p{Nd}/uy;
/** The number or letter of a list item ("1.", "b)", "iv.", roman up to xx), perhaps after Markdown's # or >. */
// One # or > at a time: `(?:[#>]+[ \t]*)*` says the same, but a run of 30 #s took it minutes to refuse.
const ITEM_NUMBER = String.raw`(?:[#>][ \t]*)*(?:\d{1,3}|[a-z]|(?=[ivx])x{0,2}(?:ix|iv|v?i{0,3}))[.)]`;
/** A segment that is only that, which ICU makes a sentence of its own. */
const LIST_MARKER = new RegExp(String.raw`^\s*${ITEM_NUMBER}\s*$`, 'iu');
/** The same at the start of a sentence, with the space after it: not part of what a claim must cover. */
const LEADING_LIST_MARKER = new RegExp(`^${ITEM_NUMBER} `, 'iu');
/** Spaces and tabs back to the start of a line, or of the text. */
const AT_LINE_START = /(?:^|[\n\r\v\f\x85\u2028\u2029])[ \t]*$/u;
const CONTINUES_NEXT = /[\p{Ps}\p{Pi}"']*[\p{Ll}\p{Nd}]/uy;
const LETTER_NEXT = /\p{L}/uy;
/** A line that starts a list item: its number or letter, or a bullet. */
const LIST_ITEM_NEXT = new RegExp(String.raw`(?:${ITEM_NUMBER}|[-*+\u2022])(?:\s|$)`, 'iuy');

export interface Sentence {
  readonly text: string;
  /** UTF-16 index in the answer. */
  readonly start: number;
}

/**
 * What ends the look ahead of a sentence break (UAX #29 SB8 looks past a
 * period and its spaces, over anything else, for a lower-case letter): a
 * letter, a sentence terminator or a paragraph separator. Letters that are
 * Extend to it (marks, and the two Lo vowels that are spacing marks) do not.
 */
const ENDS_LOOK_AHEAD = /[\p{L}\p{Sentence_Terminal}\n\r\x85\u2028\u2029]/u;
const EXTEND = /[\p{Grapheme_Extend}\p{Mc}\u0e33\u0eb3]/u;
/** Characters segmented at a time: Intl.Segmenter's every step costs time in the length of its whole text. */
export const SEGMENT_WINDOW = 1024;

/**
 * The sentence segments of `text`, as Intl.Segmenter gives them for the whole
 * text, found a window at a time: each step of its iterator takes time in the
 * length of the text, so 160,000 blank lines took 30 s and a megabyte of
 * sentences minutes. A window's segments are kept but its last, where the
 * next window starts, when that last one holds what ends the look ahead of
 * every break before it (so no break of theirs depends on text past the
 * window); otherwise the window grows. A break never looks back past the
 * previous one.
 */
export function* sentenceSegments(
  text: string,
  window = SEGMENT_WINDOW,
): Generator<{ segment: string; index: number }> {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  let from = 0;
  let size = window;
  while (from < text.length) {
    const end = Math.min(text.length, from + size);
    const parts = [...segmenter.segment(text.slice(from, end))];
    const last = parts[parts.length - 1];
    const keep = end === text.length ? parts.length : parts.length - 1;
    if (end < text.length && (keep === 0 || !endsLookAhead(last.segment))) {
      size *= 2;
      continue;
    }
    for (let i = 0; i < keep; i++) yield { segment: parts[i].segment, index: from + parts[i].index };
    from = end === text.length ? end : from + last.index;
    size = window;
  }
}

function endsLookAhead(segment: string): boolean {
  for (const c of segment) if (ENDS_LOOK_AHEAD.test(c) && !EXTEND.test(c)) return true;
  return false;
}

/** The answer's sentences (Unicode sentence boundaries, by Intl.Segmenter, with common abbreviations kept whole). */
export function splitSentences(answer: string): Sentence[] {
  const sentences: Sentence[] = [];
  const push = (start: number, end: number) => {
    const text = answer.slice(start, end);
    if (normalizeText(text) !== '')
      sentences.push({ text: text.trim(), start: start + (text.length - text.trimStart().length) });
  };
  // Where the sentence being joined (after an abbreviation) starts, or -1.
  // Indices, not the joined text: looking at a text that grows with every
  // segment ("Mr. Mr. Mr. ...") made the split quadratic.
  let pending = -1;
  for (const { segment, index } of sentenceSegments(answer)) {
    const start = pending >= 0 ? pending : index;
    const end = index + segment.length;
    if (continuesAfter(answer, start, end) || (pending < 0 && isListMarker(segment, answer, index))) {
      pending = start;
      continue;
    }
    pending = -1;
    push(start, end);
  }
  if (pending >= 0) push(pending, answer.length);
  return sentences;
}

/** Whether a segment is a list item's number at the start of a line: it belongs to the item's first sentence. */
function isListMarker(segment: string, answer: string, index: number): boolean {
  return LIST_MARKER.test(segment) && AT_LINE_START.test(answer.slice(Math.max(0, index - 64), index));
}

/** Longer than any abbreviation: the word before a period is looked for this far back only. */
const WORD_WINDOW = 64;
const WHITESPACE = /\s/;

/**
 * Whether the sentence answer[start, end) goes on past the break at `end`:
 * whether it ends in an abbreviation, its period and whitespace, and what
 * follows allows it.
 */
function continuesAfter(answer: string, start: number, end: number): boolean {
  let dot = end;
  while (dot > start && WHITESPACE.test(answer[dot - 1])) dot--;
  if (dot === start || answer[dot - 1] !== '.') return false;
  dot--;
  const word = WORD_BEFORE_PERIOD.exec(answer.slice(Math.max(start, dot - WORD_WINDOW), dot))?.[0].toLowerCase();
  if (word === undefined) return false;
  const lines = answer.slice(dot + 1, end).match(LINE_BREAK)?.length ?? 0;
  // Across a line break only into a line that goes on with a word, not a list.
  if (ABBREVIATIONS.has(word))
    return (
      lines === 0 || (lines === 1 && nextMatches(LETTER_NEXT, answer, end) && !nextMatches(LIST_ITEM_NEXT, answer, end))
    );
  if (lines > 0) return false;
  if (MAY_END_ABBREVIATIONS.has(word)) return nextMatches(CONTINUES_NEXT, answer, end);
  return NUMBER_ABBREVIATIONS.has(word) && nextMatches(DIGIT_NEXT, answer, end);
}

/** Whether a sticky pattern matches at `at` (what follows a break). */
function nextMatches(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/** Normalized (SPEC §3), without the punctuation that ends a sentence, lower case: for comparing claims. */
function claimKey(text: string): string {
  return normalizeText(text)
    .replace(/[\s.!?…;:"'”’»)]+$/u, '')
    .toLowerCase();
}

/** Where `part` is in `text` on word boundaries, as a quote must be in its source (SPEC §4). */
function* occurrences(text: string, part: string): Generator<number> {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
    if (onWordBoundaries(text, at, at + part.length)) yield at;
}

/**
 * Whether the claims cover a sentence: a claim contains the sentence (or is
 * it), or the claims the sentence contains cover at least half of its letters
 * and digits. Claims and sentences are compared without case and sentence-end
 * punctuation, and a claim must sit between word boundaries ("a" is not in
 * "gray"). A list item's number is not part of its sentence here. A sentence
 * with no letter or digit needs no claim.
 */
export function claimCoverage(claims: readonly string[]): (sentence: string) => boolean {
  const keys = [...new Set(claims.map(claimKey))].filter((c) => c !== '');
  // An answer may say the same sentence many times: each is judged once (a
  // long claim is searched for a sentence in time that grows with the claim).
  const judged = new Map<string, boolean>();
  return (sentence) => {
    const whole = claimKey(sentence);
    let verdict = judged.get(whole);
    if (verdict === undefined) judged.set(whole, (verdict = covers(keys, whole)));
    return verdict;
  };
}

/**
 * Normalized text without the number of a list item at its start ("1.
 * Returns are ..."): not part of what a claim must cover, nor a number a
 * claim states. Text that is only a list item's number stays as it is.
 */
export function withoutListMarker(text: string): string {
  const body = text.replace(LEADING_LIST_MARKER, '');
  return body === '' ? text : body;
}

/** Whether the claims (their keys) cover a sentence (its key): see claimCoverage. */
function covers(keys: readonly string[], whole: string): boolean {
  const key = withoutListMarker(whole);
  // No letter or digit ("...", "—"), nothing to cover; and an empty key is
  // in every claim, everywhere, which the search below must not be asked.
  if (![...key].some((c) => isWordCodePoint(c.codePointAt(0)!))) return true;
  const covered = new Uint8Array(key.length);
  for (const c of keys) {
    if (c.length >= key.length) {
      if (!occurrences(c, key).next().done) return true;
      continue;
    }
    for (const at of occurrences(key, c)) covered.fill(1, at, at + c.length);
  }
  let total = 0;
  let inClaims = 0;
  for (let i = 0; i < key.length; i++) {
    const cp = key.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (!isWordCodePoint(cp)) continue;
    total++;
    inClaims += covered[i];
  }
  return inClaims * 2 >= total;
}

/** A list item's number and the whitespace after it, at the start of a sentence as written. */
const WRITTEN_LIST_MARKER = new RegExp(String.raw`^${ITEM_NUMBER}\s+`, 'iu');

/**
 * Whether ranges of the answer (UTF-16, in order, not overlapping) cover a
 * sentence of it: at least half of its letters and digits lie in them, a list
 * item's number not counted; a sentence with no letter or digit needs none.
 * For answers whose cited parts are known exactly (a response's text blocks
 * with citations), where claims would have to be looked for.
 */
export function rangesCover(
  answer: string,
  sentence: Sentence,
  ranges: readonly (readonly [number, number])[],
): boolean {
  const end = sentence.start + sentence.text.length;
  const marker = WRITTEN_LIST_MARKER.exec(sentence.text)?.[0].length ?? 0;
  let total = 0;
  let inRanges = 0;
  let k = 0;
  for (let i = sentence.start + (marker < sentence.text.length ? marker : 0); i < end; i++) {
    const cp = answer.codePointAt(i)!;
    const at = i;
    if (cp > 0xffff) i++;
    if (!isWordCodePoint(cp)) continue;
    total++;
    while (k < ranges.length && ranges[k][1] <= at) k++;
    if (k < ranges.length && ranges[k][0] <= at) inRanges++;
  }
  return inRanges * 2 >= total;
}

export function isCovered(sentence: string, claims: readonly string[]): boolean {
  return claimCoverage(claims)(sentence);
}
