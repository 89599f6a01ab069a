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

/**
 * A value of a report being read: where it is (its path, which a reader of
 * the text finds: locatedIn) and how messages name it (`records[3].verdict`),
 * both made only for a message (a baseline may hold 200,000 records).
 */
class Field {
  private constructor(
    private readonly above: Field | undefined,
    private readonly step: string | number | undefined,
    /** The name messages give it, when not its path's. */
    private readonly name?: string,
  ) {}

  /** The report itself. */
  static readonly REPORT = new Field(undefined, undefined, 'the report');

  key(key: string): Field {
    return new Field(this, key);
  }

  item(index: number): Field {
    return new Field(this, index);
  }

  /** The same value, named `name` in messages. */
  named(name: string): Field {
    return new Field(this.above, this.step, name);
  }

  get path(): ReportPath {
    const steps: (string | number)[] = [];
    for (let f: Field | undefined = this; f?.step !== undefined; f = f.above) steps.push(f.step);
    return steps.reverse();
  }

  toString(): string {
    if (this.name !== undefined) return this.name;
    const above = this.above?.step === undefined ? '' : String(this.above);
    if (typeof this.step === 'number') return `${above}[${this.step}]`;
    return above === '' ? String(this.step) : `${above}.${this.step}`;
  }

  /** A ReportError about this value: the reader of the text finds it there. */
  error(message: string): ReportError {
    return new ReportError(message, undefined, this.path);
  }
}

const REPORT = Field.REPORT;

function object(value: unknown, at: Field): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw at.error(`${at} is not an object`);
  return value as Json;
}

function list(value: unknown, at: Field): unknown[] {
  if (!Array.isArray(value)) throw at.error(`${at} is not a list`);
  return value;
}

function int(value: unknown, at: Field): number {
  if (!Number.isInteger(value)) throw at.error(`${at} is not a whole number`);
  return value as number;
}

function str(value: unknown, at: Field): string {
  if (typeof value !== 'string') throw at.error(`${at} is not a string`);
  return value;
}

function strOrNull(value: unknown, at: Field): string | null {
  return value === null || value === undefined ? null : str(value, at);
}

function position(value: unknown, at: Field): MatchPosition {
  const m = object(value, at);
  return {
    line: int(m.line, at.key('line')),
    column: int(m.column, at.key('column')),
    endLine: int(m.end_line, at.key('end_line')),
    endColumn: int(m.end_column, at.key('end_column')),
  };
}

