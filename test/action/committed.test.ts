// Which sources the Action takes as committed, against real git repositories.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { committedSourcesOnly } from '../../src/action/committed.js';
import { Workspace } from '../../src/load/workspace.js';
import { git, initRepo } from '../helpers/git.js';
import { makeTree } from '../helpers/workspace.js';

describe('committedSourcesOnly', () => {
  it('takes no bare repository a pull request committed for the checkout', () => {
    // A repository of the pull request's own, whose commit holds x.txt, copied as a bare one into
    // sources/evil/ and committed there as plain files, with its work tree set to that folder.
    const own = makeTree({ 'x.txt': 'A receipt is required.\n' });
    initRepo(own);
    const bare = path.join(mkdtempSync(path.join(os.tmpdir(), 'citegate-bare-')), 'evil.git');
    git(own, 'clone', '-q', '--bare', own, bare);
    git(bare, 'config', 'core.bare', 'false');
    git(bare, 'config', 'core.worktree', '.');
    const ws = makeTree({ 'sources/returns.txt': 'Returns.\n' });
    cpSync(bare, path.join(ws, 'sources', 'evil'), { recursive: true });
    initRepo(ws);
    // x.txt itself is not committed in the checkout: git must not take the bare repository's word for it.
    writeFileSync(path.join(ws, 'sources', 'evil', 'x.txt'), 'A receipt is required.\n');
    const policy = committedSourcesOnly(new Workspace(ws));
    expect(policy(path.join(ws, 'sources', 'evil', 'x.txt'))).toMatch(/the Action checks only committed sources/);
    expect(policy(path.join(ws, 'sources', 'returns.txt'))).toBeUndefined();
  });
});
