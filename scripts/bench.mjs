#!/usr/bin/env node
// citegate's benchmark harness (`npm run bench`).
//
//   node --expose-gc scripts/bench.mjs [--sizes small,medium,large,one] [--runs N] [--no-reference] [--verify-all]
//
// Generates deterministic corpora into .bench/<size>/ (reused while the
// generator and its parameters are unchanged), times the citegate CLI on each
// (wall time, peak RSS), sha256sum over the same sources, and on `small` the
// Python reference's check(), compares verdicts with the reference, and prints
// a Markdown table with the performance targets (also written to
// .bench/last-results.md, and the raw numbers to .bench/last-results.json).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SIZES, ensureCorpus, writeReferenceInput } from './bench/generate.mjs';
import {
  commandExists, compareVerdicts, findReference, haveTime, runCitegate, runReference, runSha256sum,
} from './bench/measure.mjs';
import { markdown } from './bench/report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const benchDir = path.join(repo, '.bench');

const USAGE = `usage: node --expose-gc scripts/bench.mjs [options]

  --sizes LIST      comma-separated corpora among ${Object.keys(SIZES).join(', ')} (default: all)
  --runs N          runs per size, best time kept (default: 3 for small and one, 1 for medium and large)
  --no-reference    skip the Python reference run on small
  --verify-all      also compare verdicts with the reference on the other sizes (untimed: the
                    reference's check() with its normalize() memoized, so each source is
                    normalized once; slow on large: minutes, and a few GB of memory)
  --cli FILE        the citegate CLI to run (default: a copy of dist/cli/ taken at start)
  --timeout S       give up on one citegate run after S seconds (default: 1800)
  -h, --help        this help
`;

function log(message) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

function parseOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        sizes: { type: 'string' },
        runs: { type: 'string' },
        'no-reference': { type: 'boolean' },
        'verify-all': { type: 'boolean' },
        cli: { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const sizes = (parsed.sizes ?? Object.keys(SIZES).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of sizes) {
    if (!(s in SIZES)) {
      process.stderr.write(`bench: unknown size "${s}" (known: ${Object.keys(SIZES).join(', ')})\n`);
      process.exit(2);
    }
  }
  let runs = null;
  if (parsed.runs !== undefined) {
    runs = Number(parsed.runs);
    if (!Number.isInteger(runs) || runs < 1) {
      process.stderr.write(`bench: --runs must be a positive integer, not "${parsed.runs}"\n`);
      process.exit(2);
    }
  }
  const timeout = parsed.timeout === undefined ? 1800 : Number(parsed.timeout);
  if (!(timeout > 0)) {
    process.stderr.write(`bench: --timeout must be a positive number of seconds\n`);
    process.exit(2);
  }
  return { sizes: [...new Set(sizes)], runs, reference: !parsed['no-reference'], verifyAll: !!parsed['verify-all'], cli: parsed.cli, timeoutMs: timeout * 1000 };
}

function shellQuote(arg) {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

function commandLine() {
  const script = path.relative(process.cwd(), fileURLToPath(import.meta.url)) || fileURLToPath(import.meta.url);
  return ['node', ...process.execArgv, script, ...process.argv.slice(2)].map(shellQuote).join(' ');
}

function machineInfo() {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    const m = /^model name\s*:\s*(.*)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpu = m[1].trim();
  } catch {
    // not Linux
  }
  const version = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    return r.status === 0 ? (r.stdout || r.stderr).split('\n')[0].trim() : null;
  };
  return {
    cpu,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    python: version('python3', ['--version']) ?? 'no python3',
    sha256sum: version('sha256sum', ['--version'])?.replace(/^sha256sum /, 'sha256sum ') ?? 'no sha256sum',
  };
}

/**
 * The CLI to time. By default a copy of dist/cli/ taken now, so that a rebuild
 * of dist/ by someone else during a long run cannot change or remove it.
 */
