// A normalized source seen as a string, for diagnostics: its words, and the
// conversion between string indices (UTF-16) and the byte offsets that the
// offset map and the matcher use. Built only for sources that have a record to
// explain, and only as far as asked.
import { Buffer } from 'node:buffer';
import { prepareQuote, respectsWordBoundaries } from '../match.js';
import { lastAtOrBelow } from '../positions.js';
import { slotOf } from '../quote-scan.js';
import { isWordCodePoint } from '../unicode.js';
import { UnitIndex } from '../unit-index.js';

/** Byte offsets are kept every this many UTF-16 units. */
const CHECKPOINT = 64;

/**
 * Quotes shorter than this (UTF-16 units) are searched for in all of the text
 * when looked for inside longer words: a few words have no inner word rare
 * enough to point to their place (see verbatim).
 */
export const SHORT_QUOTE = 24;
/** Keys whose occurrences a view keeps, the last looked up: more than a quote looks up. */
const RECENT_KEYS = 64;
/** Inner words looked up to find where a quote's text is (verbatim). */
const VERBATIM_LOOKUPS = 4;
/**
 * The places of a word asked for at most, one more saying "too common":
 * by verbatim and by the closest passage's seeds alike, so that a word both
 * look up is looked up once (occurrences keeps the last answers).
 */
export const KEY_PLACES = 200;

export class SourceView {
  private encoded: Buffer | undefined;
  private decoded: string | undefined;
  private checkpoints: Int32Array | undefined;
  private wordIndex: WordIndex | undefined;
  private partIndex: PartIndex | undefined;
  private unitIndex: UnitIndex | undefined;
  private lowered: string | undefined;
  private table: WordTable | undefined;
  /** The last keys looked up up to KEY_PLACES, with their answers (see occurrences). */
  private readonly recentKeys = new Map<string, readonly number[]>();
  /** Quotes aligned here before the word table was made (see wordTable). */
  private aligned = 0;
  /** Bytes read so far searching the text for quotes' matches (see matches). */
  private searched = 0;
  /** UTF-16 units read so far searching the text for words' keys (see occurrences). */
  private keysSearched = 0;
  private readonly searchUpTo: number;

  /**
   * `lookups`: about how many quotes will look for passages here. A few are
   * served by searching the text for each of their words; many pay for an
   * index of all the words, built once.
   */
  constructor(
    source: Buffer | string,
    private readonly lookups = Number.POSITIVE_INFINITY,
    options: { matches?: 'searched' | 'indexed' } = {},
  ) {
    if (typeof source === 'string') this.decoded = source;
    else this.encoded = source;
    this.searchUpTo =
      options.matches === 'indexed' ? -1 : options.matches === 'searched' ? Number.POSITIVE_INFINITY : SEARCHED_PASSES;
  }

