// The Action's baseline inputs, through the bundle on real git repositories:
// `baseline: auto` checks the base commit in the same step (read from git,
// never checked out over the workspace) and judges the pull request on what
// it made worse; `baseline: PATH` takes a report.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { commit, git, initRepo } from '../helpers/git.js';
import { makeTree, manifestFor, runCli } from '../helpers/workspace.js';

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days of delivery.\nA receipt is required.\n',
};
const rec = (id: string, quote: string) => ({ citation_id: id, source_id: 'returns-v1', quote });
const answers = (...records: object[]) => JSON.stringify(records);

/** A base commit with one failing record (old), and a pull request that breaks one, fixes one and adds a file. */
function pullRequest(headChanges: (root: string) => Record<string, string | null> = () => ({})) {
  const root = makeTree({
    'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['answers/*.json']),
    [RETURNS.path]: RETURNS.text,
    'answers/a.json': answers(
      rec('kept', 'A receipt is required.'),
      rec('breaks', 'within 30 days'),
      rec('fixed', 'within 31 days'),
      rec('old', 'no such words'),
    ),
  });
  initRepo(root);
  const base = git(root, 'rev-parse', 'HEAD');
  git(root, 'checkout', '-q', '-b', 'feature');
  const head = commit(root, {
    'answers/a.json': answers(
      rec('kept', 'A receipt is required.'),
      rec('breaks', 'within 60 days'),
      rec('fixed', 'within 30 days'),
      rec('old', 'no such words'),
    ),
    ...headChanges(root),
  });
  return { root, base, head };
}

async function gate(root: string, base: string, head: string, inputs: Record<string, string>) {
  return runAction({
    workspace: root,
    event: 'pull_request',
    payload: pullRequestPayload(root, base, head),
    inputs: { report: 'out/report.json', ...inputs },
  });
}

describe('baseline: auto', () => {
  it('judges the pull request on what it made worse: the summary leads with it, annotations say it, outputs count it', async () => {
    const { root, base, head } = pullRequest();
    const run = await gate(root, base, head, { baseline: 'auto' });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.records.map((r: { citation_id: string; baseline: string }) => [r.citation_id, r.baseline])).toEqual([
      ['kept', 'unchanged'],
      ['breaks', 'broken'],
      ['fixed', 'fixed'],
      ['old', 'still failing'],
    ]);
    expect(report.baseline).toMatchObject({ from: `the base commit ${base}`, fail_on: 'new' });
    expect(run.summary).toMatch(/^## ❌ citegate: 1 newly broken, 1 fixed, 1 still failing \(not counted\) — fail\n/);
    expect(run.summary).toContain('<summary>1 failing in the baseline too, not counted</summary>');
    expect(run.summary).toContain(`What changed since the baseline (the base commit ${base})&#58; 1 newly broken;`);
    const annotated = run.annotations.filter((a) => a.properties.file).map((a) => `${a.command} ${a.properties.title}`);
    expect(annotated).toEqual(['error quote not found: breaks', 'notice quote not found: old']);
    expect(run.outputs).toMatchObject({ passed: 'false', broken: '1', fixed: '1', 'still-failing': '1', failed: '2' });
    expect(run.code).toBe(1);
    // Nothing was checked out over the workspace: its files are the head's.
    expect(git(root, 'status', '--porcelain', '--untracked-files=no')).toBe('');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });

  it('passes a pull request that breaks nothing, though a record fails in both', async () => {
    const { root, base } = pullRequest();
    commit(root, { 'answers/a.json': answers(rec('kept', 'A receipt is required.'), rec('old', 'no such words')) });
    const now = git(root, 'rev-parse', 'HEAD');
    const run = await gate(root, base, now, { baseline: 'auto' });
    expect(run.outputs).toMatchObject({ passed: 'true', broken: '0', 'still-failing': '1' });
    expect(run.code).toBe(0);
    // fail-on any counts the old failure.
    const strict = await gate(root, base, now, { baseline: 'auto', 'fail-on': 'any' });
    expect(strict.code).toBe(1);
  });

  it('judges the records of a source re-pinned in the head against the new text, and says the source changed', async () => {
    const EDITED = RETURNS.text.replace('A receipt is required.', 'A receipt is needed.');
    const { root, base, head } = pullRequest(() => ({
      [RETURNS.path]: EDITED,
      'citegate.yml': manifestFor({ 'returns-v1': { ...RETURNS, text: EDITED } }, ['answers/*.json']),
    }));
    const run = await gate(root, base, head, { baseline: 'auto' });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.baseline.sources.repinned).toEqual(['returns-v1']);
    expect(report.records.find((r: { citation_id: string }) => r.citation_id === 'kept')).toMatchObject({
      verdict: 'quote not found',
      baseline: 'broken',
    });
    expect(run.summary).toContain('re-pinned since&#58; returns-v1 (judged against the new text)');
  });

  it('counts every record as new when the base commit has no manifest', async () => {
    const root = makeTree({ 'README.md': 'x\n' });
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    const head = commit(root, {
      'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['answers/*.json']),
      [RETURNS.path]: RETURNS.text,
      'answers/a.json': answers(rec('a', 'A receipt is required.'), rec('b', 'nowhere')),
    });
    const run = await gate(root, base, head, { baseline: 'auto' });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.records.map((r: { baseline: string }) => r.baseline)).toEqual(['new', 'new']);
    // And every source: the change added the manifest.
    expect(report.baseline.sources).toEqual({ added: ['returns-v1'], removed: [], repinned: [] });
    expect(run.code).toBe(1);
  });

  it('names the sources the change added to the manifest, not those it cites for the first time', async () => {
    const HELP = { path: 'sources/help-v1.txt', text: 'Contact support.\n' };
    const FAQ = { path: 'sources/faq-v1.txt', text: 'Ask us anything.\n' };
    const root = makeTree({
      'citegate.yml': manifestFor({ 'returns-v1': RETURNS, 'help-v1': HELP }, ['answers/*.json']),
      [RETURNS.path]: RETURNS.text,
      [HELP.path]: HELP.text,
      'answers/a.json': answers(rec('a', 'A receipt is required.')),
    });
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    git(root, 'checkout', '-q', '-b', 'feature');
    // help-v1 was in the manifest all along, cited for the first time; faq-v1 is new, and cited by nothing.
    const head = commit(root, {
      'citegate.yml': manifestFor({ 'returns-v1': RETURNS, 'help-v1': HELP, 'faq-v1': FAQ }, ['answers/*.json']),
      [FAQ.path]: FAQ.text,
      'answers/a.json': answers(rec('a', 'A receipt is required.'), {
        citation_id: 'h',
        source_id: 'help-v1',
        quote: 'Contact support.',
      }),
    });
    const run = await gate(root, base, head, { baseline: 'auto' });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.baseline.sources).toEqual({ added: ['faq-v1'], removed: [], repinned: [] });
    expect(run.summary).toContain('sources added to the manifest since&#58; faq-v1');
    expect(run.code).toBe(0);
  });

  it('without the base commit, says so and counts every failing record', async () => {
    const { root, head } = pullRequest();
    const run = await gate(root, 'f'.repeat(40), head, { baseline: 'auto' });
    expect(run.annotations.map((a) => a.message)).toContainEqual(
      `citegate: no baseline (the checkout lacks the base commit ${'f'.repeat(40)} (use actions/checkout with fetch-depth: 0)), so every record that is not located counts.`,
    );
    expect(run.outputs).toMatchObject({ passed: 'false', failed: '2' });
  });
});

describe('baseline: PATH', () => {
  it("takes an earlier run's report, and refuses one that is not a report", async () => {
    const { root, base, head } = pullRequest();
    git(root, 'checkout', '-q', base);
    runCli(['check', '--format', 'json', '--output', 'main-report.json'], root);
    git(root, 'checkout', '-q', head);
    const run = await gate(root, base, head, { baseline: 'main-report.json' });
    expect(run.outputs).toMatchObject({ broken: '1', fixed: '1', 'still-failing': '1' });
    // A pin no citegate writes, named where it is.
    const report = JSON.parse(readFileSync(path.join(root, 'main-report.json'), 'utf8'));
    report.manifest_sources[0].sha256 = 'deadbeef';
    writeFileSync(path.join(root, 'main-report.json'), JSON.stringify(report));
    const unpinned = await gate(root, base, head, { baseline: 'main-report.json' });
    expect(unpinned.annotations.find((a) => a.command === 'error' && !a.properties.file)?.message).toMatch(
      /^citegate: the baseline \S+main-report\.json:1:\d+ cannot be used: manifest_sources\[0\]\.sha256 "deadbeef" is not a SHA-256 .*: the check could not run$/,
    );
    expect(unpinned.code).toBe(1);
    writeFileSync(path.join(root, 'main-report.json'), '{"x": 1}');
    const refused = await gate(root, base, head, { baseline: 'main-report.json' });
    expect(refused.annotations.find((a) => a.command === 'error' && !a.properties.file)?.message).toBe(
      `citegate: the baseline ${path.join(root, 'main-report.json')} cannot be used: not a citegate JSON report (check --format json writes one): the check could not run`,
    );
    expect(refused.outputs.passed).toBe('false');
    expect(refused.code).toBe(1);
  });

  it('refuses a baseline that is missing or no report when the change leaves nothing to check', async () => {
    const root = makeTree({
      'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['answers/*.json']),
      [RETURNS.path]: RETURNS.text,
      'answers/a.json': answers(rec('kept', 'A receipt is required.')),
    });
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    const head = commit(root, { 'README.md': 'No answer changed.\n' });
    const missing = await gate(root, base, head, { baseline: 'main-report.json', scope: 'changed' });
    expect(missing.annotations.find((a) => a.command === 'error' && !a.properties.file)?.message).toBe(
      `citegate: cannot read the baseline ${path.join(root, 'main-report.json')}: no such file: the check could not run`,
    );
    expect(missing.outputs.passed).toBe('false');
    expect(missing.code).toBe(1);
    writeFileSync(path.join(root, 'main-report.json'), '{"x": 1}');
    expect((await gate(root, base, head, { baseline: 'main-report.json', scope: 'changed' })).code).toBe(1);
    // A report: nothing to check passes, as it does without one.
    runCli(['check', '--format', 'json', '--output', 'main-report.json'], root);
    const usable = await gate(root, base, head, { baseline: 'main-report.json', scope: 'changed' });
    expect(usable.summary).toContain('nothing to check — pass');
    expect(usable.code).toBe(0);
  });

  it('refuses fail-on new without a baseline', async () => {
    const { root, base, head } = pullRequest();
    const run = await gate(root, base, head, { 'fail-on': 'new' });
    expect(run.code).toBe(1);
    expect(run.annotations.map((a) => a.message)).toContain(
      'citegate: input fail-on is new, which needs a baseline: set the baseline input (auto, or a JSON report)',
    );
  });
});
