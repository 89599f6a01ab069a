// citegate init, through the bundle: it writes a manifest of a folder of
// source texts and an example that passes, and writes over nothing.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bash } from '../helpers/bash.js';
import { makeTree, runCli, sha256 } from '../helpers/workspace.js';

const RETURNS = 'Returns policy\n\nReturns are accepted within 30 days of delivery.\nA receipt is required.\n';
const HELP = 'Help\n\nContact support by mail.\n';
const PDF = Buffer.from('%PDF-1.7 \xff\xfe\x00', 'latin1');

/** Today as init writes it, read before and after a run: a run across midnight gives either. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function repository(): string {
  return makeTree({
    'sources/returns-v1.txt': RETURNS,
    'sources/policies/help-v1.md': HELP,
    'sources/manual.pdf': PDF,
    'sources/.notes.txt': 'not a source\n',
    'README.md': '# answers\n',
  });
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

describe('citegate init', () => {
  it('writes a pinned manifest of the folder and an example that passes, then the next steps', () => {
    const root = repository();
    const before = today();
    const run = runCli(['init'], root);
    const after = today();
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'sources/manual.pdf: warning: not listed: it is not UTF-8 text (a PDF or a document? list its extracted text as the source, and it as its `original`)\n',
    );
    const manifest = read(root, 'citegate.yml');
    const date = manifest.includes(`retrieved: ${before}`) ? before : after;
    expect(manifest.split('\n').filter((l) => !l.startsWith('#'))).toEqual([
      'version: 1',
      'sources:',
      '  policies/help-v1:',
      '    path: sources/policies/help-v1.md',
      `    sha256: ${sha256(HELP)}`,
      `    retrieved: ${date}`,
      '  returns-v1:',
      '    path: sources/returns-v1.txt',
      `    sha256: ${sha256(RETURNS)}`,
      `    retrieved: ${date}`,
      'citations:',
      '  - answers/**/*.{json,jsonl,yaml,yml}   # JSON, JSON Lines and YAML',
      '',
    ]);
    expect(JSON.parse(read(root, 'answers/example.json'))).toEqual({
      citations: [
        {
          citation_id: 'example-1',
          source_id: 'policies/help-v1',
          quote: 'Contact support by mail.',
        },
      ],
    });
    expect(run.stdout.split('\n').slice(0, 4)).toEqual([
      `wrote citegate.yml: 2 sources from sources/, each pinned to the SHA-256 of its file, retrieved ${date}`,
      'wrote answers/example.json: one record, quoting policies/help-v1',
      '',
      'Next:',
    ]);
    expect(run.stdout).toContain('  2. citegate check\n');
    // What it wrote passes, and every pin holds.
    expect(runCli(['check'], root)).toEqual({ code: 0, stdout: 'example-1: located\nlocated=1/1\n', stderr: '' });
    expect(runCli(['pin', '--check'], root)).toMatchObject({ code: 0, stderr: '' });
    // Answers in every format the next steps name are checked: one that is wrong fails the run.
    writeFileSync(
      path.join(root, 'answers/more.jsonl'),
      '{"citation_id": "l-1", "source_id": "returns-v1", "quote": "A receipt is required."}\n',
    );
    writeFileSync(
      path.join(root, 'answers/more.yaml'),
      'citations:\n  - citation_id: y-1\n    source_id: returns-v1\n    quote: A receipt is not required.\n',
    );
    writeFileSync(
      path.join(root, 'answers/more.yml'),
      'citations:\n  - citation_id: y-2\n    source_id: returns-v1\n    quote: Returns are accepted\n',
    );
    expect(runCli(['check'], root)).toEqual({
      code: 1,
      stdout:
        'answers/example.json:3: example-1: located\n' +
        'answers/more.jsonl:1: l-1: located\n' +
        'answers/more.yaml:2: y-1: quote not found\n' +
        'answers/more.yml:2: y-2: located\n' +
        'located=3/4\n',
      stderr: '',
    });
  });

  it('takes the folder from --sources and the repository from --root, and says so in the next steps', () => {
    const top = makeTree({ 'repo/texts/returns-v1.txt': RETURNS });
    const run = runCli(['init', '--root', 'repo', '--sources', 'repo/texts'], top);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(
      /^wrote citegate\.yml: 1 source from texts\/, pinned to the SHA-256 of its file, retrieved /,
    );
    expect(run.stdout).toContain('  2. citegate check --root repo\n');
    expect(read(path.join(top, 'repo'), 'citegate.yml')).toContain('    path: texts/returns-v1.txt\n');
    expect(runCli(['check', '--root', 'repo', '--manifest', 'repo/citegate.yml'], top)).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  // Found: a root holding a line break or U+2028 was shown escaped (\n, \u{2028}) in single quotes,
  // so the next steps named another folder. Now it is $'…' with escapes bash reads back.
  it('writes the --root of the next steps as bash reads it back, nothing raw', () => {
    const top = makeTree({ 'repo\n\u2028x/sources/returns-v1.txt': RETURNS });
    const run = runCli(['init', '--root', 'repo\n\u2028x'], top);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u2028]|repo\n/u);
    const step = /^ {2}2\. (citegate check --root .*)$/mu.exec(run.stdout)?.[1];
    expect(step).toBe("citegate check --root $'repo\\n\\xE2\\x80\\xA8x'");
    const pasted = bash(step!, { cwd: top });
    expect(pasted.stdout.toString('utf8')).toBe('example-1: located\nlocated=1/1\n');
    expect(pasted.status).toBe(0);
  });

  it.each([['citegate.yml'], ['answers/example.json']])('writes nothing when %s is there already', (file) => {
    const root = repository();
    writeFileSync(path.join(root, 'README.md'), '# answers\n');
    mkdirSync(path.join(root, 'answers'), { recursive: true });
    writeFileSync(path.join(root, file), 'mine\n');
    expect(runCli(['init'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `${file}: error: it is there already, and init writes over nothing\n` +
        'citegate: error: nothing written: move it away to start afresh, or edit it by hand\n',
    });
    expect(read(root, file)).toBe('mine\n');
    const other = file === 'citegate.yml' ? 'answers/example.json' : 'citegate.yml';
    expect(existsSync(path.join(root, other))).toBe(false);
  });

  it('writes nothing over a link either, nor through a folder that leads out of the repository', () => {
    const root = repository();
    symlinkSync('nowhere.yml', path.join(root, 'citegate.yml'));
    expect(runCli(['init'], root)).toMatchObject({ code: 2, stdout: '' });
    expect(existsSync(path.join(root, 'answers'))).toBe(false);

    const outside = makeTree({});
    const other = repository();
    symlinkSync(outside, path.join(other, 'answers'));
    expect(runCli(['init'], other)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sources/manual.pdf: warning: not listed: it is not UTF-8 text (a PDF or a document? list its extracted text as the source, and it as its `original`)\n' +
        'citegate: error: nothing written: answers: the path is a link that leads outside the workspace\n',
    });
    expect(existsSync(path.join(other, 'citegate.yml'))).toBe(false);
    expect(existsSync(path.join(outside, 'example.json'))).toBe(false);
  });

  it('writes nothing without a text to list, or a passage to quote', () => {
    const none = makeTree({ 'README.md': '# x\n' });
    expect(runCli(['init'], none)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate: error: no folder sources/ to list the sources from: put the reviewed texts there, or name their folder with --sources\n',
    });
    expect(runCli(['init', '--sources', 'texts'], none)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'texts/: error: cannot list the sources: no such folder\n',
    });
    const empty = makeTree({ 'sources/manual.pdf': PDF });
    expect(runCli(['init'], empty).stderr).toContain(
      'citegate: error: nothing written: sources/ holds no source text (UTF-8 files): put the reviewed texts there\n',
    );
    const repeated = makeTree({ 'sources/a.txt': 'Same.\nSame.\n' });
    expect(runCli(['init'], repeated)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate: error: nothing written: no text under sources/ has a line or sentence that occurs exactly once in it, for the example to quote\n',
    });
    for (const root of [none, empty, repeated]) expect(existsSync(path.join(root, 'citegate.yml'))).toBe(false);
  });

  it('quotes a long line by its first sentence, and keeps ids apart that would be one', () => {
    const long = `${'Intro words here, and more. '.repeat(20)}The one sentence that occurs once in this source.`;
    const root = makeTree({ 'sources/a.txt': long, 'sources/a.md': 'Other words here, once only.\n' });
    expect(runCli(['init'], root).code).toBe(0);
    const manifest = read(root, 'citegate.yml');
    expect(manifest).toContain('  a.md:\n    path: sources/a.md\n');
    expect(manifest).toContain('  a.txt:\n    path: sources/a.txt\n');
    expect(JSON.parse(read(root, 'answers/example.json')).citations[0]).toMatchObject({ source_id: 'a.md' });
    expect(runCli(['check'], root)).toMatchObject({ code: 0, stderr: '' });
    // Ids and paths YAML would read as something else are quoted.
    const odd = makeTree({
      'sources/2024.txt': 'The report of the year, in one line.\n',
      'sources/true.txt': 'A text named true.\n',
      'sources/with space #1.txt': 'A text with a space in its name.\n',
    });
    expect(runCli(['init'], odd).code).toBe(0);
    expect(read(odd, 'citegate.yml')).toContain(
      `  "2024":\n    path: sources/2024.txt\n    sha256: ${sha256('The report of the year, in one line.\n')}\n`,
    );
    expect(read(odd, 'citegate.yml')).toContain('  "true":\n');
    expect(read(odd, 'citegate.yml')).toContain('  "with space #1":\n    path: "sources/with space #1.txt"\n');
    expect(runCli(['pin', '--check'], odd)).toMatchObject({
      code: 0,
      stdout: '3 pins checked: each matches its file\n',
    });
    const only = makeTree({ 'sources/a.txt': long });
    expect(runCli(['init'], only).code).toBe(0);
    expect(JSON.parse(read(only, 'answers/example.json')).citations[0].quote).toBe(
      'The one sentence that occurs once in this source.',
    );
  });
});
