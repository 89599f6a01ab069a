// Renders the Action's job summary for the near-miss fixtures as a page and
// screenshots it (docs/summary.png), to look at it as a reviewer would.
// Needs Debian's chromium: node scripts/render-summary.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { marked } from 'marked';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const temp = mkdtempSync(path.join(tmpdir(), 'citegate-summary-'));
const summary = path.join(temp, 'summary.md');
writeFileSync(summary, '');
writeFileSync(path.join(temp, 'event.json'), '{}');
try {
  execFileSync(process.execPath, [path.join(repo, 'dist/index.js')], {
    cwd: repo,
    env: {
      PATH: process.env.PATH, GITHUB_WORKSPACE: repo, GITHUB_EVENT_NAME: 'schedule', GITHUB_EVENT_PATH: path.join(temp, 'event.json'),
      GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: path.join(temp, 'out'), GITHUB_REPOSITORY: 'acme/answers', GITHUB_SHA: 'a'.repeat(40),
      INPUT_MANIFEST: '__fixtures__/near-misses/citegate.yml', INPUT_SCOPE: 'all',
    },
    stdio: 'ignore',
  });
} catch {
  // The fixtures fail the gate, on purpose.
}
const html = `<!doctype html><meta charset="utf-8"><style>
body { font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; max-width: 1180px; margin: 24px auto; padding: 0 16px; }
h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; } h3 { margin-top: 24px; }
table { border-collapse: collapse; margin: 8px 0 16px; display: block; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; } tr:nth-child(2n) { background: #f6f8fa; }
code { background: #eff1f3; padding: .2em .4em; border-radius: 6px; font-size: 85%; } a { color: #0969da; }
details { margin: 8px 0; } blockquote { color: #59636e; border-left: .25em solid #d1d9e0; margin: 0; padding: 0 1em; }
</style>${marked.parse(readFileSync(summary, 'utf8'))}`;
const page = path.join(temp, 'summary.html');
writeFileSync(page, html);
execFileSync('chromium', [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', `--user-data-dir=${path.join(temp, 'profile')}`, '--hide-scrollbars',
  '--window-size=1280,1700', `--screenshot=${path.join(repo, 'docs/summary.png')}`, `file://${page}`,
], { stdio: 'ignore' });
console.log(`docs/summary.png from ${page}`);