  /** The text as UTF-8 (normalized, as the matcher reads it). */
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.decoded!, 'utf8'));
  }

  get text(): string {
    return (this.decoded ??= this.encoded!.toString('utf8'));
  }

  /**
   * The matches (SPEC §4) of a normalized quote in the text: the first
   * `limit` byte offsets, ascending, as findMatches gives them. The text is
   * searched for the first quotes asked, until that has read it about
   * SEARCHED_PASSES times; then they are looked up in an index of its units,
   * made once (linear in the text: about as much as 500 searches), so that
   * each quote costs what it costs, not a pass over the source, and no quote
   * need be refused an answer because others asked before it. Either way,
   * the answer is the same.
   */
  matches(quote: string, limit: number): number[] {
    if (limit <= 0) return [];
    if (this.unitIndex === undefined) {
      const found = this.searchMatches(quote, limit);
      if (found) return found;
    }
    const index = (this.unitIndex ??= new UnitIndex(this.bytes));
    return index.firstMatches(index.range(Buffer.from(quote, 'utf8')), limit);
  }

  /** matches() by searching the text; undefined once the searches have read more than they may. */
  private searchMatches(quote: string, limit: number): number[] | undefined {
    const text = this.bytes;
    const upTo = this.searchUpTo * Math.max(text.length, SEARCHED_FLOOR);
    if (this.searched > upTo) return undefined;
    const prepared = prepareQuote(quote);
    const found: number[] = [];
    let from = 0;
    while (found.length < limit) {
      const at = text.indexOf(prepared.bytes, from);
      this.searched += SEARCH_CALL_BYTES + (at < 0 ? text.length : at) - from;
      if (at < 0) break;
      if (this.searched > upTo) return undefined;
      if (respectsWordBoundaries(text, at, prepared)) found.push(at);
      from = at + 1;
    }
    return found;
  }

  /** The byte offset of UTF-16 index `i` (i at a code point boundary). */
  byteOffset(i: number): number {
    const cps = this.byteCheckpoints();
    const k = Math.floor(i / CHECKPOINT);
    let offset = cps[k];
    const text = this.text;
    for (let j = k * CHECKPOINT; j < i; j++) offset += utf8Length(text.charCodeAt(j));
    return offset;
  }

  /** The UTF-16 index of byte offset `b` (b at a code point boundary). */
  charIndex(b: number): number {
    const cps = this.byteCheckpoints();
    const lo = lastAtOrBelow(cps, b);
    const text = this.text;
    let i = lo * CHECKPOINT;
    let offset = cps[lo];
    while (offset < b && i < text.length) offset += utf8Length(text.charCodeAt(i++));
    return i;
  }

  /**
   * Where the words with this key (see wordKey) start in the text, ascending:
   * at most `cap` + 1 of them (one more than `cap` says "too common"). A word
   * has the key when the key is the word's text in lower case, or a part of
   * it between characters that are not letters or digits ("angstrom" in
   * "Angstrom)d", "don" and "t" in "don’t"); where lower case moves indices
   * (a text with İ), when the key is the whole word's key. No word has the
   * empty key. The answer depends on the text and the key alone: `lookups`,
   * and how much searching the text for keys has read so far
   * (KEYS_SEARCHED_PASSES), only choose between searching the text for the
   * key and an index of every such part of every word.
   */
  occurrences(key: string, cap: number): readonly number[] {
    // No word has the empty key: wordKey gives it to the words without a letter or digit, which no index
    // keeps. Searched for, it is at every index, and the search (indexOf from one past the last place,
    // which gives the end of the text again) would never end.
    if (key === '') return [];
    // A quote's words are looked up twice, where its text is (verbatim) and for its closest passage's
    // seeds, both up to KEY_PLACES: those answers are kept, by key.
    if (cap !== KEY_PLACES) return this.lookUp(key, cap);
    let found = this.recentKeys.get(key);
    if (found === undefined) {
      if (this.recentKeys.size >= RECENT_KEYS) this.recentKeys.clear();
      this.recentKeys.set(key, (found = this.lookUp(key, cap)));
    }
    return found;
  }

  private lookUp(key: string, cap: number): readonly number[] {
    const text = this.text;
    const lower = (this.lowered ??= text.toLowerCase());
    // Lower case kept every index in place, or the search would be off: whole words then.
    if (lower.length !== text.length) return capped((this.wordIndex ??= new WordIndex(text)).starts(key), cap);
    // The index has parts of words, which start and end with a letter or digit: it serves keys that hold one
    // and no space (with what is not a letter or digit at their edges checked where their parts are).
    const runs = wordRuns(key);
    if (
      runs > 0 &&
      runs <= PART_RUNS &&
      !key.includes(' ') &&
      (this.partIndex !== undefined ||
        this.lookups > SEARCH_LOOKUPS ||
        this.keysSearched > KEYS_SEARCHED_PASSES * Math.max(text.length, SEARCHED_FLOOR))
    )
      return (this.partIndex ??= new PartIndex(text, lower)).starts(key, cap + 1);
    const found: number[] = [];
    let at = lower.indexOf(key);
    let calls = 1;
    for (; at >= 0 && found.length <= cap; at = lower.indexOf(key, at + 1), calls++) {
      // The key is a whole word, but for punctuation at its edges.
      if (at > 0 && isWordAt(text, at - 1)) continue;
      if (at + key.length < text.length && isWordAt(text, at + key.length)) continue;
      let start = at;
      while (start > 0 && text.charCodeAt(start - 1) !== 0x20) start--;
      found.push(start);
    }
    this.keysSearched += (at < 0 ? text.length : at) + calls * SEARCH_CALL_BYTES;
    return found;
  }

  /**
   * The first index where the quote's text is in the text, whatever the
   * words around it, or -1 when it is nowhere; undefined when that cannot be
   * told at a cost that does not grow with the text. A short quote is
   * searched for in all of the text (SHORT_QUOTE); a longer one only where
   * one of its inner words is: wherever the quote is, each of its words but
   * the first and the last is a whole word of the text (the spaces around it
   * are the text's), so the places of one, looked up (occurrences), are the
   * only places to look. Of the VERBATIM_LOOKUPS longest distinct ones, the
   * first with at most KEY_PLACES places is the one looked at. The answer depends on the
   * text and the quote alone.
   */
  verbatim(quote: string): number | undefined {
    const text = this.text;
    if (quote.length < SHORT_QUOTE) return text.indexOf(quote);
    const words = quote.split(' ');
    const keys: string[] = [];
    const offsets: number[] = [];
    let offset = words[0].length + 1;
    for (let k = 1; k < words.length - 1; k++) {
      keys.push(wordKey(words[k]));
      offsets.push(offset);
      offset += words[k].length + 1;
    }
    // The longest first, as the closest passage's seeds are looked up (they tend to be the rarest): the
    // first whose places are all told is the one looked at.
    for (let tries = 0; tries < VERBATIM_LOOKUPS; tries++) {
      let longest = -1;
      for (let k = 0; k < keys.length; k++)
        if (keys[k] !== '' && (longest < 0 || keys[k].length > keys[longest].length)) longest = k;
      if (longest < 0) return undefined;
      const key = keys[longest];
      const places = this.occurrences(key, KEY_PLACES);
      // Every copy of the word is done with: any of them says where the quote is, and a lookup is not spent again.
      for (let k = 0; k < keys.length; k++) if (keys[k] === key) keys[k] = '';
      if (places.length > KEY_PLACES) continue;
      // Ascending word starts (a word twice when its key is in it twice): the first that holds the quote.
      for (const start of places) {
        const at = start - offsets[longest];
        if (at >= 0 && text.startsWith(quote, at)) return at;
      }
      return -1;
    }
    return undefined;
  }

  /**
   * The text's words as a table (WordTable), when enough quotes are aligned
   * here to pay for it (one per ALIGNED_CHARS characters of text): at once
   * when a fifth of the `lookups` expected would, else once that many have
   * been aligned (counting this one), as quotes that are the source's own
   * text cut inside a word need no alignment (verbatim). Undefined before,
   * and the windows are split from the text each time. Either way the
   * windows are the same.
   */
  wordTable(): WordTable | undefined {
    if (this.table === undefined && Math.max(++this.aligned, this.lookups / 5) * ALIGNED_CHARS >= this.text.length)
      this.table = new WordTable(this.text);
    return this.table;
  }

  private byteCheckpoints(): Int32Array {
    if (this.checkpoints) return this.checkpoints;
    const text = this.text;
    const cps = new Int32Array(Math.floor(text.length / CHECKPOINT) + 1);
    let offset = 0;
    // Up to and including text.length: the last checkpoint may fall at the very end.
    for (let i = 0; i <= text.length; i++) {
      if (i % CHECKPOINT === 0) cps[i / CHECKPOINT] = offset;
      if (i < text.length) offset += utf8Length(text.charCodeAt(i));
    }
    return (this.checkpoints = cps);
  }
}

