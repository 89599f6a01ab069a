// The passage of a source nearest to a quote that is not in it, with a word
// diff of one against the other. Candidate places come from the quote's rarer
// words (seeds); all of the quote is aligned word by word at each candidate, in
// a band that follows the alignment, so the cost of a miss grows linearly with
// the quote and with how often its words occur, not with the length of the source.
import { editDistance } from '../edit-distance.js';
import { normalizeUnicode } from '../unicode-normalize.js';
import { KEY_PLACES, type SourceView, type WordTable, type WordWindow, windowOf, wordKey } from './view.js';

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
   * only in case, edge punctuation, compatibility forms or invisible characters
   * counting half) over the characters of both, all of the quote compared.
   */
  readonly similarity: number;
  readonly diff: readonly DiffPart[];
}

/** Below this similarity a passage is noise, not a near miss. */
export const MIN_SIMILARITY = 0.5;
/** A word occurring more often than this is too common to point anywhere (unless nothing rarer is there). */
const MAX_SEED_OCCURRENCES = KEY_PLACES;
/** Only the quote's rarest words are used as seeds, from its longest few. */
const MAX_SEEDS = 4;
const MAX_LOOKED_UP = 8;
const MAX_LOOKED_UP_REPEATED = 24;
const CANDIDATES = 4;

/**
 * Quotes longer than this (UTF-16 units, about 20,000 words) are not
 * explained: no closest passage, no hints (see explainable). Aligning one
 * word by word takes memory and time in proportion to it: a quote of 50 MB
 * explained in a heap of 512 MB ended the process out of memory.
 */
export const MAX_EXPLAINED_QUOTE = 1 << 17;

/** Whether a normalized quote is short enough to explain (MAX_EXPLAINED_QUOTE). */
export function explainable(quote: string): boolean {
  return quote.length <= MAX_EXPLAINED_QUOTE;
}

/** The nearest passage, if it is close enough to show (MIN_SIMILARITY). */
export function closestPassage(view: SourceView, quote: string): ClosestPassage | undefined {
  const best = nearestPassage(view, quote);
  return best && best.similarity >= MIN_SIMILARITY ? best : undefined;
}

/** The nearest passage, however far: where to look for hints. */
export function nearestPassage(view: SourceView, quote: string): ClosestPassage | undefined {
  if (!explainable(quote)) return undefined;
  const quoteWords = quote.split(' ');
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
  let rarest = Number.POSITIVE_INFINITY;
  for (const { key, offset: at } of keys) {
    // Past the first few, words are looked up only while none seen is unique: in a
    // repetitive source, a rare short word tells the copies of a passage apart.
    if (looked.size >= (rarest > 1 ? MAX_LOOKED_UP_REPEATED : MAX_LOOKED_UP) || looked.has(key)) continue;
    looked.add(key);
    const starts = view.occurrences(key, MAX_SEED_OCCURRENCES);
    if (starts.length > 0) {
      seeds.push({ offset: at, starts });
      rarest = Math.min(rarest, starts.length);
    }
  }
  if (seeds.length === 0) return undefined;
  seeds.sort((a, b) => a.starts.length - b.starts.length);
  const votes = new Map<number, number>();
  // Every word is common (prose of a small vocabulary, or a long source): the occurrences of words
  // point nowhere in particular. Runs of the quote's words, looked up whole, point to its place.
  if (seeds[0].starts.length > COMMON_SEED) phraseVotes(view, quoteWords, votes);
  if (votes.size === 0) {
    for (const { offset: at, starts } of seeds.slice(0, MAX_SEEDS)) {
      if (starts.length > MAX_SEED_OCCURRENCES && votes.size > 0) break;
      const weight = 1 / (1 + Math.log(starts.length));
      for (let k = 0; k < starts.length && k < MAX_SEED_OCCURRENCES; k++) {
        // Votes a few characters apart are for the same place, give or take a changed word.
        const d = Math.round((starts[k] - at) / 8);
        votes.set(d, (votes.get(d) ?? 0) + weight);
      }
    }
  }

  // The best few alignments, some way apart from each other. Votes in neighbouring
  // buckets are for the same place (a changed word shifts the words after it).
  const chosen: number[] = [];
  const ds = [...votes.keys()];
  const vs = new Float64Array(ds.length);
  for (let r = 0; r < ds.length; r++) {
    const d = ds[r];
    vs[r] = (votes.get(d - 1) ?? 0) + votes.get(d)! + (votes.get(d + 1) ?? 0);
  }
  while (chosen.length < CANDIDATES) {
    let best = -1;
    let bestV = 0;
    let bestD = 0;
    for (let r = 0; r < ds.length; r++) {
      const v = vs[r];
      if (v < 0) continue;
      const d = ds[r];
      let taken = false;
      for (let c = 0; c < chosen.length; c++) if (Math.abs(chosen[c] - d) <= 2) taken = true;
      if (taken) continue;
      if (best < 0 || v > bestV || (v === bestV && d < bestD)) {
        best = r;
        bestV = v;
        bestD = d;
      }
    }
    if (best < 0) break;
    chosen.push(bestD);
    vs[best] = -1;
  }

  let best: ClosestPassage | undefined;
  let aligned: AlignedQuote | undefined;
  const slack = Math.max(32, Math.ceil(quote.length * 0.3));
  const table = view.wordTable();
  for (const d of chosen) {
    const from = Math.max(0, d * 8 - slack);
    const to = Math.min(text.length, d * 8 + quote.length + slack);
    const window = windowOf(text, from, to, table);
    // Where the seeds put the quote's first word (votes are rounded to 8 characters).
    let first = 0;
    while (first < window.starts.length && window.starts[first] < d * 8 - 4) first++;
    aligned ??= new AlignedQuote(quoteWords);
    const candidate = align(aligned, window, first, best?.similarity ?? -1);
    if (candidate && (!best || candidate.similarity > best.similarity)) best = candidate;
  }
  return best;
}

