// Many quotes, one pass over each source (a multi-pattern Rabin-Karp).
//
// Every distinct normalized quote of a set is put in a table under hashes of
// four 16-byte pieces of it, starting at four consecutive offsets k..k+3. A
// source is then read with a stride of 4 bytes: at each aligned position, the
// 16 bytes there are hashed as four 32-bit words and looked up. Any occurrence
// of a quote of at least 19 bytes has an aligned position among its bytes
// k..k+3, where one of its pieces starts; so every occurrence is seen, and each
// candidate is then compared in full. The pieces come from the middle of the
// quote (quotes often start alike, rarely in the middle), or from wherever
// they are shared with the fewest other quotes. The cost of a source is one
// pass over a quarter of its positions plus the candidates, however many
// quotes there are, and the cost of a quote does not grow with the length of
// the sources.
//
// Quotes shorter than 19 bytes (a few words) are looked for only in the
// sources that are asked for: searched one by one while that is cheap, and
// once searching them has cost about a third of building an index of the
// source's units (unit-index.ts), looked up there, at a cost that does not
// grow with the source (a binary search of its suffix array, and the first
// matches of the range it gives).
//
// Pieces tell quotes apart only where they differ in 16 bytes at one place:
// quotes of boilerplate that differ in a few bytes (clause 17, clause 18, …)
// share their pieces, and each place the boilerplate recurs in the source is a
// candidate for every one of them. An index of the source's units (below)
// finds any quote at a cost that does not grow with the source. So once the candidates have taken about as
// long as building the index and looking up every quote would (at most twice
// the cheaper way, as in renting skis until their price is paid), the table's
// findings are dropped and every quote asked for is looked up in the index,
// when every long quote of the set is asked for (a set scanned for hints asks
// for none, and keeps to the table).
//
// Pull requests choose both the quotes and the sources, so the work is
// bounded: a quote that has all its matches leaves the table for the rest of
// the source, and a source whose work costs more than its budget (a context
// made to rule out millions of matches, hints among quotes made to share
// their pieces) is given up with ScanTooCostly rather than checked for hours.
import { Buffer } from 'node:buffer';
import { contextAllows, respectsWordBoundaries, type PreparedQuote, type QuoteContext } from './match.js';
import { RMQ_FROM, RMQ_STEPS, UnitIndex } from './unit-index.js';

const PIECE = 16;
const STRIDE = 4;
/** Quotes from this many bytes on are found by the table; shorter ones one by one. */
export const MIN_TABLE_QUOTE = PIECE + STRIDE - 1;

/**
 * The work a scan may do before it gives up, in units of about one candidate
 * compared (about 15 ns here), 16 bytes compared, or 64 bytes searched.
 *
 * A scan of a source of n bytes for a set of quotes q1 … qk, each keeping at
 * most cap_i matches, gives up past
 *
 *   2^24 + 16 n + Σ [4 (cap_i + 1) (⌊|q_i| / 16⌋ + 2) + 2 L_i],
 *   L_i = 2 (⌊log2 n⌋ + 1) (⌊|q_i| / 16⌋ + 1) + 256
 *
 * units (|q| in bytes): a fixed allowance, 16 per byte of the source, four
 * times what comparing each quote's kept matches costs, and twice what
 * looking it up in an index of the source costs at most (L_i: the two binary
 * searches of its range, and reading up to 2,048 entries of it). What is
 * counted: each table candidate (a piece of a quote whose hash is at an
 * aligned position of the source), the bytes compared for it, each context
 * checked; each search of the source for a short quote (SEARCH_CALL and a
 * unit per 64 bytes searched); building the index of the source
 * (INDEX_PER_BYTE per byte, once per scan at most); each comparison of a
 * quote's binary search in the index (a unit and a unit per 16 bytes of the
 * quote) and the matches taken from its range. Not counted: the pass over
 * the source, which is linear in it whatever it holds.
 *
 * Short quotes are searched one by one until that has cost
 * SHORT_SEARCH_PER_BYTE n units (the search that passes it is given up and
 * its quote looked up), then the index is built (INDEX_PER_BYTE n), and each
 * quote without a context looked up in it costs at most its L_i and its cap's
 * matches taken from the range (within its kept allowance). The table's
 * candidates cost at most (INDEX_PER_BYTE n + Σ L_i over the long quotes) /
 * TABLE_TO_INDEX_TIME before their findings are dropped for the index (when
 * every long quote is asked for, and the candidates of one position more).
 * Together that is within 14 n + 2 Σ L_i and the kept allowances: a scan of quotes without a
 * context, all asked for, never gives up, on any input. Long quotes in
 * natural and numbered text and in boilerplate cost a few percent of the budget (scripts/bench/budget.mjs
 * measures it, up to the source size limit and with up to 1,000,000 quotes
 * of one word and more; docs/benchmarks.md gives its figures). What reaches
 * the budget is input built to repeat: a context that rules out millions of
 * matches of its quote, or, in a scan for hints (which asks for no quote),
 * quotes made to share their pieces.
 */
const BASE_BUDGET = 1 << 24;
const BUDGET_PER_SOURCE_BYTE = 16;
/** A native search call costs about as much as this many candidates. */
const SEARCH_CALL = 8;
/**
 * Short quotes are searched one by one until that has cost this many units
 * per byte of the source (about a third of building an index of it, which
 * takes about 100 ns per byte here); the rest are looked up in the index.
 */
