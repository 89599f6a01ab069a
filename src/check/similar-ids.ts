// The manifest ids that look like an unknown one a record cites: another
// version of it, or a typo of up to two characters. Asked once per distinct
// unknown id, so that comparing each with every id of the manifest made the
// cost grow with misses × sources: on the bench's large (3,637 sources,
// 4,745 distinct unknown ids) that took 16 s of a 47 s profile. Ids are
// found here through an index instead, and each candidate is then judged by
// the same test as before, so that the answer is the one a comparison with
// every id gives, in the manifest's order.
import { withinEditDistance } from '../engine/edit-distance.js';

/** An id without its version suffix (returns-v1 → returns). */
export function stemOf(id: string): string {
  return id.replace(/[-_.@]?v?\d+(\.\d+)*$/i, '');
}

/**
 * Ids are indexed by the strings deleting up to two units (UTF-16) of their
 * lower case gives, which finds an id from a typo of it in a few lookups;
 * but those grow with the square of its length (529 for 32 units), and
 * 20,000 ids of 32 units took 1.6 GB and 21 s to index. So an id is indexed
 * so only up to this length, and while the index holds fewer than
 * MAX_DELETIONS strings (in the manifest's order); ids of up to SHORT units
 * always (at most 37 strings each). Other ids are indexed by their thirds,
 * three strings each, which finds them too but with every other id that
 * shares a third (src-0001-v1 and src-0002-v1 share src), each then ruled
 * out one by one: a query of the bench's ids cost 20 times as much so.
 */
const DELETED_UP_TO = 32;
const MAX_DELETIONS = 500_000;
const SHORT = 8;

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

/** Where the thirds of a text of this length begin, and its end. */
function thirds(length: number): readonly [number, number, number, number] {
  return [0, Math.floor(length / 3), Math.floor((2 * length) / 3), length];
}

/** The key of a third of a text of this length. */
const thirdKey = (length: number, k: number, third: string) => `${length}:${k}:${third}`;

type Postings = Map<string, number | number[]>;

interface Indexes {
  readonly byDeletion: Postings;
  readonly byThird: Postings;
  /** The lengths of the ids indexed by their thirds. */
  readonly thirdLengths: ReadonlySet<number>;
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
 * - a longer one keeps one of its thirds whole, since two edits change at
 *   most two of them, and in the wanted id that third starts at most two
 *   units from where it starts in the id.
 */
export class SimilarIds {
  private readonly stems: string[];
  private readonly lowered: string[];
  /** Indices of the ids by stem (not empty). */
  private readonly byStem = new Map<string, number[]>();
  /** Indices of the ids by the keys of their thirds, or of their deletions (short ids); made when first asked. */
  private indexes: Indexes | undefined;
  private readonly answers = new Map<string, readonly string[]>();

  /**
   * `max`: the most ids an answer lists, the first in the manifest's order;
   * `maxDeletions`: the most strings the index of deletions holds (MAX_DELETIONS).
   */
  constructor(
    private readonly ids: readonly string[],
    private readonly max = Number.POSITIVE_INFINITY,
    private readonly maxDeletions = MAX_DELETIONS,
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
    const { byDeletion, byThird, thirdLengths } = this.indexOf();
    // Two edits cannot reach a string longer or shorter by more than two.
    if (m <= DELETED_UP_TO + 2) for (const variant of deletions(lower)) add(byDeletion.get(variant));
    for (let length = Math.max(SHORT + 1, m - 2); length <= m + 2; length++) {
      if (!thirdLengths.has(length)) continue;
      const cut = thirds(length);
      for (let k = 0; k < 3; k++) {
        const size = cut[k + 1] - cut[k];
        for (let from = Math.max(0, cut[k] - 2); from <= cut[k] + 2 && from + size <= m; from++)
          add(byThird.get(thirdKey(length, k, lower.slice(from, from + size))));
      }
    }
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
    const byThird: Postings = new Map();
    const thirdLengths = new Set<number>();
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
      const cut = thirds(n);
      thirdLengths.add(n);
      for (let k = 0; k < 3; k++) post(byThird, thirdKey(n, k, lower.slice(cut[k], cut[k + 1])), i);
    });
    return (this.indexes = { byDeletion, byThird, thirdLengths });
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
