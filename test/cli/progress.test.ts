import { execFileSync, spawnSync } from 'node:child_process';
import { CLI, makeWorkspace, runCli } from '../helpers/workspace.js';

const hasScript = spawnSync('script', ['--version']).status === 0;

function workspace(): string {
  const sources = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [
      `s${i}-v1`,
      { path: `sources/s${i}.txt`, text: `${`Source ${i} says this once.\n`.repeat(50)}Only ${i}.\n` },
    ]),
  );
  const files = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [
      `answers/a${i}.json`,
      JSON.stringify([{ citation_id: 'x', source_id: `s${i}-v1`, quote: `Only ${i}.` }]),
    ]),
  );
  return makeWorkspace(sources, files, ['answers/*.json']);
}

describe('progress', () => {
  it('says nothing on standard error when it is not a terminal', () => {
    const run = runCli(['check'], workspace(), { CITEGATE_PROGRESS_AFTER_MS: '0' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
  });

  (hasScript ? it : it.skip)(
    'shows the phase, files, sources, records, the rate and the time left on a terminal, then clears its line',
    () => {
      const root = workspace();
      // script(1) runs the command on a pseudo-terminal, as a person would.
      const out = execFileSync('script', ['-qec', `node ${CLI} check > /dev/null`, '/dev/null'], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, CITEGATE_PROGRESS_AFTER_MS: '0', CITEGATE_PROGRESS_EVERY_MS: '0' },
      });
      expect(out).toMatch(/\r\x1b\[Kcitegate: reading citation files: \d+\/30, \d+ records/);
      expect(out).toMatch(/\r\x1b\[Kcitegate: hashing sources: 1\/30, 0\/30 records checked/);
      expect(out).toMatch(
        /\r\x1b\[Kcitegate: checking sources: \d+\/30, \d+\/30 records checked, [\d,.]+ records\/s, about \d+ s left/,
      );
      expect(out.endsWith('\r\x1b[K')).toBe(true);
      // Nothing else on the terminal: the run's report went to /dev/null, and it had no problem to say.
      expect(out.replace(/\r\x1b\[K[^\r]*/g, '')).toBe('');
    },
  );
});
