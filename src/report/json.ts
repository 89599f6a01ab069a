// The JSON report (SPEC §7). Keys are snake_case like the records' own fields.
import type { BaselineInfo } from '../model/baseline.js';
import { VERSION } from '../model/version.js';
import { escapeJsonText } from '../model/escape.js';
import {
  type ContextDetail,
  type Explanation,
  explanationOf,
  type JudgedResult,
  type MatchPosition,
  matchesOf,
  type RecordResult,
  reasonOf,
  type SourceResult,
  tally,
} from '../model/result.js';

export interface JsonReportContext {
  /** Added by the Action: the event and the commits compared. */
  readonly github?: unknown;
  /** For one shard of a split run: which one, and the digest of the run (runDigest). */
  readonly shard?: { readonly index: number; readonly count: number; readonly run: string };
}

/** Everything but the records: small, whatever the run's size. */
function reportHead(result: JudgedResult, context: JsonReportContext) {
  return {
    version: 1,
    tool: { name: 'citegate', version: VERSION },
    ...(context.github ? { github: context.github } : {}),
    ...(context.shard ? { shard: context.shard } : {}),
    ...(result.baseline ? { baseline: jsonBaseline(result.baseline) } : {}),
    manifest: result.manifest,
    summary: { ...tally(result), passed: result.outcome.passed },
    sources: result.sources.map(jsonSource),
    // Every source of the manifest, cited or not: what a run with this report as its baseline compares.
    ...(result.manifestSources
      ? { manifest_sources: result.manifestSources.map((s) => ({ id: s.id, sha256: s.sha256 ?? null })) }
      : {}),
    files: result.files,
    // A problem with a file as a whole (it cannot be read) has no line or column.
    problems: result.problems.map((p) => ({
      file: p.file,
      ...(p.line > 0 ? { line: p.line, column: p.column } : {}),
      message: p.message,
    })),
    findings: result.findings.map((f) => ({
      kind: f.kind,
      level: f.level,
      file: f.file,
      line: f.line,
      column: f.column,
      ...(f.citationId !== undefined ? { citation_id: f.citationId } : {}),
      message: f.message,
      ...(f.baseline !== undefined ? { baseline: f.baseline } : {}),
    })),
  };
}

/** Records per chunk of the report's text. */
const RECORDS_PER_CHUNK = 2048;

/**
 * The report's text in pieces, to be written one after another: a run of a
 * few hundred thousand records never holds its whole report in memory. The
 * report is indented, except that each record takes one line (easy to grep).
 */
export function* jsonReportChunks(result: JudgedResult, context: JsonReportContext = {}): Generator<string> {
  // Written to a terminal as often as to a file: no character in it may act on one.
  for (const chunk of rawJsonReportChunks(result, context)) yield escapeJsonText(chunk);
}

function* rawJsonReportChunks(result: JudgedResult, context: JsonReportContext): Generator<string> {
  const { problems, findings, ...head } = reportHead(result, context);
  const opening = JSON.stringify(head, null, 2);
  yield `${opening.slice(0, -2)},\n`;
  yield* indentedArray('records', result.records, ',', (r) => JSON.stringify(jsonRecord(r)));
  // In pieces too: a run can have millions of findings (a rule asking every file for every source), whose
  // text in one string was past the longest string the runtime makes.
  yield* indentedArray('problems', problems, ',');
  yield* indentedArray('findings', findings, '');
  yield '}\n';
}

/**
 * A list of the report's top level, written as JSON.stringify(report, null,
 * 2) writes it there (a record on one line: `text`), RECORDS_PER_CHUNK
 * items a piece; then `after`.
 */
function* indentedArray<T>(
  key: string,
  items: readonly T[],
  after: string,
  text: (item: T) => string = (item) => JSON.stringify(item, null, 2).replaceAll('\n', '\n    '),
): Generator<string> {
  if (items.length === 0) {
    yield `  ${JSON.stringify(key)}: []${after}\n`;
    return;
  }
  yield `  ${JSON.stringify(key)}: [`;
  for (let from = 0; from < items.length; from += RECORDS_PER_CHUNK) {
    const lines: string[] = [];
    for (let i = from; i < items.length && i < from + RECORDS_PER_CHUNK; i++)
      lines.push(`${i === 0 ? '' : ','}\n    ${text(items[i])}`);
    yield lines.join('');
  }
  yield `\n  ]${after}\n`;
}

