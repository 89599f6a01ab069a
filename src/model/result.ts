// What a check run found: the one model every report (text, JSON, summary,
// annotations, SARIF) is written from. A record's result is typed by its
// verdict: each variant carries its own data and nothing else, so a report
// that handles `ambiguous quote` finds its matches and suggestions there, and
// cannot reach for a closest passage it never has.
import {
  BASELINE_STATES,
  type BaselineInfo,
  type BaselineState,
  type FindingBaseline,
  type RecordBaseline,
} from './baseline.js';
import type { Problem } from './problem.js';
import { VERDICTS, type Verdict } from './verdict.js';

/** A match in the original source file (SPEC §7): 1-based, columns in code points, end exclusive. */
export interface MatchPosition {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** What every record has, whatever its verdict. */
interface RecordBase {
  /** Workspace-relative citation file. */
  readonly file: string;
  /** Where the record starts in its file. */
  readonly line: number;
  readonly column: number;
  /** 0-based position of the record in its file. */
  readonly index: number;
  /** The fields as far as they could be read (null where missing or not a string). */
  readonly citationId: string | null;
  readonly sourceId: string | null;
  /** With a baseline: what became of the record since. */
  readonly baseline?: RecordBaseline;
}

/**
 * A record that needs review keeps its quote and claim for the reports (a
 * located one drops them: a large audit holds many, and they are in the file).
 */
interface NeedsReview extends RecordBase {
  readonly quote: string | null;
  readonly claim: string | null;
}

export interface Located extends RecordBase {
  readonly verdict: 'located';
  /** Where in the source (absent when the run placed no match: the plain text report shows none). */
  readonly match: MatchPosition | undefined;
  /** When the record gave a prefix or suffix: how it narrowed the quote's matches. */
  readonly context?: ContextDetail;
}

export interface AmbiguousQuote extends NeedsReview {
  readonly verdict: 'ambiguous quote';
  /** The first matches (at most MAX_REPORTED_MATCHES; none when the run placed no match). */
  readonly matches: readonly MatchPosition[];
  readonly context?: ContextDetail;
  /** The shortest context that picks out each of its first matches. */
  readonly suggestions?: readonly SuggestionResult[];
  /** With more matches than `matches` lists: how many it has, when it has at most MAX_COUNTED_MATCHES. */
  readonly matchCount?: number;
  /** With more than MAX_COUNTED_MATCHES matches: too many to suggest a context. */
  readonly tooManyMatches?: boolean;
}

export interface QuoteNotFound extends NeedsReview {
  readonly verdict: 'quote not found';
  readonly context?: ContextDetail;
  /** The nearest passage of the cited source, or null when nothing is close enough (absent: not explained). */
  readonly closest?: ClosestResult | null;
  /** Differences that, folded away one at a time, would let the quote match; and other sources holding it. */
  readonly hints?: readonly HintResult[];
  /** The quote is too long to explain (MAX_EXPLAINED_QUOTE): no closest passage or folding hint was looked for. */
  readonly tooLong?: boolean;
}

export interface UnknownSource extends NeedsReview {
  readonly verdict: 'unknown source';
  /** Other sources of the manifest that hold the quote. */
  readonly hints?: readonly HintResult[];
  /** Manifest ids that look like the one cited. */
  readonly similarIds?: readonly string[];
  /** With no similar id, when the manifest has only a few: all of its ids. */
  readonly sourceIds?: readonly string[];
}

export interface EmptyQuote extends NeedsReview {
  readonly verdict: 'empty quote';
}

/** The verdicts decided before the quote is looked for, each with why. */
export interface Refused extends NeedsReview {
  readonly verdict: 'invalid fields' | 'source unverified' | 'source not permitted';
  readonly reason: string;
}

export type RecordResult = Located | AmbiguousQuote | QuoteNotFound | UnknownSource | EmptyQuote | Refused;
/** Every record that is not located. */
export type FailingRecord = Exclude<RecordResult, Located>;

/** SPEC §2: the one verdict that passes. */
export function isLocated(r: RecordResult): r is Located {
  return r.verdict === 'located';
}

/** The record's matches in its source, as the reports list them. */
export function matchesOf(r: RecordResult): readonly MatchPosition[] {
  if (r.verdict === 'located') return r.match === undefined ? [] : [r.match];
  return r.verdict === 'ambiguous quote' ? r.matches : [];
}

/** Why, for the verdicts decided before the quote is looked for. */
export function reasonOf(r: RecordResult): string | undefined {
  return 'reason' in r ? r.reason : undefined;
}

/** What a record is, whatever its verdict: where it is and the fields as far as they could be read. */
export type RecordFields = RecordBase & { readonly quote: string | null; readonly claim: string | null };

/**
 * Everything that explains a verdict, as one bag (the JSON report's `detail`):
 * each verdict keeps its own part of it (makeRecord), and gives it back (explanationOf).
 */
export interface Explanation {
  context?: ContextDetail;
  closest?: ClosestResult | null;
  hints?: readonly HintResult[];
  tooLong?: boolean;
  suggestions?: readonly SuggestionResult[];
  matchCount?: number;
  tooManyMatches?: boolean;
  similarIds?: readonly string[];
  sourceIds?: readonly string[];
}

/**
 * A record's result from what deciding and explaining found: its verdict's own
 * data, nothing else. `reason` is required for the refused verdicts.
 */
export function makeRecord(
  fields: RecordFields,
  verdict: Verdict,
  reason: string | undefined,
  matches: readonly MatchPosition[],
  d: Explanation = {},
): RecordResult {
  const { file, line, column, index, citationId, sourceId, quote, claim } = fields;
  // Made by assignment, in one order, not by spreading conditional objects: Node 20 (V8 11) gives an
  // object spread at a call site that has seen many shapes a map of its own, so every record had one
  // (41,000 maps and 14 MB of them for the 40,000 records of the bench's cut-4x), and every read of a
  // record's field was a slow lookup. Assigned so, records of one kind share their maps.
  const base: Writable<RecordBase> = { file, line, column, index, citationId, sourceId };
  if (fields.baseline) base.baseline = fields.baseline;
  switch (verdict) {
    case 'located': {
      const r = base as Writable<Located>;
      r.verdict = verdict;
      r.match = matches[0];
      if (d.context) r.context = d.context;
      return r;
    }
    case 'ambiguous quote': {
      const r = needsReview<AmbiguousQuote>(base, quote, claim, verdict);
      r.matches = matches;
      if (d.context) r.context = d.context;
      if (d.suggestions) r.suggestions = d.suggestions;
      if (d.matchCount !== undefined) r.matchCount = d.matchCount;
      if (d.tooManyMatches) r.tooManyMatches = true;
      return r;
    }
    case 'quote not found': {
      const r = needsReview<QuoteNotFound>(base, quote, claim, verdict);
      if (d.context) r.context = d.context;
      if (d.closest !== undefined) r.closest = d.closest;
      if (d.hints) r.hints = d.hints;
      if (d.tooLong) r.tooLong = true;
      return r;
    }
    case 'unknown source': {
      const r = needsReview<UnknownSource>(base, quote, claim, verdict);
      if (d.hints) r.hints = d.hints;
      if (d.similarIds) r.similarIds = d.similarIds;
      if (d.sourceIds) r.sourceIds = d.sourceIds;
      return r;
    }
    case 'empty quote':
      return needsReview<EmptyQuote>(base, quote, claim, verdict);
    case 'invalid fields':
    case 'source unverified':
    case 'source not permitted': {
      if (reason === undefined) throw new Error(`a record whose verdict is ${verdict} needs a reason`);
      const r = needsReview<Refused>(base, quote, claim, verdict);
      r.reason = reason;
      return r;
    }
  }
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The base of a record that needs review, with its quote, claim and verdict added in that order. */
function needsReview<T extends NeedsReview & { verdict: Verdict }>(
  base: Writable<RecordBase>,
  quote: string | null,
  claim: string | null,
  verdict: T['verdict'],
): Writable<T> {
  const r = base as Writable<T>;
  r.quote = quote;
  r.claim = claim;
  r.verdict = verdict;
  return r;
}

/** The explanation a record carries, as one bag; undefined when it has none. */
export function explanationOf(r: RecordResult): Explanation | undefined {
  let d: Explanation;
  switch (r.verdict) {
    case 'located':
      d = { context: r.context };
      break;
    case 'ambiguous quote':
      d = {
        context: r.context,
        suggestions: r.suggestions,
        matchCount: r.matchCount,
        tooManyMatches: r.tooManyMatches,
      };
      break;
    case 'quote not found':
      d = { context: r.context, closest: r.closest, hints: r.hints, tooLong: r.tooLong };
      break;
    case 'unknown source':
      d = { hints: r.hints, similarIds: r.similarIds, sourceIds: r.sourceIds };
      break;
    default:
      return undefined;
  }
  return Object.values(d).some((v) => v !== undefined) ? d : undefined;
}

export interface ContextDetail {
  readonly prefix: boolean;
  readonly suffix: boolean;
  /** Matches of the quote alone (with moreCandidates: at least that many; counting stopped). */
  readonly candidates: number;
  readonly moreCandidates?: boolean;
  /** Matches the prefix and suffix kept. */
  readonly kept: number;
  /** When both were given: the matches each would keep alone. */
  readonly prefixKept?: number;
  readonly suffixKept?: number;
  /** When the context kept none: the first few matches of the quote alone, with the text just before and after each. */
  readonly occurrences?: readonly ContextOccurrence[];
}

export interface ContextOccurrence {
  readonly at: MatchPosition;
  /** The normalized text just before the match (a few words), when a prefix was given. */
  readonly before?: string;
  /** The normalized text just after it, when a suffix was given. */
  readonly after?: string;
}

/** A piece of a word diff: same (in both), added (in the quote only), missing (in the source only). */
export interface DiffPart {
  readonly op: 'same' | 'added' | 'missing';
  readonly text: string;
}

/**
 * A closest passage's similarity as every report gives it, to three
 * decimals: the JSON report's figure, which a merge of shards reads back,
 * so that the percentage a text, summary or SARIF shows is the same from
 * the run itself and from its shards merged. Rounded where a similarity
 * comes in (made by the check, or read from a report), once.
 */
export function reportedSimilarity(similarity: number): number {
  return Math.round(similarity * 1000) / 1000;
}

export interface ClosestResult {
  readonly at: MatchPosition;
  /** 0 to 1, to three decimals (reportedSimilarity). */
  readonly similarity: number;
  /** The passage, normalized. */
  readonly passage: string;
  /** Word diff of the passage (source) against the quote: `[-source only-]`, `[+quote only+]`. */
  readonly diff: string;
  /** The same diff in parts, for reports that can mark it up (absent in a report read back from JSON). */
  readonly parts?: readonly DiffPart[];
}

/** What a hint says: a difference that folded away would let the quote match, or another source holding it. */
export type HintKind =
  | 'case'
  | 'accents'
  | 'quotes'
  | 'compatibility'
  | 'invisible'
  | 'hyphenation'
  | 'markup'
  | 'word boundary'
  | 'other version'
  | 'other source';
export const HINT_KINDS: readonly HintKind[] = [
  'case',
  'accents',
  'quotes',
  'compatibility',
  'invisible',
  'hyphenation',
  'markup',
  'word boundary',
  'other version',
  'other source',
];

export interface HintResult {
  readonly kind: HintKind;
  /** What differs and where, for people (which characters, on which side). */
  readonly difference: string;
  /** Where it matches once folded (or, for other sources, as it is). */
  readonly sourceId: string;
  readonly at: MatchPosition;
  /** The source's text there, normalized. */
  readonly passage: string;
}

export interface SuggestionResult {
  readonly at: MatchPosition;
  readonly prefix?: string;
  readonly suffix?: string;
}

export type SourceStatus = 'verified' | 'unverified';

export interface SourceResult {
  readonly id: string;
  /** Workspace-relative path of the reviewed text. */
  readonly path: string;
  /** The pinned SHA-256. */
  readonly sha256: string | undefined;
  readonly retrieved: string;
  readonly status: SourceStatus;
  readonly reason?: string;
  /** The SHA-256 the file has, when it differs from the pin. */
  readonly actualSha256?: string;
  /** Where the source's entry is in the manifest. */
  readonly line: number;
  readonly column: number;
  /** How many records cite it. */
  readonly citedBy: number;
}

/** A source of the manifest and its pin, whether or not any record cites it. */
export interface ManifestSource {
  readonly id: string;
  readonly sha256: string | undefined;
}

export type FindingKind =
  | 'uncited claim'
  | 'required source not cited'
  | 'claim number not in quote'
  | 'location not at quote';
export const FINDING_KINDS: readonly FindingKind[] = [
  'claim number not in quote',
  'location not at quote',
  'required source not cited',
  'uncited claim',
];

/** A check beyond quotes that an answer failed; `fail` ones fail the run, `warn` ones are reported. */
export interface Finding {
  readonly kind: FindingKind;
  readonly level: 'warn' | 'fail';
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The record it is about, when it is about one. */
  readonly citationId?: string;
  readonly message: string;
  /** With a baseline: whether the baseline's run found it too. */
  readonly baseline?: FindingBaseline;
}

export interface CheckResult {
  /** Workspace-relative manifest path. */
  readonly manifest: string;
  /** The citation files checked, in order. */
  readonly files: readonly string[];
  /** Every record of every file, files in order, records in file order. */
  readonly records: readonly RecordResult[];
  /** The sources the records cite that are in the manifest, in manifest order. */
  readonly sources: readonly SourceResult[];
  /**
   * Every source of the manifest with its pin, in manifest order: what a later
   * run judged against this one as its baseline compares its own manifest with.
   * Absent from a report of an older citegate, and where the manifest could not be read.
   */
  readonly manifestSources?: readonly ManifestSource[];
  /** Files that could not be read or parsed, and sources that failed verification. */
  readonly problems: readonly Problem[];
  /** Findings beyond quotes (uncited claims, required sources, numbers), in file order. */
  readonly findings: readonly Finding[];
  /** Only some of the citation files were checked (the changed ones, or a shard): no records is then no failure. */
  readonly partial?: boolean;
  /** The baseline the run was judged against, when it had one. */
  readonly baseline?: BaselineInfo;
}

/** The counts every report gives: one tally of a result, made in one place. */
export interface Tally {
  readonly total: number;
  readonly located: number;
  readonly failed: number;
  /** The verdicts that occur, in VERDICTS order. */
  readonly verdicts: Partial<Record<Verdict, number>>;
  readonly files: number;
  readonly problems: number;
  readonly findings: { readonly fail: number; readonly warn: number };
  /** With a baseline: the records in each state, those removed, and the findings new, still failing and fixed. */
  readonly baseline?: BaselineTally;
}

export type BaselineTally = Record<BaselineState, number> & {
  readonly removed: number;
  readonly findings: { readonly new: number; readonly 'still failing': number; readonly fixed: number };
};

/** What tally counts: a check result, or a report read back as a baseline (whose records carry no explanations). */
export interface Countable {
  readonly records: readonly { readonly verdict: Verdict; readonly baseline?: RecordBaseline }[];
  readonly findings: readonly { readonly level: 'warn' | 'fail'; readonly baseline?: FindingBaseline }[];
  readonly files: readonly string[];
  readonly problems: readonly unknown[];
  readonly baseline?: BaselineInfo;
}

function baselineTally(result: Countable, info: BaselineInfo): BaselineTally {
  const states = Object.fromEntries(BASELINE_STATES.map((s) => [s, 0])) as Record<BaselineState, number>;
  for (const r of result.records) if (r.baseline) states[r.baseline.state]++;
  let newFindings = 0;
  let stillFailing = 0;
  for (const f of result.findings) {
    if (f.baseline === 'new') newFindings++;
    else if (f.baseline === 'still failing') stillFailing++;
  }
  return {
    ...states,
    removed: info.removed.length,
    findings: { new: newFindings, 'still failing': stillFailing, fixed: info.findingsFixed },
  };
}

export function tally(result: Countable): Tally {
  const byVerdict = new Map<Verdict, number>();
  for (const r of result.records) byVerdict.set(r.verdict, (byVerdict.get(r.verdict) ?? 0) + 1);
  const verdicts: Partial<Record<Verdict, number>> = {};
  for (const verdict of VERDICTS) {
    const n = byVerdict.get(verdict);
    if (n !== undefined) verdicts[verdict] = n;
  }
  const located = byVerdict.get('located') ?? 0;
  let fail = 0;
  for (const f of result.findings) if (f.level === 'fail') fail++;
  return {
    total: result.records.length,
    located,
    failed: result.records.length - located,
    verdicts,
    files: result.files.length,
    problems: result.problems.length,
    findings: { fail, warn: result.findings.length - fail },
    ...(result.baseline ? { baseline: baselineTally(result, result.baseline) } : {}),
  };
}

/** Why a run did not pass, each reason with its own count. */
export type FailReason =
  | { readonly kind: 'records not located'; readonly count: number; readonly total: number }
  /** Against a baseline with fail-on new: records located there and not now, and new records not located. */
  | { readonly kind: 'records broken'; readonly count: number }
  | { readonly kind: 'new records not located'; readonly count: number }
  | { readonly kind: 'problems'; readonly count: number }
  | { readonly kind: 'failing findings'; readonly count: number }
  | { readonly kind: 'no records' };

/** Whether a run passed, and if not, why: decided in one place (check/outcome.ts). */
export interface RunOutcome {
  readonly passed: boolean;
  readonly reasons: readonly FailReason[];
}

/** A result with its outcome: what reports are written from. */
export interface JudgedResult extends CheckResult {
  readonly outcome: RunOutcome;
}
