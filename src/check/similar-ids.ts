// The manifest ids that look like an unknown one a record cites: another
// version of it, or a typo of up to two characters. Asked once per distinct
// unknown id, so that comparing each with every id of the manifest made the
// cost grow with misses × sources: on the bench's large (3,637 sources,
// 4,745 distinct unknown ids) that took 16 s of a 47 s profile. Ids are
// found here through an index instead, and each candidate is then judged by
// the same test as before, so that the answer is the one a comparison with
// every id gives, in the manifest's order; but for ids so alike that the
// search of the trie gives up (MAX_TRIE_ROWS), whose answer then lacks the
// typos only it finds.
import { withinEditDistance } from '../engine/edit-distance.js';

/** An id without its version suffix (returns-v1 → returns). */
export function stemOf(id: string): string {
  return id.replace(/[-_.@]?v?\d+(\.\d+)*$/i, '');
}

/**
 * Ids are indexed by the strings deleting up to two units (UTF-16) of their
 * lower case gives, which finds an id from a typo of it in a few lookups;
 * but those grow with the square of its length (529 for 32 units): for a
 * manifest of 20,000 ids of 32 units, a run that explained one unknown id
 * took 14.8 s and 933 MB (measured with 8af1c47). So an id is indexed
 * so only up to this length, and while the index holds fewer than
 * MAX_DELETIONS strings (in the manifest's order); ids of up to SHORT units
 * always (at most 37 strings each). The other ids are kept sorted, and
 * searched as a trie (SortedIds).
 */
const DELETED_UP_TO = 32;
const MAX_DELETIONS = 500_000;
const SHORT = 8;
/**
 * The most rows of the edit distance's band one search of the trie computes
 * (about 30 ns each, Node 24). Past them it gives up, and the answer holds
 * only the ids the stems and the deletions find: the same for that id in
 * any run, as an explanation must be. Without a bound, ids made to stay
 * within two edits of each other for their whole length made each search
 * walk nearly every id (95,076 rows for 5,765 ids of 40 units), so that the
 * cost grew with the unknown ids times the manifest's ids. Natural ids stay
 * far under it: 50,000 ids alike but for a number took at most 15,715.
 */
export const MAX_TRIE_ROWS = 32_768;

/** Every string made from `text` by deleting at most two of its UTF-16 units, each once. */
function deletions(text: string): Set<string> {
  const out = new Set<string>([text]);
  for (let i = 0; i < text.length; i++) {
    const once = text.slice(0, i) + text.slice(i + 1);
    out.add(once);
    for (let j = i; j < once.length; j++) out.add(once.slice(0, j) + once.slice(j + 1));
  }
  return out;
}

type Postings = Map<string, number | number[]>;

interface Indexes {
  readonly byDeletion: Postings;
  /** The ids not in byDeletion. */
  readonly sorted: SortedIds;
}

/** Adds id `i` to the list of `key`: the ids come in the manifest's order, so each list is ascending. */
function post(index: Postings, key: string, i: number): void {
  const at = index.get(key);
  if (at === undefined) index.set(key, i);
  else if (typeof at === 'number') index.set(key, [at, i]);
  else at.push(i);
}

/**
 * The ids of a manifest, asked which of them look like an id it does not
 * have: another version of it (the same stem), or an id within two edits of
 * it (substitutions, insertions, deletions), ignoring case. The indexes find
 * every such id, with a few more, which the test then rules out:
 * - a short id within two edits of the wanted one becomes one string with it
 *   when at most two units are deleted from each (a substitution deleted on
 *   both sides, an insertion on its own);
 * - any other is found by walking the sorted ids as a trie, with the edit
 *   distance of each prefix: a prefix already more than two edits from
 *   every prefix of the wanted id rules out every id that begins with it.
 */
export class SimilarIds {
  private readonly stems: string[];
  private readonly lowered: string[];
  /** Indices of the ids by stem (not empty). */
  private readonly byStem = new Map<string, number[]>();
  /** The ids by their deletions, and the others sorted; made when first asked. */
  private indexes: Indexes | undefined;
  private readonly answers = new Map<string, readonly string[]>();

