// Reading a JSON report back (for `citegate merge-reports`, and a baseline):
// every field checked, and a report whose counts do not add up to its lists
// (edited, or cut short) refused.
import {
  BASELINE_STATES,
  type BaselineInfo,
  type BaselineState,
  FAIL_ON,
  type FailOn,
  type FindingBaseline,
  type RecordBaseline,
} from '../model/baseline.js';
import { type Buffer, isUtf8 } from 'node:buffer';
import { TextLineIndex, type Position } from '../engine/positions.js';
import { excerpt, messageOf } from '../model/escape.js';
import type { Problem } from '../model/problem.js';
import {
  type CheckResult,
  type Countable,
  type Explanation,
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  HINT_KINDS,
  type HintKind,
  makeRecord,
  type ManifestSource,
  type MatchPosition,
  type RecordResult,
  reportedSimilarity,
  type SourceResult,
  tally,
} from '../model/result.js';
import { MAX_SHARDS } from '../model/shard.js';
import { needsReason, VERDICTS, type Verdict } from '../model/verdict.js';
import { type JsonOffsets, jsonSyntaxError, scanOffsets } from './strict-json.js';
import { decodeUtf8Text } from './text.js';

export const OLDER_OR_EDITED = 'the report was made by an older citegate, or edited; check again with this one';

/** Where a value of a report is: the keys and list places down to it (`['manifest_sources', 2, 'sha256']`). */
export type ReportPath = readonly (string | number)[];

/**
 * A report that cannot be read: exit 2, naming the file (and where in it, when
 * a place is to blame). `path`: the value to blame, for the reader of the text
 * to find (locateInReport) when the error has no position yet.
 */
export class ReportError extends Error {
  constructor(
    message: string,
    readonly position?: Position,
    readonly path?: ReportPath,
  ) {
    super(message);
  }
}

/**
 * Where in a report's text (which JSON.parse has read) the value at `path`
 * is, or the nearest value above it that the text has (a key left out: the
 * object that lacks it). Undefined when the text cannot be followed there.
 */
export function locateInReport(text: string, path: ReportPath): Position | undefined {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let node: JsonOffsets;
  try {
    node = scanOffsets(json, new Set(path.filter((step) => typeof step === 'string')), 0, json.length, true);
  } catch {
    return undefined;
  }
  for (const step of path) {
    const next = typeof step === 'number' ? node.items?.[step] : node.keys?.get(step);
    if (next === undefined) break;
    node = next;
  }
  return new TextLineIndex(json).position(node.offset);
}

/** `error` with the place of the value it blames in `text`, when it names one and has none yet. */
export function locatedIn(error: unknown, text: () => string | undefined): unknown {
  if (!(error instanceof ReportError) || error.position !== undefined || error.path === undefined) return error;
  const read = text();
  const position = read === undefined ? undefined : locateInReport(read, error.path);
  return position === undefined ? error : new ReportError(error.message, position, error.path);
}

/**
 * A report's bytes as text, strictly: citegate writes UTF-8 alone, so bytes
 * that are not are refused, saying where, never replaced. A byte order mark
 * is kept, for parseReportValue to take off (once: a second one is no JSON).
 */
export function reportText(bytes: Buffer): string {
  const decoded = isUtf8(bytes) ? undefined : decodeUtf8Text(bytes);
  if (decoded && !decoded.ok) throw new ReportError(decoded.reason, decoded.position);
  return bytes.toString('utf8');
}

/**
 * A report's text parsed (JSON.parse: a baseline may be some 80 MB); when it
 * is not JSON, the checking scan of citation files says what it found and
 * where, under JSON's own rules (strict-json.ts, jsonSyntaxError).
 */
export function parseReportValue(text: string): unknown {
  // A byte order mark, which an editor may add, is no part of the JSON.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(json);
  } catch (error) {
    const found = jsonSyntaxError(json);
    if (found) throw new ReportError(`not JSON: ${found.message}`, new TextLineIndex(json).position(found.offset));
    throw new ReportError(notJson(messageOf(error)));
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string, at?: ReportPath): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ReportError(`${what} is not an object`, undefined, at);
  return value as Json;
}

