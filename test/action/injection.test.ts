import { readFileSync } from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { runAction } from '../helpers/action.js';
import { argumentsOf, bash, PRINT_ARGUMENTS } from '../helpers/bash.js';
import { makeTree, manifestFor, sha256 } from '../helpers/workspace.js';

const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };
const HOSTILE = [
  'x\n::error file=README.md,line=1::forged',
  '::add-mask::Contact',
  '::stop-commands::abc',
  '%0A::error::percent',
  'a | b | <img src=x onerror=alert(1)> | c',
  '<script>alert(1)</script>',
  '`code` **bold** [link](https://evil.example) @octocat #1',
  '\r::warning::carriage',
  '\u2028::notice::separator',
  'see www.evil.example/x and WWW.evil.example',
  'mail user@evil.example or https://evil.example/login',
  // The older form, which the runner finds anywhere in a line.
  '##[add-mask]Contact',
  'x ##[set-output name=total]99',
  'y ##[stop-commands]tok',
];

describe('hostile text through the bundled Action', () => {
  it('never becomes a workflow command, an annotation on another file, or live HTML, and leaves the outputs intact', async () => {
    const records = HOSTILE.map((s, i) => ({
      citation_id: `${s}#${i}`,
      source_id: i % 2 ? s : 'help-v1',
      quote: s,
      claim: s,
    }));
    const evilName = 'answers/evil\n::error file=README.md::name.json';
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/**/*.json']),
      [HELP.path]: HELP.text,
      'answers/a.json': JSON.stringify(records, null, 2),
      [evilName]: JSON.stringify([{ citation_id: '::error::id', source_id: 'help-v1', quote: 'nope' }]),
      'README.md': 'readme',
    });
    const run = await runAction({ workspace: root, event: 'schedule', payload: {} });
    const allowed = ['group', 'endgroup', 'stop-commands', 'error', 'warning', 'notice'];
    expect(run.commands.map((c) => c.command).filter((c) => !allowed.includes(c))).toEqual([]);
    // Every annotation is on one of the two citation files, or on none (the step's failure).
    const files = new Set(run.annotations.map((a) => a.properties.file ?? ''));
    expect([...files].sort()).toEqual(['', 'answers/a.json', evilName].sort());
    // Annotation messages have lines of their own, but untrusted text never starts one,
    // and never brings a line break of its own (it shows escaped, as \n).
    for (const a of run.annotations) {
      for (const line of a.message.split('\n')) expect(line.trimStart()).not.toMatch(/^::|^%0A/);
      expect(a.message).not.toMatch(/[\r\u2028]/);
      expect(a.properties.title ?? '').not.toMatch(/[\r\n]/);
    }
    expect(run.annotations.some((a) => a.message.includes('"x\\n::error file=README.md,line=1::forged"'))).toBe(true);
    // The log lines holding untrusted text sit between stop-commands markers.
    const stop = run.commands.find((c) => c.command === 'stop-commands');
    expect(stop).toBeDefined();
    expect(run.stdout).toContain(`::${stop!.message}::`);
    // The summary holds no live HTML and no Markdown from the records.
    expect(run.summary).not.toMatch(/<img|<script|\*\*bold|\[link\]\(/);
    expect(run.summary).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Rendered as GitHub Flavored Markdown (autolinks on), the only links are citegate's own.
    const html = await marked.parse(run.summary, { gfm: true });
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.filter((href) => !href.startsWith('https://github.com/acme/answers/blob/'))).toEqual([]);
    expect(html).not.toMatch(/<(img|script)/);
    expect(Object.keys(run.outputs).sort()).toEqual([
      'broken',
      'failed',
      'failing-findings',
      'fixed',
      'located',
      'passed',
      'problems',
      'report',
      'sarif',
      'still-failing',
      'total',
    ]);
    expect(run.outputs.total).toBe(String(HOSTILE.length + 1));
    expect(run.code).toBe(1);
  });

  // Found: the command that re-pins a source was escaped as the id is (\u{2028}), so pasted it named
  // another id. Now such an id is written $'…' with \x escapes: still nothing raw, anywhere.
  it('suggests a re-pin command that bash reads back as the id, with no line break or bidi control in any output', async () => {
    const id = "cfg\u2028::error file=README.md::forged\u202e'\\x";
    const root = makeTree({
      'citegate.yml': manifestFor({ [id]: HELP }, ['answers/**/*.json']).replace(sha256(HELP.text), '0'.repeat(64)),
      [HELP.path]: HELP.text,
      'answers/a.json': JSON.stringify([{ citation_id: 'c1', source_id: id, quote: 'Contact support.' }]),
    });
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { report: 'out/report.json', sarif: 'out/report.sarif' },
    });
    expect(run.code).toBe(1);
    const unsafe =
      /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
    const json = readFileSync(path.join(root, 'out/report.json'), 'utf8');
    for (const text of [
      run.stdout,
      run.stderr,
      run.summary,
      json,
      readFileSync(path.join(root, 'out/report.sarif'), 'utf8'),
    ]) {
      expect(text).not.toMatch(unsafe);
    }
    expect(
      run.commands.map((c) => c.command).filter((c) => !['group', 'endgroup', 'stop-commands', 'error'].includes(c)),
    ).toEqual([]);
    expect(run.annotations.filter((a) => a.properties.file === 'README.md')).toEqual([]);
    const command = "citegate pin $'cfg\\xE2\\x80\\xA8::error file=README.md::forged\\xE2\\x80\\xAE\\'\\\\x'";
    const annotation = run.annotations.find((a) => a.message.includes('is unverified'));
    expect(annotation?.message).toContain(`then run \`${command}\` to accept it`);
    // The JSON report reads back as the same command; the summary shows it (as HTML text).
    expect(json).toContain(JSON.stringify(command).slice(1, -1));
    const html = await marked.parse(run.summary, { gfm: true });
    expect(html.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))).toContain(command);
    const pasted = bash(command, { citegate: PRINT_ARGUMENTS });
    expect(argumentsOf(pasted.stdout)).toEqual([Buffer.from('pin'), Buffer.from(id)]);
  });

  // Found in review: @actions/core encodes only what would end a property, so
  // an escape sequence or a bidi override in a file name went out raw in `file=`.
  it("writes no control or bidi character of a file name raw, and puts that file's annotations on the run", async () => {
    const name = 'answers/e\u001b[2J\u001b]0;pwned\u0007x\u202e.json';
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/**/*.json']),
      [HELP.path]: HELP.text,
      [name]: JSON.stringify([{ citation_id: 'c1', source_id: 'help-v1', quote: 'nope' }]),
    });
    const run = await runAction({ workspace: root, event: 'schedule', payload: {} });
    expect(run.stdout + run.stderr).not.toMatch(
      /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
    );
    const onRecord = run.annotations.filter((a) => a.properties.title === 'quote not found: c1');
    expect(onRecord.length).toBe(1);
    for (const a of onRecord) {
      expect(a.properties.file).toBeUndefined();
      expect(a.message).toMatch(/^answers\/e\\u\{001B\}\[2J\\u\{001B\}\]0;pwned\\u\{0007\}x\\u\{202E\}\.json:1: /);
    }
    expect(run.code).toBe(1);
  });
});