  /**
   * `max`: the most ids an answer lists, the first in the manifest's order;
   * `maxDeletions`: the most strings the index of deletions holds (MAX_DELETIONS);
   * `maxTrieRows`: the most rows one search of the trie computes (MAX_TRIE_ROWS).
   */
  constructor(
    private readonly ids: readonly string[],
    private readonly max = Number.POSITIVE_INFINITY,
    private readonly maxDeletions = MAX_DELETIONS,
    private readonly maxTrieRows = MAX_TRIE_ROWS,
  ) {
    this.stems = ids.map(stemOf);
    this.lowered = ids.map((id) => id.toLowerCase());
    this.stems.forEach((stem, i) => {
      if (stem === '') return;
      const list = this.byStem.get(stem);
      if (list) list.push(i);
      else this.byStem.set(stem, [i]);
    });
  }

  /** The ids that look like `wanted`, in the manifest's order (the first `max` of them). */
  similarTo(wanted: string): readonly string[] {
    let found = this.answers.get(wanted);
    if (found === undefined) this.answers.set(wanted, (found = this.find(wanted)));
    return found;
  }

  private find(wanted: string): string[] {
    const wantedStem = stemOf(wanted);
    const lower = wanted.toLowerCase();
    const m = lower.length;
    const lists: (number | readonly number[])[] = [];
    const add = (at: number | readonly number[] | undefined) => {
      if (at !== undefined) lists.push(at);
    };
    if (wantedStem !== '') add(this.byStem.get(wantedStem));
    const { byDeletion, sorted } = this.indexOf();
    // Two edits cannot reach a string longer or shorter by more than two.
    if (m <= DELETED_UP_TO + 2) for (const variant of deletions(lower)) add(byDeletion.get(variant));
    const near = sorted.within2(lower, this.maxTrieRows);
    if (near !== undefined && near.length > 0) add(near);
    const found: string[] = [];
    for (const i of ascending(lists)) {
      if (!this.looksLike(i, wanted, wantedStem, lower)) continue;
      found.push(this.ids[i]);
      if (found.length >= this.max) break;
    }
    return found;
  }

  /** Another version of the wanted id, or a typo of up to two characters of it (ignoring case). */
  private looksLike(i: number, wanted: string, wantedStem: string, lower: string): boolean {
    const id = this.ids[i];
    if (id !== wanted && this.stems[i] !== '' && this.stems[i] === wantedStem) return true;
    return Math.abs(id.length - wanted.length) <= 2 && withinEditDistance(this.lowered[i], lower, 2);
  }

  private indexOf(): Indexes {
    if (this.indexes) return this.indexes;
    const byDeletion: Postings = new Map();
    const others: number[] = [];
    let held = 0;
    this.lowered.forEach((lower, i) => {
      const n = lower.length;
      // As many strings as deleting gives at most: the text, n with one unit deleted, n(n-1)/2 with two.
      const strings = 1 + n + (n * (n - 1)) / 2;
      if (n <= SHORT || (n <= DELETED_UP_TO && held + strings <= this.maxDeletions)) {
        held += strings;
        for (const variant of deletions(lower)) post(byDeletion, variant, i);
        return;
      }
      others.push(i);
    });
    return (this.indexes = { byDeletion, sorted: new SortedIds(this.lowered, others) });
  }
}

/** Past two edits, in the band of the edit distance's table. */
const FAR = 3;

/**
 * Ids sorted, with the length of the prefix each shares with the one before
 * it: a trie in two arrays. Searching it for the ids within two edits of a
 * wanted one computes the band of the edit distance's table (the five
 * diagonals where it can be two or less) once for each prefix it reaches, as
 * a walk of the trie would, and leaves out every id under a prefix whose band
 * is past two edits. Ids alike but for a number share their prefix up to it,
 * and most branches of it end a few units later.
 */
class SortedIds {
  /** Indices of the ids (in the manifest), in the order of their lower case. */
  private readonly order: number[];
  /** common[j]: the length of the prefix the j-th id (in order) shares with the one before it. */
  private readonly common: Int32Array;
  /**
   * rows[5d + b]: the distance between an id's prefix of d units and the
   * wanted id's prefix of d + b - 2 (FAR past two). One table for every
   * query: a query asks the trie thousands of times in a large run.
   */
  private readonly rows: Uint8Array;