function jsonSource(s: SourceResult) {
  return {
    id: s.id,
    path: s.path,
    sha256: s.sha256 ?? null,
    retrieved: s.retrieved,
    status: s.status,
    ...(s.reason !== undefined ? { reason: s.reason } : {}),
    ...(s.actualSha256 !== undefined ? { actual_sha256: s.actualSha256 } : {}),
    line: s.line,
    column: s.column,
    cited_by: s.citedBy,
  };
}

function jsonRecord(r: RecordResult) {
  // Fields are assigned in order rather than spread from conditional objects: Node 20 made a map per
  // object spread so (see makeRecord in model/result.ts), and the report makes one per record.
  const out: Record<string, unknown> = {
    file: r.file,
    line: r.line,
    column: r.column,
    index: r.index,
    citation_id: r.citationId,
    source_id: r.sourceId,
    verdict: r.verdict,
  };
  const reason = reasonOf(r);
  if (reason !== undefined) out.reason = reason;
  // Located records leave out their quote and claim: they are in the file, and in order.
  if (r.verdict !== 'located') {
    out.quote = r.quote;
    out.claim = r.claim;
  }
  out.matches = matchesOf(r).map(jsonPosition);
  const detail = explanationOf(r);
  if (detail) out.detail = jsonDetail(detail);
  if (r.baseline) {
    out.baseline = r.baseline.state;
    if (r.baseline.verdict) out.baseline_verdict = r.baseline.verdict;
  }
  return out;
}

function jsonBaseline(b: BaselineInfo) {
  return {
    from: b.from,
    digest: b.digest,
    fail_on: b.failOn,
    sources: b.sources,
    removed: b.removed.map((r) => ({
      file: r.file,
      citation_id: r.citationId,
      source_id: r.sourceId,
      verdict: r.verdict,
    })),
    findings_fixed: b.findingsFixed,
  };
}

function jsonPosition(m: MatchPosition) {
  return { line: m.line, column: m.column, end_line: m.endLine, end_column: m.endColumn };
}

function jsonDetail(d: Explanation) {
  const out: Record<string, unknown> = {};
  if (d.context) out.context = jsonContext(d.context);
  if (d.closest !== undefined)
    out.closest = d.closest && {
      ...jsonPosition(d.closest.at),
      similarity: d.closest.similarity,
      passage: d.closest.passage,
      diff: d.closest.diff,
    };
  if (d.hints)
    out.hints = d.hints.map((h) => ({
      kind: h.kind,
      difference: h.difference,
      source_id: h.sourceId,
      ...jsonPosition(h.at),
      passage: h.passage,
    }));
  if (d.tooLong) out.too_long = true;
  if (d.suggestions)
    out.suggestions = d.suggestions.map((s) => {
      const suggestion: Record<string, unknown> = jsonPosition(s.at);
      if (s.prefix !== undefined) suggestion.prefix = s.prefix;
      if (s.suffix !== undefined) suggestion.suffix = s.suffix;
      return suggestion;
    });
  if (d.matchCount !== undefined) out.match_count = d.matchCount;
  if (d.tooManyMatches) out.too_many_matches = true;
  if (d.similarIds) out.similar_ids = d.similarIds;
  if (d.sourceIds) out.source_ids = d.sourceIds;
  return out;
}

function jsonContext(c: ContextDetail) {
  return {
    prefix: c.prefix,
    suffix: c.suffix,
    candidates: c.candidates,
    kept: c.kept,
    ...(c.moreCandidates ? { more_candidates: true } : {}),
    ...(c.prefixKept !== undefined ? { prefix_kept: c.prefixKept } : {}),
    ...(c.suffixKept !== undefined ? { suffix_kept: c.suffixKept } : {}),
    ...(c.occurrences
      ? {
          occurrences: c.occurrences.map((o) => ({
            ...jsonPosition(o.at),
            ...(o.before !== undefined ? { before: o.before } : {}),
            ...(o.after !== undefined ? { after: o.after } : {}),
          })),
        }
      : {}),
  };
}
