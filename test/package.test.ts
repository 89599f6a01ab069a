// The npm package: publishable, and a CLI that runs with nothing installed.
// (.ci/run packs it with npm pack, installs the tarball into an empty folder
// and runs it through its bin and npx: scripts/check-package.sh.)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeTree, REPO } from './helpers/workspace.js';

const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));

describe('package.json', () => {
  it('can be published: not private, with a license, a repository and the Node versions it runs on', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.name).toBe('citegate');
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(REPO, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/citegate/citegate.git' });
    expect(pkg.engines).toEqual({ node: '>=20' });
  });

  it('installs the bundle as `citegate`, and nothing else the CLI does not need', () => {
    expect(pkg.bin).toEqual({ citegate: 'dist/cli/index.js' });
    expect(readFileSync(path.join(REPO, pkg.bin.citegate), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    expect(statSync(path.join(REPO, pkg.bin.citegate)).isFile()).toBe(true);
    expect(pkg.files).toEqual(['dist/cli/', 'README.md', 'LICENSE', 'CHANGELOG.md']);
    for (const file of pkg.files) expect(statSync(path.join(REPO, file))).toBeTruthy();
    // The bundle is all it runs: an install fetches no dependency.
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.peerDependencies).toBeUndefined();
    expect(pkg.optionalDependencies).toBeUndefined();
  });
});

describe('the CLI bundle alone', () => {
  it('runs the seed walkthrough from a folder with no node_modules anywhere above it', () => {
    const alone = makeTree({});
    cpSync(path.join(REPO, 'dist/cli'), path.join(alone, 'cli'), { recursive: true });
    for (let dir = alone; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
    const cli = path.join(alone, 'cli/index.js');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [cli, ...args], { cwd: REPO, encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(run('--version')).toMatchObject({ status: 0, stdout: `citegate ${pkg.version}\n`, stderr: '' });
    expect(run('check', '--manifest', '__fixtures__/seed/citegate.yml')).toMatchObject({
      status: 1,
      stdout:
        'c1: located\nc2: quote not found\nc3: unknown source\nc4: ambiguous quote\nc5: empty quote\nlocated=1/5\n',
      stderr: '',
    });
  });
});
