// Runs the bundled Action (dist/index.js) as a child process, the way the
// runner does: inputs as INPUT_* variables, the event payload in a file, and
// the summary and outputs files, then reads back what it wrote.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git } from './git.js';
import { REPO } from './workspace.js';

export const ACTION = path.join(REPO, 'dist/index.js');

export interface WorkflowCommand {
  readonly command: string;
  readonly properties: Record<string, string>;
  readonly message: string;
}

export interface ActionRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The workflow commands the runner would act on (outside ::stop-commands:: regions). */
  readonly commands: WorkflowCommand[];
  readonly annotations: WorkflowCommand[];
  readonly outputs: Record<string, string>;
  readonly summary: string;
}

export interface ActionOptions {
  readonly workspace: string;
  readonly event: string;
  readonly payload: object;
  readonly inputs?: Record<string, string>;
  readonly apiUrl?: string;
  readonly env?: NodeJS.ProcessEnv;
  /**
   * A workspace that is not a git repository is made one, its files committed
   * (and committed again before each later run), as a runner's checkout is:
   * the Action checks committed sources only. false: leave it as it is.
   */
  readonly commit?: boolean;
  /** The node binary to run the bundle with (default: CITEGATE_TEST_NODE, else the one running the tests). */
  readonly node?: string;
}

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** Parses stdout as the runner does: a line, leading whitespace trimmed, starting with `::` is a command. */
/** The runner's commands (its registered command extensions), which it matches without case. */
const REGISTERED = new Set([
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
]);

/** `##[name props]data` anywhere in a line, as actions/runner's ActionCommand.TryParse reads it. */
function legacyCommand(line: string): WorkflowCommand | undefined {
  const at = line.indexOf('##[');
  if (at < 0) return undefined;
  const close = line.indexOf(']', at);
  if (close < 0) return undefined;
  const info = line.slice(at + 3, close);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!REGISTERED.has(name.toLowerCase())) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .split(';')
      .filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0) properties[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
  }
  return { command: name.toLowerCase(), properties, message: line.slice(close + 1) };
}

export function parseCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const raw of stdout.split(/\r?\n|\r/)) {
    // The runner trims .NET whitespace, which has U+0085 where JavaScript's does not: trim both.
    const line = raw.replace(/^[\s\u0085]+/u, '');
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/s.exec(line);
    if (!m) {
      // The older form, which the runner tries next and finds anywhere in a line (ActionCommand.TryParse).
      const legacy = legacyCommand(raw);
      if (legacy) {
        if (legacy.command === 'stop-commands') stopToken = legacy.message;
        commands.push(legacy);
      }
      continue;
    }
    const properties: Record<string, string> = {};
    for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    const command = { command: m[1], properties, message: unescapeData(m[3]) };
    if (command.command === 'stop-commands') stopToken = command.message;
    commands.push(command);
  }
  return commands;
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]);
    outputs[m[1]] = value.join('\n');
  }
  return outputs;
}

/** Marks a repository this helper made of a plain folder, so that later runs commit its files again. */
const MADE_HERE = 'citegate-test-made-this-repository';

function commitWorkspace(workspace: string): void {
  const marker = path.join(workspace, '.git', MADE_HERE);
  if (existsSync(path.join(workspace, '.git')) && !existsSync(marker)) return;
  // A workspace holding checkouts in folders of its own (actions/checkout with `path:`) is no repository itself.
  if (!existsSync(marker) && readdirSync(workspace).some((name) => existsSync(path.join(workspace, name, '.git'))))
    return;
  if (!existsSync(marker)) {
    git(workspace, 'init', '-q', '-b', 'main');
    writeFileSync(marker, '');
  }
  // A FIFO or a socket a test planted is no file git can add: the rest is committed.
  try {
    git(workspace, 'add', '-A', '--ignore-errors');
  } catch {
    // Added what it could.
  }
  git(workspace, 'commit', '-q', '--allow-empty', '--no-verify', '-m', 'workspace');
}

