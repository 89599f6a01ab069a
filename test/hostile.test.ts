// The hostile corpus (__fixtures__/hostile/): every case through the bundled
// CLI, as a user would run it, with the checks every case must pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, REPO } from './helpers/workspace.js';

const CORPUS = path.join(REPO, '__fixtures__/hostile');
const MARKER = 'TOP-SECRET-MARKER-7f3a';

interface Case {
  what: string;
  args: string[];
  expect: { code: number; stdout: string[]; stderr: string[]; neverLocated?: string[] };
  generate?: Record<string, { nest?: number; bigQuote?: number; records?: number; symlink?: string; fifo?: boolean }>;
}

const names = readdirSync(CORPUS).filter((n) => !n.startsWith('_') && existsSync(path.join(CORPUS, n, 'case.json'))).sort();
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function generate(root: string, outside: string, file: string, spec: NonNullable<Case['generate']>[string]): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (spec.nest !== undefined) writeFileSync(target, '['.repeat(spec.nest) + ']'.repeat(spec.nest));
  if (spec.bigQuote !== undefined) {
    const quote = 'lorem ipsum '.repeat(Math.ceil(spec.bigQuote / 12)).slice(0, spec.bigQuote);
    writeFileSync(target, JSON.stringify([{ citation_id: 'big', source_id: 'good-v1', quote }]));
  }
  if (spec.records !== undefined) {
    const records = Array.from({ length: spec.records }, (_, i) => ({
      citation_id: `r${i}`, source_id: 'good-v1', quote: i % 2 === 0 ? 'A receipt is required.' : `Quote number ${i} is not there.`,
    }));
    writeFileSync(target, JSON.stringify(records));
  }
  if (spec.symlink !== undefined) symlinkSync(spec.symlink === 'OUTSIDE' ? outside : spec.symlink, target);
  if (spec.fifo) execFileSync('mkfifo', [target]);
}

describe('the hostile corpus', () => {
  it('has at least 40 cases', () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  it.each(names)('%s', (name) => {
    const spec = JSON.parse(readFileSync(path.join(CORPUS, name, 'case.json'), 'utf8')) as Case;
    const top = mkdtempSync(path.join(tmpdir(), 'citegate-hostile-'));
    made.push(top);
    // A file outside the workspace that nothing may read or print.
    const outside = path.join(top, 'outside-secret.txt');
    writeFileSync(outside, `${MARKER}\nA receipt is required.\n`);
    const root = path.join(top, 'ws');
    cpSync(path.join(CORPUS, '_base'), root, { recursive: true });
    cpSync(path.join(CORPUS, name), root, { recursive: true, filter: (src) => path.basename(src) !== 'case.json' });
    for (const [file, g] of Object.entries(spec.generate ?? {})) generate(root, outside, file, g);

    const started = Date.now();
    const run = spawnSync(process.execPath, ['--max-old-space-size=256', CLI, ...spec.args], {
      cwd: root, encoding: 'utf8', timeout: 30_000, maxBuffer: 64 << 20, env: { PATH: process.env.PATH },
    });
    const seconds = (Date.now() - started) / 1000;
    const out = run.stdout;
    const err = run.stderr;

    expect({ code: run.status, signal: run.signal }).toEqual({ code: spec.expect.code, signal: null });
    const lines = out.split('\n');
    for (const line of spec.expect.stdout) expect(lines).toContain(line);
    for (const part of spec.expect.stderr) expect(err).toContain(part);
    for (const id of spec.expect.neverLocated ?? []) {
      expect(lines.filter((l) => l.endsWith(`: ${id}: located`) || l === `${id}: located`)).toEqual([]);
    }
    // No stack trace, nothing from outside the workspace, an answer within seconds.
    expect(`${out}\n${err}`).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|node:internal|RangeError|TypeError/);
    expect(`${out}\n${err}`).not.toContain(MARKER);
    expect(seconds).toBeLessThan(20);
    // Every problem names its file (and line and column, where there is one).
    for (const line of err.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(citegate: |[^:\n]+(:\d+:\d+)?: )/);
    }
  });
});
