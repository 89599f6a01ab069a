import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from './helpers/workspace.js';

describe('the seed walkthrough from the bundle', () => {
  it('prints exactly the reference output, nothing on stderr, exit 1', () => {
    const run = runCli(['check', '--manifest', '__fixtures__/seed/citegate.yml'], REPO);
    expect(run.stdout).toBe(
      'c1: located\nc2: quote not found\nc3: unknown source\nc4: ambiguous quote\nc5: empty quote\nlocated=1/5\n',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
  });

  it('passes the second run with the two corrected records, exit 0', () => {
    const run = runCli(['check', '--manifest', '__fixtures__/seed-fixed/citegate.yml'], REPO);
    expect(run.stdout).toBe('c1: located\nc2: located\nlocated=2/2\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('reports the located match at its place in the original source', () => {
    const run = runCli(['check', '--manifest', '__fixtures__/seed/citegate.yml', '--format', 'json'], REPO);
    const report = JSON.parse(run.stdout);
    const c1 = report.records.find((r: { citation_id: string }) => r.citation_id === 'c1');
    expect(c1.matches).toEqual([{ line: 1, column: 1, end_line: 1, end_column: 37 }]);
    const c4 = report.records.find((r: { citation_id: string }) => r.citation_id === 'c4');
    expect(c4.matches).toEqual([
      { line: 1, column: 1, end_line: 1, end_column: 17 },
      { line: 1, column: 34, end_line: 1, end_column: 50 },
    ]);
    const source = readFileSync(path.join(REPO, '__fixtures__/seed/sources/returns-v1.txt'), 'utf8');
    expect(source.split('\n')[0].slice(c1.matches[0].column - 1, c1.matches[0].end_column - 1)).toBe(
      'Returns are accepted within 30 days.',
    );
    expect(run.code).toBe(1);
  });
});
