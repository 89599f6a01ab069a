// The explanations of a run's verdicts (they never change one): for each
// record decided against a source, the closest passage, hints and
// suggestions; then, for quotes not found where their record says, the other
// sources of the manifest that hold them and the ids that look like an unknown one.
import { Buffer } from 'node:buffer';
import { explainable, formatDiff } from '../engine/diagnose/closest.js';
import { suggestContexts } from '../engine/diagnose/disambiguate.js';
import { explainMiss } from '../engine/diagnose/miss.js';
import type { SourceView } from '../engine/diagnose/view.js';
import { contextAllows, prepareQuote, quoteContext } from '../engine/match.js';
import { normalizeText, type NormalizedSource, type SourceNormalizer } from '../engine/normalize.js';
import { QuoteSet, ScanTooCostly, type QuoteHits } from '../engine/quote-scan.js';
import { MAX_REPORTED_MATCHES, type Decision } from '../engine/verdict.js';
import type { Manifest } from '../load/manifest.js';
import type { SourceLoader } from '../load/sources.js';
import { placer, type Placer } from './placer.js';
import type { Pending } from './pending.js';
import { SimilarIds, stemOf } from './similar-ids.js';
import { type ContextDetail, type Explanation, type HintResult, reportedSimilarity } from '../model/result.js';

/** Other sources a quote was found in, for hints: the first few suffice. */
const OTHER_SOURCES_KEPT = 3;
/** Matches compared for suggestions at most: past this many, a context is not suggested. */
export const MAX_COUNTED_MATCHES = 1000;
/** When a prefix or suffix rules out every match: this many matches are shown with what surrounds them. */
const OCCURRENCES_SHOWN = 3;
/** About this many characters before and after each of them (whole words). */
const SURROUNDINGS = 32;
/** An unknown source's explanation lists the manifest's ids when it has at most this many, and at most this many ids like it. */
const IDS_LISTED = 8;

/**
 * The quote's matches in the source, the first MAX_COUNTED_MATCHES + 1 of
 * them (SourceView.matches: searched while that is cheap, then looked up in
 * an index of the source's units), so that every record gets its answer,
 * the same whatever the records before it asked.
 */
export function quoteMatches(view: SourceView, quote: string): number[] {
  return view.matches(quote, MAX_COUNTED_MATCHES + 1);
}

/**
 * The diagnostics of a record decided against this source (they never change
 * its verdict), holding no piece of the source's text: a slice of a string
 * keeps the whole string alive, and a run keeps the details of every record
 * to the end (measured: the large audit's JSON run held 1.7 GB).
 */
export function explain(decision: Decision, view: SourceView, place: Placer, sourceId: string): Explanation {
  return detached(explainAgainst(decision, view, place, sourceId));
}

/**
 * A copy of a value whose strings are their own, not slices of others. By
 * loops over the keys, not Object.entries and fromEntries, which made two
 * arrays per object and one per key: the copy took about 28 µs a record of
 * the cut corpus, and 10 µs so (measured).
 */
function detached<T>(value: T): T {
  if (typeof value === 'string')
    return (value.length < 13 ? value : Buffer.from(value, 'utf16le').toString('utf16le')) as T;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = detached(value[i]);
    return copy as T;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = detached((value as Record<string, unknown>)[key]);
    return copy as T;
  }
  return value;
}

