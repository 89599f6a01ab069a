// The hunk applier that rebuilds a file's base version from its head version
// and the API's patch, against patches made by git itself.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { reverseApplyPatch } from '../../src/action/patch.js';
import { makeTree } from '../helpers/workspace.js';

const dir = makeTree({});

/** The patch git makes from `base` to `head`, as the API gives it: hunks only, no final line break. */
function gitPatch(base: string, head: string, context = 3): string | undefined {
  writeFileSync(path.join(dir, 'base'), base);
  writeFileSync(path.join(dir, 'head'), head);
  let out: string;
  try {
    out = execFileSync('git', ['diff', '--no-index', `-U${context}`, '--', 'base', 'head'], {
      cwd: dir,
      encoding: 'utf8',
    });
  } catch (error) {
    // Exit status 1: the files differ.
    out = (error as { stdout: string }).stdout;
  }
  const at = out.indexOf('\n@@');
  return at < 0 ? undefined : out.slice(at + 1).replace(/\n$/, '');
}

describe('reverseApplyPatch', () => {
  it.each([
    ['one line changed', 'a\nb\nc\n', 'a\nB\nc\n'],
    ['lines added at the start and the end', 'b\n', 'a\nb\nc\n'],
    ['lines removed', 'a\nb\nc\nd\ne\n', 'a\ne\n'],
    ['everything removed', 'a\nb\n', ''],
    ['the final line break added', 'a\nb', 'a\nb\n'],
    ['the final line break removed', 'a\nb\n', 'a\nb'],
    ['no final line break in either, last line changed', 'a\nb', 'a\nc'],
    ['no final line break in either, first line changed', 'a\nb\nc\nd\ne\nf', 'A\nb\nc\nd\ne\nf'],
    ['CRLF lines', 'a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n'],
    ['a byte order mark', '\uFEFFversion: 1\nsources: {}\n', '\uFEFFversion: 1\nsources: {x: 1}\n'],
    ['hunks far apart', `${'x\n'.repeat(20)}a\n${'y\n'.repeat(20)}b\n`, `${'x\n'.repeat(20)}A\n${'y\n'.repeat(20)}B\n`],
  ])('%s', (_, base, head) => {
    for (const context of [0, 1, 3]) {
      const patch = gitPatch(base, head, context);
      expect(patch).toBeDefined();
      expect(reverseApplyPatch(head, patch!)).toBe(base);
    }
  });

  it('rebuilds the base of any edit git can describe', () => {
    const line = fc.constantFrom('a', 'b', 'c', '', 'sources:', '  x: 1');
    const file = fc
      .tuple(fc.array(line, { maxLength: 12 }), fc.boolean())
      .map(([lines, final]) => lines.join('\n') + (final && lines.length ? '\n' : ''));
    fc.assert(
      fc.property(file, file, fc.constantFrom(0, 1, 3), (base, head, context) => {
        const patch = gitPatch(base, head, context);
        if (patch === undefined) return base === head;
        return reverseApplyPatch(head, patch) === base;
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a patch that does not fit the head text exactly', () => {
    const base = 'version: 1\nsources:\n  a: 1\n  b: 2\n  c: 3\n';
    const head = 'version: 1\nsources:\n  a: 1\n  b: 20\n  c: 3\n';
    const patch = gitPatch(base, head)!;
    expect(reverseApplyPatch(head, patch)).toBe(base);
    // A context line the head does not have.
    expect(reverseApplyPatch(head.replace('a: 1', 'a: 9'), patch)).toBeUndefined();
    // An added line the head does not have.
    expect(reverseApplyPatch(head.replace('b: 20', 'b: 21'), patch)).toBeUndefined();
    // Cut short: fewer lines than the hunk header counts.
    expect(reverseApplyPatch(head, patch.split('\n').slice(0, -1).join('\n'))).toBeUndefined();
    // A header that places the hunk elsewhere.
    expect(reverseApplyPatch(head, patch.replace('@@ -1,5 +1,5 @@', '@@ -2,5 +2,5 @@'))).toBeUndefined();
    // Not a patch at all, or nothing.
    expect(reverseApplyPatch(head, 'Binary files differ')).toBeUndefined();
    expect(reverseApplyPatch(head, '')).toBeUndefined();
    // A head that has lines the hunk says end the file... and one more after them.
    expect(reverseApplyPatch('a\nb', gitPatch('a\nc', 'a\nb')!)).toBe('a\nc');
    expect(reverseApplyPatch('a\nb\nz\n', gitPatch('a\nc', 'a\nb')!)).toBeUndefined();
  });

  it('refuses hunks out of order or overlapping', () => {
    const base = `${'x\n'.repeat(20)}a\n${'y\n'.repeat(20)}b\n`;
    const head = `${'x\n'.repeat(20)}A\n${'y\n'.repeat(20)}B\n`;
    const patch = gitPatch(base, head, 1)!;
    const hunks = patch.split(/\n(?=@@)/);
    expect(hunks).toHaveLength(2);
    expect(reverseApplyPatch(head, [hunks[1], hunks[0]].join('\n'))).toBeUndefined();
    expect(reverseApplyPatch(head, [hunks[0], hunks[0]].join('\n'))).toBeUndefined();
  });
});
