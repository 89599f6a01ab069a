// Renders the Action's job summary for the near-miss fixtures as a page and
// screenshots all of it (docs/summary.png), to look at it as a reviewer would.
// Needs Debian's chromium and an emoji font (apt-get install chromium
// fonts-noto-color-emoji) and a built dist/: node scripts/render-summary.mjs
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
      PATH: process.env.PATH,
      GITHUB_WORKSPACE: repo,
      GITHUB_EVENT_NAME: 'schedule',
      GITHUB_EVENT_PATH: path.join(temp, 'event.json'),
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: path.join(temp, 'out'),
      GITHUB_REPOSITORY: 'acme/answers',
      GITHUB_SHA: 'a'.repeat(40),
      INPUT_MANIFEST: '__fixtures__/near-misses/citegate.yml',
      INPUT_SCOPE: 'all',
    },
    stdio: 'ignore',
  });
} catch {
  // The fixtures fail the gate, on purpose.
}

const WIDTH = 1280;
// Close to GitHub's own styles; tables wrap instead of scrolling, so nothing is hidden.
const style = `<style>
body { font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Noto Color Emoji"; color: #1f2328; max-width: 1180px; margin: 24px auto; padding: 0 16px; }
h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; } h3 { margin-top: 24px; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; overflow-wrap: break-word; } tr:nth-child(2n) { background: #f6f8fa; }
code { background: #eff1f3; padding: .2em .4em; border-radius: 6px; font-size: 85%; } a { color: #0969da; }
ins { background: #dafbe1; text-decoration: none; } del { background: #ffebe9; }
details { margin: 8px 0; } summary { cursor: pointer; color: #0969da; } blockquote { color: #59636e; border-left: .25em solid #d1d9e0; margin: 0; padding: 0 1em; }
</style>`;
const body = marked.parse(readFileSync(summary, 'utf8'));

const chromium = (...args) =>
  execFileSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-data-dir=${path.join(temp, 'profile')}`,
      '--hide-scrollbars',
      ...args,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );

// First the page's height, measured by the browser, so that the screenshot holds all of it.
const measure = path.join(temp, 'measure.html');
writeFileSync(
  measure,
  `<!doctype html><meta charset="utf-8">${style}${body}
<script>document.body.dataset.height = Math.ceil(document.documentElement.getBoundingClientRect().height + 48);</script>`,
);
const dom = chromium(`--window-size=${WIDTH},800`, '--virtual-time-budget=2000', '--dump-dom', `file://${measure}`);
const height = Number(/data-height="(\d+)"/.exec(dom)?.[1]);
if (!(height > 0)) throw new Error('chromium did not report the page height');

const page = path.join(temp, 'summary.html');
writeFileSync(page, `<!doctype html><meta charset="utf-8">${style}${body}`);
chromium(`--window-size=${WIDTH},${height}`, `--screenshot=${path.join(repo, 'docs/summary.png')}`, `file://${page}`);
console.log(`docs/summary.png (${WIDTH}x${height}) from ${page}`);