/**
 * Quotes' matches are searched for until that has read the text this many
 * times (searching reads about 0.2 ns a byte here, an index of units takes
 * about 100 ns a byte to make), then looked up in the index.
 */
const SEARCHED_PASSES = 64;
/** A short text counts as this long, so that searching a few bytes many times does not make an index at once. */
const SEARCHED_FLOOR = 1 << 16;
/** What a search call costs besides its bytes, in bytes read. */
const SEARCH_CALL_BYTES = 256;

/**
 * Words' keys are searched for until that has read the text this many times,
 * then looked up in an index of the parts of its words (PartIndex: about 18
 * ns a character to make, 4.5 ms for a source of 250 KB in a profile of the
 * bench's cut-medium JSON run; a search reads about 0.3 ns a character, so
 * 64 passes cost about what the index does).
 */
const KEYS_SEARCHED_PASSES = 64;

/** With more lookups than this expected, words are looked up in an index at once rather than searched for. */
const SEARCH_LOOKUPS = 8;

/** UTF-8 bytes for one UTF-16 unit: a surrogate half counts 2, the pair 4. */
function utf8Length(unit: number): number {
  return unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3;
}

/** A word's key for finding candidate passages: lower case, without punctuation at its edges. */
export function wordKey(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !isWordAt(word, start)) start++;
  while (end > start && !isWordAt(word, end - 1)) end--;
  return (start === 0 && end === word.length ? word : word.slice(start, end)).toLowerCase();
}