function detail(value: unknown, at: Field): Explanation {
  const d = object(value, at);
  const out: Explanation = {};
  if (d.context !== undefined) {
    const context = at.key('context');
    const c = object(d.context, context);
    out.context = {
      prefix: c.prefix === true,
      suffix: c.suffix === true,
      candidates: int(c.candidates, context.key('candidates')),
      kept: int(c.kept, context.key('kept')),
      ...(c.more_candidates === true ? { moreCandidates: true } : {}),
      ...(c.prefix_kept !== undefined ? { prefixKept: int(c.prefix_kept, context.key('prefix_kept')) } : {}),
      ...(c.suffix_kept !== undefined ? { suffixKept: int(c.suffix_kept, context.key('suffix_kept')) } : {}),
      ...(c.occurrences !== undefined
        ? {
            occurrences: list(c.occurrences, context.key('occurrences')).map((v, i) => {
              const occurrence = context.key('occurrences').item(i);
              const o = object(v, occurrence);
              return {
                at: position(o, occurrence),
                ...(o.before !== undefined
                  ? { before: str(o.before, occurrence.key('before').named('occurrence before')) }
                  : {}),
                ...(o.after !== undefined
                  ? { after: str(o.after, occurrence.key('after').named('occurrence after')) }
                  : {}),
              };
            }),
          }
        : {}),
    };
  }
  if (d.closest !== undefined) {
    if (d.closest === null) out.closest = null;
    else {
      const closest = at.key('closest');
      const c = object(d.closest, closest);
      out.closest = {
        at: position(c, closest),
        similarity: reportedSimilarity(Number(c.similarity)),
        passage: str(c.passage, closest.key('passage')),
        diff: str(c.diff, closest.key('diff')),
      };
    }
  }
  if (d.hints !== undefined) {
    out.hints = list(d.hints, at.key('hints')).map((h, i) => {
      const hint = at.key('hints').item(i);
      const o = object(h, hint);
      const kind = str(o.kind, hint.key('kind').named('hint kind')) as HintKind;
      if (!HINT_KINDS.includes(kind)) throw hint.key('kind').error(`${hint}.kind ${excerpt(kind)} is not a hint`);
      return {
        kind,
        difference: str(o.difference, hint.key('difference').named('hint difference')),
        sourceId: str(o.source_id, hint.key('source_id').named('hint source_id')),
        at: position(o, hint),
        passage: str(o.passage, hint.key('passage').named('hint passage')),
      };
    });
  }
  if (d.suggestions !== undefined) {
    out.suggestions = list(d.suggestions, at.key('suggestions')).map((s, i) => {
      const suggestion = at.key('suggestions').item(i);
      const o = object(s, suggestion);
      return {
        at: position(o, suggestion),
        ...(o.prefix !== undefined ? { prefix: str(o.prefix, suggestion.key('prefix').named('prefix')) } : {}),
        ...(o.suffix !== undefined ? { suffix: str(o.suffix, suggestion.key('suffix').named('suffix')) } : {}),
      };
    });
  }
  if (d.too_long === true) out.tooLong = true;
  if (d.match_count !== undefined) out.matchCount = int(d.match_count, at.key('match_count'));
  if (d.too_many_matches === true) out.tooManyMatches = true;
  if (d.similar_ids !== undefined) {
    const ids = at.key('similar_ids');
    out.similarIds = list(d.similar_ids, ids).map((id, i) => str(id, ids.item(i).named('similar id')));
  }
  if (d.source_ids !== undefined) {
    const ids = at.key('source_ids');
    out.sourceIds = list(d.source_ids, ids).map((id, i) => str(id, ids.item(i).named('source id')));
  }
  return out;
}

function recordBaseline(r: Json, at: Field): RecordBaseline {
  const stateAt = at.key('baseline');
  const state = str(r.baseline, stateAt) as BaselineState;
  if (!BASELINE_STATES.includes(state)) throw stateAt.error(`${stateAt} ${excerpt(state)} is not a baseline state`);
  if (r.baseline_verdict === undefined) return { state };
  const verdictAt = at.key('baseline_verdict');
  const verdict = str(r.baseline_verdict, verdictAt) as Verdict;
  if (!VERDICTS.includes(verdict)) throw verdictAt.error(`${verdictAt} ${excerpt(verdict)} is not a verdict`);
  return { state, verdict };
}

function findingBaseline(value: unknown, at: Field): FindingBaseline {
  const state = str(value, at);
  if (state !== 'new' && state !== 'still failing') throw at.error(`${at} is not new or still failing`);
  return state;
}

function strings(value: unknown, at: Field): string[] {
  return list(value, at).map((v, i) => str(v, at.item(i)));
}

