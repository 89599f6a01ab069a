import { Glob, GlobSyntaxError } from '../../src/load/glob.js';

describe('Glob', () => {
  it.each([
    ['answers/*.json', 'answers/a.json', true],
    ['answers/*.json', 'answers/sub/a.json', false],
    ['answers/**/*.json', 'answers/a.json', true],
    ['answers/**/*.json', 'answers/x/y/z/a.json', true],
    ['answers/**/*.json', 'other/a.json', false],
    ['**/*.yaml', 'a.yaml', true],
    ['**/*.yaml', 'deep/er/a.yaml', true],
    ['answers/**', 'answers/x/y.json', true],
    ['*.json', '.hidden.json', true],
    ['answers/?.json', 'answers/a.json', true],
    ['answers/?.json', 'answers/ab.json', false],
    ['answers/?.json', 'answers/😀.json', true],
    ['answers/[ab].json', 'answers/b.json', true],
    ['answers/[!ab].json', 'answers/b.json', false],
    ['answers/[a-c]x.json', 'answers/cx.json', true],
    ['answers/*.{json,yaml}', 'answers/a.yaml', true],
    ['answers/*.{json,yaml}', 'answers/a.yml', false],
    ['{a,b}/**/*.json', 'b/c.json', true],
    ['answers/*a*b*c*', 'answers/xaybzc', true],
    ['answers/*a*b*c*', 'answers/xaybz', false],
    ['a/**/b/**/c.json', 'a/b/c.json', true],
    ['a/**/b/**/c.json', 'a/x/b/y/z/c.json', true],
    ['a/**/b/**/c.json', 'a/x/y/c.json', false],
  ])('%s on %s: %s', (pattern, file, expected) => {
    expect(new Glob(pattern).matches(file)).toBe(expected);
  });

  it('matches pathological patterns in linear time, without backtracking blow-up', () => {
    const pattern = `x/${'*a'.repeat(30)}*b`;
    expect(new Glob(pattern).matches(`x/${'a'.repeat(5000)}`)).toBe(false);
  });

  it('walks only the literal folders a pattern starts with', () => {
    expect(new Glob('answers/**/*.json').baseFolders()).toEqual(['answers']);
    expect(new Glob('{a/b,c}/*.json').baseFolders()).toEqual(['a/b', 'c']);
    expect(new Glob('*.json').baseFolders()).toEqual(['']);
  });

  it.each([
    ['answers/*.json', '', true],
    ['answers/*.json', 'answers', true],
    ['answers/*.json', 'answers/old', false],
    ['answers/*.json', 'other', false],
    ['answers/**/*.json', 'answers/a/b/c', true],
    ['answers/**', 'answers', true],
    ['**/x/*.json', 'a/b', true],
    ['a/{b,c}/*.json', 'a/c', true],
    ['a/{b,c}/*.json', 'a/d', false],
    ['*.json', 'sub', false],
  ])('%s may match below %j: %s', (pattern, folder, may) => {
    expect(new Glob(pattern).mayMatchBelow(folder)).toBe(may);
  });

  it.each([
    ['', 'the pattern is empty'],
    ['/etc/*.json', "the pattern is absolute: patterns are relative to the manifest's folder"],
    ['a\\b', 'the pattern holds a backslash: use / to separate folders'],
    [
      'answers/*\udc00.json',
      'the pattern holds a lone UTF-16 surrogate (half of a character, which only an escape such as "\\uD800" writes): it can match no file',
    ],
    ['../*.json', "the pattern holds a . or .. folder: write paths below the manifest's folder"],
    ['a/[b', 'unmatched [ in "[b"'],
    ['a/{b', 'unmatched { at character 3'],
    ['a/b}', 'unmatched } at character 4'],
    ['[z-a]', 'the range z-a is backwards'],
    ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}', 'the braces expand to more than 256 patterns'],
    // Found in review: 20,000 nested braces overflowed the stack (an internal error, not a manifest error).
    ['{'.repeat(2000) + '}'.repeat(2000), 'braces are nested more than 16 deep'],
    ['a'.repeat(5000), 'the pattern is longer than 4096 characters'],
  ])('refuses pattern %#', (pattern, message) => {
    expect(() => new Glob(pattern)).toThrow(new GlobSyntaxError(message));
  });
});
