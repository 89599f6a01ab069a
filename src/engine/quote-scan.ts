// Many quotes, one pass over each source (a multi-pattern Rabin-Karp).
//
// Every distinct normalized quote of a run is put in a table under hashes of
// four 16-byte pieces of it, starting at four consecutive offsets k..k+3. A
// source is then read with a stride of 4 bytes: at each aligned position, the
// 16 bytes there are hashed as four 32-bit words and looked up. Any occurrence
// of a quote of at least 19 bytes has an aligned position among its bytes
// k..k+3, where one of its pieces starts; so every occurrence is seen, and each
// candidate is then compared in full. The pieces come from the middle of the
// quote: quotes often start alike ("Contact support ..."), rarely in the middle. The cost of a source is one pass over a
// quarter of its positions plus the candidates, however many quotes there are,
// and the cost of a quote does not grow with the length of the sources. The
// same pass tells which other sources hold a quote, for hints.
//
// Quotes shorter than 19 bytes (a few words) are searched one by one, only in
// the sources that are asked for.
import { Buffer } from 'node:buffer';
import { findMatches, respectsWordBoundaries, type PreparedQuote } from './match.js';

const PIECE = 16;
const STRIDE = 4;
/** Quotes from this many bytes on are found by the table; shorter ones one by one. */
export const MIN_TABLE_QUOTE = PIECE + STRIDE - 1;

