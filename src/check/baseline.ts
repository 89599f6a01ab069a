// Judging a run against a baseline (SPEC §8): each record and finding gets
// what became of it since the baseline's run, records the baseline had and
// the run does not are counted as removed, and the sources the manifest
// gained, lost or re-pinned since are named. The pass rule that reads these
// is in outcome.ts.
import type { Baseline, BaselineReport } from '../load/report.js';

export type { Baseline };
import type {
  BaselineInfo,
  BaselineState,
  FailOn,
  FindingBaseline,
  RecordBaseline,
  RemovedRecord,
  SourceChanges,
} from '../model/baseline.js';
import { comparePaths } from '../model/paths.js';
import { findingKey } from './findings.js';
import { type CheckResult, type Finding, isLocated, type RecordResult } from '../model/result.js';
import { VERDICTS, type Verdict } from '../model/verdict.js';

export interface Comparison {
  readonly records: readonly RecordResult[];
  readonly findings: readonly Finding[];
  readonly info: BaselineInfo;
}

/**
 * What a record (or finding) is known by in its file: a record by its
 * citation_id (unique in a valid file). Records without one (always invalid
 * fields) share one key, a number, which no id (a string) equals: matched in
 * order, each is known by its place among the records of its file without.
 */
type Key = string | number;
const NO_ID = 0;

/** The items (records, findings) of each file, in order, as their places in `items` and their keys. */
function byFile<T extends { readonly file: string }>(
  items: readonly T[],
  fileOf: (f: string) => string,
  keyOf: (item: T) => Key,
): Map<string, { places: number[]; keys: Key[] }> {
  const files = new Map<string, { places: number[]; keys: Key[] }>();
  for (let i = 0; i < items.length; i++) {
    const file = fileOf(items[i].file);
    let held = files.get(file);
    if (!held) files.set(file, (held = { places: [], keys: [] }));
    held.places.push(i);
    held.keys.push(keyOf(items[i]));
  }
  return files;
}

/**
 * Matches the records of one file by key, in order: the first record of a
 * key now with the first of that key in the baseline, and so on, so that a
 * key given twice (a duplicated id, two records without one) matches twice.
 * Calls `matched(j, k)` for the j-th record now and the k-th in the baseline,
 * and gives the places of the baseline's records left over. A file whose
 * records are as they were (nearly all) matches record for record, without
 * a map: where keys first differ, the rest are matched through one.
 */
function matchFile(now: readonly Key[], before: readonly Key[], matched: (j: number, k: number) => void): number[] {
  let same = 0;
  const common = Math.min(now.length, before.length);
  for (; same < common && now[same] === before[same]; same++) matched(same, same);
  if (same === now.length && same === before.length) return [];
  // In the common part each key is held as often in both, so the rest match in order as the whole would.
  // Each key's places in the baseline, and how many of them are taken: read in order, not shifted, since
  // the records without an id share one key, and a file may hold 100,000 of them.
  const queued = new Map<Key, { places: number[]; next: number }>();
  for (let k = same; k < before.length; k++) {
    const held = queued.get(before[k]);
    if (held) held.places.push(k);
    else queued.set(before[k], { places: [k], next: 0 });
  }
  const taken = new Uint8Array(before.length);
  for (let j = same; j < now.length; j++) {
    const held = queued.get(now[j]);
    if (held === undefined || held.next === held.places.length) continue;
    const k = held.places[held.next++];
    taken[k] = 1;
    matched(j, k);
  }
  const left: number[] = [];
  for (let k = same; k < before.length; k++) if (!taken[k]) left.push(k);
  return left;
}

/**
 * Matches items (records, findings) now with the baseline's, file by file
 * (matchFile): calls `matched(i, k)` for item i now and item k of the
 * baseline, and gives the places of the baseline's items left over, in its
 * order. `fileOf` names a baseline file as this run does (renames).
 */
function matchAll<T extends { readonly file: string }>(
  now: readonly T[],
  before: readonly T[],
  fileOf: (file: string) => string,
  keyOf: (item: T) => Key,
  matched: (i: number, k: number) => void,
): number[] {
  const baseFiles = byFile(before, fileOf, keyOf);
  const left: number[] = [];
  for (const [file, ours] of byFile(now, (f) => f, keyOf)) {
    const theirs = baseFiles.get(file);
    if (!theirs) continue;
    baseFiles.delete(file);
    const unmatched = matchFile(ours.keys, theirs.keys, (j, k) => matched(ours.places[j], theirs.places[k]));
    for (const k of unmatched) left.push(theirs.places[k]);
  }
  for (const theirs of baseFiles.values()) for (const k of theirs.places) left.push(k);
  return left.sort((a, b) => a - b);
}