/** Whether the UTF-16 unit at `i` belongs to a letter or digit (either half of a pair counts as its code point). */
function isWordAt(word: string, i: number): boolean {
  const c = word.charCodeAt(i);
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
  const cp = word.codePointAt(c >= 0xdc00 && c <= 0xdfff && i > 0 ? i - 1 : i)!;
  return cp !== 0x5f && isWordCodePoint(cp);
}

/** The first `cap` + 1 of a list (itself when no longer). */
function capped(list: readonly number[], cap: number): readonly number[] {
  return list.length > cap + 1 ? list.slice(0, cap + 1) : list;
}

/** Keys of more runs of letters and digits than this are searched for, not looked up (PartIndex). */
const PART_RUNS = 8;

/** How many runs of letters and digits a key has. */
function wordRuns(key: string): number {
  let runs = 0;
  for (let i = 0; i < key.length; i++) if (isWordAt(key, i) && (i === 0 || !isWordAt(key, i - 1))) runs++;
  return runs;
}

/**
 * Every part of every word of a text, as occurrences() finds them by
 * searching (from the start of a run of letters and digits to the end of the
 * same or a later one of the same word, up to PART_RUNS runs), in lower case
 * (`lower`: the text in lower case, index for index), with the start of its
 * word: one entry per place the part is, in text order.
 *
 * In typed arrays, not a Map of strings: each part is hashed from the text's
 * own characters (no slice of it made), and its hash given an id, the next
 * free one, by an open-addressing table of the distinct hashes; the entries
 * are then laid out by id, and checked against the key when looked up. Made
 * so, a source of 256 KB took 5 ms where the Map took 55 to 100 ms
 * (measured). The ids do not move when the table grows, so each entry's id
 * is found once, as the entry is made, and no pass over the entries checks
 * which parts share a hash before a lookup asks (see starts).
 */
class PartIndex {
  /** Per entry: where its part starts in the text, and its length. */
  private readonly from: Int32Array;
  private readonly length: Int32Array;
  /** The entries by id (those of an id side by side, in text order), and their words' starts in that order. */
  private readonly byId: Int32Array;
  private readonly wordById: Int32Array;
  /** Per id: where its entries start in byId (to the next id's start). */
  private readonly idStart: Int32Array;
  /** Per id: UNKNOWN until a lookup asks, then PURE when all its entries are one part, else MIXED. */
  private readonly purity: Uint8Array;
  /** The open-addressing table: per slot, the id of the hash there (-1: free) and that hash. */
  private readonly slotIds: Int32Array;
  private readonly slotHashes: Int32Array;
  private readonly mask: number;