export function runAction(options: ActionOptions): Promise<ActionRun> {
  if (options.commit !== false) commitWorkspace(options.workspace);
  const temp = mkdtempSync(path.join(tmpdir(), 'citegate-runner-'));
  const eventPath = path.join(temp, 'event.json');
  const summaryPath = path.join(temp, 'summary.md');
  const outputPath = path.join(temp, 'output.txt');
  writeFileSync(eventPath, JSON.stringify(options.payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const inputs: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries({
    manifest: 'citegate.yml',
    scope: 'auto',
    token: '',
    report: '',
    sarif: '',
    ...options.inputs,
  })) {
    inputs[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_REPOSITORY: 'acme/answers',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    RUNNER_TEMP: temp,
    ...inputs,
    ...options.env,
  };
  return new Promise((resolve) => {
    execFile(
      options.node ?? (process.env.CITEGATE_TEST_NODE || process.execPath),
      [ACTION],
      { cwd: options.workspace, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        const commands = parseCommands(stdout);
        resolve({
          code,
          stdout,
          stderr,
          commands,
          annotations: commands.filter((c) => ['error', 'warning', 'notice'].includes(c.command)),
          outputs: existsSync(outputPath) ? parseOutputs(readFileSync(outputPath, 'utf8')) : {},
          summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
        });
      },
    );
  });
}

// Event payloads shaped like the ones GitHub sends (the fields citegate reads,
// and enough of the rest that a test does not pass on a payload GitHub never sends).

const REPOSITORY = {
  id: 123456,
  node_id: 'R_kgDOABCDEF',
  name: 'answers',
  full_name: 'acme/answers',
  private: false,
  owner: { login: 'acme', id: 1, type: 'Organization' },
  html_url: 'https://github.com/acme/answers',
  default_branch: 'main',
  fork: false,
};
const SENDER = { login: 'octocat', id: 583231, type: 'User' };

/** A pull_request event (`synchronize` by default) for pull request 7, from `feature` into `main`. */
export function pullRequestPayload(
  root: string,
  base: string,
  head: string,
  options: { action?: string; changedFiles?: number; mergeCommit?: string } = {},
): object {
  // A base the repository lacks (a test of a checkout without it) has no counts to give.
  const tryGit = (...args: string[]) => {
    try {
      return git(root, ...args);
    } catch {
      return '';
    }
  };
  const stat = tryGit('diff', '--shortstat', `${base}...${head}`);
  const count = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(stat)?.[1] ?? 0);
  return {
    action: options.action ?? 'synchronize',
    number: 7,
    before: base,
    after: head,
    pull_request: {
      url: 'https://api.github.com/repos/acme/answers/pulls/7',
      id: 1_000_007,
      node_id: 'PR_kwDOABCDEF4AAAAB',
      number: 7,
      html_url: 'https://github.com/acme/answers/pull/7',
      state: 'open',
      locked: false,
      title: 'Update the returns answers',
      user: SENDER,
      body: 'Regenerated answers.',
      draft: false,
      merged: false,
      mergeable: null,
      head: { label: 'acme:feature', ref: 'feature', sha: head, user: SENDER, repo: REPOSITORY },
      base: { label: 'acme:main', ref: 'main', sha: base, user: REPOSITORY.owner, repo: REPOSITORY },
      commits: Number(tryGit('rev-list', '--count', `${base}..${head}`) || 1),
      additions: count('insertion'),
      deletions: count('deletion'),
      changed_files: options.changedFiles ?? count('files? changed'),
      ...(options.mergeCommit !== undefined ? { merge_commit_sha: options.mergeCommit } : {}),
    },
    repository: REPOSITORY,
    sender: SENDER,
  };
}

/** A push event to `ref`; `before` all zeros when the push created the branch. */
export function pushPayload(root: string, before: string, after: string, ref = 'refs/heads/main'): object {
  const created = /^0+$/.test(before);
  const shas = created
    ? [after]
    : git(root, 'rev-list', '--reverse', `${before}..${after}`).split('\n').filter(Boolean);
  const commits = shas.map((id) => {
    const changed = git(root, 'diff-tree', '--no-commit-id', '--name-status', '-r', '--root', id)
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\t'));
    const files = (code: string) => changed.filter(([c]) => c[0] === code).map(([, f]) => f);
    return {
      id,
      tree_id: git(root, 'rev-parse', `${id}^{tree}`),
      distinct: true,
      message: git(root, 'log', '-1', '--format=%s', id),
      timestamp: git(root, 'log', '-1', '--format=%cI', id),
      url: `https://github.com/acme/answers/commit/${id}`,
      author: { name: 'Test', email: 'test@example.com' },
      committer: { name: 'Test', email: 'test@example.com' },
      added: files('A'),
      removed: files('D'),
      modified: files('M'),
    };
  });
  return {
    ref,
    before,
    after,
    base_ref: null,
    created,
    deleted: false,
    forced: false,
    compare: created
      ? `https://github.com/acme/answers/commit/${after.slice(0, 12)}`
      : `https://github.com/acme/answers/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits,
    head_commit: commits.at(-1) ?? null,
    repository: { ...REPOSITORY, master_branch: 'main' },
    pusher: { name: 'octocat', email: 'octocat@example.com' },
    sender: SENDER,
  };
}

/** A merge_group event (checks_requested) for a queue entry of pull request 7. */
export function mergeGroupPayload(root: string, base: string, head: string): object {
  return {
    action: 'checks_requested',
    merge_group: {
      head_sha: head,
      head_ref: `refs/heads/gh-readonly-queue/main/pr-7-${base}`,
      base_sha: base,
      base_ref: 'refs/heads/main',
      head_commit: {
        id: head,
        tree_id: git(root, 'rev-parse', `${head}^{tree}`),
        message: 'Merge pull request #7',
        timestamp: git(root, 'log', '-1', '--format=%cI', head),
      },
    },
    repository: REPOSITORY,
    sender: SENDER,
  };
}
