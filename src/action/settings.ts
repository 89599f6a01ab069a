// Every input and every fact about the event, read and checked in one place
// into one typed object. A bad input fails with a message saying what is allowed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_MANIFEST } from '../load/manifest.js';
import { CHECK_LEVELS, type CheckLevels, LevelError, readLevelOverrides } from '../model/levels.js';
import { parseShard, SHARD_FORM, type Shard } from '../model/shard.js';
import { FAIL_ON, type FailOn } from '../model/baseline.js';

export type Scope = 'auto' | 'changed' | 'all';
const SCOPES: readonly Scope[] = ['auto', 'changed', 'all'];

/** Events whose `auto` scope is `changed`: they carry the commits to compare. */
const CHANGE_EVENTS = ['pull_request', 'pull_request_target', 'merge_group', 'push'];

/** What the event says was changed: the commits to compare, or why there are none. */
export type DiffBasis =
  | {
      readonly kind: 'pull_request';
      readonly number: number;
      readonly base: string;
      readonly head: string;
      /** The test merge commit GitHub made of base and head, when it has one. */
      readonly mergeCommit: string | undefined;
      /** A pull_request_target event: it runs at the base branch's last commit, not at the merge commit. */
      readonly target: boolean;
      readonly changedFiles: number | undefined;
    }
  | { readonly kind: 'compare'; readonly base: string; readonly head: string }
  | { readonly kind: 'none'; readonly reason: string };

export interface Settings {
  /** The manifest, as given (relative to the workspace). */
  readonly manifest: string;
  /** The scope asked for, and the one it means for this event. */
  readonly scope: Scope;
  readonly effectiveScope: 'changed' | 'all';
  /** Empty when no token was given: changed files then come from git. */
  readonly token: string;
  /** Absolute paths of the reports to write, if asked for. */
  readonly reportPath: string | undefined;
  readonly sarifPath: string | undefined;
  readonly workspace: string;
  readonly eventName: string;
  readonly repository: { readonly owner: string; readonly repo: string } | undefined;
  readonly serverUrl: string;
  /** The commit the files are linked at in the summary. */
  readonly headSha: string | undefined;
  /** The commit the workflow runs at (GITHUB_SHA): for a pull request, its merge commit. */
  readonly workflowSha: string | undefined;
  readonly diff: DiffBasis;
  /** Check only this shard of the citation files (a matrix job of a split audit). */
  readonly shard: Shard | undefined;
  /** What to judge the run against: nothing, the base commit's run (`auto`), or a JSON report's absolute path. */
  readonly baseline:
    | { readonly kind: 'none' }
    | { readonly kind: 'auto' }
    | { readonly kind: 'file'; readonly path: string };
  /** What fails the run: any record not located, or (with a baseline, its default) only what is new. */
  readonly failOn: FailOn;
  /** Levels of the checks beyond quotes given as inputs (over the manifest's). */
  readonly checks: Partial<CheckLevels>;
}