  constructor(
    text: string,
    private readonly lower: string,
  ) {
    const n = text.length;
    // About one entry for every six characters of prose: grown by doubling past that.
    let size = Math.max(1024, n >> 2);
    let from = new Int32Array(size);
    let length = new Int32Array(size);
    let word = new Int32Array(size);
    let entryId = new Int32Array(size);
    let count = 0;
    // The distinct hashes, in a table grown as they come (at most half full): sized by them, not by the
    // entries (several times as many), it stays in cache while the entries are made.
    let capacity = 1024;
    let mask = capacity - 1;
    let slotIds = new Int32Array(capacity).fill(-1);
    let slotHashes = new Int32Array(capacity);
    let idHashes = new Int32Array(capacity >> 1);
    let ids = 0;
    // The runs of letters and digits of the current word: where each starts and ends.
    let runStarts = new Int32Array(64);
    let runEnds = new Int32Array(64);
    let runs = 0;
    let start = 0;
    // Whether the unit before index i is a letter or digit (of the current word).
    let inRun = false;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 0x20;
      if (c !== 0x20) {
        const isWord =
          c < 0x80
            ? (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)
            : isWordAt(text, i);
        if (isWord && !inRun) {
          if (runs === runStarts.length) {
            runStarts = grown(runStarts);
            runEnds = grown(runEnds);
          }
          runStarts[runs] = i;
          runs++;
        }
        if (!isWord && inRun) runEnds[runs - 1] = i;
        inRun = isWord;
        continue;
      }
      if (inRun) runEnds[runs - 1] = i;
      inRun = false;
      // The word text[start, i): every part from one run's start to a later run's end.
      for (let a = 0; a < runs; a++) {
        // The hash of lower[runStarts[a], runEnds[b]), extended as b grows.
        let h = PART_SEED;
        let hashedTo = runStarts[a];
        for (let b = a; b < runs && b < a + PART_RUNS; b++) {
          const end = runEnds[b];
          for (; hashedTo < end; hashedTo++) h = Math.imul(h ^ lower.charCodeAt(hashedTo), 0x01000193);
          let slot = slotOf(h, mask);
          while (slotIds[slot] !== -1 && slotHashes[slot] !== h) slot = (slot + 1) & mask;
          let id = slotIds[slot];
          if (id === -1) {
            id = ids++;
            slotIds[slot] = id;
            slotHashes[slot] = h;
            if (id === idHashes.length) idHashes = grown(idHashes);
            idHashes[id] = h;
            if (2 * ids > capacity) {
              // Twice the slots; each hash goes where its id can be found again.
              capacity *= 2;
              mask = capacity - 1;
              slotIds = new Int32Array(capacity).fill(-1);
              slotHashes = new Int32Array(capacity);
              for (let k = 0; k < ids; k++) {
                let to = slotOf(idHashes[k], mask);
                while (slotIds[to] !== -1) to = (to + 1) & mask;
                slotIds[to] = k;
                slotHashes[to] = idHashes[k];
              }
            }
          }
          if (count === size) {
            size *= 2;
            from = grown(from);
            length = grown(length);
            word = grown(word);
            entryId = grown(entryId);
          }
          from[count] = runStarts[a];
          length[count] = end - runStarts[a];
          word[count] = start;
          entryId[count] = id;
          count++;
        }
      }
      runs = 0;
      start = i + 1;
    }
    this.mask = mask;
    this.slotIds = slotIds;
    this.slotHashes = slotHashes;
    this.from = from;
    this.length = length;
    // The entries laid out id by id, in text order within an id (a counting sort, stable).
    const idStart = new Int32Array(ids + 1);
    for (let e = 0; e < count; e++) idStart[entryId[e] + 1]++;
    for (let k = 0; k < ids; k++) idStart[k + 1] += idStart[k];
    this.idStart = idStart;
    const cursor = idStart.slice(0, ids);
    this.byId = new Int32Array(count);
    this.wordById = new Int32Array(count);
    for (let e = 0; e < count; e++) {
      const at = cursor[entryId[e]]++;
      this.byId[at] = e;
      this.wordById[at] = word[e];
    }
    this.purity = new Uint8Array(ids);
  }

  /**
   * Where the words with a part of this key start, ascending (a word twice
   * if the part is in it twice): the first `limit` of them. The key holds a
   * letter or digit and no space. What is not a letter or digit at its edges
   * is no part's (İ lower-cased is i and U+0307, so the key of "İ" ends in
   * U+0307): its core, from its first letter or digit to its last, is looked
   * up, and kept where the rest of the key is around it in the text, with no
   * letter or digit next to that, as searching the text finds it.
   */
  starts(key: string, limit: number): number[] {
    let first = 0;
    while (!isWordAt(key, first)) first++;
    let last = key.length;
    while (!isWordAt(key, last - 1)) last--;
    const core = last - first;
    const edged = first > 0 || last < key.length;
    const coreText = edged ? key.slice(first, last) : key;
    let h = PART_SEED;
    for (let i = first; i < last; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    const found: number[] = [];
    let slot = slotOf(h, this.mask);
    while (this.slotIds[slot] !== -1 && this.slotHashes[slot] !== h) slot = (slot + 1) & this.mask;
    const id = this.slotIds[slot];
    if (id === -1) return found;
    const { from, length, byId, wordById, lower } = this;
    const begin = this.idStart[id];
    const end = this.idStart[id + 1];
    const pure = this.isPure(id);
    if (pure) {
      // One part: the key's core is it, or none of them.
      const e = byId[begin];
      if (length[e] !== core || !lower.startsWith(coreText, from[e])) return found;
      if (!edged) {
        for (let k = begin; k < end && found.length < limit; k++) found.push(wordById[k]);
        return found;
      }
    }
    for (let k = begin; k < end && found.length < limit; k++) {
      const e = byId[k];
      if (!pure && (length[e] !== core || !lower.startsWith(coreText, from[e]))) continue;
      if (edged && !this.edgesAt(key, first, last, from[e])) continue;
      found.push(wordById[k]);
    }
    return found;
  }

  /**
   * Whether the key's edges (key[0, first) and key[last, end), not letters or
   * digits) are around its core where the core is at `at` in the text, with
   * no letter or digit next to them.
   */
  private edgesAt(key: string, first: number, last: number, at: number): boolean {
    const { lower } = this;
    const start = at - first;
    const end = start + key.length;
    return (
      start >= 0 &&
      end <= lower.length &&
      lower.startsWith(key.slice(0, first), start) &&
      lower.startsWith(key.slice(last), at + (last - first)) &&
      (start === 0 || !isWordAt(lower, start - 1)) &&
      (end === lower.length || !isWordAt(lower, end))
    );
  }

  /**
   * Whether all the entries of an id are one part (no two parts share its
   * hash), so that one comparison checks them all: worked out the first time
   * a lookup asks, once. The entries of a common word lie all over the text,
   * and reading each for every lookup of the word cost about 160 ns an entry
   * (measured, sources of 256 KB); reading them for every id while the index
   * is made read them for words no lookup asks for.
   */
  private isPure(id: number): boolean {
    if (this.purity[id] === UNKNOWN) {
      const { from, length, byId, lower } = this;
      const first = byId[this.idStart[id]];
      const at = from[first];
      const n = length[first];
      let pure = true;
      for (let k = this.idStart[id] + 1; k < this.idStart[id + 1] && pure; k++) {
        const e = byId[k];
        if (length[e] !== n) pure = false;
        else
          for (let i = 0; i < n && pure; i++)
            if (lower.charCodeAt(from[e] + i) !== lower.charCodeAt(at + i)) pure = false;
      }
      this.purity[id] = pure ? PURE : MIXED;
    }
    return this.purity[id] === PURE;
  }
}

