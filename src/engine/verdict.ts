// Where a record's verdict is decided, in the order of SPEC §2.
import { Buffer } from 'node:buffer';
import { prepareQuote } from './match.js';
import { normalizeText } from './normalize.js';
import type { FieldCheck } from './record.js';
import type { QuoteSearcher } from './search.js';

/** Every verdict, best first. */
export const VERDICTS = [
  'located',
  'quote not found',
  'ambiguous quote',
  'empty quote',
  'source unverified',
  'source not permitted',
  'unknown source',
  'invalid fields',
] as const;
export type Verdict = (typeof VERDICTS)[number];

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
  readonly prefix: boolean;
  readonly suffix: boolean;
  /** Matches of the quote alone; `matches` holds those the context kept. */
  readonly candidates: number;
  /** For diagnostics: the normalized prefix and suffix, and where every match of the quote alone starts. */
  readonly explained?: { readonly prefix: string; readonly suffix: string; readonly starts: readonly number[] };
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
 * `normalizedQuote`, when the caller has it already, saves normalizing again.
 */
export function decideVerdict(fields: FieldCheck, access: SourceAccess, normalizedQuote?: string): Decision {
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
  const prefix = normalizeText(fields.record.prefix ?? '');
  const suffix = normalizeText(fields.record.suffix ?? '');
  let matches: number[];
  let context: ContextOutcome | undefined;
  if (prefix === '' && suffix === '') {
    matches = access.searcher.find(quote, MAX_REPORTED_MATCHES);
  } else {
    // The context may keep any one of the matches, so all of them are looked at.
    const all = access.searcher.find(quote, Number.POSITIVE_INFINITY);
    const before = Buffer.from(prefix, 'utf8');
    const after = Buffer.from(suffix, 'utf8');
    const kept = all.filter((start) => contextAllows(access.searcher.text, start, quote.bytes.length, before, after));
    matches = kept.slice(0, MAX_REPORTED_MATCHES);
    context = { prefix: prefix !== '', suffix: suffix !== '', candidates: all.length, explained: { prefix, suffix, starts: all } };
  }
  const verdict = matches.length === 0 ? 'quote not found' : matches.length === 1 ? 'located' : 'ambiguous quote';
  return { verdict, matches, quoteLength: quote.bytes.length, normalizedQuote: needle, ...(context ? { context } : {}) };
}

/**
 * SPEC §1: a match counts only if the normalized text just before it ends with
 * the normalized prefix and the text just after it starts with the normalized
 * suffix; the one space where context meets quote does not count.
 */
export function contextAllows(text: Uint8Array, start: number, length: number, prefix: Uint8Array, suffix: Uint8Array): boolean {
  if (prefix.length > 0) {
    const bytes = prefix;
    let end = start;
    if (end > 0 && text[end - 1] === 0x20) end--;
    if (end < bytes.length) return false;
    for (let i = 0; i < bytes.length; i++) if (text[end - bytes.length + i] !== bytes[i]) return false;
  }
  if (suffix.length > 0) {
    const bytes = suffix;
    let from = start + length;
    if (from < text.length && text[from] === 0x20) from++;
    if (text.length - from < bytes.length) return false;
    for (let i = 0; i < bytes.length; i++) if (text[from + i] !== bytes[i]) return false;
  }
  return true;
}