async function prepareCli(option) {
  if (option) {
    const abs = path.resolve(option);
    if (!fs.existsSync(abs)) throw new Error(`--cli ${option}: no such file`);
    return describeCli(abs, option);
  }
  const from = path.join(repo, 'dist', 'cli');
  const entry = path.join(from, 'index.js');
  for (let waited = 0; !fs.existsSync(entry); waited += 2) {
    if (waited >= 120) throw new Error('dist/cli/index.js is missing: build citegate first (npm run build)');
    if (waited === 0) log('dist/cli/index.js is missing (a rebuild in progress?): waiting up to 2 minutes');
    await new Promise((r) => setTimeout(r, 2000));
  }
  const to = path.join(benchDir, 'cli-snapshot');
  for (let attempt = 0; ; attempt++) {
    fs.rmSync(to, { recursive: true, force: true });
    fs.mkdirSync(to, { recursive: true });
    const before = fs.existsSync(entry) ? fs.readFileSync(entry) : null;
    for (const f of fs.readdirSync(from, { withFileTypes: true })) {
      if (f.isFile()) fs.copyFileSync(path.join(from, f.name), path.join(to, f.name));
    }
    const copied = path.join(to, 'index.js');
    const same = before && fs.existsSync(copied) && fs.readFileSync(copied).equals(before);
    const works = same && spawnSync(process.execPath, [copied, '--version'], { encoding: 'utf8' }).status === 0;
    if (works) {
      const mtime = fs.statSync(entry).mtime.toISOString().replace(/\.\d+Z$/, 'Z');
      return { ...describeCli(copied, 'dist/cli/index.js'), mtime };
    }
    if (attempt >= 5) throw new Error('could not take a working copy of dist/cli/ (is it being rebuilt?)');
    log('dist/cli/ changed while copying it or does not run: retrying in 5 s');
    await new Promise((r) => setTimeout(r, 5000));
  }
}