const UNKNOWN = 0;
const PURE = 1;
const MIXED = 2;

/** A copy of an array twice as long. */
function grown(x: Int32Array): Int32Array<ArrayBuffer> {
  const y = new Int32Array(x.length * 2);
  y.set(x);
  return y;
}

/** Where a part's hash starts: drawn once per run, so that a text cannot be made of parts that share one list. */
const PART_SEED = Math.floor(Math.random() * 2 ** 32) | 0;

/**
 * A word table costs about 17 ns a character to make (in CPU profiles of the
 * JSON run of the bench's cut, Node 24: 68 to 75 ms for its 100 sources of
 * 40 KB, where slicing each word into a Map of strings took 92 ms) and
 * saves about 15 µs a quote aligned (the JSON run of explain-400k, 10,000
 * misses: a median of 0.995 s against 1.141 s, five runs of each bundle in
 * turn): made when at least one quote per this many characters is
 * aligned, where it pays (Node 24).
 */
const ALIGNED_CHARS = 512;

/**
 * The words of a text (its runs of characters between spaces) in order: where
 * each starts and ends, and the id of its text among the distinct words, so
 * that a window of words is a range of ids, and whatever is worked out for a
 * word (its key, whether a quote has it) is worked out once per distinct word.
 */
export class WordTable {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** Per word: the id of its text. */
  readonly ids: Int32Array;
  /** Per id: the word. */
  readonly texts: string[] = [];
  /** The ids by the hash of their text (see idOf): an open-addressing table, -1 in a free slot. */
  private readonly slotIds: Int32Array;
  private readonly slotHashes: Int32Array;
  private readonly mask: number;
  /**
   * For the quote being aligned (its serial, see serial()): per word id,
   * whether the quote has the word (stamp) and its id in the quote; per key
   * (see keyId), the same. Set once per quote, read for every window word.
   */
  readonly wordStamp: Int32Array;
  readonly wordInQuote: Int32Array;
  readonly keyStamp: number[] = [];
  readonly keyInQuote: number[] = [];
  /** Per word id: the id of its key (-1 until asked), keys being given ids as they are met. */
  private readonly keyIds: Int32Array;
  private readonly keyIdOf = new Map<string, number>();
  private serials = 0;

