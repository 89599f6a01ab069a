// One check run: read the citation files, verify each cited source once, let
// the engine decide every record, and map matches back to the original files.
//
// Sources are processed one at a time and released, whatever their number.
// Each source is normalized once and read once by the quote scanner, which
// looks for every quote of the run at the same time: the quotes citing the
// source decide their verdicts, and the others learn that this source holds
// them (a hint for a quote that is not where its record says).
import type { Buffer } from 'node:buffer';
import { closestPassage, formatDiff } from '../engine/diagnose/closest.js';
import { suggestContexts } from '../engine/diagnose/disambiguate.js';
import { findHints } from '../engine/diagnose/hints.js';
import { SourceView } from '../engine/diagnose/view.js';
import { prepareQuote, type PreparedQuote } from '../engine/match.js';
import { normalizeText, SourceNormalizer, type NormalizedSource } from '../engine/normalize.js';
import { ByteLineIndex } from '../engine/positions.js';
import { QuoteSet, type QuoteHits } from '../engine/quote-scan.js';
import { checkFileRecords, type FieldCheck } from '../engine/record.js';
import type { QuoteSearcher } from '../engine/search.js';
import { audienceAllows, decideVerdict, MAX_REPORTED_MATCHES, type Decision, type SourceAccess } from '../engine/verdict.js';
import { loadCitationFile, type LoadedCitationFile } from '../load/citation-file.js';
import type { Manifest, SourceEntry } from '../load/manifest.js';
import type { Problem } from '../load/problem.js';
import type { CitationFileRef } from '../load/select.js';
import { DEFAULT_MAX_SOURCE_BYTES, SourceLoader } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import type { CheckResult, HintResult, MatchPosition, RecordDetail, RecordResult, SourceResult } from './result.js';

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
}

export interface Progress {
  readonly phase: 'files' | 'sources';
  readonly done: number;
  readonly total: number;
  readonly records: number;
}

/** What the run keeps of a record: its place, its fields, and later its result. */
interface Pending {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly index: number;
  readonly fields: FieldCheck;
  /** The id of its normalized quote in the run's QuoteSet (records whose quote is searched). */
  quoteId?: number;
  /** Its normalized quote, once computed. */
  quote?: string;
  decision?: Decision;
  matches?: MatchPosition[];
  detail?: RecordDetail;
}

/** Other sources a quote was found in, for hints: the first few suffice. */
const OTHER_SOURCES_KEPT = 3;

