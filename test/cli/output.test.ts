// The outputs of check and merge-reports that a person scans, or another
// tool reads: --only-failures, and --format sarif.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runAction } from '../helpers/action.js';
import { initRepo } from '../helpers/git.js';
import { sarifErrors } from '../helpers/sarif.js';
import { copyOfFixture, makeWorkspace, REPO, runCli } from '../helpers/workspace.js';

const SEED = '__fixtures__/seed/citegate.yml';
const NEAR = '__fixtures__/near-misses/citegate.yml';

describe('check --only-failures', () => {
  it('lists the records not located, in the reference format, then the count of all', () => {
    expect(runCli(['check', '--only-failures', '--manifest', SEED], REPO)).toEqual({
      code: 1,
      stdout: 'c2: quote not found\nc3: unknown source\nc4: ambiguous quote\nc5: empty quote\nlocated=1/5\n',
      stderr: '',
    });
    // Every record located: the count alone.
    expect(runCli(['check', '--only-failures', '--manifest', '__fixtures__/seed-fixed/citegate.yml'], REPO)).toEqual({
      code: 0,
      stdout: 'located=2/2\n',
      stderr: '',
    });
  });

  it('keeps the file:line prefix of several files, and each explanation under its record', () => {
    const full = runCli(['check', '--explain', '--manifest', NEAR], REPO);
    const failures = runCli(['check', '--explain', '--only-failures', '--manifest', NEAR], REPO);
    // The full report without the located records and the lines under them.
    const blocks = full.stdout.split(/\n(?! )/).filter((b) => b !== '');
    const expected = blocks.filter((b) => !/^\S.*: located$/.test(b.split('\n')[0]));
    expect(blocks.length - expected.length).toBeGreaterThan(0);
    expect(failures).toEqual({ code: full.code, stdout: `${expected.join('\n')}\n`, stderr: full.stderr });

    const root = makeWorkspace(
      { 'returns-v1': { path: 'sources/r.txt', text: 'Returns are accepted within 30 days.\n' } },
      {
        'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: 'returns-v1', quote: 'Returns' }]),
        'answers/b.json': JSON.stringify([
          { citation_id: 'b1', source_id: 'returns-v1', quote: 'within 30 days.' },
          { citation_id: 'b2', source_id: 'returns-v1', quote: 'within 60 days.' },
        ]),
      },
    );
    expect(runCli(['check', '--only-failures'], root).stdout).toBe(
      'answers/b.json:1: b2: quote not found\nlocated=2/3\n',
    );
  });

  it('is for the text report only', () => {
    expect(runCli(['check', '--only-failures', '--format', 'json', '--manifest', SEED], REPO)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate: error: --only-failures is for the text report: the JSON report keeps every record (filter it with jq); see citegate check --help\n',
    });
  });
});

describe('--format sarif', () => {
  /** A repository whose run has every kind of result: records not located, a problem, findings. */
  function repository(): string {
    const root = makeWorkspace(
      {
        'returns-v1': {
          path: 'sources/returns-v1.txt',
          text: 'Returns are accepted within 30 days.\nA receipt is required.\n',
        },
        'help-v1': { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide. Contact support.\n' },
      },
      {
        'answers/a.json': JSON.stringify(
          {
            answer: 'Returns are accepted within 60 days. Call us.',
            citations: [
              {
                citation_id: 'a1',
                source_id: 'returns-v1',
                quote: 'Returns are accepted within 30 days.',
                claim: 'Returns are accepted within 60 days.',
              },
              { citation_id: 'a2', source_id: 'help-v1', quote: 'Contact support.' },
              { citation_id: 'a3', source_id: 'returns-v2', quote: 'A receipt is required.' },
            ],
          },
          null,
          2,
        ),
        'answers/b.json': JSON.stringify([
          { citation_id: 'b1', source_id: 'returns-v1', quote: 'A receipt is not required.' },
        ]),
        'answers/c.json': JSON.stringify([
          { citation_id: 'c1', source_id: 'returns-v1', quote: 'A receipt is required.' },
        ]),
        'answers/broken.json': '[{"citation_id": "x",}]',
      },
    );
    initRepo(root);
    return root;
  }

  it("is the Action's SARIF, byte for byte, and valid", async () => {
    const root = repository();
    const cli = runCli(['check', '--format', 'sarif'], root);
    expect(cli.code).toBe(1);
    const action = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { sarif: 'action.sarif' },
    });
    expect(action.code).not.toBe(0);
    const written = readFileSync(path.join(root, 'action.sarif'), 'utf8');
    expect(cli.stdout).toBe(written);
    const sarif = JSON.parse(cli.stdout);
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId).sort()).toEqual([
      'citegate/ambiguous-quote',
      'citegate/claim-number-not-in-quote',
      'citegate/quote-not-found',
      'citegate/uncited-claim',
      'citegate/unknown-source',
      'citegate/unreadable-citation-file',
    ]);
    // The problems still go to standard error, as with the other formats.
    expect(cli.stderr).toBe(runCli(['check', '--format', 'json'], root).stderr);
    expect(runCli(['check', '--format', 'sarif', '--output', 'out.sarif'], root).stdout).toBe('');
    expect(readFileSync(path.join(root, 'out.sarif'), 'utf8')).toBe(written);
  });

  it('from merge-reports, is the SARIF of the unsplit run', () => {
    const root = repository();
    for (const i of [1, 2, 3])
      runCli(['check', '--format', 'json', '--shard', `${i}/3`, '--output', `s${i}.json`], root);
    const merged = runCli(['merge-reports', '--format', 'sarif', 's1.json', 's2.json', 's3.json'], root);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toBe(runCli(['check', '--format', 'sarif'], root).stdout);
    expect(runCli(['merge-reports', '--format', 'xml', 's1.json'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'citegate: error: --format takes json or sarif, not "xml"; see citegate merge-reports --help\n',
    });
  });

  it('from merge-reports, shows each similarity as the unsplit run does, at a rounding edge too', () => {
    // The baseline fixture's s2 is 0.7849… similar: the JSON report says 0.785, which is what a merge reads.
    const root = copyOfFixture('__fixtures__/baseline');
    const whole = runCli(['check', '--format', 'sarif'], root);
    expect(whole.stdout).toContain('79% similar');
    for (const i of [1, 2, 3, 4])
      runCli(['check', '--format', 'json', '--shard', `${i}/4`, '--output', `s${i}.json`], root);
    const shards = ['s1.json', 's2.json', 's3.json', 's4.json'];
    const merged = runCli(['merge-reports', '--format', 'sarif', '--summary', 'merged.md', ...shards], root);
    expect(merged.stdout).toBe(whole.stdout);
    expect(readFileSync(path.join(root, 'merged.md'), 'utf8')).toContain('79% similar');
    expect(runCli(['check', '--explain'], root).stdout).toContain('79% similar');
  });

  it('is not filtered further by --only-failures', () => {
    expect(runCli(['check', '--format', 'sarif', '--only-failures', '--manifest', SEED], REPO).stderr).toBe(
      'citegate: error: --only-failures is for the text report: SARIF holds only what is not located already; see citegate check --help\n',
    );
  });
});