  constructor(text: string) {
    let count = 0;
    for (let i = 0; i < text.length; i++)
      if (text.charCodeAt(i) !== 0x20 && (i === 0 || text.charCodeAt(i - 1) === 0x20)) count++;
    this.starts = new Int32Array(count);
    this.ends = new Int32Array(count);
    this.ids = new Int32Array(count);
    // The distinct words by the hash of their characters, in an open-addressing table of ids (at most
    // half full): a word is hashed where it lies and sliced from the text only the first time it is
    // met (see ALIGNED_CHARS for what that saved).
    let mask = 1023;
    let slotIds = new Int32Array(mask + 1).fill(-1);
    let slotHashes = new Int32Array(mask + 1);
    const texts = this.texts;
    let k = 0;
    let start = -1;
    let h = WORD_SEED;
    for (let i = 0; i <= text.length; i++) {
      const c = i === text.length ? 0x20 : text.charCodeAt(i);
      if (c !== 0x20) {
        if (start < 0) {
          start = i;
          h = WORD_SEED;
        }
        h = Math.imul(h ^ c, 0x01000193);
        continue;
      }
      if (start < 0) continue;
      const n = i - start;
      let slot = slotOf(h, mask);
      let id = -1;
      for (; slotIds[slot] >= 0; slot = (slot + 1) & mask) {
        if (slotHashes[slot] !== h) continue;
        const seen = texts[slotIds[slot]];
        if (seen.length === n && text.startsWith(seen, start)) {
          id = slotIds[slot];
          break;
        }
      }
      if (id < 0) {
        id = texts.length;
        texts.push(text.slice(start, i));
        slotIds[slot] = id;
        slotHashes[slot] = h;
        if (2 * texts.length > mask) {
          const oldIds = slotIds;
          const oldHashes = slotHashes;
          mask = 2 * mask + 1;
          slotIds = new Int32Array(mask + 1).fill(-1);
          slotHashes = new Int32Array(mask + 1);
          for (let s = 0; s < oldIds.length; s++) {
            if (oldIds[s] < 0) continue;
            let to = slotOf(oldHashes[s], mask);
            while (slotIds[to] >= 0) to = (to + 1) & mask;
            slotIds[to] = oldIds[s];
            slotHashes[to] = oldHashes[s];
          }
        }
      }
      this.starts[k] = start;
      this.ends[k] = i;
      this.ids[k] = id;
      k++;
      start = -1;
    }
    this.slotIds = slotIds;
    this.slotHashes = slotHashes;
    this.mask = mask;
    this.wordStamp = new Int32Array(texts.length).fill(-1);
    this.wordInQuote = new Int32Array(texts.length);
    this.keyIds = new Int32Array(texts.length).fill(-1);
  }

  /** The id of a word's text, undefined when the text has no such word. */
  idOf(word: string): number | undefined {
    let h = WORD_SEED;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
    for (let slot = slotOf(h, this.mask); this.slotIds[slot] >= 0; slot = (slot + 1) & this.mask)
      if (this.slotHashes[slot] === h && this.texts[this.slotIds[slot]] === word) return this.slotIds[slot];
    return undefined;
  }

