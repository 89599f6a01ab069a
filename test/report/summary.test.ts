import { marked } from 'marked';
import type { CheckResult } from '../../src/check/result.js';
import { buildSummary } from '../../src/report/summary.js';

const HOSTILE = 'the changed source www.evil.example/x, WWW.evil.example, user@evil.example, https://evil.example, <img src=x>, **bold**, @octocat';

const result: CheckResult = {
  manifest: 'citegate.yml',
  files: ['answers/a.json'],
  records: [{
    file: 'answers/a.json', line: 2, column: 3, index: 0, citationId: HOSTILE, sourceId: HOSTILE, quote: HOSTILE, claim: HOSTILE,
    verdict: 'unknown source', matches: [],
  }],
  sources: [],
  problems: [{ file: 'answers/a.json', line: 2, column: 3, message: HOSTILE }],
  findings: [],
};

describe('the job summary', () => {
  it('renders untrusted text in notes, tables and problems as text: no link, mention, emphasis or HTML of its own', async () => {
    const page = buildSummary(result, { notes: [`Checked 1 more citing ${HOSTILE}.`], serverUrl: 'https://github.com', repository: { owner: 'acme', repo: 'answers' }, headSha: 'a'.repeat(40) });
    const html = await marked.parse(page, { gfm: true });
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href.startsWith('https://github.com/acme/answers/blob/'))).toEqual([]);
    expect(html).not.toMatch(/<(img|strong|em)\b/);
    // What a reader sees is the text itself.
    expect(html).toContain('www&#46;evil.example/x');
  });
});
