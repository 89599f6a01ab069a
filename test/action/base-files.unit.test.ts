// Writing the base commit's files for `baseline: auto` (src/action/baseline.ts),
// on a real folder. On Linux git cannot give two names that one file system
// takes for one (a link `A` and a file `a/y`), as a case-insensitive one can
// (macOS's and Windows' by default): these cases give the writer the names
// such a file system would see, so that what it does there is tested here.
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { CommittedFile } from '../../src/action/git.js';
import { writeBaseFiles } from '../../src/action/baseline.js';
import { makeTree } from '../helpers/workspace.js';

const file = (text: string): CommittedFile => ({ mode: '100644', bytes: Buffer.from(text) });
const link = (to: string): CommittedFile => ({ mode: '120000', bytes: Buffer.from(to) });

/** A folder `temp` inside a folder of its own, so that anything written just outside it can be seen. */
function temp() {
  const around = makeTree({});
  const inside = path.join(around, 'temp');
  mkdirSync(inside);
  return { around, inside };
}

describe("the base commit's files, written for baseline: auto", () => {
  it('writes files and links in their folders', () => {
    const { inside } = temp();
    expect(
      writeBaseFiles(inside, [
        ['citegate.yml', file('version: 1\n')],
        ['sources/a/r.txt', file('Returns.\n')],
        ['sources/b/link.txt', link('../a/r.txt')],
      ]),
    ).toBeUndefined();
    expect(readFileSync(path.join(inside, 'sources/a/r.txt'), 'utf8')).toBe('Returns.\n');
    expect(readlinkSync(path.join(inside, 'sources/b/link.txt'))).toBe('../a/r.txt');
  });

  it('never writes a file through a link in a folder name', () => {
    const { around, inside } = temp();
    const reason = writeBaseFiles(inside, [
      ['x', link('..')],
      ['x/y', file('written outside')],
    ]);
    expect(reason).toBe(
      "the base commit's x/y cannot be written beside its other files: this file system takes two of their names for one (a folder above it is a file or a link)",
    );
    expect(existsSync(path.join(around, 'y'))).toBe(false);
  });

  it('never makes a link or a folder through a link', () => {
    const { around, inside } = temp();
    expect(
      writeBaseFiles(inside, [
        ['x', link('..')],
        ['x/sub/l', link('/etc/passwd')],
      ]),
    ).toMatch(/a folder above it is a file or a link/);
    expect(existsSync(path.join(around, 'sub'))).toBe(false);
  });

  it('keeps what the first of two names wrote', () => {
    const { inside } = temp();
    expect(
      writeBaseFiles(inside, [
        ['sources/r.txt', file('first')],
        ['sources/r.txt', file('second')],
      ]),
    ).toMatch(/another of its files has that name here/);
    expect(readFileSync(path.join(inside, 'sources/r.txt'), 'utf8')).toBe('first');
    expect(
      writeBaseFiles(inside, [
        ['l', link('sources/r.txt')],
        ['l', file('over the link')],
      ]),
    ).toMatch(/another of its files has that name here/);
    expect(lstatSync(path.join(inside, 'l')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(inside, 'sources/r.txt'), 'utf8')).toBe('first');
  });

  it('refuses a file where a folder of another is', () => {
    const { inside } = temp();
    expect(
      writeBaseFiles(inside, [
        ['a', file('a file')],
        ['a/b', file('in a folder')],
      ]),
    ).toMatch(/a folder above it is a file or a link/);
  });

  // Found in review: an error other than EEXIST was thrown, an internal error that failed the step
  // and asked for a bug report, where the run can go on without a baseline, saying why.
  it('gives the reason, not an internal error, for a name the system refuses', () => {
    const long = 'n'.repeat(300);
    for (const [name, made] of [
      [`sources/${long}.txt`, file('too long')],
      [`sources/${long}.txt`, link('r.txt')],
      [`${long}/r.txt`, file('in a folder too long')],
    ] as const) {
      const { inside } = temp();
      expect(
        writeBaseFiles(inside, [
          ['sources/r.txt', file('ok')],
          [name, made],
        ]),
      ).toBe(`the base commit's ${name} cannot be written: the path is too long`);
    }
    // A link's target (a blob of git's) may hold a NUL, which no system takes: said, not quoted.
    const { inside } = temp();
    expect(writeBaseFiles(inside, [['l', link('secret\0target')]])).toBe(
      "the base commit's l cannot be written: it is a link whose target holds a NUL",
    );
  });

  // Found in review: names were parted at / alone. Windows parts them at \ too, and a git tree
  // may hold `l\x` (a source path of the base manifest names it): on a case-insensitive
  // Windows, written after the link `L`, it went through it. Given the separators Windows
  // uses, the writer looks at `l` as at any folder.
  it('parts names where the system does, and looks at each folder', () => {
    const windows = /[\\/]/;
    const { around, inside } = temp();
    expect(
      writeBaseFiles(
        inside,
        [
          ['l', link('..')],
          ['l\\x', file('written outside')],
        ],
        windows,
      ),
    ).toBe(
      "the base commit's l\\x cannot be written beside its other files: this file system takes two of their names for one (a folder above it is a file or a link)",
    );
    expect(existsSync(path.join(around, 'x'))).toBe(false);
    for (const name of ['a\\..\\..\\x', 'a\\.\\x', 'a\\\\x', 'a/..\\x']) {
      const { around, inside } = temp();
      expect(writeBaseFiles(inside, [[name, file('written outside')]], windows)).toBe(
        `the base commit's ${name} cannot be written: a folder of its name is empty, . or ..`,
      );
      expect(existsSync(path.join(around, 'x'))).toBe(false);
    }
    // Elsewhere a \ is a character of the name.
    const { inside: plain } = temp();
    expect(
      writeBaseFiles(plain, [
        ['l', link('..')],
        ['l\\x', file('beside the link')],
      ]),
    ).toBeUndefined();
    expect(readFileSync(path.join(plain, 'l\\x'), 'utf8')).toBe('beside the link');
  });
});
