// An internal error anywhere fails closed: exit 2, a message, where to report it.
import { jest } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeWorkspace } from '../helpers/workspace.js';

const real = await import('../../src/check/run.js');
jest.unstable_mockModule('../../src/check/run.js', () => ({
  ...real,
  runCheck: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'verdict')");
  },
}));
const { main } = await import('../../src/cli/main.js');

describe('an internal error in the CLI', () => {
  it('exits 2 with a message and a pointer to report it, never 0 or 1, and no stack trace', async () => {
    const root = makeWorkspace({ 'a-v1': { path: 'a.txt', text: 'A.' } }, { 'answers/a.json': '[]' });
    const out: string[] = [];
    const err: string[] = [];
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const code = await main(['check'], { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
      expect(code).toBe(2);
    } finally {
      process.chdir(cwd);
    }
    expect(out).toEqual([]);
    expect(err.join('')).toBe(
      "citegate: error: internal error: Cannot read properties of undefined (reading 'verdict'). " +
        'This is a bug in citegate, not in your files: please report it at https://github.com/citegate/citegate/issues with the command you ran (set CITEGATE_DEBUG=1 to print the stack trace)\n',
    );
  });

  it('is the error told when the check fails while a baseline is being read beside it', async () => {
    const root = makeWorkspace({ 'a-v1': { path: 'a.txt', text: 'A.' } }, { 'answers/a.json': '[]' });
    writeFileSync(path.join(root, 'base.json'), '{ not a report');
    const err: string[] = [];
    const cwd = process.cwd();
    process.chdir(root);
    try {
      const code = await main(['check', '--baseline', 'base.json'], { stdout: () => {}, stderr: (t) => err.push(t) });
      expect(code).toBe(2);
    } finally {
      process.chdir(cwd);
    }
    expect(err.join('')).toMatch(/^citegate: error: internal error: Cannot read properties of undefined/);
    expect(err.join('')).not.toContain('baseline');
  });
});
