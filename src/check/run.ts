// One check run: read the citation files, verify each cited source once, let
// the engine decide every record, and map matches back to the original files.
//
// Sources are processed one at a time and released, whatever their number.
// Each source is normalized once and read once by the quote scanner, which
// looks for all the quotes citing it at the same time. When explanations are
// asked for (explain.ts), the records of each source are explained as it is
// checked, on helper threads too when there are cores to spare
// (explain-pool.ts), and a second pass looks for the quotes that were not
// found where their records say in every other source of the manifest.
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
} from '../engine/verdict.js';
import { loadCitationFile, type LoadedCitationFile, type LoadedRecord } from '../load/citation-file.js';
import type { Manifest, SourceEntry } from '../load/manifest.js';
import type { CitationFileRef } from '../load/select.js';
import { DEFAULT_MAX_SOURCE_BYTES, MAX_SOURCE_BYTES, SourceLoader, type SourcePolicy } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import { CitedSources, explainElsewhere } from './explain.js';
import { ExplainPool } from './explain-pool.js';
import { findingsFor } from './findings.js';
import { type CitedLocation, LocationCheck } from './locations.js';
import { fieldsOf, finish, type Pending, pendingRecord, settle, Strings } from './pending.js';
import { placer } from './placer.js';
import type { CheckLevels } from '../model/levels.js';
import type { Problem } from '../model/problem.js';
import type { CheckResult, Finding, SourceResult } from '../model/result.js';

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
  /** Which files may be sources, beyond the path rules (the Action: committed ones). */
  readonly sourcePolicy?: SourcePolicy;
  /** Problems found before the run (folders that could not be listed, files outside the workspace). */
  readonly problems?: readonly Problem[];
}

/** How far a run is, told as it goes: after each file read, and at each step of each cited source. */
export interface Progress {
  /**
   * `files`: reading the citation files; `hashing`: reading a cited source
   * and checking its SHA-256; `checking`: finding its quotes and deciding its
   * records; `explaining`: looking for lost quotes in the other sources.
   */
  readonly phase: 'files' | 'hashing' | 'checking' | 'explaining';
  /** Files read, or cited sources finished (the one being hashed or checked is not done yet). */
  readonly done: number;
  /** Files to read, or cited sources. */
  readonly total: number;
  /** Records read so far. */
  readonly records: number;
  /** Once the files are read: the records citing the sources finished, and those citing any source to check. */
  readonly recordsChecked?: number;
  readonly recordsToCheck?: number;
  /** True on the event that ends a file or a source (a log notes those), false on one that starts a step. */
  readonly finished: boolean;
}