export function runCheck(options: CheckOptions): CheckResult {
  const { workspace, manifest, files } = options;
  const diagnose = options.diagnose ?? true;
  const problems: Problem[] = [];
  const records: Pending[] = [];
  const bySource = new Map<string, Pending[]>();
  const quotes = new QuoteSet();
  const homes = new QuoteHomes();

  // 1. Read every file; decide what needs no source; queue the rest by source.
  files.forEach((ref, fileIndex) => {
    const loaded = options.preloaded?.get(ref.file) ?? loadCitationFile(workspace, ref.file);
    problems.push(...loaded.problems);
    const checks = checkFileRecords(loaded.records.map((r) => r.value), (i) => `at line ${loaded.records[i].position.line}`);
    loaded.records.forEach((record, i) => {
      const fields = checks[i];
      const pending: Pending = { file: ref.file, ...record.position, index: record.index, fields };
      records.push(pending);
      if (!fields.ok) {
        pending.decision = decideVerdict(fields, { kind: 'unknown' });
        return;
      }
      const source = manifest.sources.get(fields.record.sourceId);
      if (source === undefined) {
        pending.decision = decideVerdict(fields, { kind: 'unknown' });
        // Looked for everywhere, for a hint about which source it may have meant.
        const quote = diagnose ? normalizeText(fields.record.quote) : '';
        if (quote !== '') {
          pending.quoteId = quotes.add(prepareQuote(quote), 1);
          homes.add(pending.quoteId, undefined);
        }
      } else if (!audienceAllows(source.audience, ref.audience)) {
        const reason = ref.audience === undefined
          ? `source ${source.id} is for ${source.audience!.join(', ')}; this file has no audience in the manifest`
          : `source ${source.id} is for ${source.audience!.join(', ')}, not ${ref.audience}`;
        pending.decision = decideVerdict(fields, { kind: 'not permitted', reason });
      } else {
        const quote = normalizeText(fields.record.quote);
        pending.quote = quote;
        if (quote !== '') {
          const context = (fields.record.prefix ?? '') !== '' || (fields.record.suffix ?? '') !== '';
          // With a prefix or suffix, any match may be the one the context keeps: keep them all.
          pending.quoteId = quotes.add(prepareQuote(quote), context ? Number.POSITIVE_INFINITY : MAX_REPORTED_MATCHES);
          homes.add(pending.quoteId, source.id);
        }
        let list = bySource.get(source.id);
        if (!list) bySource.set(source.id, (list = []));
        list.push(pending);
      }
    });
    options.onProgress?.({ phase: 'files', done: fileIndex + 1, total: files.length, records: records.length });
  });

  // 2. Each cited source, once: verify, normalize, scan for every quote, decide its records.
  const loader = new SourceLoader(workspace, manifest.dir, options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES);
  const normalizer = new SourceNormalizer();
  const sources: SourceResult[] = [];
  const elsewhere = new Map<number, HintResult[]>();
  const cited = [...manifest.sources.values()].filter((s) => bySource.has(s.id));
  const unknownSourceQuotes = new Set<number>();
  for (const r of records) if (r.quoteId !== undefined && r.decision?.verdict === 'unknown source') unknownSourceQuotes.add(r.quoteId);
  cited.forEach((entry, done) => {
    const citing = bySource.get(entry.id)!;
    const check = loader.load(entry);
    if (!check.ok) {
      const access: SourceAccess = { kind: 'unverified', reason: check.reason };
      for (const r of citing) r.decision = decideVerdict(r.fields, access);
      problems.push({ file: manifest.file, ...entry.position, message: `source ${entry.id} is unverified: ${check.reason}` });
      sources.push(sourceResult(workspace, manifest, entry, citing.length, check.reason, check.actualSha256));
    } else {
      const normalized = normalizer.normalize(check.text);
      // Short quotes are searched one by one: only those citing this source, or none at all.
      const wanted = new Set(unknownSourceQuotes);
      for (const r of citing) if (r.quoteId !== undefined) wanted.add(r.quoteId);
      const hits = quotes.scan(normalized.bytes, wanted);
      const place = placer(check.text, normalized);
      const access: SourceAccess = { kind: 'ready', searcher: new HitSearcher(normalized.bytes, quotes, hits) };
      let view: SourceView | undefined;
      for (const r of citing) {
        const decision = decideVerdict(r.fields, access, r.quote);
        r.decision = decision;
        r.matches = decision.matches.map((start) => place(start, start + decision.quoteLength));
        if (diagnose && (decision.verdict !== 'located' || decision.context)) {
          r.detail = explain(decision, (view ??= new SourceView(normalized.bytes)), place, entry.id);
        }
      }
      if (diagnose) noteElsewhere(hits, homes, entry.id, normalized, place, quotes, elsewhere);
      sources.push(sourceResult(workspace, manifest, entry, citing.length));
    }
    options.onProgress?.({ phase: 'sources', done: done + 1, total: cited.length, records: records.length });
  });

  if (diagnose) explainElsewhere(records, manifest, bySource, loader, normalizer, quotes, homes, elsewhere);

  return {
    manifest: manifest.file,
    files: files.map((f) => f.file),
    records: records.map(toResult),
    sources,
    problems,
  };
}

