// The JSON report is written in pieces, none of which grows with the run:
// records, problems and findings come a bounded number a piece, so that a run
// of millions of findings never makes a string longer than the runtime can.
// Joined, the pieces are the report JSON.stringify(report, null, 2) would
// write, but for each record on one line.
import { judged } from '../../src/check/outcome.js';
import type { CheckResult, Finding } from '../../src/model/result.js';
import { jsonReportChunks } from '../../src/report/json.js';
import { notFound } from '../helpers/results.js';

const finding = (i: number): Finding => ({
  kind: 'uncited claim',
  level: 'warn',
  file: `answers/f${i % 7}.json`,
  line: i + 1,
  column: 3,
  ...(i % 2 ? { citationId: `c${i}` } : {}),
  message: `sentence ${i} cites nothing`,
});

function result(problems: number, findings: number): CheckResult {
  return {
    manifest: 'citegate.yml',
    files: ['answers/a.json'],
    records: [notFound(0)],
    sources: [],
    problems: Array.from({ length: problems }, (_, i) => ({
      file: 'answers/b.json',
      line: i,
      column: 1,
      message: `p${i}`,
    })),
    findings: Array.from({ length: findings }, (_, i) => finding(i)),
  };
}

describe('the JSON report', () => {
  it.each([
    [0, 0],
    [1, 0],
    [0, 1],
    [3, 2],
    [5000, 9000],
  ])('with %i problems and %i findings: pieces of a bounded size, the report whole', (problems, findings) => {
    const pieces = [...jsonReportChunks(judged(result(problems, findings)))];
    const text = pieces.join('');
    const report = JSON.parse(text);
    expect(report.problems).toHaveLength(problems);
    expect(report.findings).toHaveLength(findings);
    // Indented as JSON.stringify indents it, but for each record on one line.
    expect(report.records).toHaveLength(1);
    const withoutRecords = text.replace(/"records": \[\n {4}.*\n {2}\]/, '"records": []');
    expect(withoutRecords).toBe(`${JSON.stringify(JSON.parse(withoutRecords), null, 2)}\n`);
    // 2,048 findings a piece at most: about 400 KB here, whatever their number (in one piece, they were 2.3 MB).
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(600_000);
  });
});