function explainAgainst(decision: Decision, view: SourceView, place: Placer, sourceId: string): Explanation {
  const detail: { -readonly [K in keyof Explanation]: Explanation[K] } = {};
  const quote = decision.normalizedQuote;
  if (quote === undefined) return detail;
  const at = (start: number, end: number) => place(view.byteOffset(start), view.byteOffset(end));
  const context = decision.context;
  // With a prefix or suffix: the quote's own matches, to say what the context
  // did. Those it keeps are the run's own (exact), or when all of the quote's
  // were counted, every one of them.
  const alone = context ? quoteMatches(view, quote) : undefined;
  const complete = alone !== undefined && alone.length <= MAX_COUNTED_MATCHES;
  let kept: readonly number[] | undefined;
  if (context && complete)
    kept = alone.filter((start) => contextAllows(view.bytes, start, decision.quoteLength, context.given));
  if (context && alone) detail.context = contextDetail(decision, kept ?? decision.matches, alone, view, place);
  if (decision.verdict === 'quote not found') {
    // The quote is there: the context ruled it out, and says how.
    if (context && context.candidates > 0) return detail;
    // Too long to align or fold: said so, rather than that nothing is close.
    if (!explainable(quote)) {
      detail.tooLong = true;
      return detail;
    }
    const { closest, hints: found } = explainMiss(view, quote);
    detail.closest = closest
      ? {
          at: at(closest.start, closest.end),
          similarity: reportedSimilarity(closest.similarity),
          passage: view.text.slice(closest.start, closest.end),
          diff: formatDiff(closest.diff),
          parts: closest.diff,
        }
      : null;
    const hints = found.map((h) => ({
      kind: h.kind,
      difference: h.difference,
      sourceId,
      at: at(h.start, h.end),
      passage: view.text.slice(h.start, h.end),
    }));
    if (hints.length > 0) detail.hints = hints;
  } else if (decision.verdict === 'ambiguous quote') {
    let matches: readonly number[] | undefined = kept ?? decision.matches;
    // The run reports the first MAX_REPORTED_MATCHES: a context that sets one apart must differ from all of them.
    if (matches.length >= MAX_REPORTED_MATCHES)
      matches = context ? (complete ? kept : undefined) : quoteMatches(view, quote);
    if (matches === undefined || matches.length > MAX_COUNTED_MATCHES) {
      detail.tooManyMatches = true;
      return detail;
    }
    if (matches.length > decision.matches.length) detail.matchCount = matches.length;
    const starts = matches.map((b) => view.charIndex(b));
    detail.suggestions = suggestContexts(view.text, starts, quote.length).map((s) => ({
      at: at(starts[s.match], starts[s.match] + quote.length),
      ...(s.prefix !== undefined ? { prefix: s.prefix } : {}),
      ...(s.suffix !== undefined ? { suffix: s.suffix } : {}),
    }));
  }
  return detail;
}

/**
 * Which context decided: how many matches each kept alone when both were
 * given, and when together they kept none, what surrounds the first few
 * matches (what the prefix should end, and the suffix start, with).
 */
function contextDetail(
  decision: Decision,
  kept: readonly number[],
  alone: readonly number[],
  view: SourceView,
  place: Placer,
): ContextDetail {
  const context = decision.context!;
  const hasPrefix = context.given.prefixText !== '';
  const hasSuffix = context.given.suffixText !== '';
  // Past MAX_COUNTED_MATCHES the count stops: "more than" that many.
  const more = alone.length > MAX_COUNTED_MATCHES;
  const detail: { -readonly [K in keyof ContextDetail]: ContextDetail[K] } = {
    prefix: hasPrefix,
    suffix: hasSuffix,
    candidates: Math.min(alone.length, MAX_COUNTED_MATCHES),
    kept: kept.length,
    ...(more ? { moreCandidates: true } : {}),
  };
  const length = decision.quoteLength;
  if (hasPrefix && hasSuffix) {
    const prefixOnly = quoteContext(context.given.prefixText, '');
    const suffixOnly = quoteContext('', context.given.suffixText);
    // Over the matches counted (the first MAX_COUNTED_MATCHES), as `candidates` is.
    const counted = more ? alone.slice(0, MAX_COUNTED_MATCHES) : alone;
    detail.prefixKept = counted.filter((s) => contextAllows(view.bytes, s, length, prefixOnly)).length;
    detail.suffixKept = counted.filter((s) => contextAllows(view.bytes, s, length, suffixOnly)).length;
  }
  if (kept.length === 0 && alone.length > 0) {
    const text = view.text;
    detail.occurrences = alone.slice(0, OCCURRENCES_SHOWN).map((s) => {
      const start = view.charIndex(s);
      const end = view.charIndex(s + length);
      return {
        at: place(s, s + length),
        ...(hasPrefix ? { before: wordsBefore(text, start) } : {}),
        ...(hasSuffix ? { after: wordsAfter(text, end) } : {}),
      };
    });
  }
  return detail;
}

/** About SURROUNDINGS characters of whole words just before index `i` (without the space that joins them). */
function wordsBefore(text: string, i: number): string {
  const end = i > 0 && text.charCodeAt(i - 1) === 0x20 ? i - 1 : i;
  let from = Math.max(0, end - SURROUNDINGS);
  if (from > 0 && text.charCodeAt(from - 1) !== 0x20) {
    const space = text.indexOf(' ', from);
    // A single word longer than the limit is shown whole.
    if (space >= 0 && space < end) from = space + 1;
    else while (from > 0 && text.charCodeAt(from - 1) !== 0x20) from--;
  }
  return text.slice(from, end);
}