const SHORT_SEARCH_PER_BYTE = 2;
/** Building the index of a source is counted as this many units per byte (it takes about 100 ns a byte). */
const INDEX_PER_BYTE = 6;
/** Work counted per match taken from an index range: about a candidate compared per 8 entries read. */
const RANGE_ENTRIES_PER_UNIT = 8;
/**
 * How many times as long the table's candidates take as the index's lookups,
 * per unit counted, where the table gives way: on boilerplate (budget.mjs
 * --kind boilerplate, 400 KB, 100,000 quotes) a unit of candidates took 86 ns
 * and a unit of the index 18 ns, and the index's estimate (39.6 million
 * units) was 1.6 times what it then spent (25.4 million): 86 ns against
 * 18 / 1.6 = 11 ns a unit of the estimate, about 8 to 1. So the table gives
 * way once its candidates have counted an eighth of the estimate: 4.0 s of
 * that scan became 0.9 s.
 */
const TABLE_TO_INDEX_TIME = 8;
/** The most a lookup counts for reading its range, however large (see findIndexed). */
const RANGE_UNITS = RMQ_FROM / RANGE_ENTRIES_PER_UNIT;

/** What a binary search of a quote's range counts per comparison, in units (see UnitIndex.range). */
function compareUnits(quote: PreparedQuote): number {
  return (quote.bytes.length >>> 4) + 1;
}

/** A source whose quotes would cost more than its budget to check. */
export class ScanTooCostly extends Error {
  constructor(readonly budget: number) {
    super(
      `its quotes would take more than ${budget.toLocaleString('en-US')} comparisons to check: ` +
        'they, or the text, repeat the same passages too often',
    );
    this.name = 'ScanTooCostly';
  }
}

/** Hash of four little-endian 32-bit words. */
function mix(w0: number, w1: number, w2: number, w3: number): number {
  let h = Math.imul(w0, 0x9e3779b1) ^ Math.imul(w1, 0x85ebca77) ^ Math.imul(w2, 0xc2b2ae3d) ^ Math.imul(w3, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/**
 * Where a hash goes in the open-addressing tables below: the hash mixed with a
 * key drawn once per run, then cut to the table's size. Quotes come from pull
 * requests and the piece hash is public, so without the key a pull request
 * could choose quotes whose pieces hash to values sharing their low bits, and
 * every table operation would walk one long run of slots: 200,000 quotes made
 * so (scripts/bench/hash-flood.mjs) took 7.8 to 10.5 s to check instead of
 * 3.2 s, 400,000 took 14.8 to 17.3 s instead of 6.9 to 7.3 s (measured). With
 * the key, where a hash goes cannot be chosen. The key decides only where an
 * entry sits: what is found, the pieces chosen and the work counted against a
 * scan's budget are the same in every run.
 */
export function slotOf(h: number, mask: number): number {
  let x = h ^ SLOT_KEY;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) & mask;
}
const SLOT_KEY = Math.floor(Math.random() * 2 ** 32) | 0;

function wordAt(bytes: Uint8Array, at: number): number {
  return bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24);
}

/** The hash of the 16 bytes at `at`. */
export function pieceHash(bytes: Uint8Array, at: number): number {
  return mix(wordAt(bytes, at), wordAt(bytes, at + 4), wordAt(bytes, at + 8), wordAt(bytes, at + 12));
}

/**
 * A Bloom filter of the pieces' hashes (two bits each, 16 bits per piece, at
 * least 8 KiB): almost every position of a source is ruled out without
 * touching the table. The quotes of one source make a filter that stays in
 * the cache; one of many more quotes (the lost quotes of a large run) does
 * not, and is read by windows instead (IN_CACHE_FILTER_BITS). Its
 * bits are the hash's own, not keyed as slots are: hashes made alike pass it
 * more often, and then only reach the table, whose walks stay short.
 */
function filterBits(pieces: number): number {
  let bits = 16;
  while (bits < 28 && 1 << bits < pieces * 16) bits++;
  return bits;
}

export interface QuoteHits {
  /** Start offsets of matches (word boundaries, and the context if any, respected), ascending, at most the quote's cap. */
  readonly starts: number[];
  /** With a context: how many matches the quote alone has (counted up to the point its cap was reached). */
  readonly candidates: number;
}

/**
 * The pieces in an open-addressing table of typed arrays (a few hundred
 * thousand quotes make a million pieces, too many for a Map): one slot per
 * distinct hash, heading a list of the pieces that have it.
 */
class PieceTable {
  readonly filter: Uint32Array;
  /** The filter's bit index is the hash's top `shift` bits and its low `mask` bits. */
  readonly filterShift: number;
  readonly filterMask: number;
  readonly keys: Int32Array;
  /** The first piece of each slot's list; -1 for an empty slot. */
  readonly heads: Int32Array;
  readonly mask: number;
  /** Per piece: the next piece of its list (-1 at the end), its quote, and where in the quote it starts. */
  readonly next: Int32Array;
  readonly ids: Int32Array;
  readonly offsets: Int32Array;

