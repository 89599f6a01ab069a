import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeText } from '../../src/engine/normalize.js';
import { makeWorkspace, REPO, runCli } from '../helpers/workspace.js';

const NEAR = '__fixtures__/near-misses/citegate.yml';

describe('citegate check --explain on the near-miss fixtures', () => {
  it('shows a reviewer what differs and where, record by record', () => {
    const run = runCli(['check', '--manifest', NEAR, '--explain'], REPO);
    expect(run.stdout).toBe(readFileSync(path.join(REPO, '__fixtures__/near-misses/expected-explain.txt'), 'utf8'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
  });

  it('keeps the default output the reference format: explanations only with --explain', () => {
    const run = runCli(['check', '--manifest', NEAR], REPO);
    expect(run.stdout.split('\n').filter(Boolean).every((l) => /^[a-z0-9-]+: [a-z ]+$|^located=\d+\/\d+$/.test(l))).toBe(true);
  });

  it('puts the same diagnostics in the JSON report', () => {
    const report = JSON.parse(runCli(['check', '--manifest', NEAR, '--format', 'json'], REPO).stdout);
    const byId = new Map(report.records.map((r: { citation_id: string }) => [r.citation_id, r]));
    const detail = (id: string) => (byId.get(id) as { detail: Record<string, unknown> }).detail;
    const hintKinds = (id: string) => ((detail(id).hints ?? []) as { kind: string }[]).map((h) => h.kind);
    expect(hintKinds('straight-quotes')).toEqual(['quotes']);
    expect(hintKinds('letter-case')).toEqual(['case']);
    expect(hintKinds('pdf-hyphenation')).toEqual(['hyphenation']);
    expect(hintKinds('ligature')).toEqual(['compatibility']);
    expect(hintKinds('soft-hyphen')).toEqual(['invisible']);
    expect(hintKinds('wrong-version')).toEqual(['other version']);
    expect(hintKinds('unknown-version')).toEqual(['other version']);
    expect(detail('unknown-version').similar_ids).toEqual(['returns-v1', 'returns-v2']);
    expect(detail('dropped-negation').closest).toMatchObject({ line: 4, column: 1, diff: 'Items marked “final sale” [-cannot-] [+can+] be returned.' });
    expect(detail('added-negation').closest).toMatchObject({ diff: 'A receipt is [+not+] required.', passage: 'A receipt is required.' });
    expect(detail('changed-number').closest).toMatchObject({ diff: 'Returns are accepted within [-30-] [+60+] days of delivery.' });
    expect(detail('made-up').closest).toBeNull();
    expect(detail('boilerplate').suggestions).toEqual([
      { line: 7, column: 1, end_line: 7, end_column: 26, prefix: 'method.', suffix: 'Gift' },
      { line: 11, column: 1, end_line: 11, end_column: 26, prefix: 'refundable.' },
    ]);
    expect(detail('boilerplate-with-prefix').context).toEqual({ prefix: true, suffix: false, candidates: 2, kept: 1 });
  });
});

describe('positions in the original file', () => {
  it('map every match back through CRLF, tabs, no-break spaces, runs of whitespace, decomposed accents, astral characters and a BOM', () => {
    const source = '\ufeffFirst\tline  with\u00a0no-break\r\n' +
      'Cafe\u0301 orders  close\r\n\r\n' +
      '𝐀𝐁𝐂 bold letters 😀 and\u2003em\u3000spaces\n' +
      '   indented e\u0301 and a\u0323\u0302 end.';
    const quotes = [
      'First line with no-break', 'line with\nno-break Café orders', 'Café', 'orders close 𝐀𝐁𝐂', '𝐀𝐁𝐂 bold', '😀 and em spaces',
      'spaces indented é', 'ậ end.', 'é and ậ',
    ];
    const root = makeWorkspace({ 'p-v1': { path: 'sources/p.txt', text: source } }, {
      'answers/a.json': JSON.stringify(quotes.map((quote, i) => ({ citation_id: `q${i}`, source_id: 'p-v1', quote }))),
    });
    const report = JSON.parse(runCli(['check', '--format', 'json'], root).stdout);
    const lines = source.slice(1).split(/\r\n|\r|\n/);
    const slice = (m: { line: number; column: number; end_line: number; end_column: number }) => {
      // Columns count code points: index the lines as arrays of code points.
      const cps = lines.map((l) => [...l]);
      if (m.line === m.end_line) return cps[m.line - 1].slice(m.column - 1, m.end_column - 1).join('');
      const parts = [cps[m.line - 1].slice(m.column - 1).join('')];
      for (let l = m.line + 1; l < m.end_line; l++) parts.push(cps[l - 1].join(''));
      parts.push(cps[m.end_line - 1].slice(0, m.end_column - 1).join(''));
      return parts.join('\n');
    };
    for (const [i, record] of report.records.entries()) {
      expect([record.citation_id, record.verdict]).toEqual([`q${i}`, 'located']);
      expect(normalizeText(slice(record.matches[0]))).toBe(normalizeText(quotes[i]));
    }
    expect(report.records[0].matches[0]).toEqual({ line: 1, column: 1, end_line: 1, end_column: 26 });
    expect(report.records[2].matches[0]).toEqual({ line: 2, column: 1, end_line: 2, end_column: 6 });
  });
});
