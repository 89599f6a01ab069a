// Where a record's verdict is decided, in the order of SPEC §2.
import type { Verdict } from '../model/verdict.js';
import { prepareQuote, quoteContext, type QuoteContext } from './match.js';
import { normalizeText } from './normalize.js';
import type { FieldCheck } from './record.js';
import type { QuoteSearcher } from './search.js';

/** What the run knows about the source a record cites. */
export type SourceAccess =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'not permitted'; readonly reason: string }
  | { readonly kind: 'unverified'; readonly reason: string }
  | { readonly kind: 'ready'; readonly searcher: QuoteSearcher };

export interface Decision {
  readonly verdict: Verdict;
  /** Why, for the verdicts that have a reason beyond their name. */
  readonly reason?: string;
  /** Start offsets of matches in the normalized source, ascending (at most MAX_REPORTED_MATCHES). */
  readonly matches: readonly number[];
  /** Length in bytes of the normalized quote, so that match ends can be mapped too. */
  readonly quoteLength: number;
  /** The normalized quote, for diagnostics (absent when the quote was never searched). */
  readonly normalizedQuote?: string;
  /** When the record gave a prefix or suffix: how many matches the quote alone had, and which context was given. */
  readonly context?: ContextOutcome;
}

export interface ContextOutcome {
  /** The record's prefix and suffix, normalized (an empty text: not given), as the search used them. */
  readonly given: QuoteContext;
  /** Matches of the quote alone, counted until the context had kept as many as a report shows; `matches` holds those it kept. */
  readonly candidates: number;
}

/** Ambiguous quotes report at most this many matches; the verdict needs only two. */
export const MAX_REPORTED_MATCHES = 100;

/** Whether a citation file with audience `fileAudience` may cite a source limited to `allowed`. */
export function audienceAllows(allowed: readonly string[] | undefined, fileAudience: string | undefined): boolean {
  return allowed === undefined || (fileAudience !== undefined && allowed.includes(fileAudience));
}

/**
 * Decides the verdict of one record. `access` is what the run found out about the
 * cited source; it is only consulted for records whose fields are valid.
 * `normalizedQuote`, when the caller has it already, saves normalizing again;
 * so does `knownContext`, the record's contextOf() (null: none).
 */
export function decideVerdict(
  fields: FieldCheck,
  access: SourceAccess,
  normalizedQuote?: string,
  knownContext?: QuoteContext | null,
): Decision {
  const none = { matches: [], quoteLength: 0 };
  if (!fields.ok) return { verdict: 'invalid fields', reason: fields.reason, ...none };
  switch (access.kind) {
    case 'unknown':
      return { verdict: 'unknown source', ...none };
    case 'not permitted':
      return { verdict: 'source not permitted', reason: access.reason, ...none };
    case 'unverified':
      return { verdict: 'source unverified', reason: access.reason, ...none };
    case 'ready':
      break;
  }
  const needle = normalizedQuote ?? normalizeText(fields.record.quote);
  if (needle === '') return { verdict: 'empty quote', ...none };
  const quote = access.searcher.prepared?.(needle) ?? prepareQuote(needle);
  const context = knownContext === undefined ? contextOf(fields.record) : (knownContext ?? undefined);
  const found = access.searcher.find(quote, MAX_REPORTED_MATCHES, context);
  const matches = found.starts;
  const verdict = matches.length === 0 ? 'quote not found' : matches.length === 1 ? 'located' : 'ambiguous quote';
  return {
    verdict,
    matches,
    quoteLength: quote.bytes.length,
    normalizedQuote: needle,
    ...(context ? { context: { given: context, candidates: found.candidates } } : {}),
  };
}

/** A record's prefix and suffix, normalized; undefined when it gives neither (then verdicts are exactly the reference's). */
export function contextOf(record: { readonly prefix?: string; readonly suffix?: string }): QuoteContext | undefined {
  const prefix = record.prefix === undefined ? '' : normalizeText(record.prefix);
  const suffix = record.suffix === undefined ? '' : normalizeText(record.suffix);
  return prefix === '' && suffix === '' ? undefined : quoteContext(prefix, suffix);
}
