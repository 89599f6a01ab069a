// Explaining on helper threads (src/check/explain-pool.ts) gives every record
// the explanation the run gives without helpers, whatever the helpers do:
// they run the real bundles here, then helpers that fail to start, that take
// jobs and never answer, and that answer with an error.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildOf,
  CLAIMED,
  FAILED,
  FINISHED,
  type HelperSettings,
  type HelperStats,
  HEADER,
  POSTED,
  useHelperThreads,
} from '../../src/check/explain-pool.js';
import { runCheck } from '../../src/check/run.js';
import { parseManifest } from '../../src/load/manifest.js';
import { Workspace } from '../../src/load/workspace.js';
import { CLI, makeTree, manifestFor, REPO } from '../helpers/workspace.js';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY =
  'returns are accepted within thirty days of delivery a receipt is required orders ship in two business days refunds go to the original payment method Zürich Ångström café naïve'.split(
    ' ',
  );

/**
 * Sources of generated prose and records quoting them with a word changed, dropped
 * or cased otherwise, some with a prefix; one long source has hundreds of such
 * records, so that its records go to the threads in several jobs.
 */
function corpus() {
  const next = random(18);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const sources: Record<string, { path: string; text: string }> = {};
  const records: object[] = [];
  const counts = [40, 40, 40, 40, 600];
  counts.forEach((count, s) => {
    const words = Array.from({ length: s === 4 ? 20_000 : 2_000 }, () => pick(VOCABULARY));
    const text = `${words.join(' ')}.\n`;
    const id = `source-${s}`;
    sources[id] = { path: `sources/${id}.txt`, text };
    for (let k = 0; k < count; k++) {
      const at = Math.floor(next() * (words.length - 12));
      const quote = words.slice(at, at + 4 + Math.floor(next() * 8));
      const change = Math.floor(next() * 4);
      if (change === 0) quote.splice(1, 0, 'never');
      else if (change === 1) quote.splice(2, 1);
      else if (change === 2) quote[0] = quote[0].toUpperCase();
      const record: Record<string, string> = { citation_id: `${id}-${k}`, source_id: id, quote: quote.join(' ') };
      if (k % 7 === 0 && at > 0) record.quote_prefix = words[at - 1];
      records.push(record);
    }
  });
  const manifestText = manifestFor(sources, ['answers/*.json']);
  const root = makeTree({
    'citegate.yml': manifestText,
    'answers/a.json': JSON.stringify(records),
    ...Object.fromEntries(Object.values(sources).map((s) => [s.path, s.text])),
  });
  return { root, manifest: parseManifest(manifestText, 'citegate.yml', '') };
}

const { root, manifest } = corpus();

/** The run's result as JSON, and how its jobs were done (none posted: no helper). */
function check(helpers: Omit<HelperSettings, 'onFinish'> | undefined) {
  let stats: HelperStats = { posted: 0, byHelpers: 0, takenBack: 0, redone: 0 };
  useHelperThreads(helpers && { ...helpers, onFinish: (s) => (stats = s) });
  const started = performance.now();
  try {
    const result = runCheck({
      workspace: new Workspace(root),
      manifest,
      files: [{ file: 'answers/a.json', audience: undefined }],
      diagnose: true,
    });
    return { result: JSON.stringify(result), stats, ms: performance.now() - started };
  } finally {
    useHelperThreads(undefined);
  }
}

const alone = check(undefined).result;

/** Every job posted was done once, one way or another. */
function accounted(stats: HelperStats) {
  expect(stats.byHelpers + stats.takenBack + stats.redone).toBe(stats.posted);
}

/**
 * Runs with helpers that explain: the same results as one thread, and some of them the helpers'.
 * A helper may load after this thread is done with the sources and take no job: of five runs,
 * one at least must have used a helper's results.
 */
function helped(settings: Omit<HelperSettings, 'onFinish'>) {
  let byHelpers = 0;
  for (let run = 0; run < 5 && byHelpers === 0; run++) {
    const { result, stats } = check(settings);
    expect(result).toBe(alone);
    expect(stats.posted).toBeGreaterThan(0);
    accounted(stats);
    byHelpers = stats.byHelpers;
  }
  expect(byHelpers).toBeGreaterThan(0);
}

/**
 * Runs with helpers that never give a result: the same results as one thread, and some jobs redone
 * here. A helper that loads after this thread is done with the sources has its jobs taken back
 * instead: of three runs, one at least must have redone some.
 */
function redoneHere(settings: Omit<HelperSettings, 'onFinish'>) {
  let redone = 0;
  for (let run = 0; run < 3 && redone === 0; run++) {
    const { result, stats, ms } = check(settings);
    expect(result).toBe(alone);
    accounted(stats);
    expect(stats.byHelpers).toBe(0);
    redone = stats.redone;
    if (redone > 0 && settings.patienceMs !== undefined) expect(ms).toBeGreaterThan(settings.patienceMs);
  }
  expect(redone).toBeGreaterThan(0);
}

/** A helper script in a temp folder. */
function helperScript(name: string, text: string): URL {
  const dir = makeTree({ [name]: text });
  return pathToFileURL(path.join(dir, name));
}

