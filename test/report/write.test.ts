// Reports are written inside real temp folders, some holding links a pull
// request could have planted.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../../src/load/workspace.js';
import { assertWritable, WriteError, writeChunks } from '../../src/report/write.js';
import { makeTree } from '../helpers/workspace.js';

function layout() {
  const root = makeTree({ 'answers/a.json': '[]' });
  const outside = makeTree({ 'victim.txt': 'precious' });
  return { root, outside, workspace: new Workspace(root) };
}

test('writes, replaces and appends a plain file, creating folders when asked', () => {
  const { root, workspace } = layout();
  const file = path.join(root, 'out/deep/report.json');
  writeChunks(file, ['{', '}'], { createFolder: true, workspace });
  expect(readFileSync(file, 'utf8')).toBe('{}');
  writeChunks(file, ['new'], { workspace });
  expect(readFileSync(file, 'utf8')).toBe('new');
  writeChunks(file, [' more'], { append: true });
  expect(readFileSync(file, 'utf8')).toBe('new more');
});

test("never writes through a link at the report's name", () => {
  const { root, outside, workspace } = layout();
  const file = path.join(root, 'citegate-report.json');
  symlinkSync(path.join(outside, 'victim.txt'), file);
  const message = `cannot write ${file}: it is a link: reports are never written through links`;
  expect(() => writeChunks(file, ['{}'], { createFolder: true, workspace })).toThrow(
    new WriteError(file, 'it is a link: reports are never written through links'),
  );
  expect(() => writeChunks(file, ['{}'])).toThrow(message);
  expect(readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('precious');
});

test('a folder link out of the workspace is refused before any folder is made', () => {
  const { root, outside, workspace } = layout();
  mkdirSync(path.join(outside, 'victim-dir'));
  symlinkSync(path.join(outside, 'victim-dir'), path.join(root, 'reports'));
  const sarif = path.join(root, 'reports/x.sarif');
  // Said once: found in review doubled ("cannot write x: cannot write x: …").
  expect(() => writeChunks(sarif, ['{}'], { createFolder: true, workspace })).toThrow(
    new Error(`cannot write ${sarif}: its folder is a link that leads outside the workspace`),
  );
  expect(() => writeChunks(path.join(root, 'reports/new/x.sarif'), ['{}'], { createFolder: true, workspace })).toThrow(
    /leads outside the workspace/,
  );
  expect(existsSync(path.join(outside, 'victim-dir/x.sarif'))).toBe(false);
  expect(existsSync(path.join(outside, 'victim-dir/new'))).toBe(false);
});

// Found in review: the folder was checked with `..` taken out, and the path
// opened as given, so the system applied `..` after following the link.
test('`..` after a linked folder is taken out before the link is followed, as it was checked', () => {
  const { root, outside, workspace } = layout();
  mkdirSync(path.join(outside, 'deep'));
  symlinkSync(path.join(outside, 'deep'), path.join(root, 'reports'));
  const file = `${root}/reports/../report.txt`; // not path.join, which would take `..` out itself
  writeChunks(file, ['ok'], { workspace });
  expect(readFileSync(path.join(root, 'report.txt'), 'utf8')).toBe('ok');
  expect(existsSync(path.join(outside, 'report.txt'))).toBe(false);
});

test('checks before the run what it writes at: `..` after a linked folder, relative or not, and a name ending in a separator refused', () => {
  const { root, outside } = layout();
  mkdirSync(path.join(outside, 'deep'));
  mkdirSync(path.join(outside, 'r2'));
  symlinkSync(path.join(outside, 'deep'), path.join(root, 'reports'));
  const cwd = process.cwd();
  process.chdir(root);
  try {
    // Beside the link's target is a folder `r2`; in the workspace there is none: writable.
    expect(() => assertWritable('reports/../r2')).not.toThrow();
    writeChunks('reports/../r2', ['ok'], { workspace: new Workspace(root), createFolder: true });
    expect(readFileSync(path.join(root, 'r2'), 'utf8')).toBe('ok');
    expect(() => assertWritable('out.json/')).toThrow(
      'cannot write out.json/: the name ends in /, so it names a folder, not a file (write it without the /)',
    );
    expect(() => writeChunks('out.json/', ['x'])).toThrow(/names a folder/);
    // Found in review: path.resolve drops `/.` as it does `/`.
    expect(() => writeChunks('out.json/.', ['x'])).toThrow(
      'cannot write out.json/.: the name ends in /., so it names a folder, not a file (write it without the /.)',
    );
    expect(existsSync(path.join(root, 'out.json'))).toBe(false);
  } finally {
    process.chdir(cwd);
  }
});

test('the same holds when the workspace was named through a link to it (--root /link)', () => {
  const { root, outside } = layout();
  const alias = path.join(makeTree({}), 'ws');
  symlinkSync(root, alias);
  symlinkSync(outside, path.join(root, 'out'));
  const workspace = new Workspace(alias);
  expect(() => writeChunks(path.join(alias, 'out/r.json'), ['{}'], { workspace })).toThrow(
    /its folder is a link that leads outside the workspace/,
  );
  expect(existsSync(path.join(outside, 'r.json'))).toBe(false);
});

test('a report that fails to be made is not called a write error', () => {
  const { root, workspace } = layout();
  function* broken(): Generator<string> {
    yield '{';
    throw new TypeError('a bug');
  }
  expect(() => writeChunks(path.join(root, 'r.json'), broken(), { workspace })).toThrow(TypeError);
});

test('a folder link that stays inside the workspace is fine', () => {
  const { root, workspace } = layout();
  mkdirSync(path.join(root, 'real'));
  symlinkSync('real', path.join(root, 'alias'));
  writeChunks(path.join(root, 'alias/x.json'), ['ok'], { workspace });
  expect(readFileSync(path.join(root, 'real/x.json'), 'utf8')).toBe('ok');
});

test("a FIFO at the report's name is refused, not waited on", () => {
  const { root, workspace } = layout();
  const fifo = path.join(root, 'report.json');
  execFileSync('mkfifo', [fifo]);
  expect(() => writeChunks(fifo, ['{}'], { workspace })).toThrow(/not a regular file/);
});
