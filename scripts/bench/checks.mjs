// The benchmark's checks for issue 18 that are not a corpus timed in two
// modes: the cheap alternative beside citegate, a split run against the
// whole, the scan's work budget on valid input, the near-miss fixtures, and
// a quote of 50 MB explained in a heap of 512 MB.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './measure.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Verdicts of a JSON report by "file: citation_id". */
function verdictsOf(report) {
  return new Map(report.records.map((r) => [`${r.file}: ${r.citation_id}`, r.verdict]));
}

/**
 * The cheap alternative (cheap_check.py): best wall time of `runs` runs of the
 * whole process, and whether its verdicts are citegate's (they should be: it
 * differs in what it does not do, hashing, positions, explanations).
 */
export async function runCheap(script, dir, report, runs, opts, log) {
  const times = [];
  let out = null;
  for (let i = 0; i < runs; i++) {
    const r = await run('python3', [script, dir], { timeoutMs: opts.timeoutMs, keepStdout: true });
    if (!r.ok || r.code !== 0) return { status: 'failed', note: r.error ?? r.stderr.slice(-500) };
    times.push(r.wallS);
    out = r.stdout;
  }
  const mine = report ? verdictsOf(report) : new Map();
  let same = 0;
  let total = 0;
  for (const line of out.split('\n')) {
    const m = /^(.*): (quote not found|located|ambiguous quote|unknown source|empty quote)$/.exec(line);
    if (!m) continue;
    total++;
    if (mine.get(m[1]) === m[2]) same++;
  }
  const bestS = Math.min(...times);
  log(`${path.basename(dir)}: the cheap alternative ${bestS.toFixed(3)} s, ${same}/${total} verdicts as citegate's`);
  return { status: 'ran', runsS: times, bestS, same, total };
}

/**
 * The run split in two shards (check --shard I/2 --format json) and merged
 * (merge-reports): whether every record's verdict, matches and detail are
 * those of the whole run's report.
 */
export async function checkShards(cli, node, dir, whole, opts, log) {
  if (!whole) return { status: 'skipped', note: 'no JSON report of the whole run' };
  const parts = [];
  for (const shard of ['1/2', '2/2']) {
    const file = path.join(dir, `shard-${shard[0]}.json`);
    const r = await run(
      node,
      [cli, 'check', '--root', dir, '--manifest', path.join(dir, 'citegate.yml'), '--shard', shard, '--format', 'json'],
      { timeoutMs: opts.timeoutMs, keepStdout: true },
    );
    if (!r.ok || (r.code !== 0 && r.code !== 1))
      return { status: 'failed', note: `shard ${shard}: ${r.stderr.slice(-300)}` };
    fs.writeFileSync(file, r.stdout);
    parts.push(file);
  }
  const merged = await run(node, [cli, 'merge-reports', ...parts], { timeoutMs: opts.timeoutMs, keepStdout: true });
  if (!merged.ok || (merged.code !== 0 && merged.code !== 1))
    return { status: 'failed', note: `merge-reports: ${merged.stderr.slice(-300)}` };
  const report = JSON.parse(merged.stdout);
  const key = (r) => `${r.file}\u0000${r.citation_id}`;
  const mine = new Map(report.records.map((r) => [key(r), r]));
  let same = 0;
  const differ = [];
  for (const r of whole.records) {
    const m = mine.get(key(r));
    const a = JSON.stringify([r.verdict, r.matches, r.detail ?? null]);
    const b = m ? JSON.stringify([m.verdict, m.matches, m.detail ?? null]) : null;
    if (a === b) same++;
    else if (differ.length < 5) differ.push(`${r.file} ${r.citation_id}`);
  }
  log(
    `${path.basename(dir)}: split in two shards and merged, ${same}/${whole.records.length} records as the whole run's`,
  );
  return { status: 'ran', same, total: whole.records.length, differ };
}

/** The scan's work against its budget (budget.mjs), for each kind of text and size, with each Node. */
export async function runBudget(nodes, opts, log) {
  const cases = [];
  for (const kind of ['natural', 'numbered', 'boilerplate'])
    for (const bytes of [400 * 1024, 64 * 1024 * 1024]) cases.push({ kind, bytes, quotes: 1_000_000 });
  const out = {};
  for (const node of nodes) {
    out[node.label] = [];
    for (const c of cases) {
      log(`budget: ${c.kind} text of ${c.bytes} bytes, ${c.quotes} quotes, Node ${node.version}`);
      const r = await run(
        node.path,
        [
          '--max-old-space-size=12000',
          path.join(here, 'budget.mjs'),
          '--kind',
          c.kind,
          '--bytes',
          String(c.bytes),
          '--quotes',
          String(c.quotes),
        ],
        { timeoutMs: opts.timeoutMs, keepStdout: true },
      );
      if (!r.ok || r.code !== 0) {
        out[node.label].push({ ...c, outcome: `failed: ${r.error ?? r.stderr.slice(-300)}` });
        continue;
      }
      const line = JSON.parse(r.stdout.trim().split('\n').pop());
      log(
        `budget: ${line.outcome}, ${(100 * line.fraction).toFixed(2)}% of the budget, scan ${line.scanS.toFixed(1)} s`,
      );
      out[node.label].push(line);
    }
  }
  return out;
}

