// How the quotes citing one source are searched in its normalized text.
import type { Buffer } from 'node:buffer';
import { findMatches, type PreparedQuote } from './match.js';
import type { QuoteHits, QuoteSet } from './quote-scan.js';

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

/** Serves the results of one QuoteSet scan of the text: every quote was searched at once. */
export class ScannedSearcher implements QuoteSearcher {
  constructor(readonly text: Buffer, private readonly quotes: QuoteSet, private readonly hits: Map<number, QuoteHits>) {}

  find(quote: PreparedQuote, limit: number): number[] {
    const id = this.quotes.idOf(quote.text);
    const starts = id === undefined ? [] : this.hits.get(id)?.starts ?? [];
    return starts.length > limit ? starts.slice(0, limit) : starts;
  }

  prepared(normalized: string): PreparedQuote | undefined {
    const id = this.quotes.idOf(normalized);
    return id === undefined ? undefined : this.quotes.quote(id);
  }
}