function list(value: unknown, what: string, at?: ReportPath): unknown[] {
  if (!Array.isArray(value)) throw new ReportError(`${what} is not a list`, undefined, at);
  return value;
}

function int(value: unknown, what: string): number {
  if (!Number.isInteger(value)) throw new ReportError(`${what} is not a whole number`);
  return value as number;
}

function str(value: unknown, what: string, at?: ReportPath): string {
  if (typeof value !== 'string') throw new ReportError(`${what} is not a string`, undefined, at);
  return value;
}

function strOrNull(value: unknown, what: string, at?: ReportPath): string | null {
  return value === null || value === undefined ? null : str(value, what, at);
}

function position(value: unknown, what: string): MatchPosition {
  const m = object(value, what);
  return {
    line: int(m.line, `${what}.line`),
    column: int(m.column, `${what}.column`),
    endLine: int(m.end_line, `${what}.end_line`),
    endColumn: int(m.end_column, `${what}.end_column`),
  };
}

function detail(value: unknown, what: string): Explanation {
  const d = object(value, what);
  const out: Explanation = {};
  if (d.context !== undefined) {
    const c = object(d.context, `${what}.context`);
    out.context = {
      prefix: c.prefix === true,
      suffix: c.suffix === true,
      candidates: int(c.candidates, `${what}.context.candidates`),
      kept: int(c.kept, `${what}.context.kept`),
      ...(c.more_candidates === true ? { moreCandidates: true } : {}),
      ...(c.prefix_kept !== undefined ? { prefixKept: int(c.prefix_kept, `${what}.context.prefix_kept`) } : {}),
      ...(c.suffix_kept !== undefined ? { suffixKept: int(c.suffix_kept, `${what}.context.suffix_kept`) } : {}),
      ...(c.occurrences !== undefined
        ? {
            occurrences: list(c.occurrences, `${what}.context.occurrences`).map((v, i) => {
              const o = object(v, `${what}.context.occurrences[${i}]`);
              return {
                at: position(o, `${what}.context.occurrences[${i}]`),
                ...(o.before !== undefined ? { before: str(o.before, 'occurrence before') } : {}),
                ...(o.after !== undefined ? { after: str(o.after, 'occurrence after') } : {}),
              };
            }),
          }
        : {}),
    };
  }
  if (d.closest !== undefined) {
    if (d.closest === null) out.closest = null;
    else {
      const c = object(d.closest, `${what}.closest`);
      out.closest = {
        at: position(c, `${what}.closest`),
        similarity: reportedSimilarity(Number(c.similarity)),
        passage: str(c.passage, `${what}.closest.passage`),
        diff: str(c.diff, `${what}.closest.diff`),
      };
    }
  }
  if (d.hints !== undefined) {
    out.hints = list(d.hints, `${what}.hints`).map((h, i) => {
      const o = object(h, `${what}.hints[${i}]`);
      const kind = str(o.kind, 'hint kind') as HintKind;
      if (!HINT_KINDS.includes(kind)) throw new ReportError(`${what}.hints[${i}].kind ${excerpt(kind)} is not a hint`);
      return {
        kind,
        difference: str(o.difference, 'hint difference'),
        sourceId: str(o.source_id, 'hint source_id'),
        at: position(o, `${what}.hints[${i}]`),
        passage: str(o.passage, 'hint passage'),
      };
    });
  }
  if (d.suggestions !== undefined) {
    out.suggestions = list(d.suggestions, `${what}.suggestions`).map((s, i) => {
      const o = object(s, `${what}.suggestions[${i}]`);
      return {
        at: position(o, `${what}.suggestions[${i}]`),
        ...(o.prefix !== undefined ? { prefix: str(o.prefix, 'prefix') } : {}),
        ...(o.suffix !== undefined ? { suffix: str(o.suffix, 'suffix') } : {}),
      };
    });
  }
  if (d.too_long === true) out.tooLong = true;
  if (d.match_count !== undefined) out.matchCount = int(d.match_count, `${what}.match_count`);
  if (d.too_many_matches === true) out.tooManyMatches = true;
  if (d.similar_ids !== undefined)
    out.similarIds = list(d.similar_ids, `${what}.similar_ids`).map((id) => str(id, 'similar id'));
  if (d.source_ids !== undefined)
    out.sourceIds = list(d.source_ids, `${what}.source_ids`).map((id) => str(id, 'source id'));
  return out;
}

