// What GitHub limits and what the runner provides: the annotations GitHub
// shows, the files a later step expects, a summary or outputs file that cannot
// be written, and the verdict of a run with nothing (or no records) to check.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pullRequestPayload, runAction, type ActionRun } from '../helpers/action.js';
import { commit, git, initRepo } from '../helpers/git.js';
import { startFakeApi } from '../helpers/api-server.js';
import { sarifErrors } from '../helpers/sarif.js';
import { makeTree, manifestFor, runCli } from '../helpers/workspace.js';
import { lineColumnAt } from '../helpers/position.js';

const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide. Contact support.\n' };
const rec = (citation_id: string, source_id: string, quote: string, extra: object = {}) => ({
  citation_id,
  source_id,
  quote,
  ...extra,
});
const json = (records: object[]) => `${JSON.stringify(records, null, 2)}\n`;
const MANIFEST = manifestFor({ 'help-v1': HELP }, ['answers/**/*.json', 'answers/**/*.yaml']);

const text = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&(lt|gt|quot|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[e as 'lt']);
const of = (run: ActionRun, level: string) => run.annotations.filter((a) => a.command === level);
const failure = (run: ActionRun) =>
  of(run, 'error')
    .filter((a) => !a.properties.file)
    .map((a) => a.message);
/** The log lines between the stop-commands markers (what the runner shows but does not act on). */
function stoppedLines(run: ActionRun): string[] {
  const lines: string[] = [];
  let token: string | undefined;
  for (const line of run.stdout.split('\n')) {
    if (token === undefined) {
      const m = /^::stop-commands::(.+)$/.exec(line);
      if (m) token = m[1];
    } else if (line === `::${token}::`) token = undefined;
    else lines.push(line);
  }
  return lines;
}

function repoWith(files: Record<string, string>): { root: string; base: string } {
  const root = makeTree({
    'citegate.yml': MANIFEST,
    [HELP.path]: HELP.text,
    'answers/ok.json': json([rec('ok', 'help-v1', 'Read the guide.')]),
    'README.md': '# a\n',
    ...files,
  });
  initRepo(root);
  return { root, base: git(root, 'rev-parse', 'HEAD') };
}

