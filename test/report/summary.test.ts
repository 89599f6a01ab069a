import { marked } from 'marked';
import { buildSummary } from '../../src/report/summary.js';
import type { CheckResult } from '../../src/model/result.js';
import { judged } from '../../src/check/outcome.js';

const HOSTILE =
  'the changed source www.evil.example/x, WWW.evil.example, user@evil.example, https://evil.example, <img src=x>, **bold**, @octocat';

const result: CheckResult = {
  manifest: 'citegate.yml',
  files: ['answers/a.json'],
  records: [
    {
      file: 'answers/a.json',
      line: 2,
      column: 3,
      index: 0,
      citationId: HOSTILE,
      sourceId: HOSTILE,
      quote: HOSTILE,
      claim: HOSTILE,
      verdict: 'unknown source',
    },
  ],
  sources: [],
  problems: [{ file: 'answers/a.json', line: 2, column: 3, message: HOSTILE }],
  findings: [],
};

describe('the job summary', () => {
  it('renders untrusted text in notes, tables and problems as text: no link, mention, emphasis or HTML of its own', async () => {
    const page = buildSummary(judged(result), {
      notes: [`Checked 1 more citing ${HOSTILE}.`],
      serverUrl: 'https://github.com',
      repository: { owner: 'acme', repo: 'answers' },
      headSha: 'a'.repeat(40),
    });
    const html = await marked.parse(page, { gfm: true });
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href.startsWith('https://github.com/acme/answers/blob/'))).toEqual([]);
    expect(html).not.toMatch(/<(img|strong|em)\b/);
    // What a reader sees is the text itself.
    expect(html).toContain('www&#46;evil.example/x');
  });
});

describe('the job summary size', () => {
  const record = (i: number): CheckResult['records'][number] => ({
    file: `answers/f${i % 50}.json`,
    line: i + 2,
    column: 3,
    index: i,
    citationId: `id-${i}-${'<é|'.repeat(40)}`,
    sourceId: i % 3 ? 'help-v1' : `nope-${i}`,
    quote: `missing ${i} ${'<b>é|'.repeat(100)}`,
    claim: `claim ${i} ${'é'.repeat(300)}`,
    verdict: i % 3 ? 'quote not found' : 'unknown source',
  });
  const big: CheckResult = {
    manifest: 'citegate.yml',
    files: ['answers/a.json'],
    records: Array.from({ length: 6000 }, (_, i) => record(i)),
    sources: Array.from({ length: 3000 }, (_, i) => ({
      id: `source-${i}-${'x'.repeat(100)}`,
      path: `s/${i}.txt`,
      sha256: 'a'.repeat(64),
      retrieved: '2026-11-02',
      status: 'verified' as const,
      line: i + 3,
      column: 3,
      citedBy: 1,
    })),
    problems: Array.from({ length: 2000 }, (_, i) => ({
      file: `answers/p${i}.json`,
      line: 1,
      column: 1,
      message: `unreadable ${'y'.repeat(300)}`,
    })),
    findings: Array.from({ length: 2000 }, (_, i) => ({
      kind: 'uncited claim' as const,
      level: 'warn' as const,
      file: 'answers/a.json',
      line: i + 1,
      column: 1,
      message: `sentence ${'z'.repeat(300)}`,
    })),
  };
  // Prose notes can be as long as the change is wide (16,000 re-pinned source ids, say).
  const notes = [
    `Checked 1 more citing the changed sources ${Array.from({ length: 16000 }, (_, i) => `source-with-a-rather-long-versioned-identifier-number-${i}-v1`).join(', ')}.`,
    'A short note.',
  ];

  it.each([1_000_000, 200_000, 30_000])(
    'stays within a budget of %d bytes, notes included, and says it was cut',
    (budgetBytes) => {
      const page = buildSummary(judged(big), {
        notes,
        budgetBytes,
        fullReportHint: 'Every record is in the JSON report.',
      });
      expect(Buffer.byteLength(page, 'utf8')).toBeLessThanOrEqual(budgetBytes);
      expect(page).toContain(
        "This summary was cut to stay under GitHub's 1 MiB limit. Every record is in the JSON report.",
      );
      expect(page).toContain('<p>A short note.</p>');
      // The long note is there, shortened.
      expect(page).toMatch(
        /<p>Checked 1 more citing the changed sources source-with-a-rather-long-versioned-identifier-number-0-v1, [^<]*…<\/p>/,
      );
      // Every section is there, each saying how many of its rows it left out.
      for (const heading of [
        '### Failing records (6000)',
        '### Problems with the input (2000)',
        '### Findings beyond quotes (2000)',
        '### Sources used (3000)',
      ])
        expect(page).toContain(heading);
      expect(page).toMatch(/\d+ more failing records not shown \(summary size limit\)/);
    },
  );

  it('is whole when it fits, with no note', () => {
    const small: CheckResult = { ...big, records: big.records.slice(0, 3), sources: [], problems: [], findings: [] };
    const page = buildSummary(judged(small), { notes: ['A short note.'] });
    expect(page).not.toContain('was cut');
    expect(page.match(/<tr><td>/g)).toHaveLength(3);
  });
});
