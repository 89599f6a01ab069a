// How the quotes citing one source are searched in its normalized text.
import type { Buffer } from 'node:buffer';
import { findMatches, respectsWordBoundaries, type PreparedQuote } from './match.js';
import { buildSuffixArray, suffixRange } from './suffix-array.js';

export interface QuoteSearcher {
  /** The normalized source text (UTF-8). */
  readonly text: Buffer;
  /** Start offsets of the quote's matches in `text`, ascending, at most `limit`. */
  find(quote: PreparedQuote, limit: number): number[];
  /** The prepared form of a normalized quote, if the searcher has it already. */
  prepared?(normalized: string): PreparedQuote | undefined;
}

/** Searches by scanning the text for each quote: best when few quotes cite the source. */
export class ScanSearcher implements QuoteSearcher {
  constructor(readonly text: Buffer) {}

  find(quote: PreparedQuote, limit: number): number[] {
    return findMatches(this.text, quote, limit);
  }
}

/**
 * Searches a suffix array of the text: building it costs about as much as a
 * few hundred scans, after which each quote costs two binary searches.
 */
export class IndexedSearcher implements QuoteSearcher {
  private readonly sa: Int32Array;

  constructor(readonly text: Buffer) {
    this.sa = buildSuffixArray(text);
  }

  find(quote: PreparedQuote, limit: number): number[] {
    const [from, to] = suffixRange(this.text, this.sa, quote.bytes);
    const starts: number[] = [];
    for (let i = from; i < to; i++) {
      if (respectsWordBoundaries(this.text, this.sa[i], quote)) starts.push(this.sa[i]);
    }
    // The suffix array lists matches in text order only by chance.
    starts.sort((a, b) => a - b);
    return starts.length > limit ? starts.slice(0, limit) : starts;
  }
}

/** From this many quotes on one source, an index pays for itself (measured by `npm run bench`). */
export const INDEX_MIN_QUOTES = 256;
/** Sources longer than this are scanned: the index takes about 12 bytes of memory per byte of text. */
export const INDEX_MAX_BYTES = 4 * 1024 * 1024;

/** The searcher for a source cited by `quoteCount` quotes. */
export function searcherFor(text: Buffer, quoteCount: number): QuoteSearcher {
  return quoteCount >= INDEX_MIN_QUOTES && text.length <= INDEX_MAX_BYTES ? new IndexedSearcher(text) : new ScanSearcher(text);
}
