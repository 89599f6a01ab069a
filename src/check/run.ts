// One check run: read the citation files, verify each cited source once, let
// the engine decide every record, and map matches back to the original files.
//
// Sources are processed one at a time and released, whatever their number.
// Each source is normalized once and read once by the quote scanner, which
// looks for all the quotes citing it at the same time. When explanations are
// asked for (explain.ts), a second pass looks for the quotes that were not
// found where their records say in every other source of the manifest.
import { SourceView } from '../engine/diagnose/view.js';
import { prepareQuote, type QuoteContext } from '../engine/match.js';
import { normalizeText, SourceNormalizer } from '../engine/normalize.js';
import { QuoteSet, ScanTooCostly } from '../engine/quote-scan.js';
import { checkFileRecords, type FieldCheck } from '../engine/record.js';
import { ScannedSearcher } from '../engine/search.js';
import {
  audienceAllows,
  contextOf,
  decideVerdict,
  MAX_REPORTED_MATCHES,
  type Decision,
  type SourceAccess,
  type Verdict,
} from '../engine/verdict.js';
import { loadCitationFile, type LoadedCitationFile } from '../load/citation-file.js';
import type { CheckLevels, Manifest, SourceEntry } from '../load/manifest.js';
import type { Problem } from '../load/problem.js';
import type { CitationFileRef } from '../load/select.js';
import { DEFAULT_MAX_SOURCE_BYTES, SourceLoader } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import { CitedSources, explain, explainElsewhere } from './explain.js';
import { findingsFor } from './findings.js';
import { placer, type Placer } from './placer.js';
import type { CheckResult, Finding, MatchPosition, RecordDetail, RecordResult, SourceResult } from './result.js';

export interface CheckOptions {
  readonly workspace: Workspace;
  readonly manifest: Manifest;
  readonly files: readonly CitationFileRef[];
  readonly maxSourceBytes?: number;
  readonly onProgress?: (progress: Progress) => void;
  /** Files already loaded (the Action reads them all to find which cite a changed source). */
  readonly preloaded?: ReadonlyMap<string, LoadedCitationFile>;
  /**
   * Explain verdicts (closest passages, hints, suggestions): on unless the output
   * has no room for them (the plain text report), since they cost time.
   */
  readonly diagnose?: boolean;
  /** The checks beyond quotes (default: the manifest's). */
  readonly checks?: CheckLevels;
  /** Problems found before the run (folders that could not be listed, files outside the workspace). */
  readonly problems?: readonly Problem[];
}

export interface Progress {
  readonly phase: 'files' | 'sources';
  readonly done: number;
  readonly total: number;
  readonly records: number;
}

/**
 * A record as the run works on it: its result, filled in as it is decided,
 * plus what deciding needs and drops afterwards (a run may hold a few hundred
 * thousand of these, so nothing is kept twice).
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
  detail: RecordDetail | undefined;
  /** Until decided. */
  prefix: string | undefined;
  suffix: string | undefined;
  /** The normalized quote, while deciding (kept for the hints of a quote not found). */
  normalized: string | undefined;
}

/** One copy of each repeated string (ids recur across files), not one per record. */
class Strings {
  private readonly seen = new Map<string, string>();

  intern(text: string | undefined): string | null {
    if (text === undefined) return null;
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    this.seen.set(text, text);
    return text;
  }
}

