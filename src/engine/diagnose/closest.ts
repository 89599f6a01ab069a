// The passage of a source nearest to a quote that is not in it, with a word
// diff of one against the other. Candidate places come from the quote's rarer
// words (seeds); each candidate is aligned word by word (longest common
// subsequence), so the cost of a miss depends on the quote and on how often
// its words occur, not on the length of the source.
import { type SourceView, wordKey, wordsIn } from './view.js';

export interface DiffPart {
  /** same: in both; added: in the quote only; missing: in the source only. */
  readonly op: 'same' | 'added' | 'missing';
  readonly text: string;
}

export interface ClosestPassage {
  /** The passage in the view's text (UTF-16 indices). */
  readonly start: number;
  readonly end: number;
  /**
   * 0 to 1: twice the characters of the words in common (a word that differs
   * only in case or edge punctuation counting half) over the characters of both.
   */
  readonly similarity: number;
  readonly diff: readonly DiffPart[];
}

/** Below this similarity a passage is noise, not a near miss. */
export const MIN_SIMILARITY = 0.5;
/** Quotes longer than this many words are compared on their first words only. */
const MAX_QUOTE_WORDS = 200;
/** A word occurring more often than this is too common to point anywhere (unless nothing rarer is there). */
const MAX_SEED_OCCURRENCES = 200;
/** Only the quote's rarest words are used as seeds, from its longest few. */
const MAX_SEEDS = 4;
const MAX_LOOKED_UP = 8;
const CANDIDATES = 4;

/** The nearest passage, if it is close enough to show (MIN_SIMILARITY). */
export function closestPassage(view: SourceView, quote: string): ClosestPassage | undefined {
  const best = nearestPassage(view, quote);
  return best && best.similarity >= MIN_SIMILARITY ? best : undefined;
}

/** The nearest passage, however far: where to look for hints. */
export function nearestPassage(view: SourceView, quote: string): ClosestPassage | undefined {
  const quoteWords = quote.split(' ').slice(0, MAX_QUOTE_WORDS);
  const text = view.text;
  if (text === '') return undefined;

  // Each occurrence of one of the quote's rarer words in the source votes for
  // the alignment (in characters) that would put that word there; rarer words
  // weigh more. Common words are left out: they point everywhere.
  // The longest words first: they tend to be the rarest, and only a few are looked up.
  const keys: { key: string; offset: number }[] = [];
  let offset = 0;
  for (const word of quoteWords) {
    const key = wordKey(word);
    if (key !== '') keys.push({ key, offset });
    offset += word.length + 1;
  }
  keys.sort((a, b) => b.key.length - a.key.length || a.offset - b.offset);
  const seeds: { offset: number; starts: readonly number[] }[] = [];
  const looked = new Set<string>();
  for (const { key, offset: at } of keys) {
    if (looked.size >= MAX_LOOKED_UP || looked.has(key)) continue;
    looked.add(key);
    const starts = view.occurrences(key, MAX_SEED_OCCURRENCES);
    if (starts.length > 0) seeds.push({ offset: at, starts });
  }
  if (seeds.length === 0) return undefined;
  seeds.sort((a, b) => a.starts.length - b.starts.length);
  const votes = new Map<number, number>();
  for (const { offset: at, starts } of seeds.slice(0, MAX_SEEDS)) {
    if (starts.length > MAX_SEED_OCCURRENCES && votes.size > 0) break;
    const weight = 1 / (1 + Math.log(starts.length));
    for (let k = 0; k < starts.length && k < MAX_SEED_OCCURRENCES; k++) {
      // Votes a few characters apart are for the same place, give or take a changed word.
      const d = Math.round((starts[k] - at) / 8);
      votes.set(d, (votes.get(d) ?? 0) + weight);
    }
  }

  // The best few alignments, some way apart from each other.
  const chosen: number[] = [];
  const ranked = [...votes.entries()];
  while (chosen.length < CANDIDATES) {
    let best = -1;
    for (let r = 0; r < ranked.length; r++) {
      const [d, v] = ranked[r];
      if (v < 0 || chosen.some((c) => Math.abs(c - d) <= 2)) continue;
      if (best < 0 || v > ranked[best][1] || (v === ranked[best][1] && d < ranked[best][0])) best = r;
    }
    if (best < 0) break;
    chosen.push(ranked[best][0]);
    ranked[best] = [ranked[best][0], -1];
  }

  let best: ClosestPassage | undefined;
  const slack = Math.max(32, Math.ceil(quote.length * 0.3));
  for (const d of chosen) {
    const from = Math.max(0, d * 8 - slack);
    const to = Math.min(text.length, d * 8 + quote.length + slack);
    const window = wordsIn(text, from, to);
    // The stretch may start or end inside a word: leave those pieces out.
    if (from > 0 && text.charCodeAt(from - 1) !== 0x20) {
      window.words.shift();
      window.starts.shift();
    }
    if (to < text.length && text.charCodeAt(to) !== 0x20) {
      window.words.pop();
      window.starts.pop();
    }
    const candidate = align(quoteWords, window.words, window.starts);
    if (candidate && (!best || candidate.similarity > best.similarity)) best = candidate;
  }
  return best;
}

