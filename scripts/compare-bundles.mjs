#!/usr/bin/env node
// Runs two builds of citegate on the same inputs and compares everything they
// write, byte for byte: for a change that must not change behaviour (a
// refactoring), this shows that it did not.
//
//   node scripts/compare-bundles.mjs [--base REF] [--head REF] [--corpora small,one,...] [--bench DIR]
//
// The base bundle is REF's committed dist/ (default: HEAD), extracted with git
// archive; the other is --head REF's, or the working tree's dist/ (run
// `npm run build` first). --bench names the folder of benchmark corpora
// (default: .bench).
// Cases: every fixture workspace under __fixtures__/ (the seed, the near
// misses, the answers, the hostile cases that need nothing generated), each
// through the CLI as text, with --explain, as JSON, as two shards merged by
// merge-reports (with a job summary), and through the Action (scope all, a
// JSON report and a SARIF file); and the benchmark corpora in .bench/ that
// exist (generate them with npm run bench), as text and JSON. What is
// compared: the exit status, standard output and error, and every file
// written, with what differs on purpose from run to run (the Action's random
// stop-commands token, and the seconds in its progress lines) masked.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'HEAD' },
    head: { type: 'string' },
    corpora: { type: 'string' },
    bench: { type: 'string', default: path.join(repo, '.bench') },
  },
});

const work = mkdtempSync(path.join(tmpdir(), 'citegate-compare-'));
/** REF's committed dist/, extracted into the work folder. */
function bundleOf(ref, name) {
  const dir = path.join(work, name);
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${repo}" archive "${ref}" dist | tar -x -C "${dir}"`]);
  return path.join(dir, 'dist');
}
const builds = {
  base: bundleOf(values.base, 'base'),
  head: values.head ? bundleOf(values.head, 'head') : path.join(repo, 'dist'),
};

/** Masks what differs between two runs of the same build: the stop-commands token, and the seconds the Action's progress lines give. */
function masked(text) {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/^((?:read|verified and searched) \d+\/\d+ .*, )\d+\.\d s$/gm, '$1<seconds> s');
}

/** Runs one case with one build in `dir`; returns everything it wrote. */
function runCase(build, dir, kase) {
  const out = path.join(dir, '.compare-out');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  const env = { ...process.env, ...(kase.env?.(out) ?? {}) };
  delete env.CITEGATE_DEBUG;
  const args = kase
    .args(out)
    .map((a) =>
      a.replaceAll('{cli}', path.join(build, 'cli/index.js')).replaceAll('{action}', path.join(build, 'index.js')),
    );
  const run = spawnSync(process.execPath, args, {
    cwd: dir,
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    timeout: 600_000,
  });
  const files = {};
  for (const name of readdirSync(out).sort()) files[name] = masked(readFileSync(path.join(out, name), 'utf8'));
  rmSync(out, { recursive: true, force: true });
  return { status: run.status, signal: run.signal, stdout: masked(run.stdout), stderr: masked(run.stderr), files };
}

function cliCases(manifest) {
  const m = ['--manifest', manifest];
  return [
    { name: 'text', args: () => ['{cli}', 'check', ...m] },
    { name: 'explain', args: () => ['{cli}', 'check', ...m, '--explain'] },
    {
      name: 'json',
      args: (out) => ['{cli}', 'check', ...m, '--format', 'json', '--output', path.join(out, 'report.json')],
    },
    {
      name: 'shards merged',
      args: (out) => [
        '-e',
        `const { execFileSync: x } = require('node:child_process');
         const run = (a) => { try { return x(process.execPath, a, { encoding: 'utf8' }); } catch (e) { return e.stdout; } };
         for (const i of [1, 2]) run(['{cli}', 'check', ${JSON.stringify(m).slice(1, -1)}, '--format', 'json', '--shard', i + '/2', '--output', ${JSON.stringify(out)} + '/shard' + i + '.json']);
         process.stdout.write(run(['{cli}', 'merge-reports', ${JSON.stringify(out)} + '/shard1.json', ${JSON.stringify(out)} + '/shard2.json', '--summary', ${JSON.stringify(out)} + '/summary.md']));`,
      ],
    },
  ];
}