  constructor(
    private readonly lowered: readonly string[],
    ids: readonly number[],
  ) {
    this.order = [...ids].sort((a, b) => (lowered[a] < lowered[b] ? -1 : lowered[a] > lowered[b] ? 1 : a - b));
    this.common = new Int32Array(this.order.length);
    let longest = 0;
    for (let j = 0; j < this.order.length; j++) {
      const text = lowered[this.order[j]];
      longest = Math.max(longest, text.length);
      if (j === 0) continue;
      const before = lowered[this.order[j - 1]];
      let k = 0;
      while (k < text.length && k < before.length && text.charCodeAt(k) === before.charCodeAt(k)) k++;
      this.common[j] = k;
    }
    this.rows = new Uint8Array(5 * (longest + 1));
  }

  /**
   * The ids within two edits of `wanted` (UTF-16 units), in the manifest's
   * order; undefined when finding them would take more than `maxRows` rows.
   */
  within2(wanted: string, maxRows: number): number[] | undefined {
    const found: number[] = [];
    const n = this.order.length;
    if (n === 0) return found;
    let budget = maxRows;
    const m = wanted.length;
    const rows = this.rows;
    for (let b = 0; b < 5; b++) rows[b] = b >= 2 && b - 2 <= m ? b - 2 : FAR;
    /** Rows 0 to `valid` hold the prefix of the id last walked. */
    let valid = 0;
    for (let j = 0; j < n; j++) {
      const id = this.lowered[this.order[j]];
      let d = Math.min(valid, j === 0 ? 0 : this.common[j]);
      let pruned = -1;
      for (; d < id.length; d++) {
        if (--budget < 0) return undefined;
        const unit = id.charCodeAt(d);
        const up = 5 * d;
        const here = up + 5;
        let least = FAR;
        for (let b = 0; b < 5; b++) {
          const i = d + 1 + b - 2;
          let v = FAR;
          if (i >= 0 && i <= m) {
            // The unit matched or replaced, the id's unit left out, or the wanted one's.
            v = rows[up + b] + (i > 0 && wanted.charCodeAt(i - 1) === unit ? 0 : 1);
            if (i === 0) v = d + 1;
            if (b < 4) v = Math.min(v, rows[up + b + 1] + 1);
            if (b > 0) v = Math.min(v, rows[here + b - 1] + 1);
            if (v > FAR) v = FAR;
          }
          rows[here + b] = v;
          if (v < least) least = v;
        }
        if (least >= FAR) {
          pruned = d + 1;
          break;
        }
      }
      if (pruned >= 0) {
        valid = pruned - 1;
        // Every id after it that begins with the same pruned prefix is out too.
        while (j + 1 < n && this.common[j + 1] >= pruned) j++;
        continue;
      }
      valid = id.length;
      const b = m - id.length + 2;
      if (b >= 0 && b < 5 && rows[5 * id.length + b] <= 2) found.push(this.order[j]);
    }
    return found.sort((a, b) => a - b);
  }
}

/**
 * The numbers of ascending lists (a number alone is a list of one), in
 * ascending order, each once: merged through a heap of the lists' next
 * numbers, so that an answer of a few ids from long lists (thousands of
 * versions of one document) costs a few steps, not a sort of them all.
 */
function* ascending(lists: readonly (number | readonly number[])[]): Generator<number> {
  /** Each list's next number, and where it is in the list. */
  const heads = lists.map((list) => (typeof list === 'number' ? list : list[0]));
  const at = lists.map(() => 0);
  // A binary heap of the lists not done, by their next number.
  const heap = lists.map((_, l) => l).sort((a, b) => heads[a] - heads[b]);
  const down = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const least = right < heap.length && heads[heap[right]] < heads[heap[left]] ? right : left;
      if (heads[heap[i]] <= heads[heap[least]]) return;
      [heap[i], heap[least]] = [heap[least], heap[i]];
      i = least;
    }
  };
  let last = -1;
  while (heap.length > 0) {
    const l = heap[0];
    if (heads[l] !== last) yield (last = heads[l]);
    const list = lists[l];
    const next = typeof list === 'number' ? undefined : list[++at[l]];
    if (next !== undefined) heads[l] = next;
    else {
      heap[0] = heap[heap.length - 1];
      heap.pop();
    }
    down(0);
  }
}
