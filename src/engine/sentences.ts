// Beyond quotes: the sentences of an answer, and whether the claims of its
// records cover each (numbers.ts reads the numbers a claim states). These are
// findings beside the verdicts; they never change one.
import { normalizeText } from './normalize.js';
import { PatternSet } from './patterns.js';
import { isWordCodePoint } from './unicode.js';

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
export function claimKey(text: string): string {
  return normalizeText(text)
    .replace(/[\s.!?…;:"'”’»)]+$/u, '')
    .toLowerCase();
}

/** How claimCoverage finds the claims in a sentence: the cheaper way for the input, or one way (for tests). */
export type ClaimSearch = 'cheaper' | 'direct' | 'automaton';

/**
 * Claims are searched for in the sentences left while that reads at most
 * this many units (claims × units of sentences) for each unit of claims the
 * automaton would be made of. Making it costs 10 to 30 ns a unit of claims
 * of a small vocabulary (200,000 of 300 units, 20,000 of 50; Node 24 and 20)
 * and about 280 ns on 61 MB of claims of varied text (measured in review),
 * and a native search 0.2 to 0.6 ns for each claim and unit of a sentence
 * (the same runs of Node 24 and 20): a ratio
 * of some 50 to 500. 64 is near the low end, so that searching, when chosen,
 * costs at most a few times the automaton's linear time.
 */
const SEARCH_PER_UNIT = 64;

/**
 * Which of the sentences the claims cover, in order: a claim contains the
 * sentence (or is it), or the claims the sentence contains cover at least
 * half of its letters and digits. Claims and sentences are compared without
 * case and sentence-end punctuation, and a claim must sit between word
 * boundaries ("a" is not in "gray"). A list item's number is not part of its
 * sentence here. A sentence with no letter or digit needs no claim.
 *
 * Every claim was once compared with every sentence, which took 1.7 s for
 * 5,000 of each and grew as their product. Now a sentence that a claim is
 * (most are) is found by its text; each other is looked for in all the
 * claims at once (the sentences are the patterns of an automaton that reads
 * each claim once), and the claims in those still left are looked for in
 * them (the claims are the patterns, and each sentence is read once): time
 * linear in their lengths, and in the matches told at each place. When the
 * sentences left are few or short against the claims, each claim is
 * searched for in each of them instead, which then costs less than making
 * the automaton (`search`: which way; tests ask for each).
 */
export function claimCoverage(
  claims: readonly string[],
  sentences: readonly string[],
  search: ClaimSearch = 'cheaper',
): boolean[] {
  // An answer may say the same sentence many times: each is judged once.
  const ids = new Map<string, number>();
  const keys: string[] = [];
  const sentenceIds = sentences.map((sentence) => {
    const key = withoutListMarker(claimKey(sentence));
    let id = ids.get(key);
    if (id === undefined) {
      id = keys.length;
      ids.set(key, id);
      keys.push(key);
    }
    return id;
  });
  // No letter or digit ("...", "—"), nothing to cover; and an empty key is
  // in every claim, everywhere, which the search below must not be asked.
  const claimKeys = [...new Set(claims.map(claimKey))].filter((c) => c !== '');
  const exact = new Set(claimKeys);
  const covered = keys.map((key) => exact.has(key) || ![...key].some((c) => isWordCodePoint(c.codePointAt(0)!)));
  if (claimKeys.length > 0) {
    containedInClaims(keys, covered, claimKeys);
    // A claim longer than every sentence still left is in none of them: the automaton is made of the
    // others (claims that span sentences, and a short one left, took it seconds and a gigabyte).
    let longest = -1;
    let left = 0;
    for (let id = 0; id < keys.length; id++)
      if (!covered[id]) {
        longest = Math.max(longest, keys[id].length);
        left += keys[id].length;
      }
    if (longest >= 0) {
      const fitting = claimKeys.filter((c) => c.length <= longest);
      let units = 0;
      for (const c of fitting) units += c.length;
      // With few or short sentences left (one long one beside 200,000 claims took 20 s and 1.2 GB as an
      // automaton), each claim is searched for in each of them instead (SEARCH_PER_UNIT). Either way a
      // sentence gets the same stretches covered.
      if (search === 'direct' || (search === 'cheaper' && fitting.length * left <= SEARCH_PER_UNIT * units)) {
        for (let id = 0; id < keys.length; id++) if (!covered[id]) covered[id] = searchedCover(fitting, keys[id]);
      } else {
        const inSentences = new PatternSet(fitting.map(edged));
        for (let id = 0; id < keys.length; id++) if (!covered[id]) covered[id] = claimsCover(inSentences, keys[id]);
      }
    }
  }
  return sentenceIds.map((id) => covered[id]);
}

/**
 * Marks covered the sentences (their keys) that a claim contains between
 * word boundaries (a claim spanning sentences), of those not covered yet.
 * Every sentence the automaton tells is on boundaries (edged), and so are
 * the shorter ones ending with it (sentences.shorter): a sentence found
 * once was found with all of those, so the walk stops at one found before.
 */
function containedInClaims(keys: readonly string[], covered: boolean[], claimKeys: readonly string[]): void {
  const open = keys.flatMap((_, id) => (covered[id] ? [] : [id]));
  if (open.length === 0) return;
  const sentences = new PatternSet(open.map((id) => edged(keys[id])));
  for (const claim of claimKeys)
    sentences.scan(edged(claim), (_end, longest) => {
      for (let node = longest; node >= 0; node = sentences.shorter(node)) {
        const id = open[sentences.index(node)];
        if (covered[id]) break;
        covered[id] = true;
      }
    });
}

/**
 * Whether the claims (the patterns, edged) that a sentence's key holds
 * between word boundaries cover at least half of its letters and digits. Of
 * those ending at one place, the longest holds the others.
 */
function claimsCover(claims: PatternSet, key: string): boolean {
  const text = edged(key);
  // +1 where a claim's stretch starts, -1 where it ends: a unit is covered where the sum is above 0.
  const edges = new Int32Array(text.length + 1);
  claims.scan(text, (end, longest) => {
    edges[end - claims.length(longest)]++;
    edges[end]--;
  });
  return halfCovered(text, edges);
}

/** claimsCover, each claim searched for in the key: every place it is on word boundaries, the same union. */
function searchedCover(claims: readonly string[], key: string): boolean {
  const edges = new Int32Array(key.length + 1);
  for (const claim of claims) {
    for (let at = key.indexOf(claim); at >= 0; at = key.indexOf(claim, at + 1)) {
      if (isEdge(key, at) && isEdge(key, at + claim.length)) {
        edges[at]++;
        edges[at + claim.length]--;
      }
    }
  }
  return halfCovered(key, edges);
}

/**
 * Where a claim or a sentence may start or end in a key, marked by edged():
 * U+037E (GREEK QUESTION MARK), which NFC makes `;`, so that no key (the
 * NFC text claimKey makes) holds one of its own.
 */
const EDGE = 0x37e;

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Whether a claim or a sentence may start or end at UTF-16 index `at` of a
 * key: not inside a character (between the halves of a surrogate pair), nor
 * between two word code points (SPEC §4's boundaries, judged per code point).
 */
function isEdge(key: string, at: number): boolean {
  if (at === 0 || at === key.length) return true;
  const prev = key.charCodeAt(at - 1);
  if (isHigh(prev) && isLow(key.charCodeAt(at))) return false;
  const before = isLow(prev) && at >= 2 && isHigh(key.charCodeAt(at - 2)) ? key.codePointAt(at - 2)! : prev;
  return !(isWordCodePoint(before) && isWordCodePoint(key.codePointAt(at)!));
}

/**
 * The key with EDGE at each place where a claim or a sentence may start or
 * end in it (isEdge), its two ends included. A key is on boundaries at a
 * place of another exactly when its edged text is in the other's edged text:
 * the automata find only such places, whatever a pull request writes (the
 * places they told one by one once made sentences "a", "a a", "a a a"…
 * against a claim "a a a a…" cost the product of their lengths: a 3 MB
 * citation file took 20 s, one of 64 MiB would take most of an hour).
 */
function edged(key: string): string {
  // Made a piece at a time: a claim may be tens of megabytes.
  const units = new Uint16Array(EDGED_PIECE + 3);
  const pieces: string[] = [];
  let n = 0;
  let before = false;
  for (let i = 0; i < key.length; ) {
    if (n >= EDGED_PIECE) {
      pieces.push(String.fromCharCode(...units.subarray(0, n)));
      n = 0;
    }
    const cp = key.codePointAt(i)!;
    const word = isWordCodePoint(cp);
    if (!(before && word)) units[n++] = EDGE;
    before = word;
    units[n++] = key.charCodeAt(i++);
    if (cp > 0xffff) units[n++] = key.charCodeAt(i++);
  }
  units[n++] = EDGE;
  pieces.push(String.fromCharCode(...units.subarray(0, n)));
  return pieces.length === 1 ? pieces[0] : pieces.join('');
}

/** UTF-16 units of an edged key made at a time (as arguments of one call). */
const EDGED_PIECE = 8192;

/** Whether the stretches marked in `edges` (+1 at a start, -1 at an end) hold at least half of the key's letters and digits. */
function halfCovered(key: string, edges: Int32Array): boolean {
  let total = 0;
  let inClaims = 0;
  let depth = 0;
  for (let i = 0; i < key.length; i++) {
    depth += edges[i];
    // A character counts as its first unit does.
    const here = depth > 0;
    const cp = key.codePointAt(i)!;
    if (cp > 0xffff) depth += edges[++i];
    if (!isWordCodePoint(cp)) continue;
    total++;
    if (here) inClaims++;
  }
  return inClaims * 2 >= total;
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

/** A list item's number and the whitespace after it, at the start of a sentence as written. */
const WRITTEN_LIST_MARKER = new RegExp(String.raw`^${ITEM_NUMBER}\s+`, 'iu');

/**
 * Which sentences of an answer (in order, as splitSentences gives them) ranges
 * of it (UTF-16, in order, not overlapping) cover: at least half of a
 * sentence's letters and digits lie in them, a list item's number not
 * counted; a sentence with no letter or digit needs none. For answers whose
 * cited parts are known exactly (a response's text blocks with citations),
 * where claims would have to be looked for. The ranges are read once for all
 * the sentences: read again from the first for each, a response of 20,000
 * cited blocks and 200,000 sentences after them took 85 s.
 */
export function rangesCoverage(
  answer: string,
  sentences: readonly Sentence[],
  ranges: readonly (readonly [number, number])[],
): boolean[] {
  let k = 0;
  return sentences.map((sentence) => {
    const end = sentence.start + sentence.text.length;
    const marker = WRITTEN_LIST_MARKER.exec(sentence.text)?.[0].length ?? 0;
    let total = 0;
    let inRanges = 0;
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
  });
}

export function isCovered(sentence: string, claims: readonly string[]): boolean {
  return claimCoverage(claims, [sentence])[0];
}
