import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { argumentsOf, bash, PRINT_ARGUMENTS } from '../helpers/bash.js';
import { git, gitEnv, initRepo } from '../helpers/git.js';
import { CLI, makeTree, REPO, runCli, sha256 } from '../helpers/workspace.js';

const A = 'Returns are accepted within 30 days.\n';
const B = 'Contact support.\n';
const PDF = Buffer.from('%PDF-1.7 binary \xff\xfe', 'latin1');

function manifest(shaA: string, shaB: string): string {
  return [
    '# Reviewed sources. Keep this comment.',
    'version: 1',
    'sources:',
    '  returns-v1:   # the returns policy',
    '    path: sources/a.txt',
    `    sha256: ${shaA}  # pinned after review`,
    '    retrieved: 2026-11-02',
    '    original:',
    '      path: originals/a.pdf',
    `      sha256: "${'0'.repeat(64)}"`,
    `  help-v1: {path: sources/b.txt, sha256: ${shaB}, retrieved: 2026-11-02}`,
    'citations:',
    '  - answers/*.json',
    '',
  ].join('\n');
}

describe('citegate pin', () => {
  it('writes new hashes in place, keeping comments, quotes and layout, and says what changed', () => {
    const root = makeTree({
      'citegate.yml': manifest('f'.repeat(64), sha256(B)),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    const run = runCli(['pin'], root);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        `returns-v1: ffffffffffff… -> ${sha256(A).slice(0, 12)}…`,
        `returns-v1 original: 000000000000… -> ${sha256(PDF).slice(0, 12)}…`,
        `help-v1: unchanged (${sha256(B).slice(0, 12)}…)`,
        'wrote citegate.yml (2 hashes changed)',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      manifest(sha256(A), sha256(B)).replace(`"${'0'.repeat(64)}"`, `"${sha256(PDF)}"`),
    );
    expect(run.code).toBe(0);
    expect(runCli(['pin'], root).stdout).toMatch(/nothing to change\n$/);
  });

  it('pins only the sources named', () => {
    const root = makeTree({
      'citegate.yml': manifest('f'.repeat(64), 'e'.repeat(64)),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    const run = runCli(['pin', 'help-v1'], root);
    expect(run.stdout).toBe(
      `help-v1: eeeeeeeeeeee… -> ${sha256(B).slice(0, 12)}…\nwrote citegate.yml (1 hash changed)\n`,
    );
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toContain(`sha256: ${'f'.repeat(64)}`);
  });

  // Found by following the README: a placeholder (docs write `9ab0…`) was shown as no pin at all.
  it('tells a sha256 that is no SHA-256 from a missing one in what it reports', () => {
    const text =
      'version: 1\nsources:\n  a-v1:\n    path: sources/a.txt\n    sha256: 9ab0…\n    retrieved: 2026-11-02\n  b-v1:\n    path: sources/b.txt\n    retrieved: 2026-11-02\n  c-v1:\n    path: sources/b.txt\n    sha256:\n    retrieved: 2026-11-02\ncitations:\n  - answers/*.json\n';
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A, 'sources/b.txt': B });
    expect(runCli(['pin'], root)).toEqual({
      code: 0,
      stdout:
        `a-v1: (not a SHA-256) -> ${sha256(A).slice(0, 12)}…\n` +
        `b-v1: (none) -> ${sha256(B).slice(0, 12)}…\n` +
        `c-v1: (none) -> ${sha256(B).slice(0, 12)}…\nwrote citegate.yml (3 hashes changed)\n`,
      stderr: '',
    });
  });

  // Found in review: pinning one source refused because another, not named, had no hash yet.
  it('pins a named source while another still has no hash and no file', () => {
    const text =
      'version: 1\nsources:\n  a-v1:\n    path: sources/a.txt\n    retrieved: 2026-11-02\n  gone-v1:\n    path: sources/gone.txt\n    retrieved: 2026-11-02\ncitations:\n  - answers/*.json\n';
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A });
    const run = runCli(['pin', 'a-v1'], root);
    expect(run).toEqual({
      code: 0,
      stdout: `a-v1: (none) -> ${sha256(A).slice(0, 12)}…\nwrote citegate.yml (1 hash changed)\n`,
      stderr: '',
    });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      text.replace('sources/a.txt\n', `sources/a.txt\n    sha256: ${sha256(A)}\n`),
    );
    // Pinning everything still needs every file.
    expect(runCli(['pin'], root)).toMatchObject({
      code: 2,
      stderr:
        'citegate.yml:8:11: error: gone-v1: sources/gone.txt: no such file\n' +
        'citegate: error: nothing written: a hash could not be pinned\n',
    });
  });

  it('adds a missing sha256 under the path, indented like it, in block and flow mappings', () => {
    const text =
      'version: 1\r\nsources:\r\n  a:\r\n    path: sources/a.txt # text\r\n    retrieved: 2026-11-02\r\n  b: {path: sources/b.txt, retrieved: 2026-11-02}\r\n';
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A, 'sources/b.txt': B });
    expect(runCli(['pin'], root).code).toBe(0);
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      'version: 1\r\nsources:\r\n  a:\r\n    path: sources/a.txt # text\r\n' +
        `    sha256: ${sha256(A)}\r\n` +
        `    retrieved: 2026-11-02\r\n  b: {path: sources/b.txt, sha256: ${sha256(B)}, retrieved: 2026-11-02}\r\n`,
    );
    expect(runCli(['check'], root).stderr).not.toMatch(/sha256/);
  });

  // Found in review: a manifest whose lines end at a lone CR (which check reads)
  // got its new line after the last line, and pin refused, at a line it does not have.
  it('adds a missing sha256 under the path in a manifest whose lines end at a lone CR', () => {
    const text =
      'version: 1\rsources:\r  a:\r    path: sources/a.txt # text\r    retrieved: 2026-11-02\rcitations:\r  - answers/*.json\r';
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A });
    expect(runCli(['pin'], root)).toEqual({
      code: 0,
      stdout: `a: (none) -> ${sha256(A).slice(0, 12)}…\nwrote citegate.yml (1 hash changed)\n`,
      stderr: '',
    });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      text.replace('# text\r', `# text\r    sha256: ${sha256(A)}\r`),
    );
    expect(runCli(['pin', '--check'], root).code).toBe(0);
  });

  // Found in review: a manifest's byte order mark was dropped, a change beyond its hashes.
  it('keeps the byte order mark of a manifest that has one', () => {
    const text = `\ufeffversion: 1\nsources:\n  a:\n    path: sources/a.txt\n    sha256: ${'f'.repeat(64)}\n    retrieved: 2026-11-02\n`;
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A });
    expect(runCli(['pin'], root).code).toBe(0);
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(text.replace('f'.repeat(64), sha256(A)));
  });

  it('fills an empty sha256, a block scalar or an empty flow value', () => {
    const text = [
      'version: 1',
      'sources:',
      '  a:',
      '    path: sources/a.txt',
      '    sha256:',
      '    retrieved: 2026-11-02',
      '  b:',
      '    path: sources/b.txt',
      '    sha256: |',
      '      old',
      '    retrieved: 2026-11-02',
      '  c: {path: sources/a.txt, sha256: , retrieved: 2026-11-02}',
      '',
    ].join('\n');
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A, 'sources/b.txt': B });
    expect(runCli(['pin'], root)).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      [
        'version: 1',
        'sources:',
        '  a:',
        '    path: sources/a.txt',
        `    sha256: ${sha256(A)}`,
        '    retrieved: 2026-11-02',
        '  b:',
        '    path: sources/b.txt',
        `    sha256: ${sha256(B)}`,
        '    retrieved: 2026-11-02',
        `  c: {path: sources/a.txt, sha256: ${sha256(A)}, retrieved: 2026-11-02}`,
        '',
      ].join('\n'),
    );
  });

  // Found in review: the hash was glued to the tag (`!!str7330…`) or to the comment (`7330…# todo`, one plain
  // scalar to YAML), and a list got a second `sha256` key beside it; each ended in an error about text never written.
  it('fills an empty sha256 after a tag or before a comment, and refuses a list in its place', () => {
    const text = [
      'version: 1',
      'sources:',
      '  a:',
      '    path: sources/a.txt',
      '    sha256: # todo',
      '    retrieved: 2026-11-02',
      '  b:',
      '    path: sources/b.txt',
      '    sha256: !!str',
      '    retrieved: 2026-11-02',
      '  c: {path: sources/a.txt, sha256: !!str , retrieved: 2026-11-02}',
      '',
    ].join('\n');
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A, 'sources/b.txt': B });
    expect(runCli(['pin'], root)).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      [
        'version: 1',
        'sources:',
        '  a:',
        '    path: sources/a.txt',
        `    sha256: ${sha256(A)} # todo`,
        '    retrieved: 2026-11-02',
        '  b:',
        '    path: sources/b.txt',
        `    sha256: !!str ${sha256(B)}`,
        '    retrieved: 2026-11-02',
        `  c: {path: sources/a.txt, sha256: !!str ${sha256(A)}, retrieved: 2026-11-02}`,
        '',
      ].join('\n'),
    );
    const list =
      'version: 1\nsources:\n  a:\n    path: sources/a.txt\n    sha256: []\n    retrieved: 2026-11-02\ncitations: []\n';
    writeFileSync(path.join(root, 'citegate.yml'), list);
    expect(runCli(['pin'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate.yml:5:13: error: a: its `sha256` is not a single value (a list or a mapping): write the hash there, or leave it empty\n' +
        'citegate: error: nothing written: a hash could not be pinned\n',
    });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(list);
  });

  // Found in review: a `path` written as an explicit key (`? path`, its value on the
  // next line) got its sha256 at the key's column, not the mapping's, and pin refused
  // with a YAML error at a line the manifest does not have; a block scalar's got it a
  // line too late, and a `sha256` key without a value was called a list or a mapping.
  it('adds a missing sha256 where the YAML nodes say, whatever the style of the keys', () => {
    const text = [
      'version: 1',
      'sources:',
      '  a:',
      '    ? path',
      '    : sources/a.txt',
      '    retrieved: 2026-11-02',
      '  "b":',
      "    'path': sources/b.txt # quoted",
      '    ? sha256',
      '    retrieved: 2026-11-02',
      '    original:',
      '      !!str path: |-',
      '        originals/a.pdf',
      '  ? c',
      '  : ? path',
      '    : sources/a.txt',
      '    original: {? path : originals/a.pdf, sha256}',
      '    retrieved: 2026-11-02',
      '  d: {"path": sources/b.txt, ? sha256, retrieved: 2026-11-02}',
      '  e:',
      '    retrieved: 2026-11-02',
      '    path: >-',
      '      sources/a.txt',
      '',
    ].join('\n');
    const root = makeTree({
      'citegate.yml': text,
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
      'answers/a.json': JSON.stringify([{ citation_id: 'c1', source_id: 'c', quote: 'within 30 days' }]),
    });
    expect(runCli(['pin'], root)).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(
      [
        'version: 1',
        'sources:',
        '  a:',
        '    ? path',
        '    : sources/a.txt',
        `    sha256: ${sha256(A)}`,
        '    retrieved: 2026-11-02',
        '  "b":',
        "    'path': sources/b.txt # quoted",
        '    ? sha256',
        `    : ${sha256(B)}`,
        '    retrieved: 2026-11-02',
        '    original:',
        '      !!str path: |-',
        '        originals/a.pdf',
        `      sha256: ${sha256(PDF)}`,
        '  ? c',
        '  : ? path',
        '    : sources/a.txt',
        `    sha256: ${sha256(A)}`,
        `    original: {? path : originals/a.pdf, sha256: ${sha256(PDF)}}`,
        '    retrieved: 2026-11-02',
        `  d: {"path": sources/b.txt, ? sha256: ${sha256(B)}, retrieved: 2026-11-02}`,
        '  e:',
        '    retrieved: 2026-11-02',
        '    path: >-',
        '      sources/a.txt',
        `    sha256: ${sha256(A)}`,
        '',
      ].join('\n'),
    );
    // check reads the explicit keys as pin does.
    expect(runCli(['check', 'answers/a.json'], root)).toMatchObject({ code: 0, stderr: '' });
    expect(runCli(['pin', '--check'], root)).toMatchObject({
      code: 0,
      stdout: '7 pins checked: each matches its file\n',
    });
  });

  // Found in review: two sources that are one mapping (`b: *a`) got two edits at one
  // place, and the second, made in text the first had changed, cut the manifest.
  it('writes one hash for two sources whose entry is one mapping', () => {
    const text = [
      'version: 1',
      'sources:',
      '  a: &a',
      '    path: sources/a.txt',
      `    sha256: ${'f'.repeat(63)}`,
      '    retrieved: 2026-11-02',
      '  b: *a',
      '',
    ].join('\n');
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A });
    expect(runCli(['pin', 'b'], root)).toEqual({
      code: 0,
      stdout: `b: (not a SHA-256) -> ${sha256(A).slice(0, 12)}…\nwrote citegate.yml (1 hash changed)\n`,
      stderr: '',
    });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(text.replace('f'.repeat(63), sha256(A)));
    writeFileSync(path.join(root, 'citegate.yml'), text.replace('f'.repeat(63), 'f'.repeat(64)));
    expect(runCli(['pin'], root)).toMatchObject({ code: 0, stdout: expect.stringMatching(/\(1 hash changed\)\n$/) });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(text.replace('f'.repeat(63), sha256(A)));
  });

  it('refuses to rewrite a sha256 that is an alias or an anchor, since other values share it', () => {
    const text = [
      'version: 1',
      'sources:',
      `  a: {path: sources/a.txt, sha256: &h ${'f'.repeat(64)}, retrieved: 2026-11-02}`,
      '  b: {path: sources/b.txt, sha256: *h, retrieved: 2026-11-02}',
      '',
    ].join('\n');
    const root = makeTree({ 'citegate.yml': text, 'sources/a.txt': A, 'sources/b.txt': B });
    expect(runCli(['pin'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate.yml:3:39: error: a: its `sha256` carries an anchor (&h) that other values may share: remove the anchor\n' +
        'citegate.yml:4:36: error: b: its `sha256` is an alias (*h): write the hash itself there\n' +
        'citegate: error: nothing written: 2 hashes could not be pinned\n',
    });
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(text);
  });

  it('writes nothing when any file cannot be hashed, and exits 2', () => {
    const original = manifest('f'.repeat(64), 'e'.repeat(64));
    const root = makeTree({ 'citegate.yml': original, 'sources/a.txt': A, 'originals/a.pdf': PDF });
    const run = runCli(['pin'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'citegate.yml:11:19: error: help-v1: sources/b.txt: no such file\n' +
        'citegate: error: nothing written: a hash could not be pinned\n',
    );
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).toBe(original);
  });

  it('refuses an unknown source id, a source outside the workspace, and a source that is not UTF-8', () => {
    const root = makeTree({
      'citegate.yml': manifest('f'.repeat(64), 'e'.repeat(64)),
      'sources/a.txt': Buffer.from([0xff]),
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    expect(runCli(['pin', 'nope-v1'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'citegate: error: no source "nope-v1" in citegate.yml; see citegate pin --help\n',
    });
    expect(runCli(['pin', 'returns-v1'], root).stderr).toBe(
      'citegate.yml:5:11: error: returns-v1: sources/a.txt: not valid UTF-8: a source must be UTF-8 text\n' +
        'citegate: error: nothing written: a hash could not be pinned\n',
    );
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifest('f'.repeat(64), 'e'.repeat(64)).replace('sources/b.txt', '../b.txt'),
    );
    expect(runCli(['pin', 'help-v1'], root).stderr).toBe(
      'citegate.yml:11:19: error: help-v1: ../b.txt: the path leads outside the workspace\n' +
        'citegate: error: nothing written: a hash could not be pinned\n',
    );
  });
});

// Found in review: pin wrote the manifest's name (after links) and the reason
// it could not replace it raw, so a folder or file name could put control
// characters, and a line the CI runner reads as a command, in its output.
describe('citegate pin and hostile names', () => {
  const HOSTILE = 'd\u001b]0;t\u0007\n\u0085::error file=README.md::pwn';
  const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|\n\s*::/u;

  it('escapes the name of a manifest reached through a linked folder when it says what it wrote', () => {
    const root = makeTree({
      [`${HOSTILE}/citegate.yml`]: manifest('f'.repeat(64), sha256(B)),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    // The manifest's paths are relative to its real folder: give that folder the sources too.
    for (const [name, text] of [
      ['sources/a.txt', A],
      ['sources/b.txt', B],
      ['originals/a.pdf', PDF],
    ] as const) {
      mkdirSync(path.dirname(path.join(root, HOSTILE, name)), { recursive: true });
      writeFileSync(path.join(root, HOSTILE, name), text);
    }
    symlinkSync(HOSTILE, path.join(root, 'cfg'));
    const run = runCli(['pin', '--manifest', 'cfg/citegate.yml'], root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'wrote d\\u{001B}]0;t\\u{0007}\\n\\u{0085}::error file=README.md::pwn/citegate.yml (2 hashes changed)',
    );
    expect(run.stdout + run.stderr).not.toMatch(raw);
  });

  it('escapes the name in the reason it cannot replace the manifest', () => {
    // A name so long that the temporary file's name beside it is too long for the file system.
    const name = `m\u001b[2J\n\u0085::warning::x${'x'.repeat(230)}.yml`;
    const root = makeTree({
      [name]: manifest('f'.repeat(64), sha256(B)),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    symlinkSync(name, path.join(root, 'citegate.yml'));
    const run = runCli(['pin'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^citegate: error: nothing written: cannot replace m\\u\{001B\}\[2J\\n\\u\{0085\}::warning::x+\.yml: /u,
    );
    expect(run.stdout + run.stderr).not.toMatch(raw);
  });
});

describe('citegate pin --check', () => {
  /** The manifest above, pinned right: returns-v1 (and its original) and help-v1, which no record cites. */
  function pinned() {
    return makeTree({
      'citegate.yml': manifest(sha256(A), sha256(B)).replace(`"${'0'.repeat(64)}"`, `"${sha256(PDF)}"`),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
  }
  const text = (root: string) => readFileSync(path.join(root, 'citegate.yml'), 'utf8');
  /** A manifest of sources by their keys as YAML writes them, each at sources/I.txt, none pinned right. */
  const unpinned = (keys: readonly string[]) =>
    [
      'version: 1',
      'sources:',
      ...keys.flatMap((key, i) => [
        `  ${key}:`,
        `    path: sources/${i}.txt`,
        `    sha256: ${'0'.repeat(64)}`,
        '    retrieved: 2026-11-02',
      ]),
      'citations:',
      '  - answers/*.json',
      '',
    ].join('\n');
  /** The command a message suggests. */
  const suggested = (out: string) => /then run `(citegate pin[^`]*)`/.exec(out)?.[1];

  it('passes when every pin matches its file, and writes nothing', () => {
    const root = pinned();
    const before = text(root);
    expect(runCli(['pin', '--check'], root)).toEqual({
      code: 0,
      stdout: '3 pins checked: each matches its file\n',
      stderr: '',
    });
    expect(text(root)).toBe(before);
  });

  it('prints each stale pin with both hashes at its manifest line, sources and originals, cited or not', () => {
    const root = pinned();
    const before = text(root);
    const B2 = 'Contact support by mail.\n';
    const PDF2 = Buffer.concat([PDF, Buffer.from('\n')]);
    writeFileSync(path.join(root, 'sources/b.txt'), B2);
    writeFileSync(path.join(root, 'originals/a.pdf'), PDF2);
    expect(runCli(['pin', '--check'], root)).toEqual({
      code: 1,
      stdout:
        `citegate.yml:10:15: error: returns-v1 original: stale pin: the manifest has ${sha256(PDF)}, originals/a.pdf has ${sha256(PDF2)}\n` +
        `citegate.yml:11:42: error: help-v1: stale pin: the manifest has ${sha256(B)}, sources/b.txt has ${sha256(B2)}\n` +
        '2 of 3 pins stale: review the new text, then run `citegate pin returns-v1 help-v1`\n',
      stderr: '',
    });
    expect(text(root)).toBe(before);
    // Only the sources named are checked.
    expect(runCli(['pin', '--check', 'help-v1'], root).stdout).toBe(
      `citegate.yml:11:42: error: help-v1: stale pin: the manifest has ${sha256(B)}, sources/b.txt has ${sha256(B2)}\n` +
        '1 of 1 pin stale: review the new text, then run `citegate pin help-v1`\n',
    );
    // Pinned again, every pin holds.
    expect(runCli(['pin'], root).code).toBe(0);
    expect(runCli(['pin', '--check'], root)).toMatchObject({ code: 0, stderr: '' });
  });

  it('names ids in the command it suggests as a shell reads them back, which then re-pins them', () => {
    // Ids come from the manifest: one that starts with "-" or holds a space or a quote must still be one word.
    const ids = ['-odd id', "it's"];
    const root = makeTree({
      'citegate.yml': unpinned(ids.map((id) => JSON.stringify(id))),
      'sources/0.txt': A,
      'sources/1.txt': B,
      'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: ids[1], quote: 'Contact support.' }]),
    });
    const fromPin = suggested(runCli(['pin', '--check'], root).stdout);
    expect(fromPin).toBe("citegate pin -- '-odd id' 'it'\\''s'");
    const fromCheck = suggested(runCli(['check'], root).stderr);
    expect(fromCheck).toBe("citegate pin 'it'\\''s'");
    // Run as a shell runs it, with `citegate` the bundle: the one check fails on re-pins that source alone.
    const shell = (command: string) =>
      spawnSync('sh', ['-c', `citegate() { "${process.execPath}" "${CLI}" "$@"; }; ${command}`], {
        cwd: root,
        encoding: 'utf8',
      });
    expect(shell(fromCheck!).status).toBe(0);
    expect(runCli(['check'], root).code).toBe(0);
    expect(runCli(['pin', '--check'], root).code).toBe(1);
    expect(shell(fromPin!).status).toBe(0);
    expect(runCli(['pin', '--check'], root)).toMatchObject({ code: 0, stderr: '' });
  });

  // Found: an id holding a line separator or a bidi control is shown escaped, as \u{2028}, and
  // so was the command: pasted, it named another id. Now such an id is written $'…', with \x escapes.
  describe('with ids that no output shows raw', () => {
    // As the manifest's YAML writes them (double-quoted, \u escapes), and as they are. (It refuses
    // C0 and C1 controls in an id.)
    const IDS: [string, string][] = [
      ['sep\\u2028a', 'sep\u2028a'],
      ["-rlo\\u202Eq'\\\\", "-rlo\u202eq'\\"],
      ['para\\u2029mark\\u061C\\u2066x', 'para\u2029mark\u061c\u2066x'],
    ];
    const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
    const workspace = (ids: readonly (readonly [string, string])[]) =>
      makeTree({
        'citegate.yml': unpinned(ids.map(([yaml]) => `"${yaml}"`)),
        ...Object.fromEntries(ids.map((_, i) => [`sources/${i}.txt`, B])),
        'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: ids[0][1], quote: 'Contact support.' }]),
      });

    it('suggests a command that passes bash each id, byte for byte, and holds no such character', () => {
      const root = workspace(IDS);
      const checked = runCli(['pin', '--check'], root);
      expect(checked.code).toBe(1);
      const fromPin = suggested(checked.stdout)!;
      expect(fromPin).toBe(
        "citegate pin -- $'sep\\xE2\\x80\\xA8'$'a' $'-rlo\\xE2\\x80\\xAEq\\'\\\\' $'para\\xE2\\x80\\xA9mark\\xD8\\x9C\\xE2\\x81\\xA6x'",
      );
      const fromCheck = suggested(runCli(['check'], root).stderr)!;
      expect(fromCheck).toBe("citegate pin $'sep\\xE2\\x80\\xA8'$'a'");
      for (const out of [checked.stdout, checked.stderr, runCli(['check', '--format', 'json'], root).stdout]) {
        expect(out).not.toMatch(UNSAFE);
      }
      const words = (command: string) => {
        const run = bash(command, { cwd: root, citegate: PRINT_ARGUMENTS });
        expect(run.status).toBe(0);
        return argumentsOf(run.stdout).map((word) => word.toString('utf8'));
      };
      expect(words(fromPin)).toEqual(['pin', '--', ...IDS.map(([, id]) => id)]);
      expect(words(fromCheck)).toEqual(['pin', IDS[0][1]]);
      // The bundle itself: the one check fails on re-pins that source alone, then the rest.
      expect(bash(fromCheck, { cwd: root }).status).toBe(0);
      expect(runCli(['check'], root).code).toBe(0);
      expect(runCli(['pin', '--check'], root).code).toBe(1);
      expect(bash(fromPin, { cwd: root }).status).toBe(0);
      expect(runCli(['pin', '--check'], root)).toMatchObject({ code: 0, stderr: '' });
    });

    // Found: the manifest took such an id, which no record could cite (`invalid fields`) and no command
    // line could name; the suggested command was then `citegate pin`, every source. Now the manifest
    // refuses it, at its place, as it does control characters.
    it('refuses an id that holds a lone surrogate, which no command line can name, and writes nothing', () => {
      const root = workspace([...IDS, ['lone\\uD800', 'lone\ud800']]);
      const before = text(root);
      for (const args of [['pin', '--check'], ['pin'], ['check']]) {
        const run = runCli(args, root);
        expect([args, run.code]).toEqual([args, 2]);
        expect(run.stderr).toBe(
          'citegate.yml:15:3: error: a source id must not hold a lone UTF-16 surrogate (half of a character, which only an escape such as "\\uD800" writes): no record can cite it, and no command line can name it\n',
        );
      }
      expect(text(root)).toBe(before);
    });
  });

  // Found in review: every output writes the [ of ##[ (a runner's older workflow command) as
  // \u{005B}, and so it wrote the command: pasted, it named another id.
  it('suggests a command with no ##[ that names an id holding one', () => {
    const id = 'a##[add-mask]b';
    const root = makeTree({
      'citegate.yml': unpinned([JSON.stringify(id)]),
      'sources/0.txt': B,
      'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: id, quote: 'Contact support.' }]),
    });
    const checked = runCli(['pin', '--check'], root);
    expect(checked.stdout).toContain('a##\\u{005B}add-mask]b: stale pin');
    const fromPin = suggested(checked.stdout)!;
    const fromCheck = suggested(runCli(['check'], root).stderr)!;
    expect(fromPin).toBe("citegate pin 'a#''#[add-mask]b'");
    expect(fromCheck).toBe(fromPin);
    const run = bash(fromPin, { cwd: root, citegate: PRINT_ARGUMENTS });
    expect(argumentsOf(run.stdout).map((word) => word.toString('utf8'))).toEqual(['pin', id]);
    expect(bash(fromPin, { cwd: root }).status).toBe(0);
    expect(runCli(['pin', '--check'], root)).toMatchObject({ code: 0, stderr: '' });
  });

  it('counts a missing or malformed sha256 as not pinned', () => {
    const root = makeTree({
      'citegate.yml': manifest('nothex', sha256(B)).replace(`      sha256: "${'0'.repeat(64)}"\n`, ''),
      'sources/a.txt': A,
      'sources/b.txt': B,
      'originals/a.pdf': PDF,
    });
    expect(runCli(['pin', '--check'], root)).toEqual({
      code: 1,
      stdout:
        `citegate.yml:6:13: error: returns-v1: not pinned: its sha256 is not 64 hexadecimal digits, sources/a.txt has ${sha256(A)}\n` +
        `citegate.yml:9:13: error: returns-v1 original: not pinned: the manifest has no sha256, originals/a.pdf has ${sha256(PDF)}\n` +
        '2 of 3 pins stale: review the new text, then run `citegate pin returns-v1`\n',
      stderr: '',
    });
  });

  it('exits 2 when a file cannot be read, after saying what it could check', () => {
    const root = pinned();
    rmSync(path.join(root, 'originals/a.pdf'));
    writeFileSync(path.join(root, 'sources/b.txt'), 'changed\n');
    expect(runCli(['pin', '--check'], root)).toEqual({
      code: 2,
      stdout:
        `citegate.yml:11:42: error: help-v1: stale pin: the manifest has ${sha256(B)}, sources/b.txt has ${sha256('changed\n')}\n` +
        '1 of 3 pins stale, 1 of 3 pins could not be checked (see standard error): review the new text, then run `citegate pin help-v1`\n',
      stderr: 'citegate.yml:9:13: error: returns-v1 original: originals/a.pdf: no such file\n',
    });
  });

  it('is the pre-commit hook docs/cli.md shows: it refuses a commit with a stale pin', () => {
    const docs = readFileSync(path.join(REPO, 'docs/cli.md'), 'utf8');
    const hook = /### A pre-commit hook\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(hook).toMatch(/^#!\/bin\/sh\n/);
    const root = pinned();
    initRepo(root);
    // `citegate` on the PATH, as after an install: the bundle.
    const bin = makeTree({});
    writeFileSync(path.join(bin, 'citegate'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
    writeFileSync(path.join(root, '.git/hooks/pre-commit'), hook!, { mode: 0o755 });
    const commit = () =>
      spawnSync('git', ['commit', '-q', '-am', 'change'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...gitEnv(root), PATH: `${bin}:${process.env.PATH}` },
      });
    writeFileSync(path.join(root, 'sources/b.txt'), 'Contact support by mail.\n');
    const refused = commit();
    expect(refused.status).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain('help-v1: stale pin');
    expect(git(root, 'status', '--porcelain')).toBe(' M sources/b.txt');
    expect(runCli(['pin'], root).code).toBe(0);
    expect(commit().status).toBe(0);
  });
});