  /**
   * A serial number for a quote about to be aligned here, so that the stamps
   * tell its words from another's. Quotes are aligned one at a time: a quote's
   * stamps hold until the next quote takes a serial. Past the largest stamp
   * an Int32Array holds, the stamps are cleared and the serials start again.
   */
  serial(): number {
    if (this.serials === MAX_SERIAL) {
      this.wordStamp.fill(-1);
      this.keyStamp.fill(-1);
      this.serials = 0;
    }
    return this.serials++;
  }

  /** The id of a key (given one when first met). */
  keyId(key: string): number {
    let id = this.keyIdOf.get(key);
    if (id === undefined) {
      this.keyIdOf.set(key, (id = this.keyStamp.length));
      this.keyStamp.push(-1);
      this.keyInQuote.push(0);
    }
    return id;
  }

  /** The id of the key of word `id`, its key made by `keyOf` the first time. */
  keyOfWord(id: number, keyOf: (word: string) => string): number {
    let key = this.keyIds[id];
    if (key < 0) this.keyIds[id] = key = this.keyId(keyOf(this.texts[id]));
    return key;
  }

  /** The first word that ends after `i`. */
  firstEndingAfter(i: number): number {
    return firstAbove(this.ends, i);
  }

  /** The first word that starts at or after `i`. */
  firstStartingFrom(i: number): number {
    return firstAbove(this.starts, i - 1);
  }
}

const MAX_SERIAL = 0x7fffffff;

/** Where a word's hash starts: drawn once per run, as PART_SEED. */
const WORD_SEED = Math.floor(Math.random() * 2 ** 32) | 0;

/** The index of the first element above `value` in an ascending list (its length when none is). */
function firstAbove(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Every word of a text by its key, for texts that many quotes look up. */
class WordIndex {
  private readonly byKey = new Map<string, number[]>();

  constructor(text: string) {
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i === text.length || text.charCodeAt(i) === 0x20) {
        if (i > start) {
          const key = wordKey(text.slice(start, i));
          if (key !== '') {
            const list = this.byKey.get(key);
            if (list) list.push(start);
            else this.byKey.set(key, [start]);
          }
        }
        start = i + 1;
      }
    }
  }

  /** Where the words with this key start, ascending. */
  starts(key: string): readonly number[] {
    return this.byKey.get(key) ?? [];
  }
}

/** The whole words of a stretch of a text that a quote is aligned with, and where each starts. */
export interface WordWindow {
  readonly words: readonly string[];
  readonly starts: readonly number[];
  /** Taken from a word table: the table, and the index there of the window's first word. */
  readonly table?: WordTable;
  readonly offset?: number;
}

/**
 * The whole words of text[from, to): cut from the text, or, given the text's
 * word table, taken from it (the same words). A word the stretch starts or
 * ends inside is left out. So is a whole word when the stretch starts on the
 * space after a word, or ends on the space before one: windows have always
 * been cut so, and a closest passage must not move for being found faster.
 */
export function windowOf(text: string, from: number, to: number, table?: WordTable): WordWindow {
  const cutBefore = from > 0 && text.charCodeAt(from - 1) !== 0x20;
  const cutAfter = to < text.length && text.charCodeAt(to) !== 0x20;
  if (table === undefined) {
    const window = wordsIn(text, from, to);
    if (cutBefore) {
      window.words.shift();
      window.starts.shift();
    }
    if (cutAfter) {
      window.words.pop();
      window.starts.pop();
    }
    return window;
  }
  let lo = table.firstEndingAfter(from);
  let hi = Math.max(lo, table.firstStartingFrom(to));
  if (cutBefore && hi > lo) lo++;
  if (cutAfter && hi > lo) hi--;
  const words: string[] = new Array(hi - lo);
  const starts: number[] = new Array(hi - lo);
  for (let k = lo; k < hi; k++) {
    words[k - lo] = table.texts[table.ids[k]];
    starts[k - lo] = table.starts[k];
  }
  return { words, starts, table, offset: lo };
}

/** The words of a stretch of text, with where each starts. */
function wordsIn(text: string, from: number, to: number): { words: string[]; starts: number[] } {
  const words: string[] = [];
  const starts: number[] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i === to || text.charCodeAt(i) === 0x20) {
      if (i > start) {
        words.push(text.slice(start, i));
        starts.push(start);
      }
      start = i + 1;
    }
  }
  return { words, starts };
}