/**
 * The passage of a quote whose text is in the view's text, but only inside
 * longer words (cut from the source inside a word): of `words`, the whole
 * words it lies in (the word boundary hint's, insideLongerWords). Every word is in common but those it cuts at either edge; such a word
 * is shown against the word it is part of, as align() and pairEdges() would
 * show it (near when alike but for case or edge punctuation, changed when
 * it looks like a version of it), or else left out of the passage. No
 * alignment is needed: where the quote is, its words and the text's line
 * up one for one.
 */
export function verbatimPassage(
  view: SourceView,
  quote: string,
  words: { readonly start: number; readonly end: number },
): ClosestPassage | undefined {
  if (!explainable(quote)) return undefined;
  const { words: window, starts } = windowOf(view.text, words.start, words.end);
  const quoteWords = quote.split(' ');
  if (window.length !== quoteWords.length) return undefined;
  const steps: Step[] = [];
  let near = 0;
  let same = false;
  let first = 0;
  let last = window.length - 1;
  for (let k = 0; k < window.length; k++) {
    const q = quoteWords[k];
    const w = window[k];
    if (q === w) {
      steps.push({ op: 'same', word: q });
      same = true;
      continue;
    }
    const key = alignKey(q);
    if (key !== '' && key === alignKey(w)) near += (q.length + 1) / 2;
    else if (!similarWords(q, w)) {
      // Nothing like the word it is part of: the quote's own, outside the passage.
      steps.push({ op: 'added', word: q });
      if (k === 0) first = 1;
      else last = k - 1;
      continue;
    }
    steps.push({ op: 'missing', word: w }, { op: 'added', word: q });
  }
  if (near === 0 && !same) return undefined;
  return passageOf(steps, near, quoteWords, window, starts, first, last);
}

/** When the quote's rarest word occurs more often than this, runs of its words are looked up whole (phraseVotes). */
const COMMON_SEED = 16;
/** Runs of this many of the quote's words are looked up whole when every word is common (phraseVotes). */
const PHRASE_WORDS = 3;
/** A run found more often than this points nowhere in particular either. */
const PHRASE_CAP = 16;

/**
 * Votes for where the quote is from runs of PHRASE_WORDS of its words found
 * whole in the text (SPEC §4 matches, SourceView.matches: past the first few,
 * from an index, each costing what the run costs, not the source), one run at
 * every PHRASE_WORDS-th word;
 * a run found at most PHRASE_CAP times votes for each place, the rarer the more.
 */
