// The Action's own run, as the runner makes it: `node dist/index.js` in a
// checked-out repository, its inputs in INPUT_* variables. The CLI's JSON run
// stands in for it everywhere else in the benchmark; this measures what the
// Action adds to it (the SARIF file, the annotations, the job summary, the
// log group, git's list of committed files) on the same corpus, with each
// Node, and checks that its report's verdicts are the CLI's.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { run, runCitegate } from './measure.mjs';
import { snapshotBundle } from './snapshot.mjs';

/** The corpora the Action runs on: the JSON targets' smallest two (a run of cut-16x's would add minutes). */
export const ACTION_SIZES = ['cut', 'cut-4x'];
const RUNS = 3;
const TIME = '/usr/bin/time';

/**
 * A copy of the Action's bundle (the files of dist/, not dist/cli/) in
 * .bench/action-<sha256 of index.js>/, as the CLI's is copied (snapshot.mjs).
 */
function snapshotAction(repo, benchDir) {
  const snapshot = snapshotBundle(path.join(repo, 'dist'), benchDir, 'action');
  if (!snapshot) throw new Error('dist/index.js changed while it was copied (is it being rebuilt?)');
  return { entry: path.join(snapshot.dir, 'index.js'), sha12: snapshot.sha.slice(0, 12) };
}

/**
 * The corpus as a committed git repository (the Action takes sources from
 * committed files only), made again when the corpus was: its stamp's hash is
 * kept beside it.
 */
function repositoryOf(corpus, benchDir, size) {
  const dir = path.join(benchDir, `action-repo-${size}`);
  const stampFile = `${dir}.stamp`;
  const stamp = createHash('sha256')
    .update(fs.readFileSync(path.join(corpus, 'stamp.json')))
    .digest('hex');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp && fs.existsSync(dir)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const part of ['citegate.yml', 'sources', 'answers'])
    fs.cpSync(path.join(corpus, part), path.join(dir, part), { recursive: true });
  const git = (...args) => {
    const r = spawnSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`git ${args[0]} in ${dir}: ${r.stderr.trim()}`);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', `the ${size} corpus`);
  fs.writeFileSync(stampFile, stamp);
  return dir;
}

/** One run of the Action: wall time, peak RSS, exit code. */
async function runAction(entry, node, repoDir, outDir, timeoutMs) {
  const files = {
    report: path.join(outDir, 'report.json'),
    sarif: path.join(outDir, 'citegate.sarif'),
    summary: path.join(outDir, 'summary.md'),
    output: path.join(outDir, 'output.txt'),
  };
  for (const f of Object.values(files)) fs.rmSync(f, { force: true });
  fs.writeFileSync(files.summary, '');
  fs.writeFileSync(files.output, '');
  // Only what the runner sets: none of this process's own INPUT_ or GITHUB_ variables.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('INPUT_') && !k.startsWith('GITHUB_')),
  );
  Object.assign(env, {
    GITHUB_WORKSPACE: repoDir,
    GITHUB_EVENT_NAME: 'schedule',
    GITHUB_REPOSITORY: 'bench/corpus',
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_OUTPUT: files.output,
    RUNNER_TEMP: outDir,
    INPUT_MANIFEST: 'citegate.yml',
    INPUT_SCOPE: 'all',
    INPUT_REPORT: files.report,
    INPUT_SARIF: files.sarif,
  });
  const r = await run(TIME, ['-f', '%e %M', node.path, entry], { cwd: repoDir, env, timeoutMs });
  const m = /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(r.stderr ?? '');
  const code = Number(/exited with non-zero status (\d+)/.exec(r.stderr ?? '')?.[1] ?? (r.ok ? r.code : -1));
  return { ok: r.ok && !r.timedOut && m !== null, wallS: r.wallS, maxRssKiB: m ? Number(m[2]) : null, code, files };
}

const verdictsOf = (file) => JSON.parse(fs.readFileSync(file, 'utf8')).records.map((r) => r.verdict);

/**
 * For each corpus of ACTION_SIZES and each Node: RUNS runs of the CLI's JSON
 * run and of the Action, in turn; the best of each, the peak RSS of each, and
 * whether the Action's report has the CLI's verdicts, record for record.
 */
