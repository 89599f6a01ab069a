// Which sources the Action takes as committed, against real git repositories:
// a file of the repository around the manifest, at the commit checked out,
// whose bytes are that commit's.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { committedSourcesOnly } from '../../src/action/committed.js';
import { repositoryTop } from '../../src/action/git.js';
import { git, initRepo } from '../helpers/git.js';
import { makeTree } from '../helpers/workspace.js';

/** The policy of the repository at `ws`, asked of a file as the loader asks it: its path and the bytes read. */
function policyOf(ws: string): (file: string) => string | undefined {
  const policy = committedSourcesOnly(() => repositoryTop(ws, ws));
  return (file) => {
    const abs = path.join(ws, file);
    return policy(abs, readFileSync(abs));
  };
}

const NOT_COMMITTED = /it is not committed: git tracks no such file/;
const CHANGED = /its text is not the committed text: the file was changed after the checkout/;

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
    const policy = policyOf(ws);
    expect(policy('sources/evil/x.txt')).toMatch(/the Action checks only committed sources/);
    expect(policy('sources/returns.txt')).toBeUndefined();
  });

  it('takes a tracked file only with the bytes of the commit checked out', () => {
    const ws = makeTree({ 'sources/a.txt': 'Returns are accepted.\n', 'sources/b.txt': 'Placeholder.\n' });
    initRepo(ws);
    writeFileSync(path.join(ws, 'sources/b.txt'), 'The secret an earlier step wrote.\n');
    const policy = policyOf(ws);
    expect(policy('sources/a.txt')).toBeUndefined();
    expect(policy('sources/b.txt')).toMatch(CHANGED);
    // The same length, one byte changed, is not the blob either.
    writeFileSync(path.join(ws, 'sources/b.txt'), 'Placeholdes.\n');
    expect(policy('sources/b.txt')).toMatch(CHANGED);
  });

  it('refuses what git converted on checkout: the pins are of the committed text', () => {
    const ws = makeTree({ '.gitattributes': '*.txt text eol=crlf\n', 'sources/a.txt': 'One.\nTwo.\n' });
    initRepo(ws);
    // What a checkout with these attributes writes: the blob has LF, the file CRLF.
    writeFileSync(path.join(ws, 'sources/a.txt'), 'One.\r\nTwo.\r\n');
    expect(policyOf(ws)('sources/a.txt')).toMatch(CHANGED);
  });

  it('takes the sources of a checkout that converts line ends when .gitattributes keeps them (docs/action.md)', () => {
    const ws = makeTree({
      '.gitattributes': 'sources/** -text\n',
      'sources/a.txt': 'One.\nTwo.\n',
      'notes.txt': 'One.\n',
    });
    initRepo(ws);
    // A checkout as a Windows runner's git makes it (core.autocrlf), done again here.
    git(ws, 'config', 'core.autocrlf', 'true');
    git(ws, 'rm', '-q', '--cached', '-r', '.');
    git(ws, 'reset', '-q', '--hard');
    expect(readFileSync(path.join(ws, 'notes.txt'), 'utf8')).toBe('One.\r\n');
    expect(readFileSync(path.join(ws, 'sources/a.txt'), 'utf8')).toBe('One.\nTwo.\n');
    const policy = policyOf(ws);
    expect(policy('sources/a.txt')).toBeUndefined();
    expect(policy('notes.txt')).toMatch(CHANGED);
  });

  it('takes a file of Git LFS whose pointer names its bytes, and no other', () => {
    const text = 'The terms, kept in Git LFS.\n';
    const oid = createHash('sha256').update(text).digest('hex');
    const pointer = `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize ${Buffer.byteLength(text)}\n`;
    const ws = makeTree({ 'sources/terms.txt': pointer, 'sources/other.txt': pointer });
    initRepo(ws);
    // What the LFS smudge filter writes on checkout: the bytes the pointer names.
    writeFileSync(path.join(ws, 'sources/terms.txt'), text);
    writeFileSync(path.join(ws, 'sources/other.txt'), 'The terms, kept in Git LFS!\n');
    const policy = policyOf(ws);
    expect(policy('sources/terms.txt')).toBeUndefined();
    expect(policy('sources/other.txt')).toMatch(CHANGED);
  });

  it('takes a file of a repository of SHA-256 objects', () => {
    const ws = makeTree({ 'sources/a.txt': 'Returns are accepted.\n' });
    git(ws, 'init', '-q', '--object-format=sha256', '-b', 'main');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'base');
    expect(git(ws, 'rev-parse', 'HEAD')).toMatch(/^[0-9a-f]{64}$/);
    const policy = policyOf(ws);
    expect(policy('sources/a.txt')).toBeUndefined();
    writeFileSync(path.join(ws, 'sources/a.txt'), 'Returns are refused.\n');
    expect(policy('sources/a.txt')).toMatch(CHANGED);
  });

  it('takes no file of another repository in the workspace: a second checkout or a submodule', () => {
    const texts = makeTree({ 'returns.txt': 'Returns are accepted.\n' });
    initRepo(texts);
    const ws = makeTree({ 'sources/a.txt': 'A.\n', '.gitignore': 'private/\n' });
    initRepo(ws);
    git(ws, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', `file://${texts}`, 'vendor/texts');
    git(ws, 'commit', '-q', '-m', 'texts as a submodule');
    // A second checkout beside the event's repository (actions/checkout with `path:`), committed there.
    const second = path.join(ws, 'private');
    cpSync(texts, second, { recursive: true });
    const policy = policyOf(ws);
    expect(policy('sources/a.txt')).toBeUndefined();
    expect(policy('vendor/texts/returns.txt')).toMatch(
      /^it is in the submodule vendor\/texts, another repository: the Action admits files of the repository around the manifest only/,
    );
    expect(policy('private/returns.txt')).toMatch(NOT_COMMITTED);
  });

  it('says why when the folder is in no repository', () => {
    const ws = makeTree({ 'sources/a.txt': 'A.\n' });
    expect(policyOf(ws)('sources/a.txt')).toMatch(
      /^it is not in a git repository \(git cannot find the repository around the manifest .*\): the Action checks only committed sources/,
    );
  });
});
