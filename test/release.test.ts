// script/release, run in real git repositories: a minimal fake of this one
// with the same checks (a package.json version, a CHANGELOG, a dist/ that
// `npm run build` makes from src/, an `npm test`), and a bare repository as
// its origin. It tags only what passes every check, and pushes only when asked.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { git, gitEnv } from './helpers/git.js';
import { makeTree, REPO } from './helpers/workspace.js';

const BUILD = `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
mkdirSync('dist', { recursive: true });
writeFileSync('dist/out.txt', readFileSync('src/in.txt', 'utf8').toUpperCase());
`;

function changelog(...versions: string[]): string {
  return [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    ...versions.flatMap((v) => [`## [${v}] - 2026-11-02`, '', `- What ${v} holds.`, '']),
  ].join('\n');
}

/** A repository like this one, at version 1.0.0, pushed to a bare origin (main only, no tags). */
function repository(): { root: string; origin: string } {
  const origin = makeTree({});
  git(origin, 'init', '-q', '--bare', '-b', 'main');
  const root = makeTree({
    'package.json': `${JSON.stringify({ name: 'fake', version: '1.0.0', scripts: { build: 'node build.mjs', test: 'node test.mjs' } }, null, 2)}\n`,
    'build.mjs': BUILD,
    'test.mjs':
      "import { readFileSync } from 'node:fs';\nprocess.exit(readFileSync('tests-pass', 'utf8').trim() === 'yes' ? 0 : 1);\n",
    'tests-pass': 'yes\n',
    'src/in.txt': 'hello\n',
    'dist/out.txt': 'HELLO\n',
    'CHANGELOG.md': changelog('1.0.0'),
    '.gitignore': 'node_modules/\n',
  });
  mkdirSync(path.join(root, 'script'));
  copyFileSync(path.join(REPO, 'script/release'), path.join(root, 'script/release'));
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
  git(root, 'remote', 'add', 'origin', origin);
  git(root, 'push', '-q', 'origin', 'main');
  return { root, origin };
}

