import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../../src/load/workspace.js';
import { makeTree } from '../helpers/workspace.js';

describe('Workspace', () => {
  const outside = makeTree({ 'secret.txt': 'secret' });
  const root = makeTree({ 'sources/a.txt': 'hello', 'sub/b.txt': 'b' });
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'sources/out.txt'));
  symlinkSync(path.join(root, 'sub/b.txt'), path.join(root, 'sources/in.txt'));
  symlinkSync('/dev/zero', path.join(root, 'sources/zero.txt'));
  symlinkSync(outside, path.join(root, 'outdir'));
  mkdirSync(path.join(root, 'sources/folder.txt'));
  execFileSync('mkfifo', [path.join(root, 'sources/fifo.txt')]);
  writeFileSync(path.join(root, 'sources/big.txt'), 'x'.repeat(1000));
  // What a name holding a lone surrogate would be read as: U+FFFD in its place.
  writeFileSync(path.join(root, 'sources/a\ufffd.txt'), 'other');
  const ws = new Workspace(root);

  const read = (p: string, max = 1 << 20) => {
    const resolved = ws.resolve('', p);
    if (!resolved.ok) return `refused: ${resolved.reason}`;
    const result = ws.read(resolved.abs, max);
    return result.ok ? `read ${result.bytes.length} bytes` : `unread: ${result.reason}`;
  };

  it('holds folders whose names merely start with two dots', () => {
    expect(ws.contains(path.join(ws.root, '..drafts', 'a.json'))).toBe(true);
    expect(ws.contains(path.join(ws.root, '..'))).toBe(false);
    expect(ws.contains(path.join(ws.root, '..', 'x'))).toBe(false);
    expect(ws.contains(`${path.dirname(ws.root) + path.sep + path.basename(ws.root)}x`)).toBe(false);
  });

  it('allows a backslash in the name of an existing file, never in a path the manifest writes', () => {
    writeFileSync(path.join(root, 'sub/back\\slash.txt'), 'b');
    expect(ws.resolve('', 'sub/back\\slash.txt')).toEqual({
      ok: false,
      reason: 'the path holds a backslash: use / to separate folders',
    });
    expect(ws.resolve('', 'sub/back\\slash.txt', 'file name')).toMatchObject({ ok: true, rel: 'sub/back\\slash.txt' });
  });

  it.each([
    ['sources/a.txt', 'read 5 bytes'],
    ['sources/in.txt', 'read 1 bytes'],
    ['sub/../sources/a.txt', 'read 5 bytes'],
    ['sources/missing.txt', 'unread: no such file'],
    ['/etc/passwd', "refused: the path is absolute: paths are relative to the manifest's folder"],
    ['C:/Windows/win.ini', "refused: the path is absolute: paths are relative to the manifest's folder"],
    ['../secret.txt', 'refused: the path leads outside the workspace'],
    ['sources/../../secret.txt', 'refused: the path leads outside the workspace'],
    ['sources\\a.txt', 'refused: the path holds a backslash: use / to separate folders'],
    ['sources/a.txt\0', 'refused: the path holds a NUL character'],
    ['sources/a\ufffd.txt', 'read 5 bytes'],
    [
      'sources/a\ud800.txt',
      'refused: the path holds a lone UTF-16 surrogate (half of a character, which only an escape such as "\\uD800" writes): no file is named so, and U+FFFD would be read in its place',
    ],
    ['sources/out.txt', 'refused: the path is a link that leads outside the workspace'],
    ['outdir/secret.txt', 'refused: the path is a link that leads outside the workspace'],
    ['sources/zero.txt', 'refused: the path is a link that leads outside the workspace'],
    ['sources/folder.txt', 'unread: it is a folder, not a file'],
    ['sources/fifo.txt', 'unread: it is not a regular file'],
    // Found in review: the normalized path lost the `/`, and the file was read.
    ['sources/a.txt/', 'refused: the path ends in /, so it names a folder, not a file (write it without the /)'],
    ['sources/', 'refused: the path ends in /, so it names a folder, not a file (write it without the /)'],
    ['sources/a.txt/.', 'refused: the path ends in /., so it names a folder, not a file (write it without the /.)'],
    ['sources/a.txt/..', 'refused: the path ends in /.., so it names a folder, not a file'],
    ['.', 'refused: the path is ., so it names a folder, not a file'],
    ['sources/a.txt/../../..', 'refused: the path leads outside the workspace'],
  ])('%s: %s', (p, expected) => {
    expect(read(p)).toBe(expected);
  });

  it('takes a folder by its name with a trailing / where it is a name, not a path the manifest writes', () => {
    expect(ws.resolve('', 'sources/', 'file name')).toMatchObject({ ok: true, rel: 'sources' });
    expect(ws.resolve('', '.', 'file name')).toMatchObject({ ok: true, rel: '' });
  });

  it('refuses a file over the size limit without reading it', () => {
    expect(read('sources/big.txt', 999)).toBe('unread: it is 1000 bytes long, over the limit of 999 bytes');
    expect(read('sources/big.txt', 1000)).toBe('read 1000 bytes');
  });

  it('resolves paths relative to a folder inside the workspace', () => {
    expect(ws.resolve('sub', '../sources/a.txt')).toMatchObject({ ok: true, rel: 'sources/a.txt' });
    expect(ws.resolve('sub', '../../x')).toEqual({ ok: false, reason: 'the path leads outside the workspace' });
  });
});
