// folderEnding: a name that ends in a separator, `.` or `..` names a folder,
// and the advice it gives, followed once, leaves a name it takes.
import path from 'node:path';
import fc from 'fast-check';
import { folderEnding } from '../../src/model/paths.js';

const POSIX = /\//;
const WINDOWS = /[\\/]/;

/** The ending the advice says to drop, or undefined when it gives none. */
const advised = (reason: string) => /\(write it without the (.+)\)$/.exec(reason)?.[1];

describe('folderEnding', () => {
  it.each([
    ['a.json', POSIX, undefined],
    ['a.json/', POSIX, 'the name ends in /, so it names a folder, not a file (write it without the /)'],
    // Found in review: the advice named one `/` of two, and followed it left `a.json/`, refused again.
    ['a.json//', POSIX, 'the name ends in //, so it names a folder, not a file (write it without the //)'],
    ['a.json/.', POSIX, 'the name ends in /., so it names a folder, not a file (write it without the /.)'],
    ['a.json/./', POSIX, 'the name ends in /./, so it names a folder, not a file (write it without the /./)'],
    ['a.json/.//', POSIX, 'the name ends in /.//, so it names a folder, not a file (write it without the /.//)'],
    ['/srv/a.json/./.', POSIX, 'the name ends in /./., so it names a folder, not a file (write it without the /./.)'],
    // A `..` names the folder above: without it the name would mean another file, so there is no advice.
    ['a.json/..', POSIX, 'the name ends in /.., so it names a folder, not a file'],
    ['a.json/../', POSIX, 'the name ends in /../, so it names a folder, not a file'],
    ['a.json/./../.', POSIX, 'the name ends in /./../., so it names a folder, not a file'],
    ['.', POSIX, 'the name is ., so it names a folder, not a file'],
    ['./', POSIX, 'the name is ./, so it names a folder, not a file'],
    ['/', POSIX, 'the name is /, so it names a folder, not a file'],
    // A backslash separates folders only where the separators say so (on Windows).
    ['a.json\\', POSIX, undefined],
    ['a.json\\', WINDOWS, 'the name ends in \\, so it names a folder, not a file (write it without the \\)'],
    [
      'a.json\\.\\/',
      WINDOWS,
      'the name ends in \\.\\/, so it names a folder, not a file (write it without the \\.\\/)',
    ],
    ['C:\\a.json\\..', WINDOWS, 'the name ends in \\.., so it names a folder, not a file'],
    // Of any length, from a manifest a pull request wrote: cut, and the advice counts it.
    [
      `a.json${'/.'.repeat(50)}`,
      POSIX,
      `the name ends in ${'/.'.repeat(19)}/…, so it names a folder, not a file (write it without its last 100 characters)`,
    ],
    ['/'.repeat(100), POSIX, `the name is ${'/'.repeat(39)}…, so it names a folder, not a file`],
  ])('%s (%s): %s', (name, separators, reason) => {
    expect(folderEnding(name, 'name', separators)).toBe(reason);
  });

  it('gives advice that, followed once, leaves a name it takes, of the same file', () => {
    const name = fc.constantFrom('a.json', 'b', '..x', '.a', 'a.', 'C:');
    const part = fc.constantFrom('', '.', '..', 'a.json', 'dir');
    const ending = fc.array(fc.constantFrom('', '.', '..'), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(part, { maxLength: 3 }),
        name,
        ending,
        fc.array(fc.constantFrom('/', '\\'), { minLength: 9, maxLength: 9 }),
        fc.boolean(),
        (before, last, tail, seps, windows) => {
          // Relative: a leading `//` would be a UNC root on Windows, which resolve keeps as written.
          const parts = ['w', ...before, last, ...tail];
          const separators = windows ? WINDOWS : POSIX;
          let p: string = parts[0];
          for (let i = 1; i < parts.length; i++) p += seps[i - 1] + parts[i];
          const reason = folderEnding(p, 'name', separators);
          const split = p.split(separators);
          if (!['', '.', '..'].includes(split[split.length - 1])) {
            expect(reason).toBeUndefined();
            return;
          }
          expect(reason).toBeDefined();
          const drop = advised(reason!);
          if (drop === undefined) return;
          expect(p.endsWith(drop)).toBe(true);
          const fixed = p.slice(0, p.length - drop.length);
          expect(folderEnding(fixed, 'name', separators)).toBeUndefined();
          // What is dropped is separators and `.`: the name still means what the system would resolve it to.
          const resolve = windows ? path.win32.resolve : path.posix.resolve;
          expect(resolve('/w', fixed)).toBe(resolve('/w', p));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
