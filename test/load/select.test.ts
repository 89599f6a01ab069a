import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { loadManifest } from '../../src/load/manifest.js';
import { findCitationFiles, refsForNamed } from '../../src/load/select.js';
import { Workspace } from '../../src/load/workspace.js';
import { makeTree, sha256 } from '../helpers/workspace.js';

const TEXT = 'A receipt is required.\n';

function listed(
  tree: Record<string, string>,
  links: Record<string, string>,
  citations: string[],
  extra: string[] = [],
  maxNames?: number,
) {
  const manifest = [
    'version: 1',
    'sources:',
    '  s-v1:',
    '    path: s.txt',
    `    sha256: ${sha256(TEXT)}`,
    '    retrieved: 2026-11-02',
    'citations:',
    ...citations,
    ...extra,
    '',
  ].join('\n');
  const root = makeTree({ 'citegate.yml': manifest, 's.txt': TEXT, ...tree });
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    symlinkSync(target, path.join(root, link));
  }
  const workspace = new Workspace(root);
  const found = findCitationFiles(workspace, loadManifest(workspace, path.join(root, 'citegate.yml')), maxNames);
  return {
    files: found.files.map((f) => `${f.file}${f.audience ? ` (${f.audience})` : ''}`),
    problems: found.problems.map((p) => `${p.file}: ${p.message}`),
  };
}

// Found in review: the walk searched each real folder once, so a folder link into a folder it had
// searched already was never listed, and its files never checked under the link's audience or rules.
describe('findCitationFiles and names that check a file differently', () => {
  it('lists a file under a folder link too when the link gives it another audience', () => {
    const citations = [
      '  - path: answers/internal/**/*.json',
      '    audience: support',
      '  - path: answers/**/*.json',
      '    audience: public',
    ];
    expect(listed({ 'answers/internal/a.json': '[]' }, { 'answers/pub': 'internal' }, citations).files).toEqual([
      'answers/internal/a.json (support)',
      'answers/pub/a.json (public)',
    ]);
  });

  it('lists it under a folder link another require rule applies to', () => {
    const rule = ['require:', '  - files: answers/returns/', '    cite: [s-v1]'];
    expect(
      listed(
        { 'answers/returns/r.json': '[]', 'answers/other/x.json': '[]' },
        { 'answers/returns/more': '../other' },
        ['  - answers/**/*.json'],
        rule,
      ).files,
    ).toEqual(['answers/other/x.json', 'answers/returns/more/x.json', 'answers/returns/r.json']);
  });

  it('lists it once, under its own name, where the names check it alike, and follows no loop', () => {
    expect(
      listed(
        { 'answers/real/a.json': '[]' },
        { 'answers/alias': 'real', 'answers/real/loop': '..', 'answers/b.json': 'real/a.json' },
        ['  - answers/**/*.json'],
      ),
    ).toEqual({ files: ['answers/real/a.json'], problems: [] });
  });

  it('lists a file link under its own name when its name reads it in another format', () => {
    expect(
      listed({ 'answers/a.jsonl': '{}\n' }, { 'answers/a.json': 'a.jsonl' }, [
        '  - answers/*.json',
        '  - answers/*.jsonl',
      ]).files,
    ).toEqual(['answers/a.json', 'answers/a.jsonl']);
  });

  it('stops, as a problem, where links make more names than a walk follows', () => {
    // Two links from each level to the next: 2^12 ways to the last one.
    const links: Record<string, string> = {};
    for (let level = 0; level < 12; level++) {
      for (const name of ['x', 'y']) links[`answers/l${level}/${name}`] = `../l${level + 1}`;
    }
    const tree = { 'answers/l12/a.json': '[]' };
    expect(listed(tree, links, ['  - answers/**/*.json'], [], 10_000).problems).toEqual([
      'answers: not all listed: links give its folders more names than citegate follows; some citation files may be missing',
    ]);
    expect(listed(tree, links, ['  - answers/**/*.json'], [], 10_000_000)).toEqual({
      files: ['answers/l12/a.json'],
      problems: [],
    });
  });
});

// Found in review: a file named on the command line was checked only under the names the search
// found for it, and a search cut short by links could find it under another pattern's name alone.
describe('refsForNamed', () => {
  function named(files: string[], maxNames?: number) {
    const manifest = [
      'version: 1',
      'sources:',
      '  s-v1:',
      '    path: s.txt',
      `    sha256: ${sha256(TEXT)}`,
      '    retrieved: 2026-11-02',
      'citations:',
      '  - path: public/**/*.json',
      '    audience: public',
      '  - path: internal/**/*.json',
      '    audience: internal',
      '',
    ].join('\n');
    const root = makeTree({ 'citegate.yml': manifest, 's.txt': TEXT, 'public/a/a.json': '[]', 'other/o.json': '[]' });
    symlinkSync('public/a', path.join(root, 'internal-lnk'));
    mkdirSync(path.join(root, 'internal'));
    symlinkSync('../public/a', path.join(root, 'internal/lnk'));
    // Links that make 2^10 names in public/0fan, searched before public/a.
    for (let level = 0; level < 10; level++) {
      mkdirSync(path.join(root, `public/0fan/d${level}`), { recursive: true });
      for (const name of ['l1', 'l2'])
        symlinkSync(`../d${level + 1}`, path.join(root, `public/0fan/d${level}/${name}`));
    }
    mkdirSync(path.join(root, 'public/0fan/d10'));
    const workspace = new Workspace(root);
    const manifestOf = loadManifest(workspace, path.join(root, 'citegate.yml'));
    const found = refsForNamed(workspace, manifestOf, files, maxNames);
    return {
      files: found.files.map((f) => `${f.file} (${f.audience ?? '-'})`),
      problems: found.problems.map((p) => `${p.file}: ${p.kind}`),
      searched: findCitationFiles(workspace, manifestOf, maxNames).files.map((f) => f.file),
    };
  }

  it('checks a named file under each name the patterns give it, and under a name given that no pattern takes only when they give none', () => {
    expect(named(['public/a/a.json'])).toMatchObject({
      files: ['internal/lnk/a.json (internal)', 'public/a/a.json (public)'],
      problems: [],
    });
    expect(named(['internal-lnk/a.json'])).toMatchObject({
      files: ['internal/lnk/a.json (internal)', 'public/a/a.json (public)'],
      problems: [],
    });
    expect(named(['other/o.json', 'public/a/a.json', 'internal/lnk/a.json'])).toMatchObject({
      files: ['other/o.json (-)', 'internal/lnk/a.json (internal)', 'public/a/a.json (public)'],
      problems: [],
    });
  });

  it('checks the name given too when a search cut short found the file under another name only, and says the search was cut short', () => {
    const cut = named(['public/a/a.json'], 2_000);
    // The search itself stopped in public/0fan, before public/a: it found the file under internal/ only.
    expect(cut.searched).toEqual(['internal/lnk/a.json']);
    expect(cut).toMatchObject({
      files: ['internal/lnk/a.json (internal)', 'public/a/a.json (public)'],
      problems: ['public: not all listed'],
    });
  });
});
