// Running and timing the things the benchmark compares: the citegate CLI in
// text and JSON mode (wall time and peak RSS through /usr/bin/time), sha256sum
// over the same sources, and the Python reference's check().
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const TIME = '/usr/bin/time';

/**
 * Runs a command in its own process group and resolves when it has exited and
 * its output is closed. On timeout the whole group (that we started) is killed.
 * Standard output is read as it comes (through a pipe) and dropped, unless
 * `keepStdout` (all of it) or `stdoutTail` (its last N bytes) say to keep it;
 * `stdoutBytes` counts it. `env`: the child's whole environment (default: this one's).
 */
export function run(cmd, args, { cwd, env, timeoutMs = 0, input, keepStdout = false, stdoutTail = 0 } = {}) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    let child;
    try {
      child = spawn(cmd, args, {
        cwd,
        ...(env ? { env } : {}),
        detached: true,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      resolve({ ok: false, error: String(error), wallS: 0, stdout: '', stderr: '' });
      return;
    }
    const out = [];
    const err = [];
    let stdoutBytes = 0;
    let tail = Buffer.alloc(0);
    let timedOut = false;
    let timer;
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, timeoutMs);
    }
    child.stdout.on('data', (d) => {
      stdoutBytes += d.length;
      if (keepStdout) out.push(d);
      else if (stdoutTail > 0) {
        tail = Buffer.concat([tail, d]);
        if (tail.length > stdoutTail) tail = Buffer.from(tail.subarray(tail.length - stdoutTail));
      }
    });
    child.stderr.on('data', (d) => err.push(d));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({
        ok: false,
        error: String(error),
        wallS: 0,
        stdout: '',
        stdoutBytes,
        stderr: Buffer.concat(err).toString(),
      });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wallS = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({
        ok: true,
        code,
        signal,
        timedOut,
        wallS,
        stdoutBytes,
        stdout: keepStdout ? Buffer.concat(out).toString() : tail.toString(),
        stderr: Buffer.concat(err).toString(),
      });
    });
  });
}

export const haveTime = () => fs.existsSync(TIME);

export function commandExists(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '';
}

/** The arguments of `citegate check` in a mode: `text` (the default output) or `json` (with diagnostics). */
export function citegateArgs(cli, root, mode, reportFile) {
  const args = [cli, 'check', '--root', root, '--manifest', path.join(root, 'citegate.yml')];
  if (mode === 'json') args.push('--format', 'json', '--output', reportFile);
  else if (mode !== 'text') throw new Error(`unknown mode ${mode}`);
  return args;
}

/**
 * One run of `citegate check` over a corpus: wall time (measured here, around
 * the process), peak RSS (from /usr/bin/time's "%e %M" line) and exit code.
 *
 * `text`: what a user runs, `check --root DIR --manifest DIR/citegate.yml`;
 * its standard output (one line per record, then located=N/M) goes to a pipe
 * this process drains and drops, keeping the last line (`summary`).
 * `json`: `--format json --output reportFile`, which also computes the
 * diagnostics of every record that is not located.
 */
export async function runCitegate(cli, root, { mode, reportFile, timeoutMs, node = process.execPath, extraArgs = [] }) {
  const cliArgs = [...citegateArgs(cli, root, mode, reportFile), ...extraArgs];
  if (mode === 'json') fs.rmSync(reportFile, { force: true });
  const useTime = haveTime();
  const options = { timeoutMs, stdoutTail: 4096 };
  const r = useTime ? await run(TIME, ['-f', '%e %M', node, ...cliArgs], options) : await run(node, cliArgs, options);
  if (!r.ok) return { ok: false, crash: `could not start: ${r.error}`, wallS: r.wallS, stderr: r.stderr };
  let stderr = r.stderr;
  let timeS = null;
  let maxRssKiB = null;
  let code = r.code;
  let signal = r.signal;
  if (useTime) {
    const lines = stderr.replace(/\n$/, '').split('\n');
    const m = /^(\d+(?:\.\d+)?) (\d+)$/.exec(lines[lines.length - 1] ?? '');
    if (m) {
      timeS = Number(m[1]);
      maxRssKiB = Number(m[2]);
      lines.pop();
    }
    const status = /^Command (?:exited with non-zero status (\d+)|terminated by signal (\d+))$/.exec(
      lines[lines.length - 1] ?? '',
    );
    if (status) {
      lines.pop();
      if (status[2]) {
        signal = `signal ${status[2]}`;
        code = null;
      }
    }
    stderr = lines.join('\n');
  }
  const normal = !r.timedOut && signal === null && (code === 0 || code === 1);
  let crash = null;
  if (r.timedOut) crash = `timed out after ${(timeoutMs / 1000).toFixed(0)} s`;
  else if (signal !== null) crash = `killed by ${signal}`;
  else if (!normal) crash = `exit status ${code}`;
  const lastLine = r.stdout.replace(/\n$/, '').split('\n').pop() ?? '';
  return {
    ok: normal,
    crash,
    code,
    wallS: r.wallS,
    timeS,
    maxRssKiB,
    stderr,
    stdoutBytes: r.stdoutBytes,
    summary: lastLine,
  };
}

