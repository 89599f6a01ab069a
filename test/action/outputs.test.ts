// The outputs a workflow branches on, set in every way a run can end: pass,
// fail, fail on a finding alone, and could not run.
import path from 'node:path';
import { runAction } from '../helpers/action.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

const SOURCE = { path: 'sources/returns-v1.txt', text: 'Returns are accepted within 30 days of delivery.\n' };
const record = (claim?: string) =>
  JSON.stringify([
    { citation_id: 'r1', source_id: 'returns-v1', quote: 'within 30 days', ...(claim ? { claim } : {}) },
  ]);

async function outputsOf(files: Record<string, string>, inputs: Record<string, string> = {}) {
  const root = makeTree({
    'citegate.yml': manifestFor({ 'returns-v1': SOURCE }, ['answers/*.json']),
    [SOURCE.path]: SOURCE.text,
    ...files,
  });
  const run = await runAction({
    workspace: root,
    event: 'workflow_dispatch',
    payload: {},
    inputs: { scope: 'all', report: 'out/report.json', ...inputs },
  });
  return { root, code: run.code, outputs: run.outputs };
}

describe('the outputs', () => {
  it('pass', async () => {
    const { root, code, outputs } = await outputsOf({ 'answers/a.json': record() });
    expect(code).toBe(0);
    expect(outputs).toEqual({
      passed: 'true',
      total: '1',
      located: '1',
      failed: '0',
      problems: '0',
      'failing-findings': '0',
      broken: '0',
      fixed: '0',
      'still-failing': '0',
      report: path.join(root, 'out/report.json'),
      sarif: '',
    });
  });

  it('fail on a record', async () => {
    const { outputs } = await outputsOf({
      'answers/a.json': JSON.stringify([{ citation_id: 'r1', source_id: 'returns-v1', quote: 'within 60 days' }]),
    });
    expect(outputs).toMatchObject({ passed: 'false', total: '1', failed: '1', problems: '0', 'failing-findings': '0' });
  });

  it('fail on a finding alone, every record located', async () => {
    const { code, outputs } = await outputsOf({
      'answers/a.json': record('Returns are accepted within 60 days.'),
    });
    expect(code).toBe(1);
    expect(outputs).toMatchObject({ passed: 'false', total: '1', located: '1', failed: '0', 'failing-findings': '1' });
  });

  it('fail on a problem with the input', async () => {
    const { outputs } = await outputsOf({ 'answers/a.json': record(), 'answers/b.json': '[' });
    expect(outputs).toMatchObject({ passed: 'false', located: '1', failed: '0', problems: '1' });
  });

  it('could not run: a bad input, a manifest that cannot be used', async () => {
    const bad = await outputsOf({ 'answers/a.json': record() }, { scope: 'some' });
    expect(bad.code).toBe(1);
    expect(bad.outputs).toEqual({
      passed: 'false',
      total: '0',
      located: '0',
      failed: '0',
      problems: '0',
      'failing-findings': '0',
      broken: '0',
      fixed: '0',
      'still-failing': '0',
      report: '',
      sarif: '',
    });
    const broken = await outputsOf({ 'answers/a.json': record(), 'citegate.yml': 'version: 2\n' });
    expect(broken.outputs.passed).toBe('false');
  });
});