/** A bad input or environment: the step fails with this message, no stack trace. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export type InputReader = (name: string) => string;

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const ZERO_SHA = /^0+$/;

export function readSettings(getInput: InputReader, env: NodeJS.ProcessEnv = process.env): Settings {
  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const manifest = getInput('manifest').trim() || DEFAULT_MANIFEST;
  const scopeInput = (getInput('scope').trim() || 'auto').toLowerCase();
  if (!(SCOPES as readonly string[]).includes(scopeInput)) {
    throw new InputError(`input scope must be one of ${SCOPES.join(', ')}, not ${JSON.stringify(scopeInput)}`);
  }
  const scope = scopeInput as Scope;
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  const payload = readEventPayload(env.GITHUB_EVENT_PATH);
  const effectiveScope = scope === 'auto' ? (CHANGE_EVENTS.includes(eventName) ? 'changed' : 'all') : scope;

  const shardInput = getInput('shard').trim();
  const shard = shardInput === '' ? undefined : parseShard(shardInput);
  if (shardInput !== '' && shard === undefined) {
    throw new InputError(`input shard must be ${SHARD_FORM}, not ${JSON.stringify(shardInput)}`);
  }

  let checks: Partial<CheckLevels>;
  try {
    checks = readLevelOverrides((name) => getInput(name).trim() || undefined);
  } catch (error) {
    if (!(error instanceof LevelError)) throw error;
    throw new InputError(
      `input ${error.option} must be one of ${CHECK_LEVELS.join(', ')}, not ${JSON.stringify(error.value)}`,
    );
  }

  const baselineInput = getInput('baseline').trim();
  if (baselineInput.includes('\0')) throw new InputError('input baseline holds a NUL character');
  const baseline: Settings['baseline'] =
    baselineInput === ''
      ? { kind: 'none' }
      : baselineInput === 'auto'
        ? { kind: 'auto' }
        : { kind: 'file', path: path.resolve(workspace, baselineInput) };
  const failOnInput = getInput('fail-on').trim() || (baseline.kind === 'none' ? 'any' : 'new');
  if (!(FAIL_ON as readonly string[]).includes(failOnInput))
    throw new InputError(`input fail-on must be one of ${FAIL_ON.join(', ')}, not ${JSON.stringify(failOnInput)}`);
  if (failOnInput === 'new' && baseline.kind === 'none')
    throw new InputError(
      'input fail-on is new, which needs a baseline: set the baseline input (auto, or a JSON report)',
    );

  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const diff = diffBasis(eventName, payload);
  const workflowSha = env.GITHUB_SHA && SHA.test(env.GITHUB_SHA) ? env.GITHUB_SHA : undefined;
  const headSha = diff.kind !== 'none' ? diff.head : workflowSha;

  return {
    manifest,
    scope,
    effectiveScope,
    token: getInput('token').trim(),
    reportPath: outputPath(getInput('report'), 'report', workspace),
    sarifPath: outputPath(getInput('sarif'), 'sarif', workspace),
    workspace,
    eventName,
    repository: owner && repo ? { owner, repo } : undefined,
    serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    headSha,
    workflowSha,
    diff,
    shard,
    baseline,
    failOn: failOnInput as FailOn,
    checks,
  };
}

function outputPath(value: string, input: string, workspace: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (trimmed.includes('\0')) throw new InputError(`input ${input} holds a NUL character`);
  return path.resolve(workspace, trimmed);
}

function readEventPayload(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  try {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? value : {};
  } catch {
    // Without a payload there is nothing to compare: the run checks everything.
    return {};
  }
}

function field(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function sha(value: unknown): string | undefined {
  return typeof value === 'string' && SHA.test(value) && !ZERO_SHA.test(value) ? value : undefined;
}

/**
 * The commits whose files the event's changed paths name, one of which the
 * checkout must have: the commit the workflow runs at (for a pull request, its
 * merge commit), the head, and the merge commit a workflow may fetch itself
 * (refs/pull/N/merge). Not pull_request_target's GITHUB_SHA: that is the base
 * branch's last commit, which does not hold the pull request's changes.
 */
export function eventCommits(settings: Pick<Settings, 'diff' | 'workflowSha'>): string[] {
  const { diff } = settings;
  if (diff.kind === 'none') return [];
  const commits = [diff.head];
  if (diff.kind === 'pull_request' && diff.mergeCommit !== undefined) commits.push(diff.mergeCommit);
  if (settings.workflowSha !== undefined && !(diff.kind === 'pull_request' && diff.target))
    commits.push(settings.workflowSha);
  return [...new Set(commits)];
}

/** The commits an event says to compare. */
export function diffBasis(eventName: string, payload: unknown): DiffBasis {
  switch (eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const number = field(payload, 'pull_request', 'number') ?? field(payload, 'number');
      const base = sha(field(payload, 'pull_request', 'base', 'sha'));
      const head = sha(field(payload, 'pull_request', 'head', 'sha'));
      const changedFiles = field(payload, 'pull_request', 'changed_files');
      if (typeof number !== 'number' || !base || !head)
        return { kind: 'none', reason: 'the pull request event names no base and head commits' };
      return {
        kind: 'pull_request',
        number,
        base,
        head,
        mergeCommit: sha(field(payload, 'pull_request', 'merge_commit_sha')),
        target: eventName === 'pull_request_target',
        changedFiles: typeof changedFiles === 'number' ? changedFiles : undefined,
      };
    }
    case 'push': {
      const head = sha(field(payload, 'after'));
      const base = sha(field(payload, 'before'));
      if (!head) return { kind: 'none', reason: 'the push deleted the branch or names no commit' };
      if (!base)
        return { kind: 'none', reason: 'the push created a branch: there is no earlier commit to compare with' };
      return { kind: 'compare', base, head };
    }
    case 'merge_group': {
      const base = sha(field(payload, 'merge_group', 'base_sha'));
      const head = sha(field(payload, 'merge_group', 'head_sha'));
      if (!base || !head) return { kind: 'none', reason: 'the merge group event names no base and head commits' };
      return { kind: 'compare', base, head };
    }
    default:
      return { kind: 'none', reason: `a ${eventName || 'manual'} run has no commits to compare` };
  }
}