const recordKey = (r: { readonly citationId: string | null }) => r.citationId ?? NO_ID;

function stateOf(before: Verdict | undefined, now: RecordResult): BaselineState {
  if (before === undefined) return 'new';
  if (before === 'located') return isLocated(now) ? 'unchanged' : 'broken';
  return isLocated(now) ? 'fixed' : 'still failing';
}

/** A record's RecordBaseline: one object for each verdict before and whether it is located now, shared by 200,000 records. */
class RecordStates {
  private readonly made: RecordBaseline[] = [];

  of(before: Verdict | undefined, now: RecordResult): RecordBaseline {
    const key = 2 * (before === undefined ? 0 : VERDICTS.indexOf(before) + 1) + (isLocated(now) ? 1 : 0);
    let made = this.made[key];
    if (made === undefined) {
      const state = stateOf(before, now);
      this.made[key] = made = before === undefined ? { state } : { state, verdict: before };
    }
    return made;
  }
}

/**
 * Compares a run's result with a baseline. `counts(file)`: whether a file of
 * the baseline is one this run answers for (its shard's, and for a run over
 * changed files the files it checked), so that a record of a file the run did
 * not look at is not counted as removed.
 */
export function compareWithBaseline(
  result: CheckResult,
  baseline: Baseline,
  failOn: FailOn,
  pins: ReadonlyMap<string, string | undefined>,
  counts: (file: string) => boolean,
): Comparison {
  const base = baseline.report;
  const fileOf = (file: string) => baseline.renamed?.get(file) ?? file;

  const was = new Array<Verdict | undefined>(result.records.length);
  const left = matchAll(result.records, base.records, fileOf, recordKey, (i, k) => {
    was[i] = base.records[k].verdict;
  });
  const states = new RecordStates();
  // Copied by Object.assign, not spread: Node 20 gives an object spread at a site that sees records of
  // several kinds a map of its own (see makeRecord), which made a baseline cost the text run of the bench's
  // large corpus 23.5% where it had cost 12.7%.
  const records = result.records.map((r, i) => Object.assign({}, r, { baseline: states.of(was[i], r) }));
  // Removed records, by file, in the baseline's order.
  const removed: RemovedRecord[] = [];
  for (const k of left) {
    const record = base.records[k];
    const file = fileOf(record.file);
    if (!counts(file)) continue;
    removed.push({ file, citationId: record.citationId, sourceId: record.sourceId, verdict: record.verdict });
  }
  removed.sort((a, b) => comparePaths(a.file, b.file));

  const stillFailing = new Uint8Array(result.findings.length);
  const gone = matchAll(result.findings, base.findings, fileOf, findingKey, (i) => {
    stillFailing[i] = 1;
  });
  const findingsFixed = gone.filter(
    (k) => base.findings[k].level === 'fail' && counts(fileOf(base.findings[k].file)),
  ).length;
  const findings = result.findings.map((f, i) => ({
    ...f,
    baseline: (stillFailing[i] ? 'still failing' : 'new') as FindingBaseline,
  }));

  return {
    records,
    findings,
    info: {
      from: baseline.from,
      digest: baseline.digest,
      failOn,
      sources: sourceChanges(base, pins),
      removed,
      findingsFixed,
    },
  };
}

/**
 * How the manifest's sources changed since the baseline's run: added (in the
 * manifest now, not in the baseline's), removed (in the baseline's, not now)
 * and re-pinned (in both, with another SHA-256 now), whether or not a record
 * cites them. `pins`: the manifest's sources and their pinned SHA-256. A
 * report of an older citegate lists only the sources its records cited: of
 * its manifest only those are known, so none can be told added.
 */
function sourceChanges(base: BaselineReport, pins: ReadonlyMap<string, string | undefined>): SourceChanges {
  const listed = base.manifestSources;
  const before = new Map((listed ?? base.sources).map((s) => [s.id, s.sha256]));
  const added = listed === undefined ? [] : [...pins.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !pins.has(id));
  const repinned = [...before].filter(([id, sha]) => pins.has(id) && pins.get(id) !== sha).map(([id]) => id);
  return {
    added: added.sort(comparePaths),
    removed: removed.sort(comparePaths),
    repinned: repinned.sort(comparePaths),
  };
}