function phraseVotes(view: SourceView, quoteWords: readonly string[], votes: Map<number, number>): void {
  let offset = 0;
  for (let i = 0; i < quoteWords.length; i++) {
    if (i % PHRASE_WORDS === 0 && i + PHRASE_WORDS <= quoteWords.length) {
      const found = view.matches(quoteWords.slice(i, i + PHRASE_WORDS).join(' '), PHRASE_CAP + 1);
      if (found.length > 0 && found.length <= PHRASE_CAP) {
        const weight = 1 / (1 + Math.log(found.length));
        for (const byte of found) {
          const d = Math.round((view.charIndex(byte) - offset) / 8);
          votes.set(d, (votes.get(d) ?? 0) + weight);
        }
      }
    }
    offset += quoteWords[i].length + 1;
  }
}

/*
 * Scores of the fitting alignment (twice the intuitive ones, to stay in integers):
 * the same word 4; the same word but for case, punctuation at its edges,
 * compatibility forms or invisible characters 2 (a change worth showing side by side); another word -3; a word added or missing
 * -2. So two different words line up as a change only inside a passage, and a
 * stray word at an edge is left out rather than paired (see pairEdges).
 */
const SAME = 4;
const NEAR = 2;
const CHANGED = -3;
const GAP = -2;
/**
 * The alignment of quote word i looks at window words within this many of
 * where the best alignment of the words before it ended: the cost is linear in
 * the quote's length, and the path may drift any distance in steps of less
 * than this (a run of more added or missing words than this is not followed).
 */
const BAND = 16;
const BAND_CELLS = 2 * BAND + 1;
const NONE = -0x40000000;

/**
 * The quote's words and keys as small integers, so the inner loop of align()
 * compares numbers: made once for all the candidate windows of a quote, with
 * the keys of the window words, which the windows share, kept as they are made.
 */
class AlignedQuote {
  readonly ids = new Map<string, number>();
  readonly keyIds = new Map<string, number>();
  readonly quoteIds: Int32Array;
  readonly quoteKeyIds: Int32Array;
  /** Per word id: its key's id, -2 for a word of nothing but punctuation (never "near" another). */
  readonly keyOfId: number[] = [];
  /**
   * Per word of the windows (a quote word or not), its code, made the first
   * time it is seen: one lookup per window word, where a quote word's id and
   * another word's key took two.
   */
  private readonly windowCodes = new Map<string, number>();
  /** Per code: the word's id (-1: not a quote word), and the key id align() compares (see code). */
  private readonly codeIds: number[] = [];
  private readonly codeKeys: number[] = [];
  private table: WordTable | undefined;
  private serial = -1;

  constructor(readonly words: readonly string[]) {
    this.quoteIds = new Int32Array(words.length);
    this.quoteKeyIds = new Int32Array(words.length);
    for (let i = 0; i < words.length; i++) {
      const word = words[i];
      let id = this.ids.get(word);
      if (id === undefined) {
        this.ids.set(word, (id = this.ids.size));
        const key = alignKey(word);
        let keyId = this.keyIds.get(key);
        if (keyId === undefined) this.keyIds.set(key, (keyId = this.keyIds.size));
        this.keyOfId.push(key === '' ? -2 : keyId);
      }
      this.quoteIds[i] = id;
      this.quoteKeyIds[i] = this.keyOfId[id];
    }
  }

  /**
   * The code of a window word: codeIds gives its word id (-1 when it is not a
   * quote word), codeKeys its key id (-1 when no quote word has its key, -3
   * for a quote word of nothing but punctuation, which is near no other).
   */
  code(word: string): number {
    let code = this.windowCodes.get(word);
    if (code !== undefined) return code;
    code = this.codeIds.length;
    const id = this.ids.get(word);
    this.codeIds.push(id ?? -1);
    this.codeKeys.push(id !== undefined ? this.windowKeyOf(id) : (this.keyIds.get(alignKey(word)) ?? -1));
    this.windowCodes.set(word, code);
    return code;
  }

  /**
   * This quote's serial in a word table, its words and keys stamped there
   * when first asked: the window words that are quote words, and the keys
   * that quote words have, are then told by reading the table.
   */
  serialIn(table: WordTable): number {
    if (this.table === table) return this.serial;
    this.table = table;
    const serial = (this.serial = table.serial());
    for (const [word, id] of this.ids) {
      const t = table.idOf(word);
      if (t === undefined) continue;
      table.wordStamp[t] = serial;
      table.wordInQuote[t] = id;
    }
    for (const [key, keyId] of this.keyIds) {
      const k = table.keyId(key);
      table.keyStamp[k] = serial;
      table.keyInQuote[k] = keyId;
    }
    return serial;
  }