export async function benchAction({ cli, nodes, repo, benchDir, ensureCorpus, timeoutMs, log }) {
  const action = snapshotAction(repo, benchDir);
  const out = { bundleSha12: action.sha12, runs: RUNS, sizes: {} };
  for (const size of ACTION_SIZES) {
    const { dir: corpus } = ensureCorpus(size);
    const repoDir = repositoryOf(corpus, benchDir, size);
    const outDir = path.join(benchDir, `action-out-${size}`);
    fs.mkdirSync(outDir, { recursive: true });
    const bySize = {};
    for (const node of nodes) bySize[node.label] = { cli: [], action: [], cliRss: 0, actionRss: 0, exit: null };
    for (let i = 0; i < RUNS; i++) {
      for (const node of nodes) {
        const m = bySize[node.label];
        const cliReport = path.join(outDir, `cli-report-${node.label}.json`);
        log(`action: ${size}, the CLI's JSON run ${i + 1}/${RUNS}, Node ${node.version}`);
        const c = await runCitegate(cli, repoDir, { mode: 'json', reportFile: cliReport, timeoutMs, node: node.path });
        if (!c.ok) throw new Error(`action: ${size}: the CLI's JSON run failed: ${c.crash}`);
        m.cli.push(c.wallS);
        m.cliRss = Math.max(m.cliRss, c.maxRssKiB ?? 0);
        log(`action: ${size}, the Action's run ${i + 1}/${RUNS}, Node ${node.version}`);
        const a = await runAction(action.entry, node, repoDir, outDir, timeoutMs);
        if (!a.ok) throw new Error(`action: ${size}: the Action's run did not finish (exit ${a.code})`);
        m.action.push(a.wallS);
        m.actionRss = Math.max(m.actionRss, a.maxRssKiB ?? 0);
        m.exit = a.code;
        if (i === 0) {
          const mine = verdictsOf(a.files.report);
          const theirs = verdictsOf(cliReport);
          m.records = mine.length;
          m.sameVerdicts = mine.length === theirs.length && mine.every((v, k) => v === theirs[k]);
          m.sarifBytes = fs.statSync(a.files.sarif).size;
        }
        log(`action: ${size}: CLI JSON ${c.wallS.toFixed(3)} s, Action ${a.wallS.toFixed(3)} s, exit ${a.code}`);
      }
    }
    for (const node of nodes) {
      const m = bySize[node.label];
      m.cliS = Math.min(...m.cli);
      m.actionS = Math.min(...m.action);
    }
    out.sizes[size] = bySize;
  }
  return out;
}

const mib = (kib) => Math.round(kib / 1024);

export function actionMarkdown(result, nodes) {
  const rows = [];
  for (const size of Object.keys(result.sizes))
    for (const node of nodes) {
      const m = result.sizes[size][node.label];
      if (!m) continue;
      rows.push(
        `| ${node.version} | ${size} | ${m.cliS.toFixed(3)} | ${m.actionS.toFixed(3)} | ${(m.actionS / m.cliS).toFixed(2)}× | ${mib(m.cliRss)} | ${mib(m.actionRss)} | ${m.exit} | ${m.sameVerdicts ? `yes, ${m.records.toLocaleString('en-US')}` : '**NO**'} |`,
      );
    }
  return [
    "## The Action's run",
    '',
    `The bundled Action (\`dist/index.js\`, bundle sha256 ${result.bundleSha12}…) run as the runner runs it: \`node dist/index.js\` in a git repository holding the corpus, committed, on a \`schedule\` event (no GitHub API), with the inputs \`manifest\`, \`scope: all\`, \`report\` and \`sarif\`; it explains every record not located, writes the JSON report and the SARIF file, the job summary, the log group and the annotations. Beside it the CLI's JSON run of the same repository (\`check --format json --output FILE\`). Best of ${result.runs} runs of each, in turn; RSS MB is the highest peak RSS of the runs (/usr/bin/time %M); the verdicts of the Action's report are compared with the CLI's, record for record.`,
    '',
    '| Node | corpus | CLI JSON s | Action s | Action / CLI JSON | CLI JSON RSS MB | Action RSS MB | Action exit | verdicts the same |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}