/*
 * Scores of the fitting alignment (twice the intuitive ones, to stay in integers):
 * the same word 4; the same word but for case or punctuation at its edges 2 (a
 * change worth showing side by side); another word -3; a word added or missing
 * -2. So two different words line up as a change only inside a passage, and a
 * stray word at an edge is left out rather than paired.
 */
const SAME = 4;
const NEAR = 2;
const CHANGED = -3;
const GAP = -2;

/**
 * Aligns all of the quote with the best-fitting span of the window (global on
 * the quote, local on the source), so the passage stays tight around what the
 * quote shares with the source.
 */
function align(quote: readonly string[], window: readonly string[], starts: readonly number[]): ClosestPassage | undefined {
  const a = quote.length;
  const b = window.length;
  const width = b + 1;
  const quoteKeys = quote.map(wordKey);
  const windowKeys = window.map(wordKey);
  const score = new Int32Array((a + 1) * width);
  // 0: diagonal (same or changed), 1: quote word only (added), 2: source word only (missing).
  const move = new Uint8Array((a + 1) * width);
  for (let i = 1; i <= a; i++) {
    score[i * width] = i * GAP;
    move[i * width] = 1;
  }
  for (let i = 1; i <= a; i++) {
    for (let j = 1; j <= b; j++) {
      const pair = quote[i - 1] === window[j - 1] ? SAME
        : quoteKeys[i - 1] !== '' && quoteKeys[i - 1] === windowKeys[j - 1] ? NEAR : CHANGED;
      const diagonal = score[(i - 1) * width + j - 1] + pair;
      const added = score[(i - 1) * width + j] + GAP;
      const missing = score[i * width + j - 1] + GAP;
      let best = diagonal;
      let m = 0;
      if (added > best) { best = added; m = 1; }
      if (missing > best) { best = missing; m = 2; }
      score[i * width + j] = best;
      move[i * width + j] = m;
    }
  }
  let endJ = 0;
  for (let j = 1; j <= b; j++) if (score[a * width + j] > score[a * width + endJ]) endJ = j;

  // Trace back from the best end to where the quote starts.
  const steps: { op: DiffPart['op']; word: string }[] = [];
  let near = 0;
  let i = a;
  let j = endJ;
  while (i > 0) {
    const m = move[i * width + j];
    if (j > 0 && m === 0) {
      if (quote[i - 1] === window[j - 1]) steps.push({ op: 'same', word: quote[i - 1] });
      else {
        // The same word but for case or punctuation counts half towards similarity.
        if (quoteKeys[i - 1] !== '' && quoteKeys[i - 1] === windowKeys[j - 1]) near += (quote[i - 1].length + 1) / 2;
        steps.push({ op: 'added', word: quote[i - 1] }, { op: 'missing', word: window[j - 1] });
      }
      i--;
      j--;
    } else if (j > 0 && m === 2) {
      steps.push({ op: 'missing', word: window[--j] });
    } else {
      steps.push({ op: 'added', word: quote[--i] });
    }
  }
  steps.reverse();
  if (near === 0 && !steps.some((s) => s.op === 'same')) return undefined;
  const startJ = j;
  const lastJ = endJ - 1;

  // Runs of changes read best grouped: what the source has, then what the quote has.
  const parts: DiffPart[] = [];
  let missing: string[] = [];
  let added: string[] = [];
  let common = 0;
  const flush = () => {
    if (missing.length > 0) parts.push({ op: 'missing', text: missing.join(' ') });
    if (added.length > 0) parts.push({ op: 'added', text: added.join(' ') });
    missing = [];
    added = [];
  };
  for (const step of steps) {
    if (step.op === 'missing') missing.push(step.word);
    else if (step.op === 'added') added.push(step.word);
    else {
      flush();
      common += step.word.length + 1;
      const last = parts[parts.length - 1];
      if (last && last.op === 'same') parts[parts.length - 1] = { op: 'same', text: `${last.text} ${step.word}` };
      else parts.push({ op: 'same', text: step.word });
    }
  }
  flush();

  const quoteChars = quote.reduce((n, w) => n + w.length + 1, 0);
  let passageChars = 0;
  for (let k = startJ; k <= lastJ; k++) passageChars += window[k].length + 1;
  return {
    start: starts[startJ],
    end: starts[lastJ] + window[lastJ].length,
    similarity: (2 * (common + near)) / (quoteChars + passageChars),
    diff: parts,
  };
}

/** `A receipt is [+not+] required.`: [+…+] only in the quote, [-…-] only in the source. */
export function formatDiff(parts: readonly DiffPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `[+${p.text}+]` : `[-${p.text}-]`)).join(' ');
}
