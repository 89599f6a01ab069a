// Judging a run against a baseline (SPEC §8): each record and finding gets
// what became of it since the baseline's run, records the baseline had and
// the run does not are counted as removed, and the sources whose pins changed
// are named. The pass rule that reads these is in outcome.ts.
import type { Baseline, ReadReport } from '../load/report.js';

export type { Baseline };
import type {
  BaselineInfo,
  BaselineState,
  FailOn,
  FindingBaseline,
  RemovedRecord,
  SourceChanges,
} from '../model/baseline.js';
import { comparePaths } from '../model/paths.js';
import { type CheckResult, type Finding, isLocated, type RecordResult } from '../model/result.js';
import type { Verdict } from '../model/verdict.js';

export interface Comparison {
  readonly records: readonly RecordResult[];
  readonly findings: readonly Finding[];
  readonly info: BaselineInfo;
}

/**
 * Matches keys in order: the first record (or finding) of a key in the run
 * with the first of that key in the baseline, and so on, so that a key given
 * twice (a duplicated citation_id, two records without one) matches twice.
 */
class Matcher<T> {
  private readonly byKey = new Map<string, T[]>();

  add(key: string, value: T): void {
    const list = this.byKey.get(key);
    if (list) list.push(value);
    else this.byKey.set(key, [value]);
  }

  take(key: string): T | undefined {
    return this.byKey.get(key)?.shift();
  }

  /** What no one took, in the order added. */
  *left(): Generator<T> {
    for (const list of this.byKey.values()) yield* list;
  }
}

/**
 * A record's key in its file: its citation_id (unique in a valid file). A
 * record without one (always invalid fields) is known by its place among the
 * records of its file that have none.
 */
function recordKeys(records: readonly { file: string; citationId: string | null }[], fileOf: (f: string) => string) {
  const unnamed = new Map<string, number>();
  return records.map((r) => {
    const file = fileOf(r.file);
    if (r.citationId !== null) return JSON.stringify([file, 'id', r.citationId]);
    const n = unnamed.get(file) ?? 0;
    unnamed.set(file, n + 1);
    return JSON.stringify([file, 'unnamed', n]);
  });
}

/** A finding is about its kind, file, record and what it says (a sentence, a number, a source). */
function findingKey(f: Finding, fileOf: (f: string) => string): string {
  return JSON.stringify([f.kind, fileOf(f.file), f.citationId ?? null, f.message]);
}

function stateOf(before: Verdict | undefined, now: RecordResult): BaselineState {
  if (before === undefined) return 'new';
  if (before === 'located') return isLocated(now) ? 'unchanged' : 'broken';
  return isLocated(now) ? 'fixed' : 'still failing';
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
  const same = (file: string) => file;

  const before = new Matcher<{ verdict: Verdict; record: RecordResult }>();
  const baseKeys = recordKeys(base.records, fileOf);
  for (let i = 0; i < baseKeys.length; i++)
    before.add(baseKeys[i], { verdict: base.records[i].verdict, record: base.records[i] });
  const keys = recordKeys(result.records, same);
  const records = result.records.map((r, i) => {
    const matched = before.take(keys[i]);
    const state = stateOf(matched?.verdict, r);
    return { ...r, baseline: matched ? { state, verdict: matched.verdict } : { state } };
  });
  const removed: RemovedRecord[] = [];
  for (const { record } of before.left()) {
    const file = fileOf(record.file);
    if (!counts(file)) continue;
    removed.push({ file, citationId: record.citationId, sourceId: record.sourceId, verdict: record.verdict });
  }
  removed.sort((a, b) => comparePaths(a.file, b.file));

  const earlier = new Matcher<Finding>();
  for (const f of base.findings) earlier.add(findingKey(f, fileOf), f);
  const findings = result.findings.map((f) => {
    const state: FindingBaseline = earlier.take(findingKey(f, same)) !== undefined ? 'still failing' : 'new';
    return { ...f, baseline: state };
  });
  let findingsFixed = 0;
  for (const f of earlier.left()) if (f.level === 'fail' && counts(fileOf(f.file))) findingsFixed++;

  return {
    records,
    findings,
    info: {
      from: baseline.from,
      digest: baseline.digest,
      failOn,
      sources: sourceChanges(result, base, pins),
      removed,
      findingsFixed,
    },
  };
}

/**
 * Sources cited now that the baseline's run did not know, sources it knew that
 * the manifest no longer has, and those in both whose pin changed since.
 * `pins`: the manifest's sources and their pinned SHA-256.
 */
function sourceChanges(
  result: CheckResult,
  base: ReadReport,
  pins: ReadonlyMap<string, string | undefined>,
): SourceChanges {
  const known = new Map(base.sources.map((s) => [s.id, s.sha256]));
  const added = result.sources.filter((s) => !known.has(s.id)).map((s) => s.id);
  const removed = [...known.keys()].filter((id) => !pins.has(id));
  const repinned = [...known].filter(([id, sha]) => pins.has(id) && pins.get(id) !== sha).map(([id]) => id);
  return {
    added: added.sort(comparePaths),
    removed: removed.sort(comparePaths),
    repinned: repinned.sort(comparePaths),
  };
}