export function runCheck(options: CheckOptions): CheckResult {
  const { workspace, manifest, files } = options;
  const diagnose = options.diagnose ?? true;
  const problems: Problem[] = [...(options.problems ?? [])];
  /** Each file's findings, by its place in `files`. */
  const findings: Finding[][] = [];
  const levels = options.checks ?? manifest.checks;
  const records: Pending[] = [];
  const bySource = new Map<string, Pending[]>();
  const strings = new Strings();
  // The records of saved responses whose citations say where their quote is, and what they cite.
  const located = new Map<Pending, CitedLocation & { readonly file: number }>();
  const locationFindings: { file: number; index: number; finding: Finding }[] = [];

  // 1. Read every file; decide what needs no source; queue the rest by source.
  files.forEach((ref, fileIndex) => {
    const loaded = options.preloaded?.get(ref.file) ?? loadCitationFile(workspace, ref.file, ref);
    problems.push(...loaded.problems);
    const checks = withReadingChecks(
      checkFileRecords(
        loaded.records.map((r) => r.value),
        (i) => `at line ${loaded.records[i].position.line}`,
      ),
      loaded.records,
    );
    findings.push(findingsFor(loaded, checks, manifest, levels));
    loaded.records.forEach((record, i) => {
      const fields = checks[i];
      const pending = pendingRecord(ref.file, record.position, record.index, fields, strings);
      records.push(pending);
      if (!fields.ok) {
        settle(pending, decideVerdict(fields, { kind: 'unknown' }));
        return;
      }
      const source = record.unknownSource ? undefined : manifest.sources.get(fields.record.sourceId);
      if (source !== undefined && record.location !== undefined && levels.citationLocations !== 'off')
        located.set(pending, { location: record.location, quote: fields.record.quote, file: fileIndex });
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
    options.onProgress?.({
      phase: 'files',
      done: fileIndex + 1,
      total: files.length,
      records: records.length,
      finished: true,
    });
  });

  // 2. Each cited source, once: verify, normalize, find all its quotes in one
  //    pass, decide its records. Its quotes alone make a small table that stays
  //    in cache, however many quotes the run has.
  const loader = new SourceLoader(
    workspace,
    manifest.dir,
    options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES,
    options.sourcePolicy,
  );
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
  const toCheck = cited.reduce((n, entry) => n + bySource.get(entry.id)!.length, 0);
  let checked = 0;
  const step = (phase: 'hashing' | 'checking', done: number, finished: boolean) =>
    options.onProgress?.({
      phase,
      done,
      total: cited.length,
      records: records.length,
      recordsChecked: checked,
      recordsToCheck: toCheck,
      finished,
    });
  // Explained here, and on helper threads when there are cores to spare (explain-pool.ts).
  const pool = diagnose ? new ExplainPool(toCheck) : undefined;
  try {
    cited.forEach((entry, done) => {
      const citing = bySource.get(entry.id)!;
      step('hashing', done, false);
      const check = loader.load(entry);
      if (!check.ok) {
        unverified(entry, citing, check.reason, check.actualSha256);
      } else {
        step('checking', done, false);
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
          const locations = located.size > 0 ? new LocationCheck(check.text, normalized, entry) : undefined;
          for (const r of citing) {
            const decision = decideVerdict(fieldsOf(r), access, r.normalized, contexts.get(r) ?? null);
            const cited = locations && located.get(r);
            if (cited) {
              const message = locations.check(cited, decision);
              if (message !== undefined)
                locationFindings.push({
                  file: cited.file,
                  index: r.index,
                  finding: {
                    kind: 'location not at quote',
                    level: levels.citationLocations as 'warn' | 'fail',
                    file: r.file,
                    line: r.line,
                    column: r.column,
                    ...(r.citationId !== null ? { citationId: r.citationId } : {}),
                    message,
                  },
                });
            }
            settle(r, decision, place);
            if (diagnose && (decision.verdict !== 'located' || decision.context)) toExplain.push([r, decision]);
          }
          // Explaining reads the normalized text as one string; NFC may lengthen a text past the longest one
          // (a source of U+1D160 triples its length): then its verdicts stand, unexplained.
          if (toExplain.length > 0 && normalized.bytes.length <= MAX_SOURCE_BYTES)
            pool!.explainSource(entry.id, check.text, normalized, place!, toExplain);
          if (!diagnose) {
            for (const r of citing) r.normalized = undefined;
          }
          sources.push(sourceResult(workspace, manifest, entry, citing.length));
        }
      }
      checked += citing.length;
      step('checking', done + 1, true);
    });
    pool?.finish();
  } finally {
    pool?.close();
  }

  if (diagnose) {
    options.onProgress?.({ phase: 'explaining', done: 0, total: 0, records: records.length, finished: false });
    explainElsewhere(records, manifest, loader, normalizer, kept);
  }

  return {
    manifest: manifest.file,
    files: files.map((f) => f.file),
    records: records.map(finish),
    sources,
    manifestSources: [...manifest.sources.values()].map((s) => ({ id: s.id, sha256: s.sha256 })),
    problems,
    findings: withLocationFindings(findings, locationFindings),
  };
}

/**
 * The records' checks with what reading their file found wrong with a record
 * that its fields alone do not show (a saved response's citation without
 * cited_text, a document_index past the manifest's list): `invalid fields`.
 */
function withReadingChecks(checks: FieldCheck[], records: readonly LoadedRecord[]): FieldCheck[] {
  for (let i = 0; i < checks.length; i++) {
    const invalid = records[i].invalid;
    if (invalid === undefined) continue;
    const check = checks[i];
    const f = check.ok ? check.record : check;
    checks[i] = {
      ok: false,
      reason: invalid,
      ...(f.citationId !== undefined ? { citationId: f.citationId } : {}),
      ...(f.sourceId !== undefined ? { sourceId: f.sourceId } : {}),
      ...(f.quote !== undefined ? { quote: f.quote } : {}),
      ...(f.claim !== undefined ? { claim: f.claim } : {}),
    };
  }
  return checks;
}

/** Each file's findings, then its location findings in record order: findings stay in file order. */
function withLocationFindings(
  perFile: readonly (readonly Finding[])[],
  locations: readonly { file: number; index: number; finding: Finding }[],
): Finding[] {
  const byFile = new Map<number, { index: number; finding: Finding }[]>();
  for (const l of locations) {
    let list = byFile.get(l.file);
    if (!list) byFile.set(l.file, (list = []));
    list.push(l);
  }
  return perFile.flatMap((own, file) => {
    const more = byFile.get(file);
    return more ? [...own, ...more.sort((a, b) => a.index - b.index).map((l) => l.finding)] : own;
  });
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