function pendingRecord(
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
function fieldsOf(r: Pending): FieldCheck {
  return {
    ok: true,
    record: {
      citationId: r.citationId!,
      sourceId: r.sourceId!,
      quote: r.quote!,
      ...(r.claim !== null ? { claim: r.claim } : {}),
      ...(r.prefix !== undefined ? { prefix: r.prefix } : {}),
      ...(r.suffix !== undefined ? { suffix: r.suffix } : {}),
    },
  };
}

/**
 * Writes a decision into the record and lets go of what only deciding needed.
 * A located record's quote and claim are dropped too: reports show them only
 * for records that need review, and a large audit holds many located records.
 */
function settle(r: Pending, decision: Decision, place?: Placer): void {
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

export function runCheck(options: CheckOptions): CheckResult {
  const { workspace, manifest, files } = options;
  const diagnose = options.diagnose ?? true;
  const problems: Problem[] = [...(options.problems ?? [])];
  const findings: Finding[] = [];
  const levels = options.checks ?? manifest.checks;
  const records: Pending[] = [];
  const bySource = new Map<string, Pending[]>();
  const strings = new Strings();

  // 1. Read every file; decide what needs no source; queue the rest by source.
  files.forEach((ref, fileIndex) => {
    const loaded = options.preloaded?.get(ref.file) ?? loadCitationFile(workspace, ref.file);
    problems.push(...loaded.problems);
    const checks = checkFileRecords(
      loaded.records.map((r) => r.value),
      (i) => `at line ${loaded.records[i].position.line}`,
    );
    findings.push(...findingsFor(loaded, checks, manifest, levels));
    loaded.records.forEach((record, i) => {
      const fields = checks[i];
      const pending = pendingRecord(ref.file, record.position, record.index, fields, strings);
      records.push(pending);
      if (!fields.ok) {
        settle(pending, decideVerdict(fields, { kind: 'unknown' }));
        return;
      }
      const source = manifest.sources.get(fields.record.sourceId);
      if (source === undefined) {
        settle(pending, decideVerdict(fields, { kind: 'unknown' }));
      } else if (!audienceAllows(source.audience, ref.audience)) {
        const reason =
          ref.audience === undefined
            ? `source ${source.id} is for ${source.audience!.join(', ')}; this file has no audience in the manifest`
            : `source ${source.id} is for ${source.audience!.join(', ')}, not ${ref.audience}`;
        settle(pending, decideVerdict(fields, { kind: 'not permitted', reason }));
      } else {
        let list = bySource.get(source.id);
        if (!list) bySource.set(source.id, (list = []));
        list.push(pending);
      }
    });
    options.onProgress?.({ phase: 'files', done: fileIndex + 1, total: files.length, records: records.length });
  });

  // 2. Each cited source, once: verify, normalize, find all its quotes in one
  //    pass, decide its records. Its quotes alone make a small table that stays
  //    in cache, however many quotes the run has.
  const loader = new SourceLoader(workspace, manifest.dir, options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES);
  const normalizer = new SourceNormalizer();
  const kept = diagnose ? new CitedSources() : undefined;
  const sources: SourceResult[] = [];
  const cited = [...manifest.sources.values()].filter((s) => bySource.has(s.id));
  // The verdict needs two matches to tell located from ambiguous; reports that show matches want more.
  // Every mode keeps as many, so that the scan does the same work (and keeps within its budget, or not)
  // whatever the output: the verdicts cannot depend on it.
  const cap = MAX_REPORTED_MATCHES;
  const unverified = (entry: SourceEntry, citing: Pending[], reason: string, actualSha256?: string) => {
    const access: SourceAccess = { kind: 'unverified', reason };
    for (const r of citing) settle(r, decideVerdict(fieldsOf(r), access));
    problems.push({
      file: manifest.file,
      ...entry.position,
      message: `source ${entry.id} is unverified: ${reason}`,
      kind: 'source unverified',
    });
    sources.push(sourceResult(workspace, manifest, entry, citing.length, reason, actualSha256));
  };
  cited.forEach((entry, done) => {
    const citing = bySource.get(entry.id)!;
    const check = loader.load(entry);
    if (!check.ok) {
      unverified(entry, citing, check.reason, check.actualSha256);
    } else {
      const normalized = normalizer.normalize(check.text);
      const quotes = new QuoteSet();
      const ids = new Set<number>();
      // The records that give a prefix or suffix, with it normalized (once: deciding needs it too).
      const contexts = new Map<Pending, QuoteContext>();
      for (const r of citing) {
        r.normalized = normalizeText(r.quote!);
        if (r.normalized === '') continue;
        const context = contextOf(r);
        if (context) contexts.set(r, context);
        ids.add(quotes.add(prepareQuote(r.normalized), cap, context));
      }
      const hits = quotes.scanWithinBudget(normalized.bytes, ids);
      if (hits instanceof ScanTooCostly) {
        // Given up, not guessed: its records cannot be decided, so none passes.
        unverified(entry, citing, `${entry.path}: ${hits.message}`);
      } else {
        kept?.add(entry.id, normalized);
        // Where matches are in the original files: only reports that explain show them.
        const place = diagnose ? placer(check.text, normalized) : undefined;
        const access: SourceAccess = { kind: 'ready', searcher: new ScannedSearcher(normalized.bytes, quotes, hits) };
        const toExplain: [Pending, Decision][] = [];
        for (const r of citing) {
          const decision = decideVerdict(fieldsOf(r), access, r.normalized, contexts.get(r) ?? null);
          settle(r, decision, place);
          if (diagnose && (decision.verdict !== 'located' || decision.context)) toExplain.push([r, decision]);
        }
        if (toExplain.length > 0) {
          const view = new SourceView(normalized.bytes, toExplain.length);
          for (const [r, decision] of toExplain) r.detail = explain(decision, view, place!, entry.id);
        }
        if (!diagnose) {
          for (const r of citing) r.normalized = undefined;
        }
        sources.push(sourceResult(workspace, manifest, entry, citing.length));
      }
    }
    options.onProgress?.({ phase: 'sources', done: done + 1, total: cited.length, records: records.length });
  });

  if (diagnose) explainElsewhere(records, manifest, loader, normalizer, kept);

  return {
    manifest: manifest.file,
    files: files.map((f) => f.file),
    records: records.map(finish),
    sources,
    problems,
    findings,
  };
}

function sourceResult(
  workspace: Workspace,
  manifest: Manifest,
  entry: SourceEntry,
  citedBy: number,
  reason?: string,
  actualSha256?: string,
): SourceResult {
  // The name as the manifest's folder makes it; the loader has followed its links already.
  const resolved = workspace.resolve(manifest.dir, entry.path, 'written', false);
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

/** The record as a result: the same object, without the fields only deciding used. */
function finish(p: Pending): RecordResult {
  if (p.detail && Object.keys(p.detail).length === 0) p.detail = undefined;
  return p;
}
