// The outputs of check and merge-reports that a person scans, or another
// tool reads: --only-failures, and --format sarif.
import { makeWorkspace, REPO, runCli } from '../helpers/workspace.js';

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