describe('annotations within what GitHub shows', () => {
  it('keeps one error for the failure message and one warning for the note on the rest, which the summary repeats', async () => {
    const records = Array.from({ length: 14 }, (_, i) => rec(`x${i}`, 'help-v1', `missing ${i}`));
    const { root } = repoWith({ 'answers/many.json': json(records) });
    const run = await runAction({ workspace: root, event: 'schedule', payload: {} });
    const errors = of(run, 'error');
    expect(errors).toHaveLength(10);
    expect(errors.slice(0, 9).map((a) => a.properties.title)).toEqual(
      records.slice(0, 9).map((r) => `quote not found: ${r.citation_id}`),
    );
    // The step's own failure is shown: it is the tenth error, not an eleventh that GitHub would drop.
    expect(errors[9].properties.file).toBeUndefined();
    expect(errors[9].message).toBe('citegate: 14 of 15 records not located. See the annotations and the job summary.');
    const note =
      'citegate: 5 errors not annotated: GitHub shows at most 10 error and 10 warning annotations per step. ' +
      'Every failing record, problem and finding is in the job summary and in the log (the group "citegate: 14 failing records, 0 problems, 0 findings"); ' +
      'set the `report` input for a JSON report of every record.';
    expect(of(run, 'warning').map((a) => a.message)).toEqual([note]);
    expect(text(run.summary)).toContain(`<p>${note.slice('citegate: '.length)}</p>`);
    // The summary lists every failing record, and so does the log.
    expect(run.summary.match(/<b>quote not found<\/b>/g)).toHaveLength(14);
    expect(stoppedLines(run).filter((l) => l.startsWith('record: '))).toHaveLength(14);
    expect(run.code).toBe(1);
  });

  it('counts every warning it makes, the API refusing included, and stays within 10 + 10 and the job limit of 50', async () => {
    // 12 answers, each with a sentence no claim covers (a warning each), and 12 failing records.
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      files[`answers/a${i}.yaml`] =
        `answer: Read the guide. We are sorry ${i}.\ncitations:\n  - citation_id: a${i}\n    source_id: help-v1\n    quote: Read the guide.\n    claim: Read the guide.\n`;
    }
    const { root, base } = repoWith({});
    const head = commit(root, {
      ...files,
      'answers/bad.json': json(Array.from({ length: 12 }, (_, i) => rec(`b${i}`, 'help-v1', `nope ${i}`))),
    });
    const api = await startFakeApi({ refuseWith: 403 });
    try {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl: api.url,
      });
      const warnings = of(run, 'warning');
      expect(warnings).toHaveLength(10);
      expect(warnings[0].message).toBe(
        'citegate: the GitHub API refused to list the changed files (HTTP 403); trying git',
      );
      expect(warnings.slice(1, 9).every((w) => w.properties.title === 'uncited claim')).toBe(true);
      expect(warnings[9].message).toMatch(
        /^citegate: 3 errors, 4 warnings not annotated: GitHub shows at most 10 error and 10 warning annotations per step\./,
      );
      expect(of(run, 'error')).toHaveLength(10);
      expect(failure(run)).toEqual([
        'citegate: 12 of 24 records not located. See the annotations and the job summary.',
      ]);
      expect(run.annotations.length).toBeLessThanOrEqual(50);
      // Every finding is in the log too, warnings and all.
      expect(stoppedLines(run).filter((l) => l.startsWith('finding (warn): answers/a'))).toHaveLength(12);
    } finally {
      await api.close();
    }
  });

  it('keeps the failure message after ten manifest problems, and lists them all in the log and the summary', async () => {
    const sources = Array.from(
      { length: 12 },
      (_, i) => `  s${i}: {path: s${i}.txt, sha256: nope, retrieved: 2026-01-01}`,
    );
    const root = makeTree({ 'citegate.yml': `version: 1\nsources:\n${sources.join('\n')}\n` });
    const run = await runAction({ workspace: root, event: 'schedule', payload: {} });
    const errors = of(run, 'error');
    expect(errors).toHaveLength(10);
    expect(errors[9].message).toMatch(
      /^citegate: the manifest cannot be used \(\d+ problems, annotated above\): the check could not run$/,
    );
    expect(of(run, 'warning').map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^citegate: \d+ errors not annotated: .* Every problem is in the job summary and in the log\.$/,
      ),
    ]);
    const problems = Number(/\((\d+) problems/.exec(errors[9].message)![1]);
    expect(problems).toBeGreaterThanOrEqual(12);
    expect(stoppedLines(run).filter((l) => l.startsWith('problem: citegate.yml:'))).toHaveLength(problems);
    expect(run.summary).toMatch(/^## ❌ citegate: the manifest cannot be used — fail/);
    expect(run.code).toBe(1);
  });
});

describe('the log', () => {
  it('lists failing findings as well as records, escaped, with workflow commands stopped', async () => {
    const evil = 'n1\n::error file=README.md::forged';
    const { root } = repoWith({
      'answers/n.json': json([rec(evil, 'help-v1', 'Read the guide.', { claim: 'Read the guide within 30 days.' })]),
    });
    const run = await runAction({ workspace: root, event: 'schedule', payload: {} });
    expect(stoppedLines(run).filter((l) => l.startsWith('finding '))).toEqual([
      expect.stringMatching(
        /^finding \(fail\): answers\/n\.json:6: claim number not in quote: n1\\n::error file=README\.md::forged: /,
      ),
    ]);
    expect(run.annotations.filter((a) => a.properties.file === 'README.md')).toEqual([]);
    expect(run.code).toBe(1);
  });
});

