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

/** Ids whose lower case is longer than this (UTF-16 units) are compared one by one, not indexed. */
const INDEXED_UP_TO = 32;

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

/**
 * The ids of a manifest, asked which of them look like an id it does not
 * have. Two ids within two edits of each other (substitutions, insertions,
 * deletions) become one string when at most two units are deleted from
 * each (a substitution deleted on both sides, an insertion on its own), so
 * that the strings each id gives by such deletions find every id within two
 * edits of a wanted one, with a few more, which the test then rules out.
 */
export class SimilarIds {
  private readonly stems: string[];
  private readonly lowered: string[];
  /** Indices of the ids by stem (not empty). */
  private readonly byStem = new Map<string, number[]>();
  /** Indices of the ids by the strings their lower case gives with up to two units deleted; made when first asked. */
  private byDeletion: Map<string, number | number[]> | undefined;
  /** Ids too long to index: each is compared. */
  private readonly unindexed: number[];
  private readonly answers = new Map<string, readonly string[]>();

  /** `max`: the most ids an answer lists, the first in the manifest's order. */
  constructor(
    private readonly ids: readonly string[],
    private readonly max = Number.POSITIVE_INFINITY,
  ) {
    this.stems = ids.map(stemOf);
    this.lowered = ids.map((id) => id.toLowerCase());
    this.unindexed = this.lowered.flatMap((lower, i) => (lower.length > INDEXED_UP_TO ? [i] : []));
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
    const candidates = new Set<number>(this.unindexed);
    if (wantedStem !== '') for (const i of this.byStem.get(wantedStem) ?? []) candidates.add(i);
    // An indexed id is at most INDEXED_UP_TO long: two edits cannot reach a string longer by more than two.
    if (lower.length <= INDEXED_UP_TO + 2) {
      const index = this.deletionIndex();
      for (const variant of deletions(lower)) {
        const at = index.get(variant);
        if (at === undefined) continue;
        if (typeof at === 'number') candidates.add(at);
        else for (const i of at) candidates.add(i);
      }
    }
    const found: string[] = [];
    for (const i of [...candidates].sort((x, y) => x - y)) {
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

  private deletionIndex(): Map<string, number | number[]> {
    if (this.byDeletion) return this.byDeletion;
    const index = new Map<string, number | number[]>();
    this.lowered.forEach((lower, i) => {
      if (lower.length > INDEXED_UP_TO) return;
      for (const variant of deletions(lower)) {
        const at = index.get(variant);
        if (at === undefined) index.set(variant, i);
        else if (typeof at === 'number') index.set(variant, [at, i]);
        else at.push(i);
      }
    });
    return (this.byDeletion = index);
  }
}
