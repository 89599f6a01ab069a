// Saved Claude responses through the bundled Action: annotations at the
// citation objects of the response files, a response that cannot pass as
// an error named for what it is, the location check's input, SARIF, and a
// change to how the manifest says the files are read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pullRequestPayload, runAction, type ActionRun } from '../helpers/action.js';
import { startFakeApi } from '../helpers/api-server.js';
import { apiFiles, commit, git, initRepo } from '../helpers/git.js';
import { sarifErrors } from '../helpers/sarif.js';
import { makeTree, REPO } from '../helpers/workspace.js';

const FIXTURES = path.join(REPO, '__fixtures__/anthropic');

/** The fixture set's files (not its expected outputs), as a tree to copy. */
function fixtureTree(): Record<string, string> {
  const tree: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(FIXTURES, dir))) {
      const rel = dir === '' ? name : `${dir}/${name}`;
      if (rel === 'expected') continue;
      if (statSync(path.join(FIXTURES, rel)).isDirectory()) walk(rel);
      else tree[rel] = readFileSync(path.join(FIXTURES, rel), 'utf8');
    }
  };
  walk('');
  return tree;
}

const byLevel = (run: ActionRun, level: string) =>
  run.annotations
    .filter((a) => a.command === level && a.properties.file)
    .map((a) => `${a.properties.file}:${a.properties.line}:${a.properties.col} ${a.properties.title}`);

describe('the Action on saved responses', () => {
  it('annotates each citation at its object in the response, a failed batch request as a model response, and a saved stream as a file that cannot be read', async () => {
    const root = makeTree(fixtureTree());
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { sarif: 'out/citegate.sarif', report: 'out/report.json' },
    });
    expect(byLevel(run, 'error')).toEqual([
      'batches/results.jsonl:2:1 model response',
      'streams/sdk-events.jsonl:1:1 unreadable citation file',
      'streams/server-sent-events.json:1:1 unreadable citation file',
      'responses/changed-quote.json:15:9 quote not found: msg_01KdR7wq2ChangedQuote#1.0',
      'responses/wrong-title.json:15:9 unknown source: msg_01Tz8bN4WrongTitle#1.0',
    ]);
    expect(byLevel(run, 'warning')).toEqual([
      'responses/changed-quote.json:15:9 location not at quote: msg_01KdR7wq2ChangedQuote#1.0',
      'responses/uncited-sentence.json:23:18 uncited claim',
    ]);
    expect(run.outputs).toMatchObject({ total: '7', located: '5', failed: '2' });
    expect(run.code).toBe(1);

    const sarif = JSON.parse(readFileSync(path.join(root, 'out/citegate.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    const rules = sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id);
    expect(
      sarif.runs[0].results.map((r: { ruleId: string; ruleIndex: number; level: string }) => [
        r.ruleId,
        rules[r.ruleIndex],
        r.level,
      ]),
    ).toEqual([
      ['citegate/model-response', 'citegate/model-response', 'error'],
      ['citegate/unreadable-citation-file', 'citegate/unreadable-citation-file', 'error'],
      ['citegate/unreadable-citation-file', 'citegate/unreadable-citation-file', 'error'],
      ['citegate/quote-not-found', 'citegate/quote-not-found', 'error'],
      ['citegate/unknown-source', 'citegate/unknown-source', 'error'],
      ['citegate/location-not-at-quote', 'citegate/location-not-at-quote', 'warning'],
      ['citegate/uncited-claim', 'citegate/uncited-claim', 'warning'],
    ]);

    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.findings.map((f: { kind: string }) => f.kind)).toEqual(['location not at quote', 'uncited claim']);
  });

  it('takes the location check’s level from its input', async () => {
    const root = makeTree(fixtureTree());
    const strict = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { 'citation-locations': 'fail' },
    });
    expect(byLevel(strict, 'error')).toContain(
      'responses/changed-quote.json:15:9 location not at quote: msg_01KdR7wq2ChangedQuote#1.0',
    );
    const off = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { 'citation-locations': 'off' },
    });
    expect(byLevel(off, 'warning')).toEqual(['responses/uncited-sentence.json:23:18 uncited claim']);
    const bad = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { 'citation-locations': 'loud' },
    });
    expect(bad.annotations.at(-1)?.message).toBe(
      'citegate: input citation-locations must be one of off, warn, fail, not "loud"',
    );
  });

  it('checks every file when the manifest changes how files are read (their format or documents)', async () => {
    const tree = fixtureTree();
    const root = makeTree(tree);
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    // The batch's requests sent the documents the other way round.
    const head = commit(root, {
      'citegate.yml': tree['citegate.yml'].replace(
        'documents: [returns-v2, shipping-v1]',
        'documents: [shipping-v1, returns-v2]',
      ),
    });
    const api = await startFakeApi({ pullFiles: apiFiles(root, base, head) });
    try {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl: api.url,
      });
      expect(run.annotations.filter((a) => a.command === 'notice').map((a) => a.message)).toEqual([
        "citegate: every citation file is checked because the manifest's `citations` patterns changed.",
      ]);
      // Each batch citation now names the other source; it is annotated at its object on its line.
      const lines = tree['batches/results.jsonl'].split('\n');
      const at = (line: number) => `${line}:${lines[line - 1].indexOf('{"type":"char_location"') + 1}`;
      expect(byLevel(run, 'error')).toEqual([
        'batches/results.jsonl:2:1 model response',
        'streams/sdk-events.jsonl:1:1 unreadable citation file',
        'streams/server-sent-events.json:1:1 unreadable citation file',
        `batches/results.jsonl:${at(1)} quote not found: q1-refund-timing#1.0`,
        `batches/results.jsonl:${at(3)} quote not found: q3-express#0.0`,
        'responses/changed-quote.json:15:9 quote not found: msg_01KdR7wq2ChangedQuote#1.0',
        'responses/wrong-title.json:15:9 unknown source: msg_01Tz8bN4WrongTitle#1.0',
      ]);
    } finally {
      await api.close();
    }
  });
});
