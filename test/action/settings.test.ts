import { diffBasis, eventCommits, InputError, readSettings } from '../../src/action/settings.js';

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const SHA_C = 'c'.repeat(40);
const SHA_D = 'd'.repeat(40);

describe('readSettings', () => {
  const env = { GITHUB_WORKSPACE: '/w', GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: 'acme/answers' };
  const inputs = (values: Record<string, string>) => (name: string) => values[name] ?? '';

  it('applies the defaults of action.yml when an input is empty', () => {
    expect(readSettings(inputs({}), env)).toMatchObject({
      manifest: 'citegate.yml',
      scope: 'auto',
      effectiveScope: 'all',
      token: '',
      reportPath: undefined,
      sarifPath: undefined,
      repository: { owner: 'acme', repo: 'answers' },
      serverUrl: 'https://github.com',
    });
  });

  it.each([
    ['pull_request', 'changed'],
    ['pull_request_target', 'changed'],
    ['merge_group', 'changed'],
    ['push', 'changed'],
    ['schedule', 'all'],
    ['workflow_dispatch', 'all'],
    ['release', 'all'],
  ])('auto means %s -> %s', (event, scope) => {
    expect(readSettings(inputs({}), { ...env, GITHUB_EVENT_NAME: event }).effectiveScope).toBe(scope);
  });

  it('resolves report paths against the workspace', () => {
    expect(readSettings(inputs({ report: 'out/r.json', sarif: '/tmp/x.sarif' }), env)).toMatchObject({
      reportPath: '/w/out/r.json',
      sarifPath: '/tmp/x.sarif',
    });
  });

  it('refuses a scope it does not know, saying what is allowed', () => {
    expect(() => readSettings(inputs({ scope: 'diff' }), env)).toThrow(
      new InputError('input scope must be one of auto, changed, all, not "diff"'),
    );
  });
});

describe('eventCommits', () => {
  const pr = (target: boolean, mergeCommit?: string) =>
    diffBasis(target ? 'pull_request_target' : 'pull_request', {
      number: 3,
      pull_request: {
        number: 3,
        base: { sha: SHA_A },
        head: { sha: SHA_B },
        ...(mergeCommit ? { merge_commit_sha: mergeCommit } : {}),
      },
    });
  it.each([
    [
      'a pull request: its head, its merge commit and the commit the run is at (the merge commit, checked out by default)',
      pr(false, SHA_C),
      SHA_D,
      [SHA_B, SHA_C, SHA_D],
    ],
    ["pull_request_target: not the commit the run is at, the base branch's", pr(true, SHA_C), SHA_D, [SHA_B, SHA_C]],
    [
      'a push: its head and the commit the run is at',
      diffBasis('push', { before: SHA_A, after: SHA_B }),
      SHA_B,
      [SHA_B],
    ],
    ['no diff: none', diffBasis('schedule', {}), SHA_D, []],
  ])('%s', (_, diff, workflowSha, expected) => {
    expect(eventCommits({ diff, workflowSha })).toEqual(expected);
  });
});

describe('diffBasis', () => {
  it.each([
    [
      'pull_request',
      { number: 3, pull_request: { number: 3, base: { sha: SHA_A }, head: { sha: SHA_B }, changed_files: 4 } },
      {
        kind: 'pull_request',
        number: 3,
        base: SHA_A,
        head: SHA_B,
        mergeCommit: undefined,
        target: false,
        changedFiles: 4,
      },
    ],
    [
      'pull_request_target',
      { number: 3, pull_request: { number: 3, base: { sha: SHA_A }, head: { sha: SHA_B }, merge_commit_sha: SHA_C } },
      {
        kind: 'pull_request',
        number: 3,
        base: SHA_A,
        head: SHA_B,
        mergeCommit: SHA_C,
        target: true,
        changedFiles: undefined,
      },
    ],
    ['push', { before: SHA_A, after: SHA_B }, { kind: 'compare', base: SHA_A, head: SHA_B }],
    [
      'push',
      { before: '0'.repeat(40), after: SHA_B, created: true },
      { kind: 'none', reason: 'the push created a branch: there is no earlier commit to compare with' },
    ],
    [
      'push',
      { before: SHA_A, after: '0'.repeat(40), deleted: true },
      { kind: 'none', reason: 'the push deleted the branch or names no commit' },
    ],
    [
      'merge_group',
      { merge_group: { base_sha: SHA_A, head_sha: SHA_B } },
      { kind: 'compare', base: SHA_A, head: SHA_B },
    ],
    [
      'pull_request',
      { pull_request: { base: { sha: 'not-a-sha' } } },
      { kind: 'none', reason: 'the pull request event names no base and head commits' },
    ],
    ['schedule', {}, { kind: 'none', reason: 'a schedule run has no commits to compare' }],
  ])('%s %j', (event, payload, expected) => {
    expect(diffBasis(event, payload)).toEqual(expected);
  });
});