function recordBaseline(r: Json, what: string): RecordBaseline {
  const state = str(r.baseline, `${what}.baseline`) as BaselineState;
  if (!BASELINE_STATES.includes(state))
    throw new ReportError(`${what}.baseline ${excerpt(state)} is not a baseline state`);
  if (r.baseline_verdict === undefined) return { state };
  const verdict = str(r.baseline_verdict, `${what}.baseline_verdict`) as Verdict;
  if (!VERDICTS.includes(verdict))
    throw new ReportError(`${what}.baseline_verdict ${excerpt(verdict)} is not a verdict`);
  return { state, verdict };
}

function findingBaseline(value: unknown, what: string): FindingBaseline {
  const state = str(value, what);
  if (state !== 'new' && state !== 'still failing') throw new ReportError(`${what} is not new or still failing`);
  return state;
}

function strings(value: unknown, what: string): string[] {
  return list(value, what).map((v, i) => str(v, `${what}[${i}]`));
}

function baselineInfo(value: unknown): BaselineInfo {
  const b = object(value, 'baseline');
  const failOn = str(b.fail_on, 'baseline.fail_on') as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new ReportError('baseline.fail_on is not new or any');
  const sources = object(b.sources, 'baseline.sources');
  return {
    from: str(b.from, 'baseline.from'),
    digest: str(b.digest, 'baseline.digest'),
    failOn,
    sources: {
      added: strings(sources.added, 'baseline.sources.added'),
      removed: strings(sources.removed, 'baseline.sources.removed'),
      repinned: strings(sources.repinned, 'baseline.sources.repinned'),
    },
    removed: list(b.removed, 'baseline.removed').map((v, i) => {
      const r = object(v, `baseline.removed[${i}]`);
      const verdict = str(r.verdict, `baseline.removed[${i}].verdict`) as Verdict;
      if (!VERDICTS.includes(verdict)) throw new ReportError(`baseline.removed[${i}].verdict is not a verdict`);
      return {
        file: str(r.file, `baseline.removed[${i}].file`),
        citationId: strOrNull(r.citation_id, `baseline.removed[${i}].citation_id`),
        sourceId: strOrNull(r.source_id, `baseline.removed[${i}].source_id`),
        verdict,
      };
    }),
    findingsFixed: int(b.findings_fixed, 'baseline.findings_fixed'),
  };
}

/** Which shard of a split run a report covers, and the digest of that run (runDigest). */
export interface ShardOfReport {
  readonly index: number;
  readonly count: number;
  readonly run: string;
}

/** A report read back: the result, and what the report says about its run. */
export type ReadReport = CheckResult & { readonly github?: unknown; readonly shard?: ShardOfReport };

/** What a baseline needs of a record: what it is, and its verdict; not why, nor where its quote is. */
export interface BaselineRecord {
  readonly file: string;
  readonly index: number;
  readonly citationId: string | null;
  readonly sourceId: string | null;
  readonly verdict: Verdict;
  readonly baseline?: RecordBaseline;
}

/** A report read back as a baseline: as a ReadReport, with its records' explanations left unread. */
export type BaselineReport = Omit<ReadReport, 'records'> & { readonly records: readonly BaselineRecord[] };

/** A JSON report (as `check --format json` writes it) back as a check result. */
export function parseJsonReport(text: string): ReadReport {
  const value = parseReportValue(text);
  try {
    return reportOf(value, (records) => list(records, 'records').map(fullRecord));
  } catch (error) {
    throw locatedIn(error, () => text);
  }
}

