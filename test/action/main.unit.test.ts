// The Action's front end alone, with @actions/core and the check run mocked.
import { jest } from '@jest/globals';
import { initRepo } from '../helpers/git.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };

const calls: { setFailed: string[]; outputs: Record<string, unknown>; errors: string[] } = {
  setFailed: [],
  outputs: {},
  errors: [],
};
const inputs: Record<string, string> = {};

jest.unstable_mockModule('@actions/core', () => ({
  getInput: (name: string) => inputs[name] ?? '',
  setFailed: (message: string) => calls.setFailed.push(message),
  setOutput: (name: string, value: unknown) => {
    calls.outputs[name] = value;
  },
  error: (message: string) => calls.errors.push(message),
  warning: () => undefined,
  notice: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined,
}));

let explode = false;
const realRun = await import('../../src/check/run.js');
jest.unstable_mockModule('../../src/check/run.js', () => ({
  ...realRun,
  runCheck: (...args: Parameters<typeof realRun.runCheck>) => {
    if (explode) throw new TypeError("Cannot read properties of undefined (reading 'x')");
    return realRun.runCheck(...args);
  },
}));

const { run } = await import('../../src/action/main.js');

function reset(workspace: string): void {
  calls.setFailed = [];
  calls.outputs = {};
  calls.errors = [];
  Object.assign(process.env, {
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'schedule',
    GITHUB_EVENT_PATH: '',
    GITHUB_STEP_SUMMARY: '',
  });
}

describe('the Action front end', () => {
  const root = makeTree({
    'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/*.json']),
    [HELP.path]: HELP.text,
    'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: 'help-v1', quote: 'Read the guide.' }]),
  });
  // A checkout, as the runner's workspace is: the Action checks committed sources only.
  initRepo(root);

  it('passes a located run without failing the step, and sets every output', async () => {
    reset(root);
    explode = false;
    await run();
    expect(calls.setFailed).toEqual([]);
    expect(calls.outputs).toEqual({
      passed: 'true',
      total: 1,
      located: 1,
      failed: 0,
      problems: 0,
      'failing-findings': 0,
      broken: 0,
      fixed: 0,
      'still-failing': 0,
      report: '',
      sarif: '',
    });
  });

  it('fails closed on an internal error: the step fails with a message and a pointer to report it, outputs still set', async () => {
    reset(root);
    explode = true;
    await run();
    expect(calls.setFailed).toEqual([
      "citegate: internal error: Cannot read properties of undefined (reading 'x'). This is a bug in citegate, not in your files: please report it at https://github.com/citegate/citegate/issues.",
    ]);
    expect(calls.outputs).toEqual({
      passed: 'false',
      total: 0,
      located: 0,
      failed: 0,
      problems: 0,
      'failing-findings': 0,
      broken: 0,
      fixed: 0,
      'still-failing': 0,
      report: '',
      sarif: '',
    });
  });

  it('fails on a bad input with what is allowed', async () => {
    reset(root);
    explode = false;
    inputs.scope = 'some';
    await run();
    delete inputs.scope;
    expect(calls.setFailed).toEqual(['citegate: input scope must be one of auto, changed, all, not "some"']);
  });
});