describe('runs with nothing, or no records, to check', () => {
  it('writes an empty report and SARIF file when nothing relevant changed, and sets their outputs', async () => {
    const { root, base } = repoWith({});
    const head = commit(root, { 'README.md': '# only the readme\n' });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
      inputs: { report: 'out/report.json', sarif: 'out/citegate.sarif' },
    });
    expect(run.code).toBe(0);
    expect(run.outputs).toEqual({
      passed: 'true',
      total: '0',
      located: '0',
      failed: '0',
      problems: '0',
      'failing-findings': '0',
      broken: '0',
      fixed: '0',
      'still-failing': '0',
      report: path.join(root, 'out/report.json'),
      sarif: path.join(root, 'out/citegate.sarif'),
    });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report).toMatchObject({
      github: { event: 'pull_request', scope: 'changed', base_sha: base, head_sha: head },
      summary: { total: 0, passed: true },
      records: [],
    });
    const sarif = JSON.parse(readFileSync(path.join(root, 'out/citegate.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toEqual([]);
    expect(run.summary).toMatch(/^## ✅ citegate: nothing to check — pass\n/);
  });

  // Found in review: each shard passed, and their merge failed for holding no records.
  it('merges the shards of a run over changed files that had nothing to check into a pass', async () => {
    const { root, base } = repoWith({});
    const head = commit(root, { 'README.md': '# only the readme\n' });
    for (const i of [1, 2]) {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { shard: `${i}/2`, report: `s${i}.json` },
      });
      expect(run.code).toBe(0);
    }
    const merged = runCli(['merge-reports', 's1.json', 's2.json'], root);
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout).summary).toMatchObject({ total: 0, passed: true });
  });

  it('passes a run over changed files that hold no records, and says so alike in the headline, the report and the exit status', async () => {
    const { root, base } = repoWith({ 'answers/gone.json': json([rec('g', 'help-v1', 'Read the guide.')]) });
    const head = commit(root, { 'answers/gone.json': '[]\n' });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
      inputs: { report: 'r.json' },
    });
    expect(run.code).toBe(0);
    expect(run.summary).toMatch(/^## ✅ citegate: 0 of 0 records located — pass\n/);
    expect(text(run.summary)).toContain(
      'The citation files checked hold no records (a run over changed files does not fail for that).',
    );
    expect(JSON.parse(readFileSync(path.join(root, 'r.json'), 'utf8')).summary).toMatchObject({
      total: 0,
      passed: true,
    });
    // A full run of the same files still fails for having no records at all.
    const empty = makeTree({ 'citegate.yml': MANIFEST, [HELP.path]: HELP.text, 'answers/gone.json': '[]\n' });
    const full = await runAction({ workspace: empty, event: 'schedule', payload: {}, inputs: { report: 'r.json' } });
    expect(full.code).toBe(1);
    expect(full.summary).toMatch(/^## ❌ citegate: 0 of 0 records located — fail\n/);
    expect(JSON.parse(readFileSync(path.join(empty, 'r.json'), 'utf8')).summary).toMatchObject({
      total: 0,
      passed: false,
    });
  });

  it('passes an empty shard, whose emptiness is judged when the shards are merged', async () => {
    const root = makeTree({ 'citegate.yml': MANIFEST, [HELP.path]: HELP.text, 'answers/gone.json': '[]\n' });
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { shard: '1/1', report: 'r.json' },
    });
    expect(run.code).toBe(0);
    expect(run.summary).toMatch(/^## ✅ citegate: 0 of 0 records located — pass\n/);
    expect(JSON.parse(readFileSync(path.join(root, 'r.json'), 'utf8')).summary).toMatchObject({
      total: 0,
      passed: true,
    });
  });
});

describe('the shards of a nightly audit', () => {
  it('merge into one report, and a shard of another commit is refused', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 6; f++)
      files[`answers/f${f}.json`] = JSON.stringify([
        { citation_id: `c${f}`, source_id: 'help-v1', quote: f === 3 ? 'nope' : 'Read the guide.' },
      ]);
    const root = makeTree({ 'citegate.yml': MANIFEST, [HELP.path]: HELP.text, ...files });
    const shaA = 'a'.repeat(40);
    const shard = (i: number, sha: string) =>
      runAction({
        workspace: root,
        event: 'schedule',
        payload: {},
        inputs: { shard: `${i}/2`, report: `s${i}-${sha[0]}.json` },
        env: { GITHUB_SHA: sha },
      });
    await shard(1, shaA);
    await shard(2, shaA);
    await shard(2, 'b'.repeat(40));
    expect(JSON.parse(readFileSync(path.join(root, 's1-a.json'), 'utf8')).shard).toEqual({
      index: 1,
      count: 2,
      run: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const merged = runCli(['merge-reports', 's1-a.json', 's2-a.json'], root);
    expect(merged.code).toBe(1);
    expect(JSON.parse(merged.stdout).summary).toMatchObject({ total: 6, located: 5 });
    // Named where the second one's commit is.
    const other = readFileSync(path.join(root, 's2-b.json'), 'utf8');
    const sha = other.indexOf(`"${'b'.repeat(40)}"`, other.indexOf('"github": {'));
    expect(runCli(['merge-reports', 's1-a.json', 's2-b.json'], root)).toMatchObject({
      code: 2,
      stderr: `s2-b.json:${lineColumnAt(other, sha)}: error: s1-a.json and s2-b.json are reports of different runs: their events, commits or scopes differ\n`,
    });
    // Nor an Action report with a CLI one, whose runs cannot be the same (found in review: the first
    // report's scope decided the merge's, so a run over changed files could excuse an empty full run).
    // Named as a report that lacks `github`, at its start.
    writeFileSync(path.join(root, 'empty.json'), runCli(['check', '--format', 'json', 'nothing.json'], root).stdout);
    expect(runCli(['merge-reports', 's1-a.json', 'empty.json'], root)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^empty\.json:1:1: error: s1-a\.json and empty\.json are reports of different runs/,
      ),
    });
  });
});

