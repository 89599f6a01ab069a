// The JSON report (SPEC §7). Keys are snake_case like the records' own fields.
import { VERSION } from '../version.js';
import { countVerdicts, passed, type CheckResult, type MatchPosition, type RecordDetail, type RecordResult, type SourceResult } from '../check/result.js';

export interface JsonReportContext {
  /** Added by the Action: the event and the commits compared. */
  readonly github?: { readonly event: string; readonly scope: string; readonly base_sha?: string; readonly head_sha?: string };
}

export function buildJsonReport(result: CheckResult, context: JsonReportContext = {}) {
  const located = result.records.filter((r) => r.verdict === 'located').length;
  return {
    version: 1,
    tool: { name: 'citegate', version: VERSION },
    ...(context.github ? { github: context.github } : {}),
    manifest: result.manifest,
    summary: {
      total: result.records.length,
      located,
      failed: result.records.length - located,
      verdicts: countVerdicts(result.records),
      files: result.files.length,
      problems: result.problems.length,
      passed: passed(result),
    },
    sources: result.sources.map(jsonSource),
    records: result.records.map(jsonRecord),
    problems: result.problems.map((p) => ({ file: p.file, line: p.line, column: p.column, message: p.message })),
  };
}

export type JsonReport = ReturnType<typeof buildJsonReport>;

export function formatJsonReport(result: CheckResult, context: JsonReportContext = {}): string {
  return JSON.stringify(buildJsonReport(result, context), null, 2) + '\n';
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
  return {
    file: r.file,
    line: r.line,
    column: r.column,
    index: r.index,
    citation_id: r.citationId,
    source_id: r.sourceId,
    verdict: r.verdict,
    ...(r.reason !== undefined ? { reason: r.reason } : {}),
    // Located records leave out their quote and claim: they are in the file, and in order.
    ...(r.verdict !== 'located' ? { quote: r.quote, claim: r.claim } : {}),
    matches: r.matches.map(jsonPosition),
    ...(r.detail ? { detail: jsonDetail(r.detail) } : {}),
  };
}

function jsonPosition(m: MatchPosition) {
  return { line: m.line, column: m.column, end_line: m.endLine, end_column: m.endColumn };
}

function jsonDetail(d: RecordDetail) {
  return {
    ...(d.context ? { context: d.context } : {}),
    ...(d.closest !== undefined
      ? { closest: d.closest && { ...jsonPosition(d.closest.at), similarity: Math.round(d.closest.similarity * 1000) / 1000, passage: d.closest.passage, diff: d.closest.diff } }
      : {}),
    ...(d.hints ? { hints: d.hints.map((h) => ({ kind: h.kind, difference: h.difference, source_id: h.sourceId, ...jsonPosition(h.at), passage: h.passage })) } : {}),
    ...(d.suggestions ? { suggestions: d.suggestions.map((s) => ({ ...jsonPosition(s.at), ...(s.prefix !== undefined ? { prefix: s.prefix } : {}), ...(s.suffix !== undefined ? { suffix: s.suffix } : {}) })) } : {}),
    ...(d.similarIds ? { similar_ids: d.similarIds } : {}),
  };
}