  /** The key id align() compares for a window word that is quote word `id`: -3 for punctuation alone, near no other. */
  windowKeyOf(id: number): number {
    return this.keyOfId[id] === -2 ? -3 : this.keyOfId[id];
  }

  idOf(code: number): number {
    return this.codeIds[code];
  }

  keyOf(code: number): number {
    return this.codeKeys[code];
  }
}

/**
 * Aligns all of the quote with the best-fitting span of the window (global on
 * the quote, local on the source), so the passage stays tight around what the
 * quote shares with the source. `first` is the window word where the seeds put
 * the quote's first word. Undefined when the passage cannot be more similar
 * than `toBeat`.
 */
function align(aligned: AlignedQuote, stretch: WordWindow, first: number, toBeat: number): ClosestPassage | undefined {
  const { words: window, starts } = stretch;
  const quote = aligned.words;
  const a = quote.length;
  const b = window.length;
  if (b === 0) return undefined;
  const { keyIds, quoteIds, quoteKeyIds } = aligned;
  const cells = (a + 1) * BAND_CELLS;
  const { windowIds, windowKeyIds, available, low, score, move } = scratchFor(b, keyIds.size, a + 1, cells);
  const { table, offset = 0 } = stretch;
  if (table) {
    // The quote's words and keys are stamped in the table: each window word is read there, never hashed.
    const serial = aligned.serialIn(table);
    const { ids, wordStamp, wordInQuote, keyStamp, keyInQuote } = table;
    for (let j = 0; j < b; j++) {
      const t = ids[offset + j];
      if (wordStamp[t] === serial) {
        const id = wordInQuote[t];
        windowIds[j] = id;
        windowKeyIds[j] = aligned.windowKeyOf(id);
      } else {
        const key = table.keyOfWord(t, alignKey);
        windowIds[j] = -1;
        windowKeyIds[j] = keyStamp[key] === serial ? keyInQuote[key] : -1;
      }
    }
  } else {
    for (let j = 0; j < b; j++) {
      const code = aligned.code(window[j]);
      windowIds[j] = aligned.idOf(code);
      windowKeyIds[j] = aligned.keyOf(code);
    }
  }
  // At most the quote words whose keys the window has are in common. Since the
  // passage holds at least those, similarity is at most 2u / (quote + u): when
  // that cannot beat the best so far, the alignment is not worth making.
  available.fill(0, 0, keyIds.size);
  for (let j = 0; j < b; j++) if (windowKeyIds[j] >= 0) available[windowKeyIds[j]]++;
  let shared = 0;
  let quoteChars = 0;
  for (let i = 0; i < a; i++) {
    quoteChars += quote[i].length + 1;
    const key = quoteKeyIds[i];
    // Punctuation alone has no key but may be the same word: count it as shared.
    if (key === -2) shared += quote[i].length + 1;
    else if (available[key] > 0) {
      available[key]--;
      shared += quote[i].length + 1;
    }
  }
  if ((2 * shared) / (quoteChars + shared) <= toBeat) return undefined;
  // Row i (quote words 0..i-1 aligned) holds cells j = low[i] .. low[i] + BAND_CELLS - 1 (window words consumed).
  // score: every cell of a row is written before it is read. move, 0: diagonal (same or changed), 1: quote
  // word only (added), 2: source word only (missing): cleared, as cells outside the window are not written.
  move.fill(0, 0, cells);
  // Row 0: the passage may start anywhere (local on the source), every cell 0.
  let center = Math.min(b, first + 1);
  low[0] = center - BAND;
  for (let k = 0; k < BAND_CELLS; k++) score[k] = low[0] + k >= 0 && low[0] + k <= b ? 0 : NONE;
  for (let i = 1; i <= a; i++) {
    const lo = (low[i] = center - BAND);
    const row = i * BAND_CELLS;
    const prev = row - BAND_CELLS;
    // Cell k of this row is window position lo + k, which is cell k + shift of the previous row.
    const shift = lo - low[i - 1];
    const qId = quoteIds[i - 1];
    const qKey = quoteKeyIds[i - 1];
    let bestJ = -1;
    let bestScore = NONE;
    for (let k = 0; k < BAND_CELLS; k++) {
      const j = lo + k;
      if (j < 0 || j > b) {
        score[row + k] = NONE;
        continue;
      }
      const u = k + shift;
      let best = u >= 0 && u < BAND_CELLS ? score[prev + u] + GAP : NONE;
      let m = 1;
      if (j > 0) {
        if (u >= 1 && u <= BAND_CELLS) {
          const pair = qId === windowIds[j - 1] ? SAME : qKey === windowKeyIds[j - 1] ? NEAR : CHANGED;
          const diagonal = score[prev + u - 1] + pair;
          if (diagonal >= best) {
            best = diagonal;
            m = 0;
          }
        }
        if (k > 0) {
          const missing = score[row + k - 1] + GAP;
          if (missing > best) {
            best = missing;
            m = 2;
          }
        }
      }
      if (best < NONE / 2) best = NONE;
      score[row + k] = best;
      move[row + k] = m;
      // Ties go to the cell nearest the band's middle, so that equal paths do not drift.
      if (best > bestScore || (best === bestScore && best > NONE && Math.abs(j - center) < Math.abs(bestJ - center))) {
        bestScore = best;
        bestJ = j;
      }
    }
    if (bestJ < 0) return undefined;
    center = Math.min(b, bestJ + 1);
  }
  let endJ = -1;
  let endScore = NONE;
  for (let k = 0; k < BAND_CELLS; k++) {
    const j = low[a] + k;
    if (j >= 0 && j <= b && score[a * BAND_CELLS + k] > endScore) {
      endScore = score[a * BAND_CELLS + k];
      endJ = j;
    }
  }

  // Trace back from the best end to where the quote starts.
  let steps: Step[] = [];
  let near = 0;
  let i = a;
  let j = endJ;
  while (i > 0) {
    const m = move[i * BAND_CELLS + (j - low[i])];
    if (j > 0 && m === 0) {
      if (quote[i - 1] === window[j - 1]) steps.push({ op: 'same', word: quote[i - 1] });
      else {
        // The same word but for case or punctuation counts half towards similarity.
        if (quoteKeyIds[i - 1] === windowKeyIds[j - 1]) near += (quote[i - 1].length + 1) / 2;
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
  const edges = pairEdges(steps, window, j, endJ - 1);
  steps = edges.steps;
  return passageOf(steps, near, quote, window, starts, edges.first, edges.last);
}

/**
 * The arrays align() works in, kept from one call to the next and grown as
 * needed: allocating them for every candidate window of every quote took
 * about a third of align's own time (54 of its 164 samples in a CPU profile
 * of the JSON run of the bench's explain-400k, Node 24).
 */
const scratch = {
  windowIds: new Int32Array(256),
  windowKeyIds: new Int32Array(256),
  available: new Int32Array(256),
  low: new Int32Array(256),
  score: new Int32Array(256 * BAND_CELLS),
  move: new Uint8Array(256 * BAND_CELLS),
};

function scratchFor(window: number, keys: number, rows: number, cells: number): typeof scratch {
  if (scratch.windowIds.length < window) {
    scratch.windowIds = new Int32Array(window * 2);
    scratch.windowKeyIds = new Int32Array(window * 2);
  }
  if (scratch.available.length < keys) scratch.available = new Int32Array(keys * 2);
  if (scratch.low.length < rows) scratch.low = new Int32Array(rows * 2);
  if (scratch.score.length < cells) {
    scratch.score = new Int32Array(cells * 2);
    scratch.move = new Uint8Array(cells * 2);
  }
  return scratch;
}

interface Step {
  readonly op: DiffPart['op'];
  readonly word: string;
}

/**
 * A quote word at either edge that the source does not share is left out of the
 * passage by the alignment, which hides a changed word there ("[+60+] days"
 * where the source has "30 days"). When the source word next to the passage
 * looks like a version of it (a number for a number, a word spelled alike or
 * the same once folded), it is shown as what the quote changed.
 */
function pairEdges(
  steps: Step[],
  window: readonly string[],
  first: number,
  last: number,
): { steps: Step[]; first: number; last: number } {
  let lead = 0;
  while (lead < steps.length && steps[lead].op === 'added') lead++;
  const head: Step[] = [];
  let k = lead;
  while (k > 0 && first > 0 && similarWords(steps[k - 1].word, window[first - 1])) {
    head.unshift({ op: 'added', word: steps[k - 1].word }, { op: 'missing', word: window[first - 1] });
    k--;
    first--;
  }
  const startRest = k;
  let trail = steps.length;
  while (trail > lead && steps[trail - 1].op === 'added') trail--;
  const tail: Step[] = [];
  let t = trail;
  while (t < steps.length && last + 1 < window.length && similarWords(steps[t].word, window[last + 1])) {
    tail.push({ op: 'added', word: steps[t].word }, { op: 'missing', word: window[last + 1] });
    t++;
    last++;
  }
  if (head.length === 0 && tail.length === 0) return { steps, first, last };
  return {
    steps: [...steps.slice(0, startRest), ...head, ...steps.slice(lead, trail), ...tail, ...steps.slice(t)],
    first,
    last,
  };
}

/** Whether two different words look like versions of one: numbers both, alike once folded, or spelled mostly alike. */
function similarWords(a: string, b: string): boolean {
  if (/\p{N}/u.test(a) && /\p{N}/u.test(b)) return true;
  const fa = foldKey(a);
  const fb = foldKey(b);
  if (fa === '' || fb === '') return false;
  if (fa === fb) return true;
  const longer = Math.max(fa.length, fb.length);
  if (longer > 64) return false;
  return editDistance(fa, fb) <= longer / 2;
}

/** The characters that show as nothing (INVISIBLE_NAMES in hints.ts names them), to fold away. */
export const INVISIBLE_ALL = /[\u00ad\u200b\u200c\u200d\u2060\ufeff\u180e]/g;

/** A word's key once compatibility forms and invisible characters are folded away. */
function foldKey(word: string): string {
  return wordKey(normalizeUnicode(word, 'NFKC').replace(INVISIBLE_ALL, ''));
}

/**
 * The key under which two words count as near: alike but for case, punctuation
 * at their edges, compatibility forms (ﬁ, full width) or invisible characters.
 */
function alignKey(word: string): string {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 0x80) return foldKey(word);
  return wordKey(word);
}

/** The passage and its diff from the aligned steps; the passage is window words first..last. */
function passageOf(
  steps: readonly Step[],
  near: number,
  quote: readonly string[],
  window: readonly string[],
  starts: readonly number[],
  first: number,
  last: number,
): ClosestPassage {
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
      const previous = parts[parts.length - 1];
      if (previous && previous.op === 'same')
        parts[parts.length - 1] = { op: 'same', text: `${previous.text} ${step.word}` };
      else parts.push({ op: 'same', text: step.word });
    }
  }
  flush();

  const quoteChars = quote.reduce((n, w) => n + w.length + 1, 0);
  let passageChars = 0;
  for (let k = first; k <= last; k++) passageChars += window[k].length + 1;
  return {
    start: starts[first],
    end: starts[last] + window[last].length,
    similarity: (2 * (common + near)) / (quoteChars + passageChars),
    diff: parts,
  };
}

/** `A receipt is [+not+] required.`: [+…+] only in the quote, [-…-] only in the source. */
export function formatDiff(parts: readonly DiffPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `[+${p.text}+]` : `[-${p.text}-]`)).join(' ');
}

/**
 * The diff with long runs of shared words cut to `context` words on either side
 * of each change (`…` where words were left out), so that a change far into a
 * long quote is still on the line a reviewer reads.
 */
export function compactDiff(parts: readonly DiffPart[], context: number): string {
  return formatDiff(
    parts.map((p, k) => {
      if (p.op !== 'same') return p;
      const words = p.text.split(' ');
      const keepBefore = k > 0 ? context : 0;
      const keepAfter = k < parts.length - 1 ? context : 0;
      if (words.length <= keepBefore + keepAfter + 1) return p;
      const head = words.slice(0, keepBefore);
      const tail = keepAfter > 0 ? words.slice(-keepAfter) : [];
      return { op: 'same', text: [...head, '…', ...tail].join(' ') };
    }),
  );
}