/** Hints about other sources holding a quote, and ids that look like an unknown one. */
function explainElsewhere(
  records: Pending[], manifest: Manifest, bySource: Map<string, Pending[]>, loader: SourceLoader,
  normalizer: SourceNormalizer, quotes: QuoteSet, homes: QuoteHomes, elsewhere: Map<number, HintResult[]>,
): void {
  // Quotes still without a home: look in the sources no record cites, too.
  const homeless = new Set<number>();
  for (const r of records) {
    const verdict = r.decision!.verdict;
    if (r.quoteId !== undefined && (verdict === 'quote not found' || verdict === 'unknown source')) homeless.add(r.quoteId);
  }
  if (homeless.size > 0) {
    for (const entry of manifest.sources.values()) {
      if (bySource.has(entry.id)) continue;
      const check = loader.load(entry);
      if (!check.ok) continue; // An unverified source is no evidence of anything.
      const normalized = normalizer.normalize(check.text);
      const hits = quotes.scan(normalized.bytes, homeless);
      noteElsewhere(hits, homes, entry.id, normalized, placer(check.text, normalized), quotes, elsewhere);
    }
  }

  const ids = [...manifest.sources.keys()];
  for (const r of records) {
    const verdict = r.decision!.verdict;
    if (!r.fields.ok) continue;
    const cites = r.fields.record.sourceId;
    if (verdict === 'quote not found' || verdict === 'unknown source') {
      const found = (r.quoteId !== undefined ? elsewhere.get(r.quoteId) ?? [] : []).filter((h) => h.sourceId !== cites)
        .map((h) => (sameDocument(h.sourceId, cites) ? { ...h, kind: 'other version' as const, difference: `another version of the document: ${h.sourceId}, not ${cites}` } : h));
      const similarIds = verdict === 'unknown source' ? ids.filter((id) => looksLike(id, cites)) : [];
      if (found.length > 0 || similarIds.length > 0) {
        r.detail = {
          ...r.detail,
          ...(found.length > 0 ? { hints: [...(r.detail?.hints ?? []), ...found] } : {}),
          ...(similarIds.length > 0 ? { similarIds } : {}),
        };
      }
    }
  }
}

/** Maps a range of normalized bytes to a range in the original file. */
type Placer = (start: number, end: number) => MatchPosition;

function placer(original: Uint8Array, normalized: NormalizedSource): Placer {
  const lines = new ByteLineIndex(original);
  return (start, end) => {
    const from = lines.position(normalized.map.toOriginalStart(start));
    const to = lines.position(normalized.map.toOriginalEnd(end));
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };
}

/** Serves the scanner's hits to the verdict, which asks by quote. */
class HitSearcher implements QuoteSearcher {
  constructor(readonly text: Buffer, private readonly quotes: QuoteSet, private readonly hits: Map<number, QuoteHits>) {}

  find(quote: PreparedQuote, limit: number): number[] {
    const id = this.quotes.idOf(quote.text);
    const starts = id === undefined ? [] : this.hits.get(id)?.starts ?? [];
    return starts.length > limit ? starts.slice(0, limit) : starts;
  }

  prepared(normalized: string): PreparedQuote | undefined {
    const id = this.quotes.idOf(normalized);
    return id === undefined ? undefined : this.quotes.quote(id);
  }
}