/** sha256sum over the files (relative to `root`); the output is kept to check the hashes. */
export async function runSha256sum(root, files, { timeoutMs }) {
  const argBytes = files.reduce((n, f) => n + Buffer.byteLength(f) + 1, 0);
  const r =
    argBytes < 1024 * 1024
      ? await run('sha256sum', ['--', ...files], { cwd: root, timeoutMs, keepStdout: true })
      : await run('xargs', ['-0', 'sha256sum', '--'], {
          cwd: root,
          timeoutMs,
          keepStdout: true,
          input: files.join('\0'),
        });
  if (!r.ok || r.code !== 0) {
    return { ok: false, wallS: r.wallS, error: r.error ?? `exit status ${r.code}: ${r.stderr.slice(0, 500)}` };
  }
  const sums = new Map();
  for (const line of r.stdout.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.*)$/.exec(line);
    if (m) sums.set(m[2], m[1]);
  }
  return { ok: true, wallS: r.wallS, sums };
}

/** Where the Python reference is, or null. */
export function findReference(repo) {
  const candidates = [];
  if (process.env.CITEGATE_REFERENCE_DIR) candidates.push(process.env.CITEGATE_REFERENCE_DIR);
  candidates.push('/work/shared/reference', path.resolve(repo, '../shared/reference'));
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'check_citations.py'))) return dir;
  }
  return null;
}

/** Runs scripts/bench/reference_check.py; only its calls to check() are timed (by Python). */
export async function runReference(script, referenceDir, inputFile, outputFile, { timeoutMs, memoize = false }) {
  fs.rmSync(outputFile, { force: true });
  const args = [script, ...(memoize ? ['--memoize-normalize'] : []), referenceDir, inputFile, outputFile];
  const r = await run('python3', args, { timeoutMs });
  if (!r.ok || r.code !== 0 || r.timedOut) {
    return {
      ok: false,
      error: r.timedOut ? 'timed out' : (r.error ?? `exit status ${r.code}: ${r.stderr.slice(-2000)}`),
    };
  }
  const result = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
  return {
    ok: true,
    elapsedS: result.elapsed_s,
    python: result.python,
    memoized: result.memoized,
    verdicts: result.verdicts,
    processWallS: r.wallS,
  };
}

/**
 * Compares citegate's report with the reference's verdicts, record by record
 * (key: file + citation_id).
 */
export function compareVerdicts(report, referenceVerdicts) {
  const byKey = new Map();
  for (const r of report.records) byKey.set(`${r.file}\u0000${r.citation_id}`, r);
  const mismatches = [];
  let missing = 0;
  let same = 0;
  const seen = new Set();
  for (const [file, id, sourceId, quote, verdict] of referenceVerdicts) {
    const key = `${file}\u0000${id}`;
    seen.add(key);
    const mine = byKey.get(key);
    if (!mine) {
      missing++;
      mismatches.push({
        file,
        citation_id: id,
        source_id: sourceId,
        quote,
        reference: verdict,
        citegate: '(no record)',
      });
    } else if (mine.verdict !== verdict) {
      mismatches.push({
        file,
        citation_id: id,
        source_id: sourceId,
        quote,
        reference: verdict,
        citegate: mine.verdict,
        ...(mine.reason !== undefined ? { reason: mine.reason } : {}),
      });
    } else {
      same++;
    }
  }
  const extra = report.records.filter((r) => !seen.has(`${r.file}\u0000${r.citation_id}`)).length;
  return { total: referenceVerdicts.length, same, missing, extra, mismatches };
}
