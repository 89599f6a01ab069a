// Matching a run's records and findings with a baseline's (SPEC §8): the
// record-for-record walk over a file as it was, and the map it falls back to
// where a file changed, pair the same records as matching every key in order
// through a map does, on random files with duplicated ids, records without
// one, reordered, added and removed records, and a renamed file.
import { compareWithBaseline } from '../../src/check/baseline.js';
import type { Baseline } from '../../src/load/report.js';
import type { CheckResult, Finding, RecordResult } from '../../src/model/result.js';
import type { Verdict } from '../../src/model/verdict.js';

/** A small deterministic generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Item = { file: string; citationId: string | null; verdict: Verdict; index: number };

const VERDICTS: Verdict[] = ['located', 'quote not found', 'invalid fields'];

function records(next: () => number, files: string[]): Item[] {
  const out: Item[] = [];
  for (const file of files) {
    const n = Math.floor(next() * 8);
    for (let i = 0; i < n; i++) {
      const id = next() < 0.2 ? null : `c${Math.floor(next() * 5)}`;
      out.push({ file, citationId: id, verdict: VERDICTS[Math.floor(next() * VERDICTS.length)], index: i });
    }
  }
  return out;
}

/** A run made from the baseline's records: some kept as they were, some files changed. */
function changed(next: () => number, before: Item[], renamed: Map<string, string>): Item[] {
  const out: Item[] = [];
  for (const r of before) {
    if (next() < 0.1) continue;
    const file = [...renamed].find(([, old]) => old === r.file)?.[0] ?? r.file;
    out.push({ ...r, file, verdict: next() < 0.3 ? VERDICTS[Math.floor(next() * VERDICTS.length)] : r.verdict });
    if (next() < 0.05) out.push({ ...r, file, citationId: next() < 0.5 ? null : `c${Math.floor(next() * 5)}` });
  }
  for (let i = out.length - 1; i > 0; i--) {
    if (next() < 0.05) {
      const j = i - 1;
      if (out[j].file === out[i].file) [out[i], out[j]] = [out[j], out[i]];
    }
  }
  return out;
}

const finding = (file: string, message: string): Finding => ({
  kind: 'uncited claim',
  level: 'fail',
  file,
  line: 1,
  column: 1,
  message,
});

/** The matching as SPEC §8 states it: the n-th record of a key now with the n-th of that key in the baseline. */
function expected(run: Item[], base: Item[], renamed: Map<string, string>) {
  const keyOf = (items: Item[], fileOf: (f: string) => string) => {
    const unnamed = new Map<string, number>();
    return items.map((r) => {
      const file = fileOf(r.file);
      if (r.citationId !== null) return `${file}\0s${r.citationId}`;
      const n = unnamed.get(file) ?? 0;
      unnamed.set(file, n + 1);
      return `${file}\0n${n}`;
    });
  };
  const baseKeys = keyOf(base, (f) => renamed.get(f) ?? f);
  const taken = new Set<number>();
  const states = keyOf(run, (f) => f).map((key, i) => {
    const k = baseKeys.findIndex((b, at) => b === key && !taken.has(at));
    if (k < 0) return { state: 'new' };
    taken.add(k);
    const before = base[k].verdict;
    const located = run[i].verdict === 'located';
    const state = before === 'located' ? (located ? 'unchanged' : 'broken') : located ? 'fixed' : 'still failing';
    return { state, verdict: before };
  });
  const removed = base
    .map((r, k) => ({ r, k }))
    .filter(({ k }) => !taken.has(k))
    .map(({ r }) => ({ file: renamed.get(r.file) ?? r.file, citationId: r.citationId, verdict: r.verdict }));
  return { states, removed };
}

const asResult = (items: Item[], findings: Finding[]) =>
  ({
    manifest: 'citegate.yml',
    files: [],
    records: items.map((r) => ({ ...r, line: 1, column: 1, sourceId: 's' }) as unknown as RecordResult),
    sources: [],
    problems: [],
    findings,
  }) as CheckResult;

test('pairs records and findings as matching every key in order does, in random changes', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const next = random(seed);
    const files = ['a.json', 'b.json', 'c/d.json', 'e.json'].filter(() => next() < 0.9);
    const base = records(next, files);
    const renamed = new Map(next() < 0.3 && files.includes('e.json') ? [['moved/e.json', 'e.json']] : []);
    const run = changed(next, base, renamed);
    const baseFindings = files.flatMap((f) =>
      ['one', 'two', 'one'].filter(() => next() < 0.6).map((m) => finding(f, m)),
    );
    const runFindings = baseFindings
      .filter(() => next() < 0.8)
      .map((f) => finding([...renamed].find(([, old]) => old === f.file)?.[0] ?? f.file, f.message));
    runFindings.push(finding('a.json', 'three'));
    const baseline: Baseline = {
      report: { ...asResult(base, baseFindings), records: base.map((r) => ({ ...r, sourceId: 's' })) },
      from: 'base.json',
      digest: 'd',
      ...(renamed.size ? { renamed } : {}),
    };
    const got = compareWithBaseline(asResult(run, runFindings), baseline, 'new', new Map(), () => true);
    const want = expected(run, base, renamed);
    expect(got.records.map((r) => r.baseline)).toEqual(want.states);
    // Removed: by file (the stable sort keeps the baseline's order within one).
    const removed = want.removed.sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : 0));
    expect(got.info.removed.map(({ file, citationId, verdict }) => ({ file, citationId, verdict }))).toEqual(removed);
    // Findings: one of the baseline's for each, by file and what it says, in order.
    const left = baseFindings.map((f) => `${renamed.get(f.file) ?? f.file}\0${f.message}`);
    const findingStates = runFindings.map((f) => {
      const k = left.indexOf(`${f.file}\0${f.message}`);
      if (k < 0) return 'new';
      left[k] = '';
      return 'still failing';
    });
    expect(got.findings.map((f) => f.baseline)).toEqual(findingStates);
    expect(got.info.findingsFixed).toBe(left.filter((k) => k !== '').length);
  }
});