/**
 * A JSON report, already parsed, read as a baseline (baseline-file.ts parses
 * it beside the check): refused as parseJsonReport refuses it for what it is
 * (not a report, another version, edited or cut short), with every field of a
 * record checked but its quote, claim, matches and explanation (most of a
 * large report), which a baseline does not read. `readRecords` reads its
 * `records` (record-columns.ts reads them from the columns the worker sends).
 */
export function baselineReportOf(
  value: unknown,
  readRecords: (records: unknown) => BaselineRecord[] = (records) => list(records, 'records').map(baselineRecord),
): BaselineReport {
  return reportOf(value, readRecords);
}

function recordVerdict(r: Json, at: string): Verdict {
  const verdict = str(r.verdict, `${at}.verdict`) as Verdict;
  if (!VERDICTS.includes(verdict)) throw new ReportError(`${at}.verdict ${excerpt(verdict)} is not a verdict`);
  return verdict;
}

/** A record's reason: given for those whose verdict needs one (a report without is older, or edited). */
function recordReason(r: Json, at: string, verdict: Verdict): string | undefined {
  const reason = r.reason !== undefined ? str(r.reason, `${at}.reason`) : undefined;
  if (reason === undefined && needsReason(verdict))
    throw new ReportError(`${at} (${verdict}) has no reason: ${OLDER_OR_EDITED}`);
  return reason;
}

export function baselineRecord(v: unknown, i: number): BaselineRecord {
  const at = `records[${i}]`;
  const r = object(v, at);
  const verdict = recordVerdict(r, at);
  int(r.line, `${at}.line`);
  int(r.column, `${at}.column`);
  recordReason(r, at, verdict);
  return {
    file: str(r.file, `${at}.file`),
    index: int(r.index, `${at}.index`),
    citationId: strOrNull(r.citation_id, `${at}.citation_id`),
    sourceId: strOrNull(r.source_id, `${at}.source_id`),
    verdict,
    ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
  };
}

function fullRecord(v: unknown, i: number): RecordResult {
  const at = `records[${i}]`;
  const r = object(v, at);
  const verdict = recordVerdict(r, at);
  const fields = {
    file: str(r.file, `${at}.file`),
    line: int(r.line, `${at}.line`),
    column: int(r.column, `${at}.column`),
    index: int(r.index, `${at}.index`),
    citationId: strOrNull(r.citation_id, `${at}.citation_id`),
    sourceId: strOrNull(r.source_id, `${at}.source_id`),
    quote: strOrNull(r.quote, `${at}.quote`),
    claim: strOrNull(r.claim, `${at}.claim`),
    ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
  };
  const reason = recordReason(r, at, verdict);
  const matches = list(r.matches, `${at}.matches`).map((m, k) => position(m, `${at}.matches[${k}]`));
  return makeRecord(
    fields,
    verdict,
    reason,
    matches,
    r.detail !== undefined ? detail(r.detail, `${at}.detail`) : undefined,
  );
}

/**
 * Why a report is not JSON, in JSON.parse's words without the part of the
 * text it quotes (`Unexpected token 'o', "not json" is not valid JSON`): a
 * report is no citation file, and only those are quoted, in short excerpts.
 */
export function notJson(message: string): string {
  return `not JSON: ${message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, ' (not valid JSON)')}`;
}

type Read<R> = Omit<ReadReport, 'records'> & { readonly records: R[] };

