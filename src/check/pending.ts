// A record while the run decides and explains it, and the typed result it
// becomes at the end (model/result.ts). Deciding fills in the verdict and the
// matches; explaining fills in an Explanation; the two passes of the run
// (each source, then the other sources for quotes found nowhere) write into
// the same object, and finish() makes the result, keeping what its verdict
// carries and nothing else.
import type { CitationRecord, FieldCheck } from '../engine/record.js';
import type { Decision } from '../engine/verdict.js';
import { type Explanation, makeRecord, type MatchPosition, type RecordResult } from '../model/result.js';
import type { Verdict } from '../model/verdict.js';
import type { Placer } from './placer.js';

/**
 * A record as the run works on it: filled in as it is decided, plus what
 * deciding needs and drops afterwards (a run may hold a few hundred thousand
 * of these, so nothing is kept twice).
 */
export interface Pending {
  file: string;
  line: number;
  column: number;
  index: number;
  citationId: string | null;
  sourceId: string | null;
  quote: string | null;
  claim: string | null;
  verdict: Verdict;
  reason: string | undefined;
  matches: MatchPosition[];
  detail: Explanation | undefined;
  /** Until decided. */
  prefix: string | undefined;
  suffix: string | undefined;
  /** The normalized quote, while deciding (kept for the hints of a quote not found). */
  normalized: string | undefined;
}

/** One copy of each repeated string (ids recur across files), not one per record. */
export class Strings {
  private readonly seen = new Map<string, string>();

  intern(text: string | undefined): string | null {
    if (text === undefined) return null;
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    this.seen.set(text, text);
    return text;
  }
}

export function pendingRecord(
  file: string,
  position: { line: number; column: number },
  index: number,
  fields: FieldCheck,
  strings: Strings,
): Pending {
  const f = fields.ok ? fields.record : fields;
  return {
    file,
    line: position.line,
    column: position.column,
    index,
    citationId: strings.intern(f.citationId),
    sourceId: strings.intern(f.sourceId),
    quote: f.quote ?? null,
    claim: f.claim ?? null,
    verdict: 'invalid fields',
    reason: undefined,
    matches: [],
    detail: undefined,
    prefix: fields.ok ? fields.record.prefix : undefined,
    suffix: fields.ok ? fields.record.suffix : undefined,
    normalized: undefined,
  };
}

/** The fields of a valid record, for the engine (made when needed, not kept). */
export function fieldsOf(r: Pending): FieldCheck {
  // By assignment, not spreads of conditional objects, as makeRecord (model/result.ts) and for its reason.
  const record: { -readonly [K in keyof CitationRecord]: CitationRecord[K] } = {
    citationId: r.citationId!,
    sourceId: r.sourceId!,
    quote: r.quote!,
  };
  if (r.claim !== null) record.claim = r.claim;
  if (r.prefix !== undefined) record.prefix = r.prefix;
  if (r.suffix !== undefined) record.suffix = r.suffix;
  return { ok: true, record };
}

/**
 * Writes a decision into the record and lets go of what only deciding needed.
 * A located record's quote and claim are dropped too: reports show them only
 * for records that need review, and a large audit holds many located records.
 */
export function settle(r: Pending, decision: Decision, place?: Placer): void {
  r.verdict = decision.verdict;
  r.reason = decision.reason;
  if (place && decision.matches.length > 0)
    r.matches = decision.matches.map((start) => place(start, start + decision.quoteLength));
  r.prefix = undefined;
  r.suffix = undefined;
  if (decision.verdict !== 'quote not found') r.normalized = undefined;
  if (decision.verdict === 'located') {
    r.quote = null;
    r.claim = null;
  }
}

/** The record's result: its verdict's own data, from what deciding and explaining found. */
export function finish(p: Pending): RecordResult {
  return makeRecord(p, p.verdict, p.reason, p.matches, p.detail);
}