  constructor(pieces: Int32Array, count: number) {
    const bits = filterBits(count);
    this.filter = new Uint32Array(1 << (bits - 5));
    this.filterShift = 32 - bits;
    this.filterMask = (1 << bits) - 1;
    let capacity = 16;
    while (capacity < count * 2) capacity *= 2;
    this.keys = new Int32Array(capacity);
    this.heads = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    this.next = new Int32Array(count);
    this.ids = new Int32Array(count);
    this.offsets = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const h = pieces[3 * i];
      let slot = slotOf(h, this.mask);
      while (this.heads[slot] !== -1 && this.keys[slot] !== h) slot = (slot + 1) & this.mask;
      this.keys[slot] = h;
      this.next[i] = this.heads[slot];
      this.heads[slot] = i;
      this.ids[i] = pieces[3 * i + 1];
      this.offsets[i] = pieces[3 * i + 2];
      const f = h >>> this.filterShift;
      const g = h & this.filterMask;
      this.filter[f >>> 5] |= 1 << (f & 31);
      this.filter[g >>> 5] |= 1 << (g & 31);
    }
  }

  /** The longest stretch of taken slots (see slotOf: it stays short however the hashes were chosen). */
  longestRun(): number {
    return longestRun(this.heads.length, (slot) => this.heads[slot] !== -1);
  }
}