function describeCli(abs, shown) {
  const bytes = fs.readFileSync(abs);
  return {
    path: abs,
    shown,
    sha12: createHash('sha256').update(bytes).digest('hex').slice(0, 12),
    mtime: fs.statSync(abs).mtime.toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

const gc = () => globalThis.gc?.();

async function benchSize(size, opts, cli, notes) {
  log(`${size}: preparing the corpus`);
  const { dir, stamp, generated } = ensureCorpus(benchDir, size, log);
  gc();
  const files = stamp.sources.map((s) => s.path);
  const result = {
    size,
    sources: stamp.sources.length,
    sourceBytes: stamp.totalSourceBytes,
    largestSourceBytes: stamp.largestSourceBytes,
    citations: stamp.citations,
    generatedS: generated ? stamp.generationSeconds : null,
  };
  const runs = opts.runs ?? (size === 'small' || size === 'one' ? 3 : 1);
  result.runs = runs;

  // A first, untimed sha256sum pass puts the sources in the page cache and
  // checks that the files still hash to what the manifest pins.
  const haveSha = commandExists('sha256sum');
  if (haveSha) {
    const warm = await runSha256sum(dir, files, { timeoutMs: opts.timeoutMs });
    if (!warm.ok) notes.push(`${size}: sha256sum failed: ${warm.error}`);
    else {
      const bad = stamp.sources.filter((s) => warm.sums.get(s.path) !== s.sha256).length;
      if (bad) notes.push(`${size}: ${bad} source files no longer match the hashes the generator pinned (delete .bench/${size} to regenerate)`);
    }
  } else {
    for (const f of files) fs.readFileSync(path.join(dir, f));
    notes.push('sha256sum is not installed: its column is empty');
  }

  // citegate
  const reportFile = path.join(dir, 'citegate-report.json');
  const times = [];
  let maxRss = null;
  let crash = null;
  let last = null;
  for (let i = 0; i < runs; i++) {
    gc();
    log(`${size}: citegate run ${i + 1}/${runs}`);
    const r = await runCitegate(cli.path, dir, reportFile, { timeoutMs: opts.timeoutMs });
    last = r;
    if (!r.ok) {
      crash = r.crash;
      log(`${size}: citegate failed: ${r.crash}`);
      break;
    }
    times.push(r.wallS);
    if (r.maxRssKiB != null) maxRss = Math.max(maxRss ?? 0, r.maxRssKiB);
    log(`${size}: citegate ${r.wallS.toFixed(3)} s, exit ${r.code}, peak RSS ${r.maxRssKiB != null ? (r.maxRssKiB / 1024).toFixed(0) + ' MB' : '?'}`);
  }
  result.citegate = { runsS: times, bestS: times.length ? Math.min(...times) : null, maxRssKiB: crash ? null : maxRss, crash };
  if (crash) {
    result.citegate.stderr = last?.stderr ?? '';
    return result;
  }
  result.citegate.exitCode = last.code;
  if (last.stderr.trim()) {
    const lines = last.stderr.trim().split('\n');
    notes.push(`${size}: citegate wrote ${lines.length} line(s) to stderr, first: ${JSON.stringify(lines[0].slice(0, 300))}`);
  }
  let report = null;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch (error) {
    result.citegate.crash = `exit ${last.code} but the JSON report is unreadable: ${error.message}`;
    return result;
  }
  const verdicts = {};
  for (const r of report.records ?? []) verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  result.citegate.verdicts = verdicts;
  result.citegate.records = report.records?.length ?? 0;
  result.citegate.unverified = (report.sources ?? []).filter((s) => s.status !== 'verified').length;
  if (result.citegate.records !== stamp.citations) {
    notes.push(`${size}: citegate reported ${result.citegate.records} records, the corpus has ${stamp.citations}`);
  }
  if (result.citegate.unverified) {
    notes.push(`${size}: citegate left ${result.citegate.unverified} sources unverified`);
  }

  // sha256sum
  if (haveSha) {
    const shaTimes = [];
    for (let i = 0; i < runs; i++) {
      const r = await runSha256sum(dir, files, { timeoutMs: opts.timeoutMs });
      if (!r.ok) break;
      shaTimes.push(r.wallS);
    }
    result.sha256sum = { runsS: shaTimes, bestS: shaTimes.length ? Math.min(...shaTimes) : null };
    log(`${size}: sha256sum ${result.sha256sum.bestS?.toFixed(3)} s`);
  }

  // The Python reference: timed on small; elsewhere only with --verify-all,
  // untimed, to compare verdicts.
  if (size === 'small') {
    result.reference = await referenceRun(size, dir, stamp, report, opts, false);
  } else if (opts.verifyAll) {
    result.reference = await referenceRun(size, dir, stamp, report, opts, true);
  }
  return result;
}

async function referenceRun(size, dir, stamp, report, opts, memoize) {
  if (!opts.reference) return { status: 'skipped', note: '--no-reference' };
  const refDir = findReference(repo);
  if (!refDir) return { status: 'skipped', note: 'reference check_citations.py not found in /work/shared/reference or ../shared/reference' };
  if (!commandExists('python3')) return { status: 'skipped', note: 'python3 is not installed' };
  log(`${size}: writing reference-input.json`);
  const input = writeReferenceInput(dir, stamp);
  gc();
  const output = path.join(dir, 'reference-verdicts.json');
  log(`${size}: running the Python reference (${refDir}/check_citations.py${memoize ? ', normalize() memoized, untimed' : ''}): ` +
    'this takes a while');
  const r = await runReference(path.join(here, 'bench', 'reference_check.py'), refDir, input, output,
    { timeoutMs: opts.timeoutMs * 4, memoize });
  if (!r.ok) return { status: 'failed', note: `the reference failed: ${r.error}` };
  log(`${size}: reference ${r.elapsedS.toFixed(2)} s (Python ${r.python}${memoize ? ', memoized' : ''})`);
  const agreement = compareVerdicts(report, r.verdicts);
  fs.writeFileSync(path.join(dir, 'mismatches.json'), JSON.stringify(agreement.mismatches, null, 1) + '\n');
  log(`${size}: ${agreement.same}/${agreement.total} verdicts agree with the reference`);
  return { status: 'ran', timed: !memoize, elapsedS: memoize ? null : r.elapsedS, python: r.python, referenceDir: refDir,
    agreement };
}

async function main() {
  const opts = parseOptions();
  fs.mkdirSync(benchDir, { recursive: true });
  const notes = [];
  if (!haveTime()) notes.push('/usr/bin/time is missing: no peak RSS (install GNU time)');
  let cli;
  try {
    cli = await prepareCli(opts.cli);
  } catch (error) {
    process.stderr.write(`bench: ${error.message}\n`);
    process.exit(2);
  }
  log(`timing ${cli.shown} (sha256 ${cli.sha12}…)`);
  const results = [];
  for (const size of opts.sizes) results.push(await benchSize(size, opts, cli, notes));

  const runsNote = 'Best of ' + results.map((r) => `${r.runs} run${r.runs > 1 ? 's' : ''} (${r.size})`).join(', ') + '.';
  const md = markdown({ results, machine: machineInfo(), command: commandLine(), cli, runsNote, notes });
  process.stdout.write(md + '\n');
  fs.writeFileSync(path.join(benchDir, 'last-results.md'), md + '\n');
  const raw = results.map((r) => ({
    ...r,
    reference: r.reference && { ...r.reference, agreement: r.reference.agreement && {
      ...r.reference.agreement, mismatches: r.reference.agreement.mismatches.slice(0, 50),
    } },
  }));
  fs.writeFileSync(path.join(benchDir, 'last-results.json'),
    JSON.stringify({ command: commandLine(), machine: machineInfo(), cli, results: raw, notes }, null, 1) + '\n');
  log(`wrote ${path.relative(process.cwd(), path.join(benchDir, 'last-results.md'))}`);
}

await main();
