// One check run: read the citation files, verify each cited source once, let
// the engine decide every record, and map matches back to the original files.
// Sources are processed one at a time and released, whatever their number.
import { ByteLineIndex } from '../engine/positions.js';
import { SourceNormalizer } from '../engine/normalize.js';
import { checkFileRecords, type FieldCheck } from '../engine/record.js';
import { ScanSearcher } from '../engine/search.js';
import { audienceAllows, decideVerdict, type Decision, type SourceAccess } from '../engine/verdict.js';
import { loadCitationFile, type LoadedCitationFile, type LoadedRecord } from '../load/citation-file.js';
import type { Manifest, SourceEntry } from '../load/manifest.js';
import type { Problem } from '../load/problem.js';
import type { CitationFileRef } from '../load/select.js';
import { DEFAULT_MAX_SOURCE_BYTES, SourceLoader } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import type { CheckResult, MatchPosition, RecordResult, SourceResult } from './result.js';

export interface CheckOptions {
  readonly workspace: Workspace;
  readonly manifest: Manifest;
  readonly files: readonly CitationFileRef[];
  readonly maxSourceBytes?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** Files already loaded (the Action reads them all to find which cite a changed source). */
  readonly preloaded?: ReadonlyMap<string, LoadedCitationFile>;
}

export interface Progress {
  readonly phase: 'files' | 'sources';
  readonly done: number;
  readonly total: number;
  readonly records: number;
}

interface PendingRecord {
  readonly loaded: LoadedRecord;
  readonly file: string;
  readonly fields: FieldCheck;
  decision?: Decision;
  matches?: MatchPosition[];
}

export function runCheck(options: CheckOptions): CheckResult {
  const { workspace, manifest, files } = options;
  const problems: Problem[] = [];
  const all: PendingRecord[] = [];
  const bySource = new Map<string, PendingRecord[]>();

  files.forEach((ref, fileIndex) => {
    const loaded = options.preloaded?.get(ref.file) ?? loadCitationFile(workspace, ref.file);
    problems.push(...loaded.problems);
    const checks = checkFileRecords(loaded.records.map((r) => r.value), (i) => `at line ${loaded.records[i].position.line}`);
    loaded.records.forEach((record, i) => {
      const pending: PendingRecord = { loaded: record, file: ref.file, fields: checks[i] };
      all.push(pending);
      const fields = checks[i];
      if (!fields.ok) {
        pending.decision = decideVerdict(fields, { kind: 'unknown' });
        return;
      }
      const source = manifest.sources.get(fields.record.sourceId);
      if (source === undefined) {
        pending.decision = decideVerdict(fields, { kind: 'unknown' });
      } else if (!audienceAllows(source.audience, ref.audience)) {
        const reason = ref.audience === undefined
          ? `source ${source.id} is for ${source.audience!.join(', ')}; this file has no audience in the manifest`
          : `source ${source.id} is for ${source.audience!.join(', ')}, not ${ref.audience}`;
        pending.decision = decideVerdict(fields, { kind: 'not permitted', reason });
      } else {
        let list = bySource.get(source.id);
        if (!list) bySource.set(source.id, (list = []));
        list.push(pending);
      }
    });
    options.onProgress?.({ phase: 'files', done: fileIndex + 1, total: files.length, records: all.length });
  });

  const loader = new SourceLoader(workspace, manifest.dir, options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES);
  const normalizer = new SourceNormalizer();
  const sources: SourceResult[] = [];
  const cited = [...manifest.sources.values()].filter((s) => bySource.has(s.id));
  cited.forEach((entry, done) => {
    const records = bySource.get(entry.id)!;
    const check = loader.load(entry);
    if (!check.ok) {
      const access: SourceAccess = { kind: 'unverified', reason: check.reason };
      for (const r of records) r.decision = decideVerdict(r.fields, access);
      problems.push({ file: manifest.file, ...entry.position, message: `source ${entry.id} is unverified: ${check.reason}` });
      sources.push(sourceResult(workspace, manifest, entry, records.length, check.reason, check.actualSha256));
    } else {
      const normalized = normalizer.normalize(check.text);
      const access: SourceAccess = { kind: 'ready', searcher: new ScanSearcher(normalized.bytes) };
      const lines = new ByteLineIndex(check.text);
      for (const r of records) {
        const decision = decideVerdict(r.fields, access);
        r.decision = decision;
        r.matches = decision.matches.map((start) => {
          const from = lines.position(normalized.map.toOriginalStart(start));
          const to = lines.position(normalized.map.toOriginalEnd(start + decision.quoteLength));
          return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
        });
      }
      sources.push(sourceResult(workspace, manifest, entry, records.length));
    }
    options.onProgress?.({ phase: 'sources', done: done + 1, total: cited.length, records: all.length });
  });

  return {
    manifest: manifest.file,
    files: files.map((f) => f.file),
    records: all.map(toResult),
    sources,
    problems,
  };
}

function sourceResult(
  workspace: Workspace, manifest: Manifest, entry: SourceEntry, citedBy: number, reason?: string, actualSha256?: string,
): SourceResult {
  const resolved = workspace.resolve(manifest.dir, entry.path);
  return {
    id: entry.id,
    path: resolved.ok ? resolved.rel : entry.path,
    sha256: entry.sha256,
    retrieved: entry.retrieved,
    status: reason === undefined ? 'verified' : 'unverified',
    ...(reason !== undefined ? { reason } : {}),
    ...(actualSha256 !== undefined && actualSha256 !== entry.sha256 ? { actualSha256 } : {}),
    line: entry.position.line,
    column: entry.position.column,
    citedBy,
  };
}

function toResult(p: PendingRecord): RecordResult {
  const f = p.fields;
  const fields = f.ok ? f.record : f;
  const decision = p.decision!;
  return {
    file: p.file,
    line: p.loaded.position.line,
    column: p.loaded.position.column,
    index: p.loaded.index,
    citationId: fields.citationId ?? null,
    sourceId: fields.sourceId ?? null,
    quote: fields.quote ?? null,
    claim: fields.claim ?? null,
    verdict: decision.verdict,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    matches: p.matches ?? [],
  };
}
