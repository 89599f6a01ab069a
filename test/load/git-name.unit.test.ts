import { inGitFolder, isGitName } from '../../src/load/workspace.js';

describe('isGitName', () => {
  it.each([
    '.git',
    '.GIT',
    '.Git',
    '.git.',
    '.git..',
    '.git ',
    '.git . ',
    '.git:stream',
    '.git::$INDEX_ALLOCATION',
    'git~1',
    'GIT~1',
    'Git~12',
    '\ufeff.git',
    '.g\u200cit',
    '.gi\u200dt\u202e',
    '.gıt',
  ])('takes %j for .git', (name) => {
    expect(isGitName(name)).toBe(true);
  });

  it.each([
    'git',
    '.github',
    '.gitignore',
    '.gitmodules',
    '.gitattributes',
    '.git-blame-ignore-revs',
    '.gits',
    'x.git',
    '.git.d',
    '.git x',
    'git~',
    'git~x',
    'legit~1',
    'git~1x',
    '..git',
    '.g it',
    '.gİt',
    '',
  ])('does not take %j for .git', (name) => {
    expect(isGitName(name)).toBe(false);
  });
});

describe('inGitFolder', () => {
  it('looks at every name of the path, parted by either slash', () => {
    expect(inGitFolder('a/.git./config')).toBe(true);
    expect(inGitFolder('a\\GIT~1\\config')).toBe(true);
    expect(inGitFolder('.github/workflows/ci.yml')).toBe(false);
    expect(inGitFolder('docs/git~notes/a.json')).toBe(false);
  });
});