/** The longest stretch of taken slots in a table of `size` slots, going round its end. */
function longestRun(size: number, taken: (slot: number) => boolean): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < 2 * size && best < size; i++) {
    run = taken(i % size) ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** What comparing one match of a quote costs, in budget units. */
function keptUnits(quote: PreparedQuote): number {
  return (quote.bytes.length >>> 4) + 2;
}

/** The head of a slot whose list a scan has emptied: taken, but with nothing in it. */
const EMPTIED = -2;

/** Whether Int32Array reads bytes as little-endian words, as pieceHash does. */
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * How many pieces have each hash: an open-addressing table of typed arrays,
 * for the hundreds of thousands of pieces a run can add (with a Set and a Map
 * of numbers instead, 50,000 quotes of one source took 0.09 to 0.13 s more).
 */
class HashCounts {
  private keys = new Int32Array(1024);
  /** 0 for an empty slot: a hash is in the table once counted. */
  private counts = new Int32Array(1024);
  private size = 0;

  count(h: number): number {
    const mask = this.keys.length - 1;
    for (let slot = slotOf(h, mask); ; slot = (slot + 1) & mask) {
      if (this.counts[slot] === 0) return 0;
      if (this.keys[slot] === h) return this.counts[slot];
    }
  }

  increment(h: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = slotOf(h, mask);
    while (this.counts[slot] !== 0 && this.keys[slot] !== h) slot = (slot + 1) & mask;
    if (this.counts[slot] === 0) {
      this.keys[slot] = h;
      this.size++;
    }
    this.counts[slot]++;
  }

  /** The longest stretch of taken slots (see slotOf). */
  longestRun(): number {
    return longestRun(this.counts.length, (slot) => this.counts[slot] !== 0);
  }

  private grow(): void {
    const { keys, counts } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.counts = new Int32Array(keys.length * 2);
    const mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      if (counts[i] === 0) continue;
      let slot = slotOf(keys[i], mask);
      while (this.counts[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = keys[i];
      this.counts[slot] = counts[i];
    }
  }
}

/**
 * A quote and its context as one key. The lengths come first: a quote, prefix
 * or suffix may hold any character, U+0000 too, so joining them with a
 * separator would let two different triples make one key.
 */
function contextKey(text: string, context: QuoteContext): string {
  return `${text.length},${context.prefixText.length},${text}${context.prefixText}${context.suffixText}`;
}

/** The distinct quotes of a run, each with an id. */
export class QuoteSet {
  private readonly quotes: PreparedQuote[] = [];
  private readonly caps: number[] = [];
  private readonly contexts: (QuoteContext | undefined)[] = [];
  /** The ids of the quotes added without a context, by text. */
  private readonly bare = new Map<string, number>();
  /** And of those added with one, by contextKey(): apart, so that no quote's text can pass for a key. */
  private readonly withContext = new Map<string, number>();
  /** The short quotes that find their text (see carriers). */
  private readonly short: number[] = [];
  /**
   * For each quote, the one whose pieces and searches find its text: itself,
   * or the first added with the same text, which then finds the matches of
   * every quote of that text (`groups`) and each keeps those its context
   * allows. Three hundred records quoting one sentence of a source that has it
   * ten thousand times, each with the prefix of its section, were three
   * hundred quotes that each found those ten thousand places: past the scan's
   * budget, and the source given up. Now the places are found once.
   */
  private readonly carriers: number[] = [];
  /** For a quote that finds the text of others too: all of them, itself first, in the order they were added. */
  private readonly groups: (number[] | undefined)[] = [];
  /** The quote that finds each text (see carriers). */
  private readonly carrierByText = new Map<string, number>();
  /** How many long quotes find their text. */
  private longCarriers = 0;
  /** Triples (hash, quote id, offset) of the pieces of the quotes added so far. */
  private pieces: Int32Array = new Int32Array(3 * 1024);
  private pieceCount = 0;
  /** How many pieces have each hash so far, while pieces are spread (see the constructor). */
  private readonly crowding: HashCounts | undefined;
  private table: PieceTable | undefined;
  /** What each quote may keep per scan, for the budget. */
  private keptWork = 0;
  /** Σ compareUnits over the quotes, and over the long ones: what looking them up costs, per comparison. */
  private lookupWork = 0;
  private longLookupWork = 0;
  /** Scratch space for sources whose bytes are not 4-byte aligned. */
  private aligned: Buffer = Buffer.allocUnsafeSlow(0);
  /** For scans whose filter is too large for the cache (see scanTable). */
  private window: FilterWindow | undefined;
  /** Per-quote state of a scan, kept from scan to scan (a set may be scanned against every source). */
  private state: ScanState | undefined;
  private work: { spent: number; budget: number } | undefined;
  private readonly shortSearchPerByte: number;
  private readonly longQuotes: 'table' | 'indexed' | 'either';
  private readonly filterOrder: 'text' | 'windowed' | undefined;
  private filterRead: 'text' | 'windowed' | undefined;

  /**
   * `spread`: take a quote's pieces away from those other quotes have (see
   * pieceStart). On by default; a set scanned for hints only, with its work
   * bounded all the same, can save the memory it takes. `shortQuotes` and
   * `longQuotes`, for tests: search the short quotes one by one, or look them
   * all up in an index; find the long ones by the table only, or look them
   * all up in the index; rather than switching from one to the other as the
   * work grows (the matches found are the same). `filterOrder`, for tests too:
   * look at the table's filter in text order or by windows (see scanTable)
   * whatever its size.
   */
  constructor(
    options: {
      spread?: boolean;
      shortQuotes?: 'searched' | 'indexed';
      longQuotes?: 'table' | 'indexed';
      filterOrder?: 'text' | 'windowed';
    } = {},
  ) {
    this.longQuotes = options.longQuotes ?? 'either';
    this.filterOrder = options.filterOrder;
    this.crowding = options.spread === false ? undefined : new HashCounts();
    this.shortSearchPerByte =
      options.shortQuotes === 'indexed'
        ? -1
        : options.shortQuotes === 'searched'
          ? Number.POSITIVE_INFINITY
          : SHORT_SEARCH_PER_BYTE;
  }

  /**
   * Adds a quote (or finds it), keeping at most `cap` matches of it per source.
   * With a context (SPEC §1 prefix and suffix), only the matches it allows count
   * and are kept; the same quote with another context is another entry.
   */
  add(quote: PreparedQuote, cap: number, context?: QuoteContext): number {
    const byKey = context ? this.withContext : this.bare;
    const key = context ? contextKey(quote.text, context) : quote.text;
    const known = byKey.get(key);
    if (known !== undefined) {
      if (cap > this.caps[known]) {
        this.keptWork += (cap - this.caps[known]) * keptUnits(quote);
        this.caps[known] = cap;
      }
      return known;
    }
    const id = this.quotes.length;
    this.quotes.push(quote);
    this.caps.push(cap);
    this.contexts.push(context);
    this.groups.push(undefined);
    byKey.set(key, id);
    this.keptWork += (cap + 1) * keptUnits(quote);
    const carrier = this.carrierByText.get(quote.text);
    if (carrier !== undefined) {
      // Its text is found by the quote that has it already (see carriers).
      this.carriers.push(carrier);
      (this.groups[carrier] ??= [carrier]).push(id);
      return id;
    }
    this.carriers.push(id);
    this.carrierByText.set(quote.text, id);
    this.lookupWork += compareUnits(quote);
    if (quote.bytes.length < MIN_TABLE_QUOTE) {
      this.short.push(id);
      return id;
    }
    this.longCarriers++;
    this.longLookupWork += compareUnits(quote);
    if (this.pieceCount + STRIDE > this.pieces.length / 3) {
      const grown = new Int32Array(this.pieces.length * 2);
      grown.set(this.pieces);
      this.pieces = grown;
    }
    const start = this.pieceStart(quote.bytes);
    for (let offset = start; offset < start + STRIDE; offset++) {
      const h = pieceHash(quote.bytes, offset);
      this.pieces[3 * this.pieceCount] = h;
      this.pieces[3 * this.pieceCount + 1] = id;
      this.pieces[3 * this.pieceCount + 2] = offset;
      this.pieceCount++;
      this.crowding?.increment(h);
    }
    this.table = undefined;
    return id;
  }

  /**
   * Where a quote's four pieces start: the middle, unless another quote has a
   * piece there already; then, among a few places, the one shared least.
   */
  private pieceStart(bytes: Uint8Array): number {
    const last = bytes.length - MIN_TABLE_QUOTE;
    const middle = last >>> 1;
    const crowding = this.crowding;
    if (!crowding) return middle;
    const shared = (k: number) => {
      let most = 0;
      for (let offset = k; offset < k + STRIDE; offset++)
        most = Math.max(most, crowding.count(pieceHash(bytes, offset)));
      return most;
    };
    let best = middle;
    let fewest = shared(middle);
    for (const k of [last >>> 2, (3 * last) >>> 2, 0, last]) {
      if (fewest === 0) break;
      const n = shared(k);
      if (n < fewest) {
        best = k;
        fewest = n;
      }
    }
    return best;
  }

  get size(): number {
    return this.quotes.length;
  }

  /** The longest stretches of taken slots in its two tables, for tests: see slotOf. */
  longestRuns(): { pieces: number; counts: number } {
    const table = (this.table ??= new PieceTable(this.pieces, this.pieceCount));
    return { pieces: table.longestRun(), counts: this.crowding?.longestRun() ?? 0 };
  }

  quote(id: number): PreparedQuote {
    return this.quotes[id];
  }

  /** The id of a quote added without a context. */
  idOf(text: string): number | undefined {
    return this.bare.get(text);
  }

  /** The id of a quote added with this context. */
  idWith(text: string, context: QuoteContext): number | undefined {
    return this.withContext.get(contextKey(text, context));
  }

  /**
   * The short quotes among `wanted`, in the order they were added: from the
   * wanted ones when they are fewer, so that a set scanned against many
   * sources for a few of its quotes (or none) does not pass over all of its
   * short quotes for each source.
   */
  private shortOf(wanted: ReadonlySet<number>): readonly number[] {
    if (wanted.size >= this.short.length) return this.short.filter((id) => this.wantedOf(id, wanted).length > 0);
    const ids = new Set<number>();
    for (const id of wanted)
      if (id < this.quotes.length && this.quotes[id].bytes.length < MIN_TABLE_QUOTE) ids.add(this.carriers[id]);
    return [...ids].sort((a, b) => a - b);
  }

  /** The quotes whose text a short quote finds (see carriers) that are among `wanted`. */
  private wantedOf(carrier: number, wanted: ReadonlySet<number>): readonly number[] {
    const group = this.groups[carrier];
    if (group === undefined) return wanted.has(carrier) ? [carrier] : [];
    return group.filter((id) => wanted.has(id));
  }

  /** The work the last scan did and its budget (see BASE_BUDGET), for measuring. */
  get lastWork(): { readonly spent: number; readonly budget: number } | undefined {
    return this.work;
  }

  /** How the last scan read its table's filter (see scanTable); undefined when it did not read it. For tests. */
  get lastFilterOrder(): 'text' | 'windowed' | undefined {
    return this.filterRead;
  }

  /** scan(), or the ScanTooCostly it gave up with. */
  scanWithinBudget(source: Buffer, wanted: ReadonlySet<number>): Map<number, QuoteHits> | ScanTooCostly {
    try {
      return this.scan(source, wanted);
    } catch (error) {
      if (error instanceof ScanTooCostly) return error;
      throw error;
    }
  }

  /** The long quotes among `wanted`, if they are all the set has (else undefined: see the module comment). */
  private allLongOf(wanted: ReadonlySet<number>): number[] | undefined {
    const long = this.longCarriers;
    if (wanted.size < long) return undefined;
    const ids = new Set<number>();
    for (const id of wanted)
      if (id < this.quotes.length && this.quotes[id].bytes.length >= MIN_TABLE_QUOTE) ids.add(this.carriers[id]);
    return ids.size === long ? [...ids].sort((a, b) => a - b) : undefined;
  }

  /**
   * Finds the quotes of the set in `text` (a normalized source). Every quote
   * of at least MIN_TABLE_QUOTE bytes is looked for at no extra cost; the
   * shorter ones only when their id is in `wanted`. Throws ScanTooCostly when
   * the work costs more than the source's budget (see BASE_BUDGET).
   */
  scan(source: Buffer, wanted: ReadonlySet<number>): Map<number, QuoteHits> {
    const n = source.length;
    const comparisons = 2 * (n > 0 ? 32 - Math.clz32(n) : 1);
    const lookups = comparisons * this.lookupWork + RANGE_UNITS * this.quotes.length;
    const budget = BASE_BUDGET + BUDGET_PER_SOURCE_BYTE * n + 4 * this.keptWork + 2 * lookups;
    const found = (this.state ??= new ScanState());
    found.begin(this.quotes.length, this.caps, budget);
    this.work = { spent: budget, budget };
    this.filterRead = undefined;
    // With every long quote asked for, the table may give way to the index: once it has cost what
    // building the index and looking each long quote up would (see the module comment).
    const allLong = this.longQuotes === 'table' ? undefined : this.allLongOf(wanted);
    const indexAt =
      allLong === undefined
        ? Number.POSITIVE_INFINITY
        : this.longQuotes === 'indexed'
          ? -1
          : (INDEX_PER_BYTE * n + comparisons * this.longLookupWork + RANGE_UNITS * this.longCarriers) /
            TABLE_TO_INDEX_TIME;
    // Built once per scan at most, for long quotes or short ones, and counted when built.
    let index: UnitIndex | undefined;
    const indexed = () => {
      if (index === undefined) {
        found.spend(INDEX_PER_BYTE * n);
        index = new UnitIndex(source);
      }
      return index;
    };
    if (indexAt < 0 ? allLong!.length > 0 : !this.scanTable(source, found, indexAt)) {
      // What the table found is dropped, and every long quote looked up instead.
      found.dropFindings();
      for (const id of allLong!) findIndexed(indexed(), this.quotes[id], this.groups[id] ?? [id], this.contexts, found);
    }
    // Short quotes: searched for until that has cost SHORT_SEARCH_PER_BYTE per byte, then looked up in an index.
    const searchUpTo = found.findingWork() + this.shortSearchPerByte * n;
    for (const id of this.shortOf(wanted)) {
      const quote = this.quotes[id];
      const ids = this.wantedOf(id, wanted);
      // A search that runs past the limit is given up and its quote looked up instead.
      if (index === undefined && findShort(source, quote, ids, this.contexts, found, searchUpTo)) continue;
      findIndexed(indexed(), quote, ids, this.contexts, found);
    }
    this.work = { spent: found.spent(), budget };
    return found.hits();
  }

  /**
   * The pass of the table over the source: false, its findings left for the
   * caller to drop, once its work has passed `giveWayAt` (the work of finding
   * places: checking contexts costs the index as much).
   */
  private scanTable(source: Buffer, found: ScanState, giveWayAt: number): boolean {
    const n = source.length;
    const table = (this.table ??= new PieceTable(this.pieces, this.pieceCount));
    let whole = true;
    if (this.pieceCount > 0 && n >= MIN_TABLE_QUOTE) {
      let text = source;
      if (source.byteOffset % 4 !== 0) {
        if (this.aligned.length < n + 4) this.aligned = Buffer.allocUnsafeSlow(n + 4);
        source.copy(this.aligned, 0, 0, n);
        text = this.aligned.subarray(0, n);
      }
      const words = LITTLE_ENDIAN ? new Int32Array(text.buffer, text.byteOffset, n >>> 2) : littleEndianWords(text);
      const { filter, filterShift, filterMask } = table;
      // A quote that has all its matches leaves the lists for the rest of this
      // scan; `unlinked` says how to put each piece back afterwards.
      const unlinked: number[] = [];
      const lastWord = (n - PIECE) >>> 2;
      try {
        this.filterRead = this.filterOrder ?? (32 - filterShift > IN_CACHE_FILTER_BITS ? 'windowed' : 'text');
        if (this.filterRead === 'windowed') {
          // A filter too large for the cache: each position's look at it would miss it. The positions of
          // a window are looked at in the order of their bits instead, and those that pass walked in order.
          const window = (this.window ??= new FilterWindow());
          for (let from = 0; from <= lastWord && whole; from += FILTER_WINDOW) {
            const passing = window.pass(words, from, Math.min(lastWord + 1, from + FILTER_WINDOW), table);
            for (let k = 0; k < passing.length && whole; k++) {
              const w = passing[k];
              this.walk(table, mix(words[w], words[w + 1], words[w + 2], words[w + 3]), w, text, found, unlinked);
              whole = found.findingWork() <= giveWayAt;
            }
          }
        } else {
          for (let w = 0; w <= lastWord; w++) {
            const h = mix(words[w], words[w + 1], words[w + 2], words[w + 3]);
            const f = h >>> filterShift;
            if ((filter[f >>> 5] & (1 << (f & 31))) === 0) continue;
            const g = h & filterMask;
            if ((filter[g >>> 5] & (1 << (g & 31))) === 0) continue;
            this.walk(table, h, w, text, found, unlinked);
            if (found.findingWork() > giveWayAt) {
              whole = false;
              break;
            }
          }
        }
      } finally {
        const { heads, next } = table;
        for (let k = unlinked.length - 3; k >= 0; k -= 3) {
          if (unlinked[k] === -1) heads[unlinked[k + 1]] = unlinked[k + 2];
          else next[unlinked[k]] = unlinked[k + 2];
        }
      }
    }
    return whole;
  }

  /** The pieces whose hash is `h` (the one at word `w` of the text, past the filter): each a possible match. */
  private walk(table: PieceTable, h: number, w: number, text: Buffer, found: ScanState, unlinked: number[]): void {
    const { keys, heads, next, mask, ids, offsets } = table;
    let slot = slotOf(h, mask);
    while (heads[slot] !== -1 && keys[slot] !== h) slot = (slot + 1) & mask;
    let previous = -1;
    for (let piece = heads[slot]; piece >= 0; piece = next[piece]) {
      const id = ids[piece];
      const group = this.groups[id];
      if (group === undefined ? found.doneBefore(id, w) : found.allDoneBefore(group, w)) {
        // Full since an earlier position: every later start would be later still.
        // A slot whose list empties stays taken (EMPTIED), or probing for other hashes would stop at it.
        if (previous === -1) heads[slot] = next[piece] === -1 ? EMPTIED : next[piece];
        else next[previous] = next[piece];
        unlinked.push(previous, slot, piece);
        continue;
      }
      previous = piece;
      found.spend(1);
      const start = (w << 2) - offsets[piece];
      if (start < 0) continue;
      const q = this.quotes[id];
      if (group === undefined && found.full(id) && start > found.last(id)) continue;
      const compared = mismatchAt(text, start, q.bytes);
      found.spend(compared >>> 4);
      if (compared < q.bytes.length || !respectsWordBoundaries(text, start, q)) continue;
      if (group === undefined) found.match(id, start, w, this.contexts[id], text, q.bytes.length);
      else found.matchEach(group, start, w, this.contexts, text, q.bytes.length);
    }
  }
}

/**
 * Filters of up to this many bits (64 KiB) stay in the cache as a scan looks
 * at them in text order; a set of every lost quote of a large run (explain.ts)
 * makes one of megabytes, which text order reads at random: 40 ns a position
 * on cut-16x's second pass, against 5 for the tables of one source's quotes.
 */
export const IN_CACHE_FILTER_BITS = 19;
/** Positions a FilterWindow sorts at once: its arrays stay in the cache too. */
export const FILTER_WINDOW = 1 << 14;
/** A window's positions are grouped by the top BUCKET_BITS bits of their hashes, the filter's bit too. */
const BUCKET_BITS = 6;

/**
 * The positions of a window of the text that pass a piece table's filter, in
 * text order: the same as looking at each position in turn, but the positions
 * are grouped by their hashes' top bits first, so that the first of the two
 * bits each looks at (which is those top bits) is read a region of the filter
 * at a time. The second bit (the hash's low bits) is still read at random,
 * but only for the positions that passed the first.
 */
class FilterWindow {
  private readonly hashes = new Int32Array(FILTER_WINDOW);
  private readonly order = new Int32Array(FILTER_WINDOW);
  private readonly starts = new Int32Array((1 << BUCKET_BITS) + 1);
  private readonly passed = new Uint32Array(FILTER_WINDOW >>> 5);
  private readonly passing = new Int32Array(FILTER_WINDOW);

  /** Word positions from..to (exclusive, at most FILTER_WINDOW of them) that pass, ascending. */
  pass(words: Int32Array, from: number, to: number, table: PieceTable): Int32Array {
    const { hashes, order, starts, passed, passing } = this;
    const { filter, filterShift, filterMask } = table;
    const count = to - from;
    const shift = 32 - BUCKET_BITS;
    starts.fill(0);
    for (let i = 0; i < count; i++) {
      const w = from + i;
      const h = mix(words[w], words[w + 1], words[w + 2], words[w + 3]);
      hashes[i] = h;
      starts[(h >>> shift) + 1]++;
    }
    for (let b = 0; b < 1 << BUCKET_BITS; b++) starts[b + 1] += starts[b];
    for (let i = 0; i < count; i++) order[starts[hashes[i] >>> shift]++] = i;
    passed.fill(0);
    for (let k = 0; k < count; k++) {
      const i = order[k];
      const h = hashes[i];
      const f = h >>> filterShift;
      if ((filter[f >>> 5] & (1 << (f & 31))) === 0) continue;
      const g = h & filterMask;
      if ((filter[g >>> 5] & (1 << (g & 31))) === 0) continue;
      passed[i >>> 5] |= 1 << (i & 31);
    }
    let found = 0;
    for (let k = 0; k < passed.length; k++) {
      let bits = passed[k];
      while (bits !== 0) {
        const low = bits & -bits;
        passing[found++] = from + (k << 5) + (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return passing.subarray(0, found);
  }
}

/**
 * What a scan has found so far, per quote, and the work it has done. The
 * arrays outlive the scan; only the quotes it touched are reset after it.
 */
class ScanState {
  private starts: (number[] | undefined)[] = [];
  private candidates = new Int32Array(0);
  /** The aligned position at which a quote's list became full (-1: not full). */
  private fullAt = new Int32Array(0);
  private touched: number[] = [];
  private caps: readonly number[] = [];
  private remaining = 0;
  private budget = 0;
  /** The part of the work spent checking contexts, which finding the places another way would not save. */
  private contextWork = 0;

  begin(size: number, caps: readonly number[], budget: number): void {
    if (this.candidates.length < size) {
      this.candidates = new Int32Array(size * 2);
      this.fullAt = new Int32Array(size * 2).fill(-1);
      this.starts = new Array(size * 2);
    }
    this.caps = caps;
    this.budget = budget;
    this.remaining = budget;
    this.contextWork = 0;
  }

  /** The work done so far in this scan. */
  spent(): number {
    return this.budget - this.remaining;
  }

  /**
   * The work of finding the quotes' places so far, without checking their
   * contexts: what decides whether searching or the table gives way to an
   * index, which checks as many contexts (records quoting one sentence of a
   * long source with a prefix each built the index for nothing, in seconds).
   */
  findingWork(): number {
    return this.spent() - this.contextWork;
  }

  spend(units: number): void {
    this.remaining -= units;
    if (this.remaining < 0) {
      this.reset();
      throw new ScanTooCostly(this.budget);
    }
  }

  /** How many matches of the quote are kept. */
  cap(id: number): number {
    return this.caps[id];
  }

  full(id: number): boolean {
    return this.fullAt[id] >= 0;
  }

  doneBefore(id: number, w: number): boolean {
    const at = this.fullAt[id];
    return at >= 0 && at < w;
  }

  allDoneBefore(ids: readonly number[], w: number): boolean {
    for (const id of ids) if (!this.doneBefore(id, w)) return false;
    return true;
  }

  allFull(ids: readonly number[]): boolean {
    for (const id of ids) if (this.fullAt[id] < 0) return false;
    return true;
  }

  last(id: number): number {
    const list = this.starts[id]!;
    return list[list.length - 1];
  }

  /** A match of the quote (word boundaries checked): kept if its context allows it and there is room. */
  match(
    id: number,
    start: number,
    w: number,
    context: QuoteContext | undefined,
    text: Uint8Array,
    length: number,
  ): void {
    let list = this.starts[id];
    if (list === undefined) {
      this.starts[id] = list = [];
      this.touched.push(id);
    }
    if (context) {
      this.candidates[id]++;
      const units = ((context.prefix.length + context.suffix.length) >>> 4) + 1;
      this.contextWork += units;
      this.spend(units);
      if (!contextAllows(text, start, length, context)) return;
    }
    // Starts come in order, except that two found at one aligned position may
    // arrive either way round: a full list still takes an earlier one.
    if (list.length === 0 || list[list.length - 1] < start) list.push(start);
    else insertSorted(list, start);
    if (list.length > this.caps[id]) list.pop();
    if (list.length >= this.caps[id] && this.fullAt[id] < 0) this.fullAt[id] = w;
  }

  /**
   * A match of the text of several quotes (see QuoteSet's carriers), for each
   * of them as it would have come to it alone: not to one whose list is full
   * with earlier starts, which alone would have stopped looking (its count of
   * candidates stays what it was then).
   */
  matchEach(
    ids: readonly number[],
    start: number,
    w: number,
    contexts: readonly (QuoteContext | undefined)[],
    text: Uint8Array,
    length: number,
  ): void {
    for (const id of ids) {
      if (this.fullAt[id] >= 0 && start > this.last(id)) continue;
      this.match(id, start, w, contexts[id], text, length);
    }
  }

  /** Drops what the scan found of a quote, to find it again another way. */
  forget(id: number): void {
    const at = this.touched.lastIndexOf(id);
    if (at < 0) return;
    this.touched.splice(at, 1);
    this.starts[id] = undefined;
    this.candidates[id] = 0;
    this.fullAt[id] = -1;
  }

  /** Drops what the scan found (not the work it did), to find it all again another way. */
  dropFindings(): void {
    this.reset();
  }

  /** What the scan found, and a clean state for the next one. */
  hits(): Map<number, QuoteHits> {
    const hits = new Map<number, QuoteHits>();
    for (const id of this.touched) hits.set(id, { starts: this.starts[id]!, candidates: this.candidates[id] });
    this.reset();
    return hits;
  }

  private reset(): void {
    for (const id of this.touched) {
      this.starts[id] = undefined;
      this.candidates[id] = 0;
      this.fullAt[id] = -1;
    }
    this.touched = [];
  }
}

/**
 * A short quote, by searching the text for it: its matches up to its cap, and
 * with a context, those the context allows. False, with nothing kept for it,
 * when the scan's work went past `upTo` first.
 */
function findShort(
  text: Buffer,
  quote: PreparedQuote,
  ids: readonly number[],
  contexts: readonly (QuoteContext | undefined)[],
  found: ScanState,
  upTo: number,
): boolean {
  let from = 0;
  for (;;) {
    if (found.allFull(ids)) return true;
    if (found.findingWork() > upTo) {
      for (const id of ids) found.forget(id);
      return false;
    }
    const at = text.indexOf(quote.bytes, from);
    found.spend(SEARCH_CALL + ((at < 0 ? text.length - from : at - from) >>> 6));
    if (at < 0) return true;
    if (respectsWordBoundaries(text, at, quote)) found.matchEach(ids, at, 0, contexts, text, quote.bytes.length);
    from = at + 1;
  }
}

/**
 * A short quote, by looking it up in the index of the text: its first matches
 * up to its cap, and with a context, those the context allows (its matches
 * sorted, in `sorted` by range for the other contexts of the same quote).
 */
function findIndexed(
  index: UnitIndex,
  quote: PreparedQuote,
  ids: readonly number[],
  contexts: readonly (QuoteContext | undefined)[],
  found: ScanState,
): void {
  const steps = { count: 0 };
  const range = index.range(quote.bytes, steps);
  found.spend(steps.count * (1 + (quote.bytes.length >>> 4)));
  const count = range.hi - range.lo;
  if (count === 0) return;
  const text = index.text;
  const length = quote.bytes.length;
  if (ids.length === 1 && !contexts[ids[0]]) {
    const id = ids[0];
    const cap = found.cap(id);
    found.spend(
      Math.ceil(Math.min(count, RMQ_FROM) / RANGE_ENTRIES_PER_UNIT) + (count > RMQ_FROM ? RMQ_STEPS * cap : 0),
    );
    for (const start of index.firstMatches(range, cap)) found.match(id, start, 0, undefined, text, length);
    return;
  }
  // Every match, in text order, until the context has kept as many as the cap: as a search would.
  const matches = index.ascending(range);
  const each = count > RMQ_FROM ? RMQ_STEPS : 1;
  for (let start = matches.next(); start >= 0 && !found.allFull(ids); start = matches.next()) {
    found.spend(each);
    found.matchEach(ids, start, 0, contexts, text, length);
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

/** How many leading bytes of `quote` the text has at `at` (the quote's length when all of them). */
function mismatchAt(text: Uint8Array, at: number, quote: Uint8Array): number {
  if (at + quote.length > text.length) return 0;
  for (let i = 0; i < quote.length; i++) if (text[at + i] !== quote[i]) return i;
  return quote.length;
}