/** Hash of four little-endian 32-bit words. */
function mix(w0: number, w1: number, w2: number, w3: number): number {
  let h = Math.imul(w0, 0x9e3779b1) ^ Math.imul(w1, 0x85ebca77) ^ Math.imul(w2, 0xc2b2ae3d) ^ Math.imul(w3, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

function wordAt(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

function pieceHash(bytes: Uint8Array, at: number): number {
  return mix(wordAt(bytes, at), wordAt(bytes, at + 4), wordAt(bytes, at + 8), wordAt(bytes, at + 12));
}

/**
 * A Bloom filter of the pieces' hashes (two bits each, 16 bits per piece, at
 * least 8 KiB): almost every position of a source is ruled out without
 * touching the table, and the filter stays small enough to stay in cache.
 */
function filterBits(pieces: number): number {
  let bits = 16;
  while (bits < 28 && 1 << bits < pieces * 16) bits++;
  return bits;
}

export interface QuoteHits {
  /** Start offsets of matches (word boundaries respected), ascending, at most the quote's cap. */
  readonly starts: number[];
}

/**
 * The pieces, in an open-addressing table of typed arrays: a few hundred
 * thousand quotes make a million entries, too many for a Map.
 */
class PieceTable {
  readonly filter: Uint32Array;
  /** The filter's bit index is the hash's top `shift` bits and its low `mask` bits. */
  readonly filterShift: number;
  readonly filterMask: number;
  readonly keys: Int32Array;
  /** The quote id of each slot; -1 for an empty slot. */
  readonly ids: Int32Array;
  /** Where in its quote the slot's piece starts. */
  readonly offsets: Int32Array;
  readonly mask: number;

  constructor(pieces: Int32Array, count: number) {
    const bits = filterBits(count);
    this.filter = new Uint32Array(1 << (bits - 5));
    this.filterShift = 32 - bits;
    this.filterMask = (1 << bits) - 1;
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.ids = new Int32Array(capacity).fill(-1);
    this.offsets = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < count; i++) {
      const h = pieces[3 * i];
      let slot = (h >>> 0) & this.mask;
      while (this.ids[slot] !== -1) slot = (slot + 1) & this.mask;
      this.keys[slot] = h;
      this.ids[slot] = pieces[3 * i + 1];
      this.offsets[slot] = pieces[3 * i + 2];
      const f = h >>> this.filterShift;
      const g = h & this.filterMask;
      this.filter[f >>> 5] |= 1 << (f & 31);
      this.filter[g >>> 5] |= 1 << (g & 31);
    }
  }
}

/** Whether Int32Array reads bytes as little-endian words, as pieceHash does. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The distinct quotes of a run, each with an id. */
export class QuoteSet {
  private readonly quotes: PreparedQuote[] = [];
  private readonly caps: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly short: number[] = [];
  /** Triples (hash, quote id, offset) of the pieces of the quotes added so far. */
  private pieces: Int32Array = new Int32Array(3 * 1024);
  private pieceCount = 0;
  private table: PieceTable | undefined;
  /** Scratch space for sources whose bytes are not 4-byte aligned. */
  private aligned: Buffer = Buffer.allocUnsafeSlow(0);

  /** Adds a quote (or finds it), keeping at most `cap` matches of it per source. Returns its id. */
  add(quote: PreparedQuote, cap: number): number {
    const known = this.ids.get(quote.text);
    if (known !== undefined) {
      if (cap > this.caps[known]) this.caps[known] = cap;
      return known;
    }
    const id = this.quotes.length;
    this.quotes.push(quote);
    this.caps.push(cap);
    this.ids.set(quote.text, id);
    if (quote.bytes.length < MIN_TABLE_QUOTE) {
      this.short.push(id);
      return id;
    }
    if (this.pieceCount + STRIDE > this.pieces.length / 3) {
      const grown = new Int32Array(this.pieces.length * 2);
      grown.set(this.pieces);
      this.pieces = grown;
    }
    const middle = (quote.bytes.length - MIN_TABLE_QUOTE) >>> 1;
    for (let offset = middle; offset < middle + STRIDE; offset++) {
      this.pieces[3 * this.pieceCount] = pieceHash(quote.bytes, offset);
      this.pieces[3 * this.pieceCount + 1] = id;
      this.pieces[3 * this.pieceCount + 2] = offset;
      this.pieceCount++;
    }
    this.table = undefined;
    return id;
  }

  get size(): number {
    return this.quotes.length;
  }

  quote(id: number): PreparedQuote {
    return this.quotes[id];
  }

  idOf(text: string): number | undefined {
    return this.ids.get(text);
  }

  /**
   * Finds the quotes of the set in `text` (a normalized source). Every quote
   * of at least MIN_TABLE_QUOTE bytes is looked for at no extra cost; the
   * shorter ones only when their id is in `wanted`.
   */
  scan(source: Buffer, wanted: ReadonlySet<number>): Map<number, QuoteHits> {
    const hits = new Map<number, QuoteHits>();
    const table = (this.table ??= new PieceTable(this.pieces, this.pieceCount));
    const n = source.length;
    if (this.pieceCount > 0 && n >= MIN_TABLE_QUOTE) {
      let text = source;
      if (source.byteOffset % 4 !== 0) {
        if (this.aligned.length < n + 4) this.aligned = Buffer.allocUnsafeSlow(n + 4);
        source.copy(this.aligned, 0, 0, n);
        text = this.aligned.subarray(0, n);
      }
      const words = LITTLE_ENDIAN ? new Int32Array(text.buffer, text.byteOffset, n >>> 2) : littleEndianWords(text);
      const { filter, filterShift, filterMask, keys, ids, offsets, mask } = table;
      const last = (n - PIECE) >>> 2;
      for (let w = 0; w <= last; w++) {
        const h = mix(words[w], words[w + 1], words[w + 2], words[w + 3]);
        const f = h >>> filterShift;
        if ((filter[f >>> 5] & (1 << (f & 31))) === 0) continue;
        const g = h & filterMask;
        if ((filter[g >>> 5] & (1 << (g & 31))) === 0) continue;
        for (let slot = (h >>> 0) & mask; ids[slot] !== -1; slot = (slot + 1) & mask) {
          if (keys[slot] !== h) continue;
          const id = ids[slot];
          const start = (w << 2) - offsets[slot];
          if (start < 0) continue;
          let hit = hits.get(id);
          const full = hit !== undefined && hit.starts.length >= this.caps[id];
          // Starts come in order, except that two found at one aligned position may
          // arrive either way round: a full list still takes an earlier one.
          if (full && start > hit!.starts[hit!.starts.length - 1]) continue;
          const q = this.quotes[id];
          if (!matchesAt(text, start, q.bytes) || !respectsWordBoundaries(text, start, q)) continue;
          if (!hit) hits.set(id, (hit = { starts: [] }));
          if (hit.starts.length === 0 || hit.starts[hit.starts.length - 1] < start) hit.starts.push(start);
          else insertSorted(hit.starts, start);
          if (full) hit.starts.pop();
        }
      }
    }
    for (const id of this.short) {
      if (!wanted.has(id)) continue;
      const starts = findMatches(source, this.quotes[id], this.caps[id]);
      if (starts.length > 0) hits.set(id, { starts });
    }
    return hits;
  }
}

function littleEndianWords(text: Uint8Array): Int32Array {
  const words = new Int32Array(text.length >>> 2);
  for (let w = 0; w < words.length; w++) words[w] = wordAt(text, w << 2);
  return words;
}

function insertSorted(list: number[], value: number): void {
  let i = list.length;
  while (i > 0 && list[i - 1] > value) i--;
  list.splice(i, 0, value);
}

function matchesAt(text: Uint8Array, at: number, quote: Uint8Array): boolean {
  if (at + quote.length > text.length) return false;
  for (let i = 0; i < quote.length; i++) if (text[at + i] !== quote[i]) return false;
  return true;
}