describe('a summary or outputs file that cannot be written', () => {
  const noStack = (run: ActionRun) => {
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toMatch(/^\s+at /m);
    expect(run.stdout + run.stderr).not.toMatch(/internal error|UnhandledPromiseRejection/);
  };

  it('fails the step naming GITHUB_STEP_SUMMARY, still writes the outputs and reports, and keeps the verdict', async () => {
    const { root } = repoWith({ 'answers/bad.json': json([rec('b', 'help-v1', 'nope')]) });
    const missing = path.join(root, 'no-such-folder', 'summary.md');
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { report: 'r.json' },
      env: { GITHUB_STEP_SUMMARY: missing },
    });
    expect(run.code).toBe(1);
    expect(failure(run)).toEqual([
      `citegate: 1 of 2 records not located. See the annotations and the job summary. The job summary cannot be written to ${JSON.stringify(missing)} (GITHUB_STEP_SUMMARY): no such file.`,
    ]);
    expect(run.outputs).toMatchObject({ total: '2', failed: '1', report: path.join(root, 'r.json') });
    noStack(run);
    // A run that would pass fails too: the summary it was asked for is not there.
    const good = makeTree({
      'citegate.yml': MANIFEST,
      [HELP.path]: HELP.text,
      'answers/ok.json': json([rec('ok', 'help-v1', 'Read the guide.')]),
    });
    const folder = path.join(good, 'summary-folder');
    mkdirSync(folder);
    const passing = await runAction({
      workspace: good,
      event: 'schedule',
      payload: {},
      env: { GITHUB_STEP_SUMMARY: folder },
    });
    expect(passing.code).toBe(1);
    expect(failure(passing)).toEqual([
      `citegate: The job summary cannot be written to ${JSON.stringify(folder)} (GITHUB_STEP_SUMMARY): it is a folder, not a file.`,
    ]);
    noStack(passing);
  });

  it('fails the step naming GITHUB_OUTPUT, with no stack trace', async () => {
    const good = makeTree({
      'citegate.yml': MANIFEST,
      [HELP.path]: HELP.text,
      'answers/ok.json': json([rec('ok', 'help-v1', 'Read the guide.')]),
    });
    const folder = path.join(good, 'output-folder');
    mkdirSync(folder);
    const run = await runAction({ workspace: good, event: 'schedule', payload: {}, env: { GITHUB_OUTPUT: folder } });
    expect(run.code).toBe(1);
    expect(failure(run)).toEqual([
      `citegate: The step's outputs cannot be written to ${JSON.stringify(folder)} (GITHUB_OUTPUT): it is a folder, not a file.`,
    ]);
    noStack(run);
    const missing = path.join(good, 'gone', 'output.txt');
    const again = await runAction({ workspace: good, event: 'schedule', payload: {}, env: { GITHUB_OUTPUT: missing } });
    expect(again.code).toBe(1);
    expect(failure(again)).toEqual([
      `citegate: The step's outputs cannot be written to ${JSON.stringify(missing)} (GITHUB_OUTPUT): no such file.`,
    ]);
    noStack(again);
  });
});

describe('SARIF fingerprints', () => {
  it('are unique within a run for repeated records, and the same on the next run', async () => {
    const same = rec('dup', 'help-v1', 'nope');
    const { root, base } = repoWith({ 'answers/d.json': '[]\n' });
    const head = commit(root, { 'answers/d.json': json([same, same, same]) });
    const fingerprints = async (file: string) => {
      await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { sarif: file },
      });
      const sarif = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
      expect(sarifErrors(sarif)).toEqual([]);
      return sarif.runs[0].results.map(
        (r: { partialFingerprints: Record<string, string> }) => r.partialFingerprints['citegateFinding/v1'],
      );
    };
    const first = await fingerprints('one.sarif');
    // Three records, each `invalid fields` (the id repeats) and so on: every result has its own fingerprint.
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(new Set(first).size).toBe(first.length);
    expect(await fingerprints('two.sarif')).toEqual(first);
  });
});
