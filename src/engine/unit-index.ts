// An index of a normalized source in which every quote is found at a cost
// that does not grow with the source: a suffix array of its units.
//
// A unit is a maximal run of word code points (SPEC §4: general category L or
// N, or `_`) or one code point of any other kind. The text is the sequence of
// its units. A quote matches at a position (SPEC §4: its bytes are there, and
// where it starts or ends with a word code point no word code point is next to
// it there) exactly when its own units are the text's units from a unit start
// on: a match that starts with a word code point starts a run of them, one
// that ends with one ends a run, and every unit inside is whole on both sides.
// So the matches of a quote, overlapping ones included, are the suffixes of
// the unit sequence that begin with the quote's units: one contiguous range of
// the suffix array, found by binary search, with no match to test one by one.
//
// Units are ranked in the order of their UTF-8 bytes (a unit that is a prefix
// of another first), so that comparing a quote with a suffix compares bytes of
// the text itself, read unit by unit: the index keeps nothing but the suffix
// array, one 32-bit offset per unit (a third to a fifth of the text's bytes in
// natural text). Building it is linear in the text, whatever the text repeats.
import { isWordCodePoint } from './unicode.js';
import { suffixArray } from './suffix-array.js';

/** Per ASCII byte: 1 for a word character (letter, digit, `_`). */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = isWordCodePoint(c) ? 1 : 0;

/** Bytes in the UTF-8 sequence that starts with byte `b`. */
function sequenceLength(b: number): number {
  return b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
}

/** Whether the code point whose UTF-8 sequence starts at `p` is a word code point. */
function wordAt(bytes: Uint8Array, p: number): boolean {
  const b = bytes[p];
  if (b < 0x80) return ASCII_WORD[b] === 1;
  let cp: number;
  if (b < 0xe0) cp = ((b & 0x1f) << 6) | (bytes[p + 1] & 0x3f);
  else if (b < 0xf0) cp = ((b & 0x0f) << 12) | ((bytes[p + 1] & 0x3f) << 6) | (bytes[p + 2] & 0x3f);
  else cp = ((b & 0x07) << 18) | ((bytes[p + 1] & 0x3f) << 12) | ((bytes[p + 2] & 0x3f) << 6) | (bytes[p + 3] & 0x3f);
  return isWordCodePoint(cp);
}

/**
 * Where the unit that starts at `p` (< end) ends, in well-formed UTF-8 that
 * ends at `end`: a run of word code points or one other code point, with the
 * space after it if there is one (so that a text's units are about as many as
 * its words).
 */
export function unitEnd(bytes: Uint8Array, p: number, end: number): number {
  const b = bytes[p];
  let q: number;
  if (b < 0x80 && ASCII_WORD[b] === 0) {
    if (b === 0x20) return p + 1;
    q = p + 1;
  } else if (b >= 0x80 && !wordAt(bytes, p)) {
    q = p + sequenceLength(b);
  } else {
    // A run of word code points: ASCII ones quickly, others decoded.
    q = p + sequenceLength(b);
    while (q < end) {
      const c = bytes[q];
      if (c < 0x80) {
        if (ASCII_WORD[c] === 0) break;
        q++;
      } else {
        if (!wordAt(bytes, q)) break;
        q += sequenceLength(c);
      }
    }
  }
  return q < end && bytes[q] === 0x20 ? q + 1 : q;
}

/** The unit starts of bytes[0, end): one pass to count them, one to write them. */
function unitStarts(bytes: Uint8Array, end: number): Int32Array {
  let count = 0;
  for (let p = 0; p < end; p = unitEnd(bytes, p, end)) count++;
  const starts = new Int32Array(count + 1);
  let k = 0;
  for (let p = 0; p < end; p = unitEnd(bytes, p, end)) starts[k++] = p;
  starts[count] = end;
  return starts;
}

/** Compares bytes a[i, i + la) with b[j, j + lb) in byte order, a prefix first: negative, 0 or positive. */
function compareBytes(a: Uint8Array, i: number, la: number, b: Uint8Array, j: number, lb: number): number {
  const common = Math.min(la, lb);
  for (let k = 0; k < common; k++) {
    const d = a[i + k] - b[j + k];
    if (d !== 0) return d;
  }
  return la - lb;
}