function reportOf<R extends BaselineRecord>(value: unknown, readRecords: (records: unknown) => R[]): Read<R> {
  const report = object(value, 'the report');
  const tool = report.tool as Json | undefined;
  if (typeof tool !== 'object' || tool === null || tool.name !== 'citegate' || !('records' in report))
    throw new ReportError('not a citegate JSON report (check --format json writes one)');
  if (report.version !== 1)
    throw new ReportError(
      `a report of format version ${excerpt(String(report.version), 12)}, which this citegate cannot read: it reads version 1`,
    );
  const records = readRecords(report.records);
  const sources: SourceResult[] = list(report.sources, 'sources').map((v, i) => {
    const s = object(v, `sources[${i}]`);
    const status = str(s.status, `sources[${i}].status`);
    if (status !== 'verified' && status !== 'unverified')
      throw new ReportError(`sources[${i}].status is not verified or unverified`);
    return {
      id: str(s.id, `sources[${i}].id`),
      path: str(s.path, `sources[${i}].path`),
      sha256: strOrNull(s.sha256, `sources[${i}].sha256`) ?? undefined,
      retrieved: str(s.retrieved, `sources[${i}].retrieved`),
      status,
      ...(s.reason !== undefined ? { reason: str(s.reason, `sources[${i}].reason`) } : {}),
      ...(s.actual_sha256 !== undefined ? { actualSha256: str(s.actual_sha256, `sources[${i}].actual_sha256`) } : {}),
      line: int(s.line, `sources[${i}].line`),
      column: int(s.column, `sources[${i}].column`),
      citedBy: int(s.cited_by, `sources[${i}].cited_by`),
    };
  });
  // Absent from a report of an older citegate, which lists only the sources its records cite.
  const manifestSources =
    report.manifest_sources === undefined ? undefined : manifestSourcesOf(report.manifest_sources);
  const problems: Problem[] = list(report.problems, 'problems').map((v, i) => {
    const p = object(v, `problems[${i}]`);
    // No line: a problem with the file as a whole.
    const line = p.line === undefined ? 0 : int(p.line, `problems[${i}].line`);
    return {
      file: str(p.file, `problems[${i}].file`),
      line,
      column: line === 0 ? 0 : int(p.column, `problems[${i}].column`),
      message: str(p.message, `problems[${i}].message`),
    };
  });
  const files = list(report.files, 'files').map((f, i) => str(f, `files[${i}]`));
  if (report.findings === undefined) throw new ReportError(`it has no findings: ${OLDER_OR_EDITED}`);
  const findings: Finding[] = list(report.findings, 'findings').map((v, i) => {
    const f = object(v, `findings[${i}]`);
    const kind = str(f.kind, `findings[${i}].kind`) as FindingKind;
    if (!FINDING_KINDS.includes(kind)) throw new ReportError(`findings[${i}].kind ${excerpt(kind)} is not a finding`);
    const level = str(f.level, `findings[${i}].level`);
    if (level !== 'warn' && level !== 'fail') throw new ReportError(`findings[${i}].level is not warn or fail`);
    return {
      kind,
      level,
      file: str(f.file, `findings[${i}].file`),
      line: int(f.line, `findings[${i}].line`),
      column: int(f.column, `findings[${i}].column`),
      ...(f.citation_id !== undefined ? { citationId: str(f.citation_id, `findings[${i}].citation_id`) } : {}),
      message: str(f.message, `findings[${i}].message`),
      ...(f.baseline !== undefined ? { baseline: findingBaseline(f.baseline, `findings[${i}].baseline`) } : {}),
    };
  });
  const result = {
    manifest: str(report.manifest, 'manifest'),
    files,
    records,
    sources,
    ...(manifestSources !== undefined ? { manifestSources } : {}),
    problems,
    findings,
    ...(report.github !== undefined ? { github: report.github } : {}),
    ...(report.shard !== undefined ? { shard: shardOf(report.shard) } : {}),
    ...(report.baseline !== undefined ? { baseline: baselineInfo(report.baseline) } : {}),
  };
  checkComplete(result, object(report.summary, 'summary'));
  return result;
}

/** A pin as a report writes it: manifest.ts keeps a manifest's SHA-256 in lowercase. */
const PIN = /^[0-9a-f]{64}$/;

/**
 * A report's `manifest_sources` as citegate writes them (json.ts): each
 * source of a manifest once (its sources are a map), with its pin, or null
 * for a source without one (which a manifest that could be checked does not
 * have, but a pin is undefined in the model). Anything else would make the
 * sources named added, removed and re-pinned since the report's run mean
 * nothing, and is refused, naming the value at fault.
 */