function release(root: string, ...args: string[]) {
  const run = spawnSync('bash', ['script/release', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...gitEnv(root),
      npm_config_cache: path.join(root, '.git', 'npm-cache'),
      npm_config_update_notifier: 'false',
    },
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const tags = (dir: string) => git(dir, 'tag', '--list').split('\n').filter(Boolean);
const commitOf = (dir: string, ref: string) => git(dir, 'rev-parse', `${ref}^{commit}`);

function bump(root: string, version: string, changes: Record<string, string> = {}) {
  writeFileSync(
    path.join(root, 'package.json'),
    `${JSON.stringify({ name: 'fake', version, scripts: { build: 'node build.mjs', test: 'node test.mjs' } }, null, 2)}\n`,
  );
  for (const [file, text] of Object.entries(changes)) writeFileSync(path.join(root, file), text);
  git(root, 'commit', '-q', '-am', `release: v${version}`);
}

describe('script/release', () => {
  it('tags vX.Y.Z (annotated) and moves vX to it, and pushes nothing unless asked', () => {
    const { root, origin } = repository();
    const run = release(root);
    expect(run.code).toBe(0);
    expect(tags(root)).toEqual(['v1', 'v1.0.0']);
    expect(git(root, 'cat-file', '-t', 'v1.0.0')).toBe('tag');
    expect(git(root, 'cat-file', '-t', 'v1')).toBe('commit');
    expect(commitOf(root, 'v1')).toBe(commitOf(root, 'HEAD'));
    expect(commitOf(root, 'v1.0.0')).toBe(commitOf(root, 'HEAD'));
    expect(run.stdout).toContain('nothing pushed');
    expect(run.stdout).toContain('git push origin refs/tags/v1.0.0 && git push --force origin refs/tags/v1');
    expect(tags(origin)).toEqual([]);
  });

  it('with --push, pushes both tags, and the next release moves the major tag there too', () => {
    const { root, origin } = repository();
    expect(release(root, '--push').code).toBe(0);
    expect(tags(origin)).toEqual(['v1', 'v1.0.0']);
    const first = commitOf(root, 'HEAD');
    bump(root, '1.1.0', { 'CHANGELOG.md': changelog('1.1.0', '1.0.0') });
    const run = release(root, '--push');
    expect(run.code).toBe(0);
    expect(tags(origin)).toEqual(['v1', 'v1.0.0', 'v1.1.0']);
    expect(commitOf(origin, 'v1')).toBe(commitOf(root, 'HEAD'));
    expect(commitOf(origin, 'v1.0.0')).toBe(first);
    // A new major gets its own major tag; v1 stays.
    bump(root, '2.0.0', { 'CHANGELOG.md': changelog('2.0.0', '1.1.0', '1.0.0') });
    expect(release(root).code).toBe(0);
    expect(tags(root)).toEqual(['v1', 'v1.0.0', 'v1.1.0', 'v2', 'v2.0.0']);
    expect(commitOf(root, 'v1')).toBe(commitOf(root, 'v1.1.0'));
  });

  it('checks without tagging with --dry-run', () => {
    const { root } = repository();
    const run = release(root, '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('v1.0.0 would be tagged at');
    expect(tags(root)).toEqual([]);
  });

  it.each([
    [
      'a change not committed',
      (root: string) => writeFileSync(path.join(root, 'src/in.txt'), 'changed\n'),
      'the working tree has changes or files git does not track',
    ],
    [
      'a file git does not track',
      (root: string) => writeFileSync(path.join(root, 'notes.txt'), 'x\n'),
      'the working tree has changes or files git does not track',
    ],
    [
      'a version tagged already',
      (root: string) => git(root, 'tag', 'v1.0.0'),
      'v1.0.0 is tagged already: set the next version in package.json',
    ],
    [
      'a version older than the latest release',
      (root: string) => git(root, 'tag', 'v1.2.0'),
      'v1.0.0 is not newer than the latest release, v1.2.0',
    ],
    [
      'a version that is not X.Y.Z',
      (root: string) => bump(root, '1.0.0-rc.1'),
      'package.json\'s version "1.0.0-rc.1" is not X.Y.Z',
    ],
    [
      'no changelog entry for the version',
      (root: string) => bump(root, '1.0.1'),
      'CHANGELOG.md has no "## [1.0.1] - YYYY-MM-DD" entry',
    ],
    [
      'a dist/ not rebuilt from the sources',
      (root: string) => {
        writeFileSync(path.join(root, 'src/in.txt'), 'changed\n');
        git(root, 'commit', '-q', '-am', 'change the source, not dist');
      },
      'dist/ differs from a fresh build: commit the rebuilt dist/',
    ],
    [
      'failing tests',
      (root: string) => {
        writeFileSync(path.join(root, 'tests-pass'), 'no\n');
        git(root, 'commit', '-q', '-am', 'break the tests');
      },
      'the tests fail',
    ],
  ])('refuses %s, tagging nothing', (_what, change, reason) => {
    const { root } = repository();
    change(root);
    const before = tags(root);
    const run = release(root, '--push');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`release: ${reason}`);
    expect(run.stderr).toMatch(/release: nothing tagged\n$/);
    expect(tags(root)).toEqual(before);
  });

  it('refuses a version that the remote has, when asked to push', () => {
    const { root, origin } = repository();
    git(root, 'tag', 'v9.9.9');
    git(root, 'push', '-q', 'origin', 'refs/tags/v9.9.9');
    git(root, 'tag', '-d', 'v9.9.9');
    bump(root, '9.9.9', { 'CHANGELOG.md': changelog('9.9.9') });
    const run = release(root, '--push');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('release: origin has v9.9.9 already');
    expect(tags(origin)).toEqual(['v9.9.9']);
  });
});