/** The near-miss fixtures' explanations (check --explain) against expected-explain.txt, with each Node. */
export async function checkNearMisses(cli, nodes, repo, log) {
  const fixture = path.join(repo, '__fixtures__', 'near-misses');
  const expected = fs.readFileSync(path.join(fixture, 'expected-explain.txt'), 'utf8');
  const out = {};
  for (const node of nodes) {
    const r = await run(node.path, [cli, 'check', '--manifest', path.join(fixture, 'citegate.yml'), '--explain'], {
      cwd: repo,
      keepStdout: true,
    });
    const same = r.ok && r.stdout === expected;
    log(
      `near-misses: the explanations are ${same ? '' : 'NOT '}those of expected-explain.txt with Node ${node.version}`,
    );
    // Lines as wc -l counts them: the file ends with a line end, which split() would count as one more.
    out[node.label] = { same, lines: expected.split('\n').length - (expected.endsWith('\n') ? 1 : 0) };
  }
  return out;
}

/**
 * One record whose quote is 50 MB (not in its source), checked with
 * --format json in a heap of 512 MB: it must end with its report (exit 1),
 * not be killed out of memory.
 */
export async function checkHugeQuote(cli, nodes, benchDir, log) {
  const dir = path.join(benchDir, 'huge-quote');
  const stamp = path.join(dir, 'stamp');
  const version = createHash('sha256')
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex');
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== version) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'sources'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'answers'));
    const text = 'Returns are accepted within 30 days. A receipt is required.\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'sources', 's.txt'), text);
    const sha = createHash('sha256').update(text).digest('hex');
    fs.writeFileSync(
      path.join(dir, 'citegate.yml'),
      `version: 1\nsources:\n  s-v1:\n    path: sources/s.txt\n    sha256: ${sha}\n    retrieved: 2026-11-02\ncitations:\n  - answers/*.json\n`,
    );
    const words = 'returns are accepted within days receipt is required not ever'.split(' ');
    const parts = [];
    let length = 0;
    for (let i = 0; length < 50 * 1024 * 1024; i++) {
      const w = words[(i * 7 + 3) % words.length] + (i % 13);
      parts.push(w);
      length += w.length + 1;
    }
    fs.writeFileSync(
      path.join(dir, 'answers', 'a.json'),
      JSON.stringify([{ citation_id: 'huge', source_id: 's-v1', quote: parts.join(' ') }]),
    );
    fs.writeFileSync(stamp, version);
  }
  const out = {};
  for (const node of nodes) {
    const report = path.join(dir, 'report.json');
    fs.rmSync(report, { force: true });
    const r = await run(
      '/usr/bin/time',
      [
        '-f',
        '%e %M',
        node.path,
        '--max-old-space-size=512',
        cli,
        'check',
        '--root',
        dir,
        '--manifest',
        path.join(dir, 'citegate.yml'),
        '--format',
        'json',
        '--output',
        report,
      ],
      { timeoutMs: 600_000 },
    );
    const time = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(r.stderr);
    const exit = /terminated by signal (\d+)/.exec(r.stderr)
      ? `killed by signal ${/terminated by signal (\d+)/.exec(r.stderr)[1]}`
      : `exit ${/exited with non-zero status (\d+)/.exec(r.stderr)?.[1] ?? 0}`;
    let verdict = null;
    try {
      verdict = JSON.parse(fs.readFileSync(report, 'utf8')).records[0].verdict;
    } catch {
      // no report
    }
    const ok = exit === 'exit 1' && verdict === 'quote not found';
    log(`huge-quote: ${exit}, ${verdict ?? 'no report'}, Node ${node.version}`);
    out[node.label] = {
      ok,
      exit,
      verdict,
      wallS: time ? Number(time[1]) : null,
      maxRssMiB: time ? Math.round(Number(time[2]) / 1024) : null,
    };
  }
  return out;
}