function manifestSourcesOf(value: unknown): ManifestSource[] {
  const first = new Map<string, number>();
  return list(value, 'manifest_sources', ['manifest_sources']).map((v, i) => {
    const what = `manifest_sources[${i}]`;
    const at = ['manifest_sources', i];
    const s = object(v, what, at);
    const id = str(s.id, `${what}.id`, [...at, 'id']);
    const before = first.get(id);
    if (before !== undefined)
      throw new ReportError(
        `${what} names the source ${excerpt(id)} again, as manifest_sources[${before}] does (a report lists each source of its manifest once): the report was edited`,
        undefined,
        [...at, 'id'],
      );
    first.set(id, i);
    const sha256 = strOrNull(s.sha256, `${what}.sha256`, [...at, 'sha256']);
    if (sha256 !== null && !PIN.test(sha256))
      throw new ReportError(
        `${what}.sha256 ${excerpt(sha256, 16)} is not a SHA-256 (64 lowercase hexadecimal digits, or null for a source without a pin): the report was edited`,
        undefined,
        [...at, 'sha256'],
      );
    return { id, sha256: sha256 ?? undefined };
  });
}

/** At most this many keys of a summary that does not add up are named. */
const SUMMARY_KEYS_NAMED = 5;

/**
 * Refuses a report whose lists do not add up to its summary, or whose files'
 * records do not run from the first to the last: a report edited (a failing
 * record deleted) or cut short would otherwise merge into a pass.
 */
function checkComplete(result: Countable & { readonly records: readonly BaselineRecord[] }, summary: Json): void {
  const counts = tally(result);
  const said = { ...summary };
  delete said.passed;
  if (canonical(said) !== canonical(counts)) {
    // Named, not shown: the summary's text is the file's, of any length.
    const made = counts as unknown as Json;
    const differ = [...new Set([...Object.keys(said), ...Object.keys(made)])].filter(
      (key) => canonical(said[key]) !== canonical(made[key]),
    );
    const named = differ.slice(0, SUMMARY_KEYS_NAMED).map((key) => excerpt(key));
    if (differ.length > SUMMARY_KEYS_NAMED) named.push(`${differ.length - SUMMARY_KEYS_NAMED} more`);
    throw new ReportError(
      `its summary does not match its records, problems and findings (${named.join(', ')} differ): ` +
        'the report was edited or cut short',
    );
  }
  const perFile = new Map<string, number[]>();
  for (const r of result.records) {
    let indices = perFile.get(r.file);
    if (!indices) perFile.set(r.file, (indices = []));
    indices.push(r.index);
  }
  for (const [file, indices] of perFile) {
    indices.sort((a, b) => a - b);
    const at = indices.findIndex((index, i) => index !== i);
    if (at < 0) continue;
    if (at > 0 && indices[at] === indices[at - 1])
      throw new ReportError(`record ${indices[at]} of ${file} is in the report twice`);
    throw new ReportError(`the records of ${file} skip record ${at}: the report was edited or cut short`);
  }
}

/** JSON with every object's keys in order: two values that mean the same read the same. */
export function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
    .join(',')}}`;
}

function shardOf(value: unknown): ShardOfReport {
  const s = object(value, 'shard');
  const index = int(s.index, 'shard.index');
  const count = int(s.count, 'shard.count');
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    throw new ReportError(`shard ${index} of ${count} is not a shard (a run splits into 1 to ${MAX_SHARDS})`);
  if (s.run === undefined) throw new ReportError(`its shard has no run digest: ${OLDER_OR_EDITED}`);
  return { index, count, run: str(s.run, 'shard.run') };
}

/** The baseline a session is given: the earlier run's report, and what names it. */
export interface Baseline {
  readonly report: BaselineReport;
  /** Where it came from, for messages: a file as given, or the base commit. */
  readonly from: string;
  /** Shards of one run are judged against one baseline: the digest of its bytes (or of its making). */
  readonly digest: string;
  /** A baseline file's name in this run, when it was renamed since (the Action knows renames). */
  readonly renamed?: ReadonlyMap<string, string>;
}

/** A baseline file that cannot be used: the check cannot run (exit 2). */
export class BaselineError extends Error {}
