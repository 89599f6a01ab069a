// How the quotes citing one source are searched in its normalized text.
import type { Buffer } from 'node:buffer';
import { contextAllows, findMatches, type PreparedQuote, type QuoteContext } from './match.js';
import type { QuoteHits, QuoteSet } from './quote-scan.js';

export interface Found {
  /** Start offsets of the matches in the text, ascending: with a context, those it allows. */
  readonly starts: readonly number[];
  /** With a context: how many matches the quote alone has (at least). */
  readonly candidates: number;
}

export interface QuoteSearcher {
  /** The normalized source text (UTF-8). */
  readonly text: Buffer;
  /** The quote's matches, at most `limit`; with a context, only those it allows. */
  find(quote: PreparedQuote, limit: number, context?: QuoteContext): Found;
  /** The prepared form of a normalized quote, if the searcher has it already. */
  prepared?(normalized: string): PreparedQuote | undefined;
}

/** Searches by scanning the text for each quote: the plain way, for few quotes and for tests. */
export class ScanSearcher implements QuoteSearcher {
  constructor(readonly text: Buffer) {}

  find(quote: PreparedQuote, limit: number, context?: QuoteContext): Found {
    if (!context) return { starts: findMatches(this.text, quote, limit), candidates: 0 };
    const all = findMatches(this.text, quote, Number.POSITIVE_INFINITY);
    const starts = all.filter((start) => contextAllows(this.text, start, quote.bytes.length, context)).slice(0, limit);
    return { starts, candidates: all.length };
  }
}

/** Serves the results of one QuoteSet scan of the text: every quote was searched at once. */
export class ScannedSearcher implements QuoteSearcher {
  constructor(
    readonly text: Buffer,
    private readonly quotes: QuoteSet,
    private readonly hits: Map<number, QuoteHits>,
  ) {}

  find(quote: PreparedQuote, limit: number, context?: QuoteContext): Found {
    const id = context ? this.quotes.idWith(quote.text, context) : this.quotes.idOf(quote.text);
    const hit = id === undefined ? undefined : this.hits.get(id);
    const starts = hit?.starts ?? [];
    return { starts: starts.length > limit ? starts.slice(0, limit) : starts, candidates: hit?.candidates ?? 0 };
  }

  prepared(normalized: string): PreparedQuote | undefined {
    const id = this.quotes.idOf(normalized);
    return id === undefined ? undefined : this.quotes.quote(id);
  }
}