function wordsAfter(text: string, i: number): string {
  const from = i < text.length && text.charCodeAt(i) === 0x20 ? i + 1 : i;
  let to = Math.min(text.length, from + SURROUNDINGS);
  if (to < text.length && text.charCodeAt(to) !== 0x20) {
    const space = text.lastIndexOf(' ', to);
    if (space > from) to = space;
    else while (to < text.length && text.charCodeAt(to) !== 0x20) to++;
  }
  return text.slice(from, to);
}

/**
 * Keeps where quotes were found in this source, for the records that cite
 * another source (or an unknown one) with the same quote.
 */
function noteElsewhere(
  hits: Map<number, QuoteHits>,
  homes: QuoteHomes,
  sourceId: string,
  normalized: NormalizedSource,
  place: Placer,
  quotes: QuoteSet,
  elsewhere: Map<number, HintResult[]>,
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

/**
 * Which sources the records of each quote cite, to know where finding it is
 * news. Nearly every lost quote is cited against one source: that is kept as
 * the id itself, and a set only for a quote cited against several (a set per
 * quote was 14 MB of the 140 MB heap of cut-4x's JSON run).
 */
class QuoteHomes {
  /** A quote's one source, its sources, or null when a record of it cites a source the manifest does not have. */
  private readonly homes = new Map<number, string | Set<string> | null>();
  private single: Set<string> | null | undefined;

  /** A record with this quote cites `sourceId` (undefined: a source the manifest does not have). */
  add(id: number, sourceId: string | undefined): void {
    if (sourceId === undefined) {
      this.homes.set(id, null);
      return;
    }
    const known = this.homes.get(id);
    // null stays null: some record of the quote cites no source of the manifest.
    if (known === undefined) this.homes.set(id, sourceId);
    else if (typeof known === 'string') {
      if (known !== sourceId) this.homes.set(id, new Set([known, sourceId]));
    } else if (known !== null) known.add(sourceId);
  }

  /** Whether some record with this quote cites a source other than `sourceId`. */
  citedElsewhere(id: number, sourceId: string): boolean {
    const known = this.homes.get(id);
    if (typeof known === 'string') return known !== sourceId;
    return known === null || known === undefined || known.size > 1 || !known.has(sourceId);
  }

  /** Whether some quote is cited somewhere other than `sourceId`: else that source need not be searched. */
  neededIn(sourceId: string): boolean {
    if (this.single === undefined) {
      // The one source each quote is cited against, or null when some quote has none or several.
      this.single = new Set();
      for (const known of this.homes.values()) {
        if (typeof known !== 'string') {
          this.single = null;
          break;
        }
        this.single.add(known);
      }
    }
    return this.single === null || this.single.size > 1 || (this.single.size === 1 && !this.single.has(sourceId));
  }
}

/** Two ids name versions of one document when they differ only in a version suffix (returns-v1, returns-v2). */
function sameDocument(a: string, b: string): boolean {
  return a !== b && stemOf(a) !== '' && stemOf(a) === stemOf(b);
}

/** Normalized copies of cited sources are kept for the other-source pass up to this many bytes in all. */
const KEPT_BYTES = 32 * 1024 * 1024;

/**
 * The cited sources as the first pass verified and normalized them, handed
 * over to the other-source pass (explainElsewhere) so that it need not read,
 * hash and normalize them again: a copy of each normalized text, up to
 * KEPT_BYTES in all (beyond that, a source is read again if it is needed).
 */
export class CitedSources {
  private readonly kept = new Map<string, Buffer>();
  private size = 0;

  /** A cited source that verified, as the first pass normalized it (copied: the normalizer reuses its buffer). */
  add(id: string, normalized: NormalizedSource): void {
    const n = normalized.bytes.length;
    if (this.size + n > KEPT_BYTES) return;
    // A buffer of its own, 8-byte aligned, as the quote scanner reads 32-bit words.
    const copy = Buffer.allocUnsafeSlow(n);
    normalized.bytes.copy(copy);
    this.kept.set(id, copy);
    this.size += n;
  }

  get(id: string): Buffer | undefined {
    return this.kept.get(id);
  }
}

/**
 * For quotes not found where their record says (or citing an unknown source):
 * which other sources of the manifest hold them, and which ids look like an
 * unknown one. A second pass over the sources, made only when some quote needs
 * it, with a table of just those quotes. It looks only in sources that some
 * such quote does not cite; a cited source the first pass handed over is
 * searched in its kept copy and read again only to place a quote found there;
 * a cited source that failed verification is skipped (it is no evidence, and
 * the run has reported it). Sources that no record cites are read, verified and
 * normalized here, only here.
 */
export function explainElsewhere(
  records: Pending[],
  manifest: Manifest,
  loader: SourceLoader,
  normalizer: SourceNormalizer,
  cited?: CitedSources,
): void {
  // A quote not found because its context ruled out its matches is in its source: it is not lost.
  const isLost = (r: Pending) =>
    (r.verdict === 'quote not found' && !((r.detail?.context?.candidates ?? 0) > 0)) || r.verdict === 'unknown source';
  const lost: Pending[] = [];
  for (const r of records) {
    if (isLost(r)) lost.push(r);
    else r.normalized = undefined;
  }
  // At most a few ids named: a manifest of thousands of versions of one document would otherwise name all
  // of them for every record that cites one more, and a report grow with the square of the input.
  const ids = new SimilarIds([...manifest.sources.keys()], IDS_LISTED);
  // One set for every lost quote, scanned against many sources: its pieces stay in the middle (no
  // table of every hash), and the scan's budget bounds the work all the same.
  const quotes = new QuoteSet({ spread: false });
  const homes = new QuoteHomes();
  const quoteIds = new Map<Pending, number>();
  for (const r of lost) {
    const quote = r.normalized ?? normalizeText(r.quote ?? '');
    r.normalized = undefined;
    if (quote === '') continue;
    // Quotes of a few words (under MIN_TABLE_QUOTE bytes) are too common to point anywhere.
    const id = quotes.add(prepareQuote(quote), 1);
    quoteIds.set(r, id);
    homes.add(id, r.verdict === 'unknown source' ? undefined : r.sourceId!);
  }
  const elsewhere = new Map<number, HintResult[]>();
  if (quoteIds.size > 0) {
    const none = new Set<number>();
    // Cited sources that failed verification: the run reported them, and they are no evidence of anything.
    const unverified = new Set(records.filter((r) => r.verdict === 'source unverified').map((r) => r.sourceId!));
    // Hints are not worth hours: a source whose scan would cost more than its budget gives none.
    const scanned = (text: Buffer) => {
      const hits = quotes.scanWithinBudget(text, none);
      return hits instanceof ScanTooCostly ? undefined : hits;
    };
    for (const entry of manifest.sources.values()) {
      if (unverified.has(entry.id) || !homes.neededIn(entry.id)) continue;
      const copy = cited?.get(entry.id);
      let hits = copy && scanned(copy);
      if (copy && (!hits || ![...hits.keys()].some((id) => homes.citedElsewhere(id, entry.id)))) continue;
      // Read (again, for a kept copy: to say where in the file the quotes are; it verifies to the same
      // bytes, so the copy's hits stand for it).
      const check = loader.load(entry);
      if (!check.ok) continue; // An unverified source is no evidence of anything.
      const normalized = normalizer.normalize(check.text);
      hits ??= scanned(normalized.bytes);
      if (hits) noteElsewhere(hits, homes, entry.id, normalized, placer(check.text, normalized), quotes, elsewhere);
    }
  }

  const count = manifest.sources.size;
  for (const r of lost) {
    const verdict = r.verdict;
    const cites = r.sourceId!;
    const id = quoteIds.get(r);
    const found = (id !== undefined ? (elsewhere.get(id) ?? []) : [])
      .filter((h) => h.sourceId !== cites)
      .map((h) =>
        sameDocument(h.sourceId, cites)
          ? {
              ...h,
              kind: 'other version' as const,
              difference: `another version of the document: ${h.sourceId}, not ${cites}`,
            }
          : h,
      );
    const similarIds = verdict === 'unknown source' ? ids.similarTo(cites) : [];
    const sourceIds =
      verdict === 'unknown source' && similarIds.length === 0 && count <= IDS_LISTED
        ? [...manifest.sources.keys()]
        : [];
    if (found.length > 0 || similarIds.length > 0 || sourceIds.length > 0) {
      r.detail = {
        ...r.detail,
        ...(found.length > 0 ? { hints: [...(r.detail?.hints ?? []), ...found] } : {}),
        ...(similarIds.length > 0 ? { similarIds } : {}),
        ...(sourceIds.length > 0 ? { sourceIds } : {}),
      };
    }
  }
}