function baselineInfo(value: unknown): BaselineInfo {
  const at = REPORT.key('baseline');
  const b = object(value, at);
  const failOn = str(b.fail_on, at.key('fail_on')) as FailOn;
  if (!FAIL_ON.includes(failOn)) throw at.key('fail_on').error('baseline.fail_on is not new or any');
  const sourcesAt = at.key('sources');
  const sources = object(b.sources, sourcesAt);
  return {
    from: str(b.from, at.key('from')),
    digest: str(b.digest, at.key('digest')),
    failOn,
    sources: {
      added: strings(sources.added, sourcesAt.key('added')),
      removed: strings(sources.removed, sourcesAt.key('removed')),
      repinned: strings(sources.repinned, sourcesAt.key('repinned')),
    },
    removed: list(b.removed, at.key('removed')).map((v, i) => {
      const removed = at.key('removed').item(i);
      const r = object(v, removed);
      const verdict = str(r.verdict, removed.key('verdict')) as Verdict;
      if (!VERDICTS.includes(verdict)) throw removed.key('verdict').error(`${removed}.verdict is not a verdict`);
      return {
        file: str(r.file, removed.key('file')),
        citationId: strOrNull(r.citation_id, removed.key('citation_id')),
        sourceId: strOrNull(r.source_id, removed.key('source_id')),
        verdict,
      };
    }),
    findingsFixed: int(b.findings_fixed, at.key('findings_fixed')),
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
    return reportOf(value, (records) => list(records, RECORDS).map(fullRecord));
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
 * A value refused is named by its path (ReportError.path), for the reader of
 * the text to find: locatedIn.
 */
export function baselineReportOf(
  value: unknown,
  readRecords: (records: unknown) => BaselineRecord[] = (records) => list(records, RECORDS).map(baselineRecord),
): BaselineReport {
  return reportOf(value, readRecords);
}

const RECORDS = REPORT.key('records');

function recordVerdict(r: Json, at: Field): Verdict {
  const verdictAt = at.key('verdict');
  const verdict = str(r.verdict, verdictAt) as Verdict;
  if (!VERDICTS.includes(verdict)) throw verdictAt.error(`${verdictAt} ${excerpt(verdict)} is not a verdict`);
  return verdict;
}

/** A record's reason: given for those whose verdict needs one (a report without is older, or edited). */
function recordReason(r: Json, at: Field, verdict: Verdict): string | undefined {
  const reason = r.reason !== undefined ? str(r.reason, at.key('reason')) : undefined;
  if (reason === undefined && needsReason(verdict))
    throw at.error(`${at} (${verdict}) has no reason: ${OLDER_OR_EDITED}`);
  return reason;
}

export function baselineRecord(v: unknown, i: number): BaselineRecord {
  const at = RECORDS.item(i);
  const r = object(v, at);
  const verdict = recordVerdict(r, at);
  int(r.line, at.key('line'));
  int(r.column, at.key('column'));
  recordReason(r, at, verdict);
  return {
    file: str(r.file, at.key('file')),
    index: int(r.index, at.key('index')),
    citationId: strOrNull(r.citation_id, at.key('citation_id')),
    sourceId: strOrNull(r.source_id, at.key('source_id')),
    verdict,
    ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
  };
}

function fullRecord(v: unknown, i: number): RecordResult {
  const at = RECORDS.item(i);
  const r = object(v, at);
  const verdict = recordVerdict(r, at);
  const fields = {
    file: str(r.file, at.key('file')),
    line: int(r.line, at.key('line')),
    column: int(r.column, at.key('column')),
    index: int(r.index, at.key('index')),
    citationId: strOrNull(r.citation_id, at.key('citation_id')),
    sourceId: strOrNull(r.source_id, at.key('source_id')),
    quote: strOrNull(r.quote, at.key('quote')),
    claim: strOrNull(r.claim, at.key('claim')),
    ...(r.baseline !== undefined ? { baseline: recordBaseline(r, at) } : {}),
  };
  const reason = recordReason(r, at, verdict);
  const matches = list(r.matches, at.key('matches')).map((m, k) => position(m, at.key('matches').item(k)));
  return makeRecord(
    fields,
    verdict,
    reason,
    matches,
    r.detail !== undefined ? detail(r.detail, at.key('detail')) : undefined,
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
  // Not a value at fault, but the file as a whole: named alone.
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ReportError('the report is not an object');
  const report = value as Json;
  const tool = report.tool as Json | undefined;
  if (typeof tool !== 'object' || tool === null || tool.name !== 'citegate' || !('records' in report))
    throw new ReportError('not a citegate JSON report (check --format json writes one)');
  if (report.version !== 1)
    throw REPORT.key('version').error(
      `a report of format version ${excerpt(String(report.version), 12)}, which this citegate cannot read: it reads version 1`,
    );
  const records = readRecords(report.records);
  // Each source its records cite, once (json.ts; the manifest's sources are a map), with its pin: a
  // report of an older citegate, without manifest_sources, is compared with these.
  const cited = new Map<string, Field>();
  const sources: SourceResult[] = list(report.sources, REPORT.key('sources')).map((v, i) => {
    const at = REPORT.key('sources').item(i);
    const s = object(v, at);
    const status = str(s.status, at.key('status'));
    if (status !== 'verified' && status !== 'unverified')
      throw at.key('status').error(`${at}.status is not verified or unverified`);
    return {
      id: sourceId(s, at, cited, 'its records cite'),
      path: str(s.path, at.key('path')),
      sha256: pinOf(s, at),
      retrieved: str(s.retrieved, at.key('retrieved')),
      status,
      ...(s.reason !== undefined ? { reason: str(s.reason, at.key('reason')) } : {}),
      ...(s.actual_sha256 !== undefined ? { actualSha256: actualPinOf(s, at, status) } : {}),
      line: int(s.line, at.key('line')),
      column: int(s.column, at.key('column')),
      citedBy: int(s.cited_by, at.key('cited_by')),
    };
  });
  // Absent from a report of an older citegate, which lists only the sources its records cite.
  const manifestSources =
    report.manifest_sources === undefined ? undefined : manifestSourcesOf(report.manifest_sources);
  const problems: Problem[] = list(report.problems, REPORT.key('problems')).map((v, i) => {
    const at = REPORT.key('problems').item(i);
    const p = object(v, at);
    // No line: a problem with the file as a whole.
    const line = p.line === undefined ? 0 : int(p.line, at.key('line'));
    return {
      file: str(p.file, at.key('file')),
      line,
      column: line === 0 ? 0 : int(p.column, at.key('column')),
      message: str(p.message, at.key('message')),
    };
  });
  const files = strings(report.files, REPORT.key('files'));
  if (report.findings === undefined) throw REPORT.key('findings').error(`it has no findings: ${OLDER_OR_EDITED}`);
  const findings: Finding[] = list(report.findings, REPORT.key('findings')).map((v, i) => {
    const at = REPORT.key('findings').item(i);
    const f = object(v, at);
    const kind = str(f.kind, at.key('kind')) as FindingKind;
    if (!FINDING_KINDS.includes(kind)) throw at.key('kind').error(`${at}.kind ${excerpt(kind)} is not a finding`);
    const level = str(f.level, at.key('level'));
    if (level !== 'warn' && level !== 'fail') throw at.key('level').error(`${at}.level is not warn or fail`);
    return {
      kind,
      level,
      file: str(f.file, at.key('file')),
      line: int(f.line, at.key('line')),
      column: int(f.column, at.key('column')),
      ...(f.citation_id !== undefined ? { citationId: str(f.citation_id, at.key('citation_id')) } : {}),
      message: str(f.message, at.key('message')),
      ...(f.baseline !== undefined ? { baseline: findingBaseline(f.baseline, at.key('baseline')) } : {}),
    };
  });
  const result = {
    manifest: str(report.manifest, REPORT.key('manifest')),
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
  checkComplete(result, object(report.summary, REPORT.key('summary')));
  return result;
}

/**
 * A report's `manifest_sources` as citegate writes them (json.ts): each
 * source of a manifest once (its sources are a map), with its pin. Anything
 * else would make the sources named added, removed and re-pinned since the
 * report's run mean nothing, and is refused, naming the value at fault.
 */
function manifestSourcesOf(value: unknown): ManifestSource[] {
  const first = new Map<string, Field>();
  return list(value, REPORT.key('manifest_sources')).map((v, i) => {
    const at = REPORT.key('manifest_sources').item(i);
    const s = object(v, at);
    return { id: sourceId(s, at, first, 'of its manifest'), sha256: pinOf(s, at) };
  });
}

/**
 * The `id` of the source `s` at `at` of a list of sources (`sources`,
 * `manifest_sources`), which names each source once (`which`: the sources
 * it lists); `first`: the ids before it, and where.
 */
function sourceId(s: Json, at: Field, first: Map<string, Field>, which: string): string {
  const id = str(s.id, at.key('id'));
  const before = first.get(id);
  if (before !== undefined)
    throw at
      .key('id')
      .error(
        `${at} names the source ${excerpt(id)} again, as ${before} does (a report lists each source ${which} once): the report was edited`,
      );
  first.set(id, at);
  return id;
}

/** A pin as a report writes it: manifest.ts keeps a manifest's SHA-256 in lowercase. */
const PIN = /^[0-9a-f]{64}$/;

/**
 * The `sha256` of the source `s` at `at`: its pin, or null for a source
 * without one (which a manifest that could be checked does not have, but a
 * pin is undefined in the model). A pin compared with the manifest's that is
 * no SHA-256 would name a source re-pinned that is not.
 */
function pinOf(s: Json, at: Field): string | undefined {
  const sha256 = strOrNull(s.sha256, at.key('sha256'));
  if (sha256 !== null && !PIN.test(sha256))
    throw at
      .key('sha256')
      .error(
        `${at}.sha256 ${excerpt(sha256, 16)} is not a SHA-256 (64 lowercase hexadecimal digits, or null for a source without a pin): the report was edited`,
      );
  return sha256 ?? undefined;
}

/**
 * The `actual_sha256` of the source `s` at `at`: the SHA-256 of its bytes,
 * which citegate gives only when the file was read and is not as pinned
 * (check/run.ts), so never for a source verified, never null nor the pin
 * itself: one that is, or that is no SHA-256, was edited in.
 */
function actualPinOf(s: Json, at: Field, status: 'verified' | 'unverified'): string {
  const actual = str(s.actual_sha256, at.key('actual_sha256'));
  if (status === 'verified')
    throw at
      .key('actual_sha256')
      .error(
        `${at}.actual_sha256 is given for a source verified (citegate gives it only for one whose bytes are not as pinned): the report was edited`,
      );
  if (!PIN.test(actual))
    throw at
      .key('actual_sha256')
      .error(
        `${at}.actual_sha256 ${excerpt(actual, 16)} is not a SHA-256 (64 lowercase hexadecimal digits): the report was edited`,
      );
  if (actual === s.sha256)
    throw at
      .key('actual_sha256')
      .error(`${at}.actual_sha256 is its sha256 (citegate gives it only when the two differ): the report was edited`);
  return actual;
}

/** At most this many keys of a summary that does not add up are named. */
const SUMMARY_KEYS_NAMED = 5;

/**
 * Refuses a report whose lists do not add up to its summary, or whose files'
 * records do not run from the first to the last: a report edited (a failing
 * record deleted) or cut short would otherwise merge into a pass. Blamed: the
 * first key of the summary that differs (or the summary, when it lacks that
 * key), and the `index` of the record given twice, or of the record after the
 * one skipped.
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
    throw REPORT.key('summary')
      .key(differ[0])
      .error(
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
  /** The `index` of the `nth` record (from 0, in the report's order) of `file` whose index is `index`. */
  const indexOf = (file: string, index: number, nth: number) => {
    const records: readonly BaselineRecord[] = result.records;
    let seen = 0;
    const at = records.findIndex((r) => r.file === file && r.index === index && seen++ === nth);
    return RECORDS.item(at).key('index');
  };
  for (const [file, indices] of perFile) {
    indices.sort((a, b) => a - b);
    const at = indices.findIndex((index, i) => index !== i);
    if (at < 0) continue;
    if (at > 0 && indices[at] === indices[at - 1])
      throw indexOf(file, indices[at], 1).error(`record ${indices[at]} of ${file} is in the report twice`);
    throw indexOf(file, indices[at], 0).error(
      `the records of ${file} skip record ${at}: the report was edited or cut short`,
    );
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
  const at = REPORT.key('shard');
  const s = object(value, at);
  const index = int(s.index, at.key('index'));
  const count = int(s.count, at.key('count'));
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count)
    throw at
      .key(count < 1 || count > MAX_SHARDS ? 'count' : 'index')
      .error(`shard ${index} of ${count} is not a shard (a run splits into 1 to ${MAX_SHARDS})`);
  if (s.run === undefined) throw at.key('run').error(`its shard has no run digest: ${OLDER_OR_EDITED}`);
  return { index, count, run: str(s.run, at.key('run')) };
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