describe('explaining on helper threads', () => {
  it('makes a run whose records need explaining, with closest passages and hints', () => {
    const result = JSON.parse(alone) as {
      sources: unknown[];
      records: { verdict: string; closest?: unknown; hints?: unknown[] }[];
    };
    expect(result.sources).toHaveLength(5);
    const missed = result.records.filter((r) => r.verdict !== 'located');
    expect(missed.length).toBeGreaterThan(500);
    expect(missed.filter((r) => r.closest).length).toBeGreaterThan(400);
    expect(missed.filter((r) => r.hints?.length).length).toBeGreaterThan(50);
  });

  it.each([
    ['the CLI', CLI],
    ['the Action', path.join(REPO, 'dist/index.js')],
  ])('gives the same results with the helpers of %s, which do explain', (_, bundle) => {
    // A wrapper that notes each result a helper sends, then runs the bundle (which serves, being a helper).
    const log = path.join(makeTree({ 'log.txt': '' }), 'log.txt');
    const script = helperScript(
      'counting-helper.mjs',
      `import { appendFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
const post = workerData.port.postMessage.bind(workerData.port);
workerData.port.postMessage = (m) => { appendFileSync(${JSON.stringify(log)}, (m.details ? m.details.length : 'error') + '\\n'); post(m); };
await import(${JSON.stringify(pathToFileURL(bundle).href)});
`,
    );
    helped({ script, build: buildOf(pathToFileURL(bundle)), threads: 2, runRecords: 0, startAt: 0 });
    const sent = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(sent).not.toContain('error');
    expect(sent.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('gives the same results with the bundle as its helper, as the CLI runs it', () => {
    const script = pathToFileURL(CLI);
    helped({ script, build: buildOf(script), threads: 1, runRecords: 0, startAt: 0 });
  });

  it('does without helpers whose bundle is not the build the run started with', () => {
    // A copy of the CLI bundle, run as a helper after it was written again (as a rebuild during a run
    // would): its bytes are the same, so only the check of the build can refuse it.
    const dir = makeTree({ 'package.json': '{ "type": "module" }\n' });
    const copy = path.join(dir, 'index.js');
    copyFileSync(CLI, copy);
    const script = pathToFileURL(copy);
    const build = buildOf(script);
    expect(build).toBeDefined();
    helped({ script, build, threads: 1, runRecords: 0, startAt: 0 });
    writeFileSync(copy, readFileSync(CLI));
    expect(buildOf(script)).not.toBe(build);
    for (let run = 0; run < 3; run++) {
      const { result, stats } = check({ script, build, threads: 1, runRecords: 0, startAt: 0 });
      expect(result).toBe(alone);
      expect(stats.posted).toBeGreaterThan(0);
      expect(stats).toEqual({ posted: stats.posted, byHelpers: 0, takenBack: stats.posted, redone: 0 });
    }
  });

  it('tells builds apart by the file, not by its bytes', () => {
    const dir = makeTree({ 'a.js': 'export {};\n', 'b.js': 'export {};\n' });
    const a = pathToFileURL(path.join(dir, 'a.js'));
    expect(buildOf(a)).toBe(buildOf(a));
    expect(buildOf(a)).not.toBe(buildOf(pathToFileURL(path.join(dir, 'b.js'))));
    expect(buildOf(pathToFileURL(path.join(dir, 'missing.js')))).toBeUndefined();
  });

  it('does without helpers that fail to start', () => {
    const script = helperScript('failing-helper.mjs', "throw new Error('no helper today');\n");
    const { result, stats } = check({ script, threads: 2, runRecords: 0, startAt: 0 });
    expect(result).toBe(alone);
    expect(stats.posted).toBeGreaterThan(0);
    expect(stats).toEqual({ posted: stats.posted, byHelpers: 0, takenBack: stats.posted, redone: 0 });
  });

  it('does itself the jobs a helper claimed and never answered, once it stops making progress', () => {
    const script = helperScript(
      'claiming-helper.mjs',
      `import { workerData } from 'node:worker_threads';
const states = new Int32Array(workerData.shared);
workerData.port.on('message', (job) => { Atomics.compareExchange(states, ${HEADER} + job.id, ${POSTED}, ${CLAIMED}); });
`,
    );
    redoneHere({ script, threads: 1, runRecords: 0, startAt: 0, patienceMs: 200 });
  });

  it.each([
    ['saying so', "workerData.port.postMessage({ id: job.id, error: 'out of luck' });"],
    ['without a word', ''],
  ])('does itself the jobs a helper failed, %s', (_, say) => {
    const script = helperScript(
      'erring-helper.mjs',
      `import { workerData } from 'node:worker_threads';
const states = new Int32Array(workerData.shared);
workerData.port.on('message', (job) => {
  if (Atomics.compareExchange(states, ${HEADER} + job.id, ${POSTED}, ${CLAIMED}) !== ${POSTED}) return;
  ${say}
  Atomics.store(states, ${HEADER} + job.id, ${FAILED});
  Atomics.add(states, ${FINISHED}, 1);
  Atomics.notify(states, ${FINISHED});
});
`,
    );
    // The default patience (30 s) is past the test's time: a failed job must not wait it out.
    redoneHere({ script, threads: 1, runRecords: 0, startAt: 0 });
  });
});
