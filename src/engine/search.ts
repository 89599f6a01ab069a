// How the quotes citing one source are searched in its normalized text.
import type { Buffer } from 'node:buffer';
import { findMatches, type PreparedQuote } from './match.js';

export interface QuoteSearcher {
  /** The normalized source text (UTF-8). */
  readonly text: Buffer;
  /** Start offsets of the quote's matches in `text`, ascending, at most `limit`. */
  find(quote: PreparedQuote, limit: number): number[];
}

/** Searches by scanning the text for each quote: best when few quotes cite the source. */
export class ScanSearcher implements QuoteSearcher {
  constructor(readonly text: Buffer) {}

  find(quote: PreparedQuote, limit: number): number[] {
    return findMatches(this.text, quote, limit);
  }
}