function actionCase(manifest) {
  return {
    name: 'action',
    args: () => ['{action}'],
    env: (out) => {
      const event = path.join(work, 'event.json');
      writeFileSync(event, '{}');
      writeFileSync(path.join(out, 'summary.md'), '');
      writeFileSync(path.join(out, 'outputs.txt'), '');
      return {
        GITHUB_WORKSPACE: path.dirname(out),
        GITHUB_EVENT_NAME: 'workflow_dispatch',
        GITHUB_EVENT_PATH: event,
        GITHUB_STEP_SUMMARY: path.join(out, 'summary.md'),
        GITHUB_OUTPUT: path.join(out, 'outputs.txt'),
        GITHUB_REPOSITORY: 'acme/answers',
        INPUT_MANIFEST: manifest,
        INPUT_SCOPE: 'all',
        INPUT_REPORT: path.join(out, 'report.json'),
        INPUT_SARIF: path.join(out, 'report.sarif'),
      };
    },
  };
}

/** The fixture workspaces: a copy of each (the hostile ones laid over _base), with the manifest to use. */
function fixtureWorkspaces() {
  const found = [];
  for (const name of ['seed', 'seed-fixed', 'near-misses', 'answers'])
    found.push({ name, from: [path.join(repo, '__fixtures__', name)] });
  const hostile = path.join(repo, '__fixtures__/hostile');
  for (const name of readdirSync(hostile).sort()) {
    const caseFile = path.join(hostile, name, 'case.json');
    if (!existsSync(caseFile)) continue;
    const kase = JSON.parse(readFileSync(caseFile, 'utf8'));
    if (kase.generate) continue;
    found.push({ name: `hostile/${name}`, from: [path.join(hostile, '_base'), path.join(hostile, name)] });
  }
  return found;
}

let compared = 0;
const differences = [];

function compare(label, dir, kase) {
  const a = runCase(builds.base, dir, kase);
  const b = runCase(builds.head, dir, kase);
  compared++;
  for (const key of ['status', 'signal', 'stdout', 'stderr']) {
    if (a[key] !== b[key]) differences.push(`${label} (${kase.name}): ${key} differs`);
  }
  for (const name of new Set([...Object.keys(a.files), ...Object.keys(b.files)])) {
    if (a.files[name] !== b.files[name]) differences.push(`${label} (${kase.name}): ${name} differs`);
  }
  if (process.env.COMPARE_SHOW && differences.length > 0) {
    writeFileSync(path.join(work, 'a.json'), JSON.stringify(a, null, 2));
    writeFileSync(path.join(work, 'b.json'), JSON.stringify(b, null, 2));
  }
}

for (const fixture of fixtureWorkspaces()) {
  const dir = path.join(work, 'ws', fixture.name);
  mkdirSync(dir, { recursive: true });
  for (const from of fixture.from) cpSync(from, dir, { recursive: true });
  rmSync(path.join(dir, 'case.json'), { force: true });
  const manifest = 'citegate.yml';
  if (!existsSync(path.join(dir, manifest))) continue;
  for (const kase of [...cliCases(manifest), actionCase(manifest)]) compare(fixture.name, dir, kase);
}

const corpora = (values.corpora ?? 'small,one,misses,misses-long,medium,large').split(',').filter(Boolean);
for (const name of corpora) {
  const dir = path.join(path.resolve(values.bench), name);
  if (!existsSync(path.join(dir, 'citegate.yml'))) continue;
  for (const kase of cliCases('citegate.yml').filter((k) => k.name === 'text' || k.name === 'json')) {
    compare(`.bench/${name}`, dir, kase);
  }
}

rmSync(work, { recursive: true, force: true });
if (differences.length > 0) {
  console.log(`${differences.length} differences in ${compared} runs compared:\n${differences.join('\n')}`);
  process.exit(1);
}
console.log(
  `${compared} runs of ${values.base}'s bundle and ${values.head ?? 'the working tree'}'s compared: the same, byte for byte.`,
);