/**
 * The rank of every unit among the distinct units of the text, in byte order:
 * equal units one rank. Distinct units are found by hashing their bytes (an
 * open-addressing table, checked byte by byte), then sorted by their bytes.
 */
function unitRanks(bytes: Uint8Array, starts: Int32Array): { ranks: Int32Array; distinct: number } {
  const m = starts.length - 1;
  const ranks = new Int32Array(m);
  // First the id of each unit, in order of first appearance; the table holds ids.
  let capacity = 1024;
  let table = new Int32Array(capacity).fill(-1);
  let hashes = new Int32Array(capacity);
  let firstOf = new Int32Array(1024);
  let distinct = 0;
  for (let u = 0; u < m; u++) {
    const p = starts[u];
    const len = starts[u + 1] - p;
    let h = 0x811c9dc5 ^ len;
    for (let k = 0; k < len; k++) h = Math.imul(h ^ bytes[p + k], 0x01000193);
    h ^= h >>> 15;
    let mask = capacity - 1;
    let slot = h & mask;
    let id = -1;
    for (;;) {
      const t = table[slot];
      if (t === -1) break;
      if (hashes[slot] === h) {
        const q = starts[firstOf[t]];
        if (compareBytes(bytes, p, len, bytes, q, starts[firstOf[t] + 1] - q) === 0) {
          id = t;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
    if (id === -1) {
      id = distinct++;
      if (id === firstOf.length) {
        const grown = new Int32Array(firstOf.length * 2);
        grown.set(firstOf);
        firstOf = grown;
      }
      firstOf[id] = u;
      table[slot] = id;
      hashes[slot] = h;
      if (2 * distinct > capacity) {
        // Grow the table, placing every id again by its hash.
        const oldTable = table;
        const oldHashes = hashes;
        capacity *= 2;
        mask = capacity - 1;
        table = new Int32Array(capacity).fill(-1);
        hashes = new Int32Array(capacity);
        for (let s = 0; s < oldTable.length; s++) {
          if (oldTable[s] === -1) continue;
          let at = oldHashes[s] & mask;
          while (table[at] !== -1) at = (at + 1) & mask;
          table[at] = oldTable[s];
          hashes[at] = oldHashes[s];
        }
      }
    }
    ranks[u] = id;
  }
  // Then the ids in byte order of their units, and each unit's id replaced by its rank.
  const order = new Int32Array(distinct);
  for (let id = 0; id < distinct; id++) order[id] = id;
  const from = new Int32Array(distinct);
  const length = new Int32Array(distinct);
  for (let id = 0; id < distinct; id++) {
    from[id] = starts[firstOf[id]];
    length[id] = starts[firstOf[id] + 1] - from[id];
  }
  sortByBytes(order, from, length, bytes);
  const rankOf = new Int32Array(distinct);
  for (let r = 0; r < distinct; r++) rankOf[order[r]] = r;
  for (let u = 0; u < m; u++) ranks[u] = rankOf[ranks[u]];
  return { ranks, distinct };
}

/** Groups this small are sorted by insertion rather than by bucket. */
const INSERTION = 24;

/**
 * Sorts `items` (distinct byte strings, item i being bytes[from[i], from[i] +
 * length[i])) in byte order, a prefix first: a most-significant-byte radix
 * sort, linear in the bytes it reads.
 */
function sortByBytes(items: Int32Array, from: Int32Array, length: Int32Array, bytes: Uint8Array): void {
  const scratch = new Int32Array(items.length);
  const counts = new Int32Array(258);
  // Groups still to sort: [lo, hi) sharing their first `depth` bytes.
  const stack: number[] = [0, items.length, 0];
  while (stack.length > 0) {
    const depth = stack.pop()!;
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    if (hi - lo < 2) continue;
    if (hi - lo <= INSERTION) {
      for (let i = lo + 1; i < hi; i++) {
        const item = items[i];
        let j = i - 1;
        while (
          j >= lo &&
          compareBytes(
            bytes,
            from[items[j]] + depth,
            length[items[j]] - depth,
            bytes,
            from[item] + depth,
            length[item] - depth,
          ) > 0
        ) {
          items[j + 1] = items[j];
          j--;
        }
        items[j + 1] = item;
      }
      continue;
    }
    // The key at this depth: 0 for a string that has ended, else its byte + 1.
    counts.fill(0);
    for (let i = lo; i < hi; i++) {
      const item = items[i];
      counts[(depth < length[item] ? bytes[from[item] + depth] + 1 : 0) + 1]++;
    }
    for (let k = 1; k < 258; k++) counts[k] += counts[k - 1];
    for (let i = lo; i < hi; i++) {
      const item = items[i];
      scratch[lo + counts[depth < length[item] ? bytes[from[item] + depth] + 1 : 0]++] = item;
    }
    items.set(scratch.subarray(lo, hi), lo);
    // counts[k] is now where key k's group ends; the group of ended strings (key 0) holds at most one.
    let start = lo + counts[0];
    for (let k = 1; k < 257; k++) {
      const end = lo + counts[k];
      if (end - start > 1) stack.push(start, end, depth + 1);
      start = end;
    }
  }
}

/** Where a quote's matches are in the suffix array: [lo, hi). */
export interface IndexRange {
  readonly lo: number;
  readonly hi: number;
}

export class UnitIndex {
  /** The byte offset of each unit start, in the order of the suffixes that start there. */
  private readonly sa: Int32Array;
  private minima: Minima | undefined;

  /** `text`: a normalized source, well-formed UTF-8. */
  constructor(readonly text: Uint8Array) {
    const starts = unitStarts(text, text.length);
    const { ranks, distinct } = unitRanks(text, starts);
    const sa = suffixArray(ranks, Math.max(0, distinct - 1));
    for (let i = 0; i < sa.length; i++) sa[i] = starts[sa[i]];
    this.sa = sa;
  }

  /** How many units the text has (the suffix array's length). */
  get units(): number {
    return this.sa.length;
  }

  /**
   * The range of the suffix array holding the matches of `quote` (a
   * normalized quote, UTF-8, not empty): hi − lo of them. `steps` counts the
   * comparisons made, for a caller's work budget.
   */
  range(quote: Uint8Array, steps?: { count: number }): IndexRange {
    const quoteUnits = unitStarts(quote, quote.length);
    const sa = this.sa;
    // The first suffix not less than the quote, then the first greater than it (its units compared only).
    let lo = 0;
    let hi = sa.length;
    let compared = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      compared++;
      if (this.compare(sa[mid], quote, quoteUnits) < 0) lo = mid + 1;
      else hi = mid;
    }
    const first = lo;
    hi = sa.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      compared++;
      if (this.compare(sa[mid], quote, quoteUnits) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (steps) steps.count += compared;
    return { lo: first, hi: lo };
  }

  /** The byte offset of the match at position `i` of the suffix array. */
  at(i: number): number {
    return this.sa[i];
  }

  /**
   * The first `limit` matches in a range, by position in the text, ascending.
   * A range of up to RMQ_FROM entries is passed over once, keeping the
   * `limit` smallest offsets in a heap; a larger one is taken smallest first
   * through a range-minimum structure (see Minima), at a cost that grows with
   * `limit`, not with the range.
   */
  firstMatches(range: IndexRange, limit: number): number[] {
    const { lo, hi } = range;
    const sa = this.sa;
    if (limit <= 0) return [];
    if (hi - lo <= limit) return Array.from(sa.slice(lo, hi).sort());
    if (hi - lo <= RMQ_FROM) return smallest(sa, lo, hi, limit);
    this.minima ??= new Minima(sa);
    return this.minima.smallest(lo, hi, limit);
  }

  /** Every match in a range, by position in the text, ascending. */
  allMatches(range: IndexRange): Int32Array {
    return this.sa.slice(range.lo, range.hi).sort();
  }

  /**
   * The matches of a range by position in the text, ascending, one at a time
   * (-1 after the last): sorted at once up to RMQ_FROM of them, else taken
   * smallest first through Minima, so that taking the first few of a large
   * range costs a few, not the range.
   */
  ascending(range: IndexRange): { next(): number } {
    const { lo, hi } = range;
    if (hi - lo <= RMQ_FROM) {
      const sorted = this.sa.slice(lo, hi).sort();
      let k = 0;
      return { next: () => (k < sorted.length ? sorted[k++] : -1) };
    }
    this.minima ??= new Minima(this.sa);
    return this.minima.ascending(lo, hi);
  }

  /**
   * The suffix at byte `p` against the quote, on the quote's units only:
   * negative when the suffix comes first, 0 when it starts with them. The
   * quote's last unit may be followed by a space in the text, where it is
   * one unit with it: "days" stands for the text's "days" and "days ".
   */
  private compare(p: number, quote: Uint8Array, quoteUnits: Int32Array): number {
    const text = this.text;
    const end = text.length;
    const last = quoteUnits.length - 2;
    for (let k = 0; k <= last; k++) {
      // The suffix ended first: it is a prefix of the quote, so it comes first.
      if (p >= end) return -1;
      const from = quoteUnits[k];
      const length = quoteUnits[k + 1] - from;
      // A text's unit read no further than can decide (its bytes past the quote's, and a space after
      // them): a comparison costs the quote's bytes, however long a run of letters the text holds.
      const e = unitEnd(text, p, Math.min(end, p + length + 5));
      let d = compareBytes(text, p, e - p, quote, from, length);
      // The text's unit is the quote's and a space: no unit comes between the two in byte order.
      if (k === last && d > 0 && e - p === length + 1 && text[e - 1] === 0x20 && quote[from + length - 1] !== 0x20)
        d = compareBytes(text, p, length, quote, from, length);
      if (d !== 0) return d;
      p = e;
    }
    return 0;
  }
}

/** Ranges of the suffix array past this many entries are taken smallest first through Minima. */
export const RMQ_FROM = 2048;
/** What taking one entry from Minima costs, in entries read (two ranges' least entries, two partial blocks each), over 8. */
export const RMQ_STEPS = 8;

/** The `limit` (< hi − lo) smallest of a[lo, hi), ascending: one pass, a max-heap of them. */
function smallest(a: Int32Array, lo: number, hi: number, limit: number): number[] {
  // Sorted, then reversed: descending, which is a max-heap.
  const heap = a
    .slice(lo, lo + limit)
    .sort()
    .reverse();
  let top = heap[0];
  for (let i = lo + limit; i < hi; i++) {
    const v = a[i];
    if (v >= top) continue;
    // Replace the greatest and sift down.
    let k = 0;
    for (;;) {
      const l = 2 * k + 1;
      if (l >= limit) break;
      const r = l + 1;
      const c = r < limit && heap[r] > heap[l] ? r : l;
      if (heap[c] <= v) break;
      heap[k] = heap[c];
      k = c;
    }
    heap[k] = v;
    top = heap[0];
  }
  return Array.from(heap.sort());
}

/** Blocks of this many suffix array entries have their least entry kept (see Minima). */
const MIN_BLOCK_BITS = 4;
const MIN_BLOCK = 1 << MIN_BLOCK_BITS;

/**
 * A range-minimum structure over the suffix array's offsets: the index of the
 * least entry of each block of MIN_BLOCK entries, and a sparse table over
 * those (the least of 2^j blocks from each), so that the least entry of any
 * range is found by scanning at most two partial blocks. About
 * (entries / MIN_BLOCK) × log2(entries / MIN_BLOCK) 32-bit words, made only
 * for a text with a quote of more than RMQ_FROM matches.
 */
class Minima {
  /** levels[j][b]: the index of the least entry of blocks b to b + 2^j − 1. */
  private readonly levels: Int32Array[] = [];

  constructor(private readonly sa: Int32Array) {
    const blocks = Math.ceil(sa.length / MIN_BLOCK);
    const first = new Int32Array(blocks);
    for (let b = 0; b < blocks; b++) {
      const end = Math.min(sa.length, (b + 1) * MIN_BLOCK);
      let best = b * MIN_BLOCK;
      for (let i = best + 1; i < end; i++) if (sa[i] < sa[best]) best = i;
      first[b] = best;
    }
    this.levels.push(first);
    for (let span = 1; 2 * span <= blocks; span *= 2) {
      const below = this.levels[this.levels.length - 1];
      const level = new Int32Array(blocks - 2 * span + 1);
      for (let b = 0; b < level.length; b++) {
        const x = below[b];
        const y = below[b + span];
        level[b] = sa[y] < sa[x] ? y : x;
      }
      this.levels.push(level);
    }
  }

  /** The index of the least entry of sa[lo, hi] (both included, lo ≤ hi). */
  private least(lo: number, hi: number): number {
    const sa = this.sa;
    const bl = lo >>> MIN_BLOCK_BITS;
    const bh = hi >>> MIN_BLOCK_BITS;
    let best = lo;
    if (bh - bl < 2) {
      for (let i = lo + 1; i <= hi; i++) if (sa[i] < sa[best]) best = i;
      return best;
    }
    const leftEnd = (bl + 1) * MIN_BLOCK;
    for (let i = lo + 1; i < leftEnd; i++) if (sa[i] < sa[best]) best = i;
    for (let i = bh * MIN_BLOCK; i <= hi; i++) if (sa[i] < sa[best]) best = i;
    // The whole blocks between: two overlapping spans of the sparse table.
    const from = bl + 1;
    const j = 31 - Math.clz32(bh - from);
    const level = this.levels[j];
    const x = level[from];
    const y = level[bh - (1 << j)];
    if (sa[x] < sa[best]) best = x;
    if (sa[y] < sa[best]) best = y;
    return best;
  }

  /** The `limit` smallest entries of sa[lo, hi), ascending. */
  smallest(lo: number, hi: number, limit: number): number[] {
    const out: number[] = [];
    const entries = this.ascending(lo, hi);
    for (let v = entries.next(); v >= 0 && out.length < limit; v = out.length < limit ? entries.next() : -1)
      out.push(v);
    return out;
  }

  /** The entries of sa[lo, hi) smallest first: each taken splits its range in two, about RMQ_STEPS × 8 entries read. */
  ascending(lo: number, hi: number): Ascending {
    return new Ascending(this.sa, (l, r) => this.least(l, r), lo, hi);
  }
}

/** The entries of a range of the suffix array, smallest first (see Minima.ascending). */
export class Ascending {
  // A min-heap of ranges [l, r], keyed by their least entry (at index `at`): four parallel arrays.
  private keys = new Int32Array(16);
  private ats = new Int32Array(16);
  private ls = new Int32Array(16);
  private rs = new Int32Array(16);
  private size = 0;

  constructor(
    private readonly sa: Int32Array,
    private readonly least: (lo: number, hi: number) => number,
    lo: number,
    hi: number,
  ) {
    this.push(lo, hi - 1);
  }

  /** The next entry, or -1 when there is none. */
  next(): number {
    if (this.size === 0) return -1;
    const { keys, ats, ls, rs } = this;
    const key = keys[0];
    const at = ats[0];
    const l = ls[0];
    const r = rs[0];
    // Pop: the last range to the root, sifted down.
    const n = --this.size;
    if (n > 0) {
      const lastKey = keys[n];
      const lastAt = ats[n];
      const lastL = ls[n];
      const lastR = rs[n];
      let i = 0;
      for (;;) {
        const a = 2 * i + 1;
        if (a >= n) break;
        const b = a + 1;
        const c = b < n && keys[b] < keys[a] ? b : a;
        if (keys[c] >= lastKey) break;
        keys[i] = keys[c];
        ats[i] = ats[c];
        ls[i] = ls[c];
        rs[i] = rs[c];
        i = c;
      }
      keys[i] = lastKey;
      ats[i] = lastAt;
      ls[i] = lastL;
      rs[i] = lastR;
    }
    this.push(l, at - 1);
    this.push(at + 1, r);
    return key;
  }

  private push(l: number, r: number): void {
    if (l > r) return;
    if (this.size === this.keys.length) this.grow();
    const { keys, ats, ls, rs } = this;
    const at = this.least(l, r);
    const key = this.sa[at];
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      ats[i] = ats[parent];
      ls[i] = ls[parent];
      rs[i] = rs[parent];
      i = parent;
    }
    keys[i] = key;
    ats[i] = at;
    ls[i] = l;
    rs[i] = r;
  }

  private grow(): void {
    const size = this.keys.length * 2;
    const grown = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.keys = grown(this.keys);
    this.ats = grown(this.ats);
    this.ls = grown(this.ls);
    this.rs = grown(this.rs);
  }
}