/** The diagnostics of a record decided against this source (they never change its verdict). */
function explain(decision: Decision, view: SourceView, place: Placer, sourceId: string): RecordDetail {
  const detail: { -readonly [K in keyof RecordDetail]: RecordDetail[K] } = {};
  if (decision.context) detail.context = { ...decision.context, kept: decision.matches.length };
  const quote = decision.normalizedQuote;
  if (quote === undefined) return detail;
  const at = (start: number, end: number) => place(view.byteOffset(start), view.byteOffset(end));
  if (decision.verdict === 'quote not found') {
    const closest = closestPassage(view, quote);
    detail.closest = closest
      ? { at: at(closest.start, closest.end), similarity: closest.similarity, passage: view.text.slice(closest.start, closest.end), diff: formatDiff(closest.diff) }
      : null;
    const hints = findHints(view, quote).map((h) => ({
      kind: h.kind, difference: h.difference, sourceId, at: at(h.start, h.end), passage: view.text.slice(h.start, h.end),
    }));
    if (hints.length > 0) detail.hints = hints;
  } else if (decision.verdict === 'ambiguous quote') {
    const starts = decision.matches.map((b) => view.charIndex(b));
    detail.suggestions = suggestContexts(view.text, starts, quote.length).map((s) => ({
      at: at(starts[s.match], starts[s.match] + quote.length),
      ...(s.prefix !== undefined ? { prefix: s.prefix } : {}),
      ...(s.suffix !== undefined ? { suffix: s.suffix } : {}),
    }));
  }
  return detail;
}

/**
 * Keeps where quotes were found in this source, for the records that cite
 * another source (or an unknown one) with the same quote.
 */
function noteElsewhere(
  hits: Map<number, QuoteHits>, homes: QuoteHomes, sourceId: string, normalized: NormalizedSource,
  place: Placer, quotes: QuoteSet, elsewhere: Map<number, HintResult[]>,
): void {
  for (const [id, hit] of hits) {
    if (!homes.citedElsewhere(id, sourceId)) continue;
    let list = elsewhere.get(id);
    if (!list) elsewhere.set(id, (list = []));
    if (list.length >= OTHER_SOURCES_KEPT) continue;
    const start = hit.starts[0];
    const length = quotes.quote(id).bytes.length;
    list.push({
      kind: 'other source',
      difference: `the quote is in another source: ${sourceId}`,
      sourceId,
      at: place(start, start + length),
      passage: normalized.bytes.toString('utf8', start, start + length),
    });
  }
}

/** Which sources the records of each quote cite, to know where finding it is news. */
class QuoteHomes {
  private readonly homes = new Map<number, Set<string> | null>();

  /** A record with this quote cites `sourceId` (undefined: a source the manifest does not have). */
  add(id: number, sourceId: string | undefined): void {
    if (sourceId === undefined) {
      this.homes.set(id, null);
      return;
    }
    const set = this.homes.get(id);
    if (set === null) return;
    if (set) set.add(sourceId);
    else this.homes.set(id, new Set([sourceId]));
  }

  /** Whether some record with this quote cites a source other than `sourceId`. */
  citedElsewhere(id: number, sourceId: string): boolean {
    const set = this.homes.get(id);
    return set === null || set === undefined || set.size > 1 || !set.has(sourceId);
  }
}

/** Two ids name versions of one document when they differ only in a version suffix (returns-v1, returns-v2). */
export function sameDocument(a: string, b: string): boolean {
  const stem = (id: string) => id.replace(/[-_.@]?v?\d+(\.\d+)*$/i, '');
  return a !== b && stem(a) !== '' && stem(a) === stem(b);
}

/** Whether a manifest id looks like the one cited: another version, or a small typo. */
function looksLike(id: string, cited: string): boolean {
  if (sameDocument(id, cited)) return true;
  if (Math.abs(id.length - cited.length) > 2) return false;
  return editDistanceAtMost(id.toLowerCase(), cited.toLowerCase(), 2);
}

function editDistanceAtMost(a: string, b: string, limit: number): boolean {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] <= limit;
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

function toResult(p: Pending): RecordResult {
  const f = p.fields;
  const fields = f.ok ? f.record : f;
  const decision = p.decision!;
  return {
    file: p.file,
    line: p.line,
    column: p.column,
    index: p.index,
    citationId: fields.citationId ?? null,
    sourceId: fields.sourceId ?? null,
    quote: fields.quote ?? null,
    claim: fields.claim ?? null,
    verdict: decision.verdict,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    matches: p.matches ?? [],
    ...(p.detail && Object.keys(p.detail).length > 0 ? { detail: p.detail } : {}),
  };
}
