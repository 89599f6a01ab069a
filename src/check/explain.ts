// The explanations of a run's verdicts (they never change one): for each
// record decided against a source, the closest passage, hints and
// suggestions; then, for quotes not found where their record says, the other
// sources of the manifest that hold them and the ids that look like an unknown one.
import { formatDiff, MIN_SIMILARITY, nearestPassage } from '../engine/diagnose/closest.js';
import { suggestContexts } from '../engine/diagnose/disambiguate.js';
import { findHints } from '../engine/diagnose/hints.js';
import type { SourceView } from '../engine/diagnose/view.js';
import { prepareQuote } from '../engine/match.js';
import { normalizeText, type NormalizedSource, type SourceNormalizer } from '../engine/normalize.js';
import { QuoteSet, ScanTooCostly, type QuoteHits } from '../engine/quote-scan.js';
import type { Decision } from '../engine/verdict.js';
import type { Manifest } from '../load/manifest.js';
import type { SourceLoader } from '../load/sources.js';
import { placer, type Placer } from './placer.js';
import type { HintResult, RecordDetail } from './result.js';
import type { Pending } from './run.js';

/** Other sources a quote was found in, for hints: the first few suffice. */
const OTHER_SOURCES_KEPT = 3;

/** The diagnostics of a record decided against this source (they never change its verdict). */
export function explain(decision: Decision, view: SourceView, place: Placer, sourceId: string): RecordDetail {
  const detail: { -readonly [K in keyof RecordDetail]: RecordDetail[K] } = {};
  if (decision.context) detail.context = { ...decision.context, kept: decision.matches.length };
  const quote = decision.normalizedQuote;
  if (quote === undefined) return detail;
  const at = (start: number, end: number) => place(view.byteOffset(start), view.byteOffset(end));
  if (decision.verdict === 'quote not found') {
    const nearest = nearestPassage(view, quote);
    const closest = nearest && nearest.similarity >= MIN_SIMILARITY ? nearest : undefined;
    detail.closest = closest
      ? { at: at(closest.start, closest.end), similarity: closest.similarity, passage: view.text.slice(closest.start, closest.end), diff: formatDiff(closest.diff), parts: closest.diff }
      : null;
    const hints = (nearest ? findHints(view, quote, nearest) : []).map((h) => ({
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

/** An id without its version suffix (returns-v1 → returns). */
function stemOf(id: string): string {
  return id.replace(/[-_.@]?v?\d+(\.\d+)*$/i, '');
}

/** Two ids name versions of one document when they differ only in a version suffix (returns-v1, returns-v2). */
export function sameDocument(a: string, b: string): boolean {
  return a !== b && stemOf(a) !== '' && stemOf(a) === stemOf(b);
}

/** Whether a manifest id looks like the one cited: another version, or a typo of up to two characters. */
function looksLike(id: string, idStem: string, cited: string, citedStem: string): boolean {
  if (id !== cited && idStem !== '' && idStem === citedStem) return true;
  return Math.abs(id.length - cited.length) <= 2 && withinTwoEdits(id.toLowerCase(), cited.toLowerCase());
}

/** Levenshtein distance at most 2, computed in a band around the diagonal. */
function withinTwoEdits(a: string, b: string): boolean {
  const LIMIT = 2;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current.fill(LIMIT + 1);
    current[0] = i;
    let best = current[0];
    for (let j = Math.max(1, i - LIMIT); j <= Math.min(b.length, i + LIMIT); j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (current[j] < best) best = current[j];
    }
    if (best > LIMIT) return false;
    [previous, current] = [current, previous];
  }
  return previous[b.length] <= LIMIT;
}

/**
 * For quotes not found where their record says (or citing an unknown source):
 * which other sources of the manifest hold them, and which ids look like an
 * unknown one. A second pass over the sources, made only when some quote needs
 * it, with a table of just those quotes.
 */
export function explainElsewhere(records: Pending[], manifest: Manifest, loader: SourceLoader, normalizer: SourceNormalizer): void {
  const lost = records.filter((r) => r.verdict === 'quote not found' || r.verdict === 'unknown source');
  const ids = [...manifest.sources.keys()].map((id) => ({ id, stem: stemOf(id) }));
  const similar = new Map<string, string[]>();
  const similarTo = (cited: string) => {
    let found = similar.get(cited);
    if (!found) {
      const citedStem = stemOf(cited);
      similar.set(cited, (found = ids.filter((k) => looksLike(k.id, k.stem, cited, citedStem)).map((k) => k.id)));
    }
    return found;
  };
  const quotes = new QuoteSet();
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
    for (const entry of manifest.sources.values()) {
      const check = loader.load(entry);
      if (!check.ok) continue; // An unverified source is no evidence of anything.
      const normalized = normalizer.normalize(check.text);
      let hits;
      try {
        hits = quotes.scan(normalized.bytes, none);
      } catch (error) {
        if (error instanceof ScanTooCostly) continue; // Hints are not worth hours: this source gives none.
        throw error;
      }
      noteElsewhere(hits, homes, entry.id, normalized, placer(check.text, normalized), quotes, elsewhere);
    }
  }

  for (const r of lost) {
    const verdict = r.verdict;
    const cites = r.sourceId!;
    const id = quoteIds.get(r);
    const found = (id !== undefined ? elsewhere.get(id) ?? [] : []).filter((h) => h.sourceId !== cites)
      .map((h) => (sameDocument(h.sourceId, cites) ? { ...h, kind: 'other version' as const, difference: `another version of the document: ${h.sourceId}, not ${cites}` } : h));
    const similarIds = verdict === 'unknown source' ? similarTo(cites) : [];
    if (found.length > 0 || similarIds.length > 0) {
      r.detail = {
        ...r.detail,
        ...(found.length > 0 ? { hints: [...(r.detail?.hints ?? []), ...found] } : {}),
        ...(similarIds.length > 0 ? { similarIds } : {}),
      };
    }
  }
}
