import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO, runCli } from '../helpers/workspace.js';

const MANIFEST = ['--manifest', '__fixtures__/answers/citegate.yml'];
const A = '__fixtures__/answers/answers';

describe('checks beyond quotes, on realistic answers', () => {
  it('places every finding at its line, warns on an uncited sentence and fails on the others', () => {
    const run = runCli(['check', ...MANIFEST], REPO);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      `${A}/returns/missing-required.json:2:13: error: required source not cited: this answer must cite returns-v1 (the rule at __fixtures__/answers/citegate.yml:21), but no record does`,
      `${A}/returns/uncited-sentence.yaml:3:3: warning: uncited claim: no record's claim covers this sentence of the answer: "We are sorry for the trouble."`,
      `${A}/shipping/changed-numbers.json:4:5: error: claim number not in quote: n1: the claim says "60 days", but the quote has "30 days"`,
      `${A}/shipping/changed-numbers.json:7:5: error: claim number not in quote: n2: the claim says "2 weeks", but the quote has "5 business days"`,
      `${A}/shipping/changed-numbers.json:10:5: error: claim number not in quote: n3: the claim says "3 to 5 business days", but the quote has "3 to 5 days"`,
      `${A}/shipping/changed-numbers.json:13:5: error: claim number not in quote: n4: the claim says "1 pm", but the quote has "noon"`,
      `${A}/shipping/changed-numbers.json:16:5: error: claim number not in quote: n5: the claim says "$25", but the quote has "$20"`,
    ]);
    expect(run.stdout).toMatch(/located=10\/10\n$/);
    expect(run.code).toBe(1);
  });

  it('leaves every verdict as it is whatever the checks are set to, and a warning alone passes', () => {
    const all = runCli(['check', ...MANIFEST], REPO);
    const off = runCli(['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'warn'], REPO);
    expect(off.stdout).toBe(all.stdout);
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('warning: required source not cited');
    expect(off.stderr).not.toContain('claim number not in quote');
    const strict = runCli(['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'off', '--uncited-claims', 'fail'], REPO);
    expect(strict.stdout).toBe(all.stdout);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: uncited claim');
    const none = runCli(['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'off', '--uncited-claims', 'off'], REPO);
    expect(none).toEqual({ code: 0, stdout: all.stdout, stderr: '' });
  });

  it('writes findings to the JSON report', () => {
    const report = JSON.parse(runCli(['check', ...MANIFEST, '--format', 'json'], REPO).stdout);
    expect(report.summary.findings).toEqual({ fail: 6, warn: 1 });
    expect(report.findings[2]).toEqual({
      kind: 'claim number not in quote', level: 'fail', file: `${A}/shipping/changed-numbers.json`, line: 4, column: 5,
      citation_id: 'n1', message: 'the claim says "60 days", but the quote has "30 days"',
    });
  });

  it('refuses a level it does not know', () => {
    expect(runCli(['check', ...MANIFEST, '--claim-numbers', 'maybe'], REPO)).toMatchObject({
      code: 2, stderr: 'citegate: --claim-numbers takes off, warn, fail, not "maybe"\nSee citegate check --help.\n',
    });
  });

  it('documents the answer field in the citations schema', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schema/citations.schema.json'), 'utf8'));
    expect(schema.oneOf[1].properties.answer.type).toBe('string');
  });
});
