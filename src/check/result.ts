// What a check run found: the one model every report (text, JSON, summary,
// annotations, SARIF) is written from.
import { VERDICTS, type Verdict } from '../engine/verdict.js';
import type { DiffPart } from '../engine/diagnose/closest.js';
import type { Problem } from '../load/problem.js';

/** A match in the original source file (SPEC §7): 1-based, columns in code points, end exclusive. */
export interface MatchPosition {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface RecordResult {
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
  readonly quote: string | null;
  readonly claim: string | null;
  readonly verdict: Verdict;
  /** Why, for invalid fields, unverified or not permitted sources. */
  readonly reason?: string;
  readonly matches: readonly MatchPosition[];
  /** What explains the verdict (never changes it). */
  readonly detail?: RecordDetail;
}

export interface RecordDetail {
  /** When the record gave a prefix or suffix: how the context narrowed the quote's matches. */
  readonly context?: ContextDetail;
  /** For a quote not found: the nearest passage of the cited source, or null when nothing is close enough. */
  readonly closest?: ClosestResult | null;
  /** Differences that, folded away one at a time, would let the quote match; and other sources holding it. */
  readonly hints?: readonly HintResult[];
  /** For an ambiguous quote: the shortest context that picks out each of its first matches. */
  readonly suggestions?: readonly SuggestionResult[];
  /** For an ambiguous quote with more matches than `matches` lists: how many it has, when it has at most MAX_COUNTED_MATCHES. */
  readonly matchCount?: number;
  /** For an ambiguous quote with more than MAX_COUNTED_MATCHES matches: too many to suggest a context. */
  readonly tooManyMatches?: boolean;
  /** For an unknown source: manifest ids that look like the one cited. */
  readonly similarIds?: readonly string[];
  /** For an unknown source with no similar id, when the manifest has only a few: all of its ids. */
  readonly sourceIds?: readonly string[];
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

export interface ClosestResult {
  readonly at: MatchPosition;
  /** 0 to 1. */
  readonly similarity: number;
  /** The passage, normalized. */
  readonly passage: string;
  /** Word diff of the passage (source) against the quote: `[-source only-]`, `[+quote only+]`. */
  readonly diff: string;
  /** The same diff in parts, for reports that can mark it up (absent in a report read back from JSON). */
  readonly parts?: readonly DiffPart[];
}

export type HintKind =
  | 'case'
  | 'accents'
  | 'quotes'
  | 'compatibility'
  | 'invisible'
  | 'hyphenation'
  | 'word boundary'
  | 'other version'
  | 'other source';

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

export type FindingKind = 'uncited claim' | 'required source not cited' | 'claim number not in quote';
export const FINDING_KINDS: readonly FindingKind[] = [
  'claim number not in quote',
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
  /** Files that could not be read or parsed, and sources that failed verification. */
  readonly problems: readonly Problem[];
  /** Findings beyond quotes (uncited claims, required sources, numbers), in file order. */
  readonly findings: readonly Finding[];
  /** Only some of the citation files were checked (the changed ones, or a shard): no records is then no failure. */
  readonly partial?: boolean;
}

/** Counts of the verdicts that occur, in VERDICTS order. */
export function countVerdicts(records: readonly RecordResult[]): Partial<Record<Verdict, number>> {
  const counts: Partial<Record<Verdict, number>> = {};
  for (const verdict of VERDICTS) {
    const n = records.filter((r) => r.verdict === verdict).length;
    if (n > 0) counts[verdict] = n;
  }
  return counts;
}

/**
 * SPEC §5: the check passes when at least one record was checked (unless the
 * run is partial), every record is located, and there is no problem (every
 * file read, every source verified), nor a finding beyond quotes whose check
 * is set to fail.
 */
export function passed(result: CheckResult): boolean {
  return (
    (result.records.length > 0 || result.partial === true) &&
    result.problems.length === 0 &&
    !failingFindings(result) &&
    result.records.every((r) => r.verdict === 'located')
  );
}

export function failingFindings(result: CheckResult): number {
  return result.findings.filter((f) => f.level === 'fail').length;
}
