import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergeGroupPayload, pullRequestPayload, pushPayload, runAction, type ActionRun } from '../helpers/action.js';
import { startFakeApi, type FakeApiOptions } from '../helpers/api-server.js';
import { apiFiles, commit, git, initRepo } from '../helpers/git.js';
import { sarifErrors } from '../helpers/sarif.js';
import { makeTree, manifestFor, REPO as REPO_ROOT, sha256 } from '../helpers/workspace.js';

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days.\nA receipt is required.\n',
};
const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide. Contact support.\n' };
const rec = (citation_id: string, source_id: string, quote: string) => ({ citation_id, source_id, quote });
const json = (records: object[]) => `${JSON.stringify(records, null, 2)}\n`;
const MANIFEST = (returns = RETURNS.text) =>
  manifestFor({ 'returns-v1': { ...RETURNS, text: returns }, 'help-v1': HELP }, ['answers/**/*.json']);

/** A repository at its base commit: two sources, three citation files (legacy.json already failing). */
function baseRepo(): { root: string; base: string } {
  const root = makeTree({
    'citegate.yml': MANIFEST(),
    [RETURNS.path]: RETURNS.text,
    [HELP.path]: HELP.text,
    'answers/returns.json': json([
      rec('r1', 'returns-v1', 'Returns are accepted within 30 days.'),
      rec('r2', 'returns-v1', 'A receipt is required.'),
    ]),
    'answers/help.json': json([rec('h1', 'help-v1', 'Read the guide.')]),
    'answers/legacy.json': json([rec('l1', 'help-v1', 'Call us any time.')]),
    'README.md': '# answers\n',
  });
  initRepo(root);
  return { root, base: git(root, 'rev-parse', 'HEAD') };
}

const BROKEN_RETURNS = json([
  rec('r1', 'returns-v1', 'Returns are accepted within 30 days.'),
  rec('r2', 'returns-v1', 'A receipt is required.'),
  rec('r3', 'returns-v1', 'A receipt is not required.'),
  rec('r4', 'returns-v9', 'A receipt is required.'),
]);

/** The summary's text with HTML character references decoded, for reading as a person would. */
const text = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&(lt|gt|quot|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[e as 'lt']);

/** Error annotations on files, as `file:line title`. */
const annotated = (run: ActionRun) =>
  run.annotations
    .filter((a) => a.command === 'error' && a.properties.file)
    .map((a) => `${a.properties.file}:${a.properties.line} ${a.properties.title}`);
/** The message the step failed with (the last error without a file). */
const failure = (run: ActionRun) =>
  run.annotations.filter((a) => a.command === 'error' && !a.properties.file).at(-1)?.message;

async function withApi<T>(
  options: FakeApiOptions,
  body: (url: string, api: Awaited<ReturnType<typeof startFakeApi>>) => Promise<T>,
): Promise<T> {
  const api = await startFakeApi(options);
  try {
    return await body(api.url, api);
  } finally {
    await api.close();
  }
}

describe('the Action on a pull request', () => {
  it('annotates exactly the failing records of the one citation file it touches (files from the API, paginated)', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS, 'README.md': '# answers, edited\n' });
    await withApi({ pullFiles: apiFiles(root, base, head), pageSize: 1 }, async (apiUrl, api) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 'ghs_test' },
        apiUrl,
      });
      expect(annotated(run)).toEqual([
        'answers/returns.json:12 quote not found: r3',
        'answers/returns.json:17 unknown source: r4',
      ]);
      expect(failure(run)).toBe('citegate: 2 of 4 records not located. See the annotations and the job summary.');
      expect(run.code).toBe(1);
      expect(run.outputs).toEqual({
        passed: 'false',
        total: '4',
        located: '2',
        failed: '2',
        problems: '0',
        'failing-findings': '0',
        broken: '0',
        fixed: '0',
        'still-failing': '0',
        report: '',
        sarif: '',
      });
      expect(text(run.summary)).toContain(
        'Checked 1 changed citation file, out of 2 changed files (from the GitHub API).',
      );
      // Both pages, the second through the Link header; the token is used for listing and nothing else.
      expect(api.requests.map((r) => new URL(r.url, apiUrl).searchParams.get('page'))).toEqual([null, '2']);
      expect(
        api.requests.every(
          (r) =>
            r.method === 'GET' &&
            r.authorization === 'token ghs_test' &&
            r.url.startsWith('/repos/acme/answers/pulls/7/files?'),
        ),
      ).toBe(true);
    });
  });

  it('re-checks every citation file citing a source it edits, changed or not, and catches the one that now fails', async () => {
    const { root, base } = baseRepo();
    const edited = RETURNS.text.replace('30 days', '60 days');
    const head = commit(root, { [RETURNS.path]: edited, 'citegate.yml': MANIFEST(edited) });
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(text(run.summary)).toContain(
        'Checked 0 changed citation files and 1 more citing the changed source returns-v1, out of 2 changed files',
      );
      expect(run.outputs).toMatchObject({ total: '2', located: '1', failed: '1' });
      expect(run.code).toBe(1);
    });
  });

  it('catches a source edited without a new pin: its entry on the manifest, every record citing it', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { [RETURNS.path]: RETURNS.text.replace('30 days', '60 days') });
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual([
        'citegate.yml:3 source unverified',
        'answers/returns.json:2 source unverified: r1',
        'answers/returns.json:7 source unverified: r2',
      ]);
      expect(run.code).toBe(1);
    });
  });

  it('passes with a notice when nothing relevant changed', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'README.md': '# only the readme\n' });
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(run.code).toBe(0);
      expect(run.annotations.map((a) => `${a.command}: ${a.message}`)).toEqual([
        'notice: citegate: No citation file and no cited source changed among the 1 changed file (from the GitHub API): nothing to check.',
      ]);
      expect(text(run.summary)).toContain('nothing to check');
      expect(run.outputs).toMatchObject({ total: '0', located: '0', failed: '0' });
    });
  });

  it('skips a deleted citation file, and passes when the rest is located', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, {
      'answers/legacy.json': null,
      'answers/help.json': json([
        rec('h1', 'help-v1', 'Read the guide.'),
        rec('h2', 'help-v1', 'Read the guide. Contact support.'),
      ]),
    });
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual([]);
      expect(run.outputs).toMatchObject({ total: '2', located: '2', failed: '0' });
      expect(run.code).toBe(0);
    });
  });

  it('falls back to git when no token is given, when the history is there', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(annotated(run)).toEqual([
      'answers/returns.json:12 quote not found: r3',
      'answers/returns.json:17 unknown source: r4',
    ]);
    expect(text(run.summary)).toContain('(from git)');
    expect(run.code).toBe(1);
  });

  // Found in review: git's names were read as UTF-8, so a name that is not became U+FFFD and could stand for another file.
  it('checks everything when git names a changed file that is not UTF-8', async () => {
    const { root, base } = baseRepo();
    writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, 'answers/')), Buffer.from([0xff]), Buffer.from('.json')]),
      BROKEN_RETURNS,
    );
    const head = commit(root, {});
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(run.annotations.filter((a) => a.command === 'notice').map((a) => a.message)).toEqual([
      "citegate: cannot tell which files changed (no token was given; git diff failed: a changed file's name is not valid UTF-8), so every citation file is checked.",
    ]);
    expect(
      run.annotations.some((a) => a.command === 'error' && a.message.includes('the name is not valid UTF-8')),
    ).toBe(true);
    expect(run.code).toBe(1);
  });

  it('does not trust an API list that names a file with U+FFFD (a name that is not UTF-8)', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    const files = [
      ...apiFiles(root, base, head),
      { filename: 'answers/\ufffd.json', status: 'added', additions: 1, deletions: 0, changes: 1 },
    ];
    await withApi({ pullFiles: files }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(text(run.summary)).toContain('(from git)');
      expect(annotated(run)).toEqual([
        'answers/returns.json:12 quote not found: r3',
        'answers/returns.json:17 unknown source: r4',
      ]);
    });
  });

  it('falls back to git when the API refuses', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    await withApi({ refuseWith: 403 }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(run.annotations.filter((a) => a.command === 'warning').map((a) => a.message)).toEqual([
        'citegate: the GitHub API refused to list the changed files (HTTP 403); trying git',
      ]);
      expect(annotated(run)).toEqual([
        'answers/returns.json:12 quote not found: r3',
        'answers/returns.json:17 unknown source: r4',
      ]);
    });
  });

  it('checks everything, and says so, when neither the API nor git can tell what changed', async () => {
    const { root } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    const missing = 'f'.repeat(40);
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, missing, head),
    });
    expect(run.annotations.filter((a) => a.command === 'notice').map((a) => a.message)).toEqual([
      `citegate: cannot tell which files changed (no token was given; the checkout lacks commit ${missing} (use actions/checkout with fetch-depth: 0)), so every citation file is checked.`,
    ]);
    expect(annotated(run)).toEqual([
      'answers/legacy.json:2 quote not found: l1',
      'answers/returns.json:12 quote not found: r3',
      'answers/returns.json:17 unknown source: r4',
    ]);
    expect(run.code).toBe(1);
  });

  it('lists the files through git when the pull request has more files than the API lists', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    await withApi({ pullFiles: [] }, async (apiUrl, api) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head, { changedFiles: 3500 }),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(api.requests).toEqual([]);
      expect(annotated(run)).toEqual([
        'answers/returns.json:12 quote not found: r3',
        'answers/returns.json:17 unknown source: r4',
      ]);
    });
  });
});

describe('the Action and manifest changes', () => {
  it('re-checks the files citing a source whose manifest entry changed', async () => {
    const { root, base } = baseRepo();
    // help-v1 gets an audience: files without one may no longer cite it.
    const head = commit(root, {
      'citegate.yml': MANIFEST().replace(
        '    retrieved: 2026-11-02\ncitations',
        '    retrieved: 2026-11-02\n    audience: [support]\ncitations',
      ),
    });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(annotated(run)).toEqual([
      'answers/help.json:2 source not permitted: h1',
      'answers/legacy.json:2 source not permitted: l1',
    ]);
    expect(text(run.summary)).toContain('2 more citing the changed source help-v1');
  });

  it('checks everything when the citations patterns change', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'citegate.yml': MANIFEST().replace('answers/**/*.json', 'answers/*.json') });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(text(run.summary)).toContain(
      "Every citation file was checked because the manifest's `citations` patterns changed.",
    );
    expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
  });

  it('follows links: a change to the file behind a source or a citation file counts as a change to it', async () => {
    // sources/returns-v1.txt is a link to data/returns.txt; the pattern's folder `linked` is a link to `shared`.
    const root = makeTree({
      'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['linked/*.json']),
      'data/returns.txt': RETURNS.text,
      'shared/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
      'shared/b.json': json([rec('b1', 'returns-v1', 'A receipt is required.')]),
    });
    mkdirSync(path.join(root, 'sources'));
    symlinkSync('../data/returns.txt', path.join(root, RETURNS.path));
    symlinkSync('shared', path.join(root, 'linked'));
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');

    const edited = commit(root, { 'shared/a.json': json([rec('a1', 'returns-v1', 'A receipt is not required.')]) });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, edited),
    });
    expect(annotated(run)).toEqual(['linked/a.json:2 quote not found: a1']);

    const source = commit(root, { 'data/returns.txt': RETURNS.text.replace('30 days', '60 days') });
    const again = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, edited, source),
    });
    expect(annotated(again)).toEqual([
      'citegate.yml:3 source unverified',
      'linked/a.json:2 source unverified: a1',
      'linked/b.json:2 source unverified: b1',
    ]);
  });

  // Found in review: a pull request that changed only a citation file never looked at the other
  // names it is read under, so a link to it in a folder of another audience passed unchecked.
  it('checks a changed citation file under every name that checks it differently', async () => {
    const manifest = [
      'version: 1',
      'sources:',
      '  int-v1:',
      `    path: ${RETURNS.path}`,
      `    sha256: ${sha256(RETURNS.text)}`,
      '    retrieved: 2026-11-02',
      '    audience: [support]',
      'citations:',
      '  - path: internal/*.json',
      '    audience: support',
      '  - path: public/**/*.json',
      '    audience: public',
      '',
    ].join('\n');
    const root = makeTree({
      'citegate.yml': manifest,
      [RETURNS.path]: RETURNS.text,
      'internal/a.json': json([rec('c1', 'int-v1', 'Returns are accepted within 30 days.')]),
      'internal/b.json': json([rec('c2', 'int-v1', 'A receipt is required.')]),
    });
    mkdirSync(path.join(root, 'public'));
    symlinkSync('../internal/a.json', path.join(root, 'public/a.json'));
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    const head = commit(root, { 'internal/a.json': json([rec('c1', 'int-v1', 'A receipt is required.')]) });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(annotated(run)).toEqual(['public/a.json:2 source not permitted: c1']);
    expect(run.code).toBe(1);
    // A folder link added into the public folder: its files are the internal folder's, under public names.
    symlinkSync('../internal', path.join(root, 'public/all'));
    const linked = commit(root, {}, 'link the internal answers');
    const again = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, head, linked),
    });
    // public/all/a.json is public/a.json's file, checked alike: once, under the first name.
    expect(annotated(again)).toEqual([
      'public/a.json:2 source not permitted: c1',
      'public/all/b.json:2 source not permitted: c2',
    ]);
    expect(again.code).toBe(1);
  });

  // Found in review: only a changed path itself, or where its last link led,
  // counted; a change on the way to a file (a link re-pointed, a linked folder,
  // a submodule, a removed file a link leads to) let a pull request pass unseen.
  describe('a change on the way to a file counts as a change to it', () => {
    /** A repository whose source and citation files are reached through links: `sources/returns-v1.txt` -> `../data/returns.txt`, `answers` -> `store`. */
    function linkedRepo() {
      const root = makeTree({
        'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['answers/**/*.json']),
        'data/returns.txt': RETURNS.text,
        'texts-v2/returns-v1.txt': RETURNS.text.replace('30 days', '60 days'),
        'store/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
        'drafts/a.json': json([rec('a1', 'returns-v1', 'No receipt is needed.')]),
        'README.md': 'readme\n',
      });
      mkdirSync(path.join(root, 'sources'));
      symlinkSync('../data/returns.txt', path.join(root, RETURNS.path));
      symlinkSync('store', path.join(root, 'answers'));
      initRepo(root);
      return { root, base: git(root, 'rev-parse', 'HEAD') };
    }
    /** Replaces (or removes, with null) links and commits. */
    function relink(root: string, links: Record<string, string | null>, removed: string[] = []): string {
      for (const [at, to] of Object.entries(links)) {
        rmSync(path.join(root, at), { recursive: true, force: true });
        if (to !== null) symlinkSync(to, path.join(root, at));
      }
      for (const file of removed) rmSync(path.join(root, file));
      return commit(root, {}, 'relink');
    }
    const check = (root: string, base: string, head: string) =>
      runAction({ workspace: root, event: 'pull_request', payload: pullRequestPayload(root, base, head) });

    it('a source link re-pointed out of the workspace, or into a loop', async () => {
      const { root, base } = linkedRepo();
      const out = relink(root, { [RETURNS.path]: '../../../../../etc/hostname' });
      const run = await check(root, base, out);
      expect(annotated(run)).toEqual(['citegate.yml:3 source unverified', 'answers/a.json:2 source unverified: a1']);
      const loop = relink(root, { [RETURNS.path]: 'returns-v1.txt' });
      expect(annotated(await check(root, out, loop))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);
    });

    it('a linked folder of sources or of citation files re-pointed', async () => {
      const { root } = linkedRepo();
      rmSync(path.join(root, RETURNS.path));
      rmSync(path.join(root, 'sources'), { recursive: true });
      symlinkSync('data-dir', path.join(root, 'sources'));
      mkdirSync(path.join(root, 'data-dir'));
      symlinkSync('../data/returns.txt', path.join(root, 'data-dir/returns-v1.txt'));
      const before = commit(root, {}, 'sources as a linked folder');
      const sources = relink(root, { sources: 'texts-v2' });
      expect(annotated(await check(root, before, sources))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);
      const answers = relink(root, { sources: 'data-dir', answers: 'drafts' });
      expect(annotated(await check(root, sources, answers))).toEqual(['answers/a.json:2 quote not found: a1']);
    });

    it('a link left leading nowhere by removing its file, and a folder link out of the workspace added', async () => {
      const { root } = linkedRepo();
      rmSync(path.join(root, 'answers'));
      mkdirSync(path.join(root, 'answers'));
      symlinkSync('../store/a.json', path.join(root, 'answers/a.json'));
      const before = commit(root, {}, 'a linked file');
      const removed = relink(root, {}, ['store/a.json']);
      const run = await check(root, before, removed);
      expect(run.code).toBe(1);
      expect(run.annotations.some((a) => a.properties.file === 'answers/a.json' && /cannot read/.test(a.message))).toBe(
        true,
      );
      const away = relink(root, { 'answers/away': '/' });
      const again = await check(root, removed, away);
      expect(again.code).toBe(1);
      expect(
        again.annotations.some((a) => a.properties.file === 'answers/away' && /folder not listed/.test(a.message)),
      ).toBe(true);
    });

    it('a linked folder on the way to the manifest re-pointed: everything is checked', async () => {
      const files = (quote: string) => ({
        'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['answers/*.json']),
        [RETURNS.path]: RETURNS.text,
        'answers/a.json': json([rec('a1', 'returns-v1', quote)]),
      });
      const tree: Record<string, string> = {};
      for (const [folder, quote] of [
        ['cfg-v1', 'A receipt is required.'],
        ['cfg-v2', 'No receipt is needed.'],
      ]) {
        for (const [name, text] of Object.entries(files(quote))) tree[`${folder}/${name}`] = text;
      }
      const root = makeTree(tree);
      symlinkSync('cfg-v1', path.join(root, 'cfg'));
      initRepo(root);
      const base = git(root, 'rev-parse', 'HEAD');
      const head = relink(root, { cfg: 'cfg-v2' });
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { manifest: 'cfg/citegate.yml' },
      });
      expect(text(run.summary)).toContain(
        'Every citation file was checked because a link or a folder on the way to the manifest (cfg/citegate.yml) changed.',
      );
      expect(annotated(run)).toEqual(['cfg-v2/answers/a.json:2 quote not found: a1']);
    });

    // Found in a second review: the way was read by text, not as the system reads it.
    it('a way that leaves the workspace and comes back in, and an absolute link with `..` after a linked folder', async () => {
      const root = makeTree({
        'data/returns.txt': RETURNS.text,
        'sub/deeper/x': '',
        'sub/r.txt': RETURNS.text,
        'answers/a.json': json([
          rec('a1', 'returns-v1', 'A receipt is required.'),
          rec('a2', 'r-v1', 'A receipt is required.'),
        ]),
      });
      writeFileSync(
        path.join(root, 'citegate.yml'),
        manifestFor(
          {
            'returns-v1': { path: `up/${path.basename(root)}/data/returns.txt`, text: RETURNS.text },
            'r-v1': { path: 'sources/r.txt', text: RETURNS.text },
          },
          ['answers/*.json'],
        ),
      );
      symlinkSync('..', path.join(root, 'up'));
      symlinkSync('sub/deeper', path.join(root, 'a'));
      mkdirSync(path.join(root, 'sources'));
      // The system reads <root>/a/../r.txt as sub/r.txt: `..` after the link, not before it.
      symlinkSync(`${root}/a/../r.txt`, path.join(root, 'sources/r.txt'));
      initRepo(root);
      const base = git(root, 'rev-parse', 'HEAD');
      const head = commit(root, {
        'data/returns.txt': RETURNS.text.replace('30', '60'),
        'sub/r.txt': RETURNS.text.replace('30', '90'),
      });
      expect(annotated(await check(root, base, head))).toEqual([
        'citegate.yml:3 source unverified',
        'citegate.yml:7 source unverified',
        'answers/a.json:2 source unverified: a1',
        'answers/a.json:7 source unverified: a2',
      ]);
    });

    it('a link whose target holds `.` into a folder the change removes, and the manifest swapped through a re-pointed link with its new file changed too', async () => {
      const { root } = linkedRepo();
      relink(root, { [RETURNS.path]: '../data/./returns.txt' });
      const dotted = git(root, 'rev-parse', 'HEAD');
      const removed = relink(root, {}, ['data/returns.txt']);
      expect(annotated(await check(root, dotted, removed))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);

      const tree: Record<string, string> = {};
      for (const [folder, quote] of [
        ['proj-a', 'A receipt is required.'],
        ['proj-b', 'No receipt is needed.'],
      ]) {
        tree[`${folder}/citegate.yml`] = manifestFor({ 'returns-v1': RETURNS }, ['answers/*.json']);
        tree[`${folder}/${RETURNS.path}`] = RETURNS.text;
        tree[`${folder}/answers/a.json`] = json([rec('a1', 'returns-v1', quote)]);
      }
      const swap = makeTree(tree);
      symlinkSync('proj-a', path.join(swap, 'cfg'));
      initRepo(swap);
      const before = git(swap, 'rev-parse', 'HEAD');
      writeFileSync(path.join(swap, 'proj-b/citegate.yml'), `# edited\n${tree['proj-b/citegate.yml']}`);
      const after = relink(swap, { cfg: 'proj-b' });
      const run = await runAction({
        workspace: swap,
        event: 'pull_request',
        payload: pullRequestPayload(swap, before, after),
        inputs: { manifest: 'cfg/citegate.yml' },
      });
      expect(annotated(run)).toEqual(['proj-b/answers/a.json:2 quote not found: a1']);
    });

    it('a way too long to follow counts as changed', async () => {
      const { root } = linkedRepo();
      // Each step of `loop` is 2,001 names long: past 4,096 names, the way is not followed further.
      symlinkSync(`${'./'.repeat(2000)}loop`, path.join(root, 'loop'));
      writeFileSync(
        path.join(root, 'citegate.yml'),
        manifestFor({ 'returns-v1': RETURNS, 's-v1': { path: 'loop/s.txt', text: 'x' } }, ['answers/**/*.json']),
      );
      writeFileSync(path.join(root, 'store/b.json'), json([rec('b1', 's-v1', 'x')]));
      const looped = commit(root, {}, 'a source behind a loop');
      const head = commit(root, { 'README.md': 'edited\n' });
      // Nothing the change touches is on a way that can be followed to its end: b.json, citing that source, is checked.
      expect(annotated(await check(root, looped, head))).toEqual([
        'citegate.yml:7 source unverified',
        'answers/b.json:2 source unverified: b1',
      ]);
    });

    it('a way of more than 40 links counts as changed, as the system refuses it', async () => {
      const { root } = linkedRepo();
      // sources/returns-v1.txt -> l1 -> l2 -> … -> l41 -> data/returns.txt: 42 links, one more than the system follows.
      rmSync(path.join(root, RETURNS.path));
      symlinkSync('../l1', path.join(root, RETURNS.path));
      for (let i = 1; i <= 41; i++) symlinkSync(i === 41 ? 'data/returns.txt' : `l${i + 1}`, path.join(root, `l${i}`));
      const chained = commit(root, {}, 'a long chain');
      const head = commit(root, { 'README.md': 'edited\n' });
      expect(annotated(await check(root, chained, head))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);
    });

    it('a folder the way enters and leaves by `..`, emptied by the change', async () => {
      const { root } = linkedRepo();
      mkdirSync(path.join(root, 'gone'));
      writeFileSync(path.join(root, 'gone/keep.txt'), 'kept\n');
      const through = relink(root, { [RETURNS.path]: '../gone/../data/returns.txt' });
      rmSync(path.join(root, 'gone/keep.txt'));
      const emptied = relink(root, { gone: null });
      // As a fresh checkout has it, `gone` is no more, and the system cannot go through it: the source cannot be read.
      expect(annotated(await check(root, through, emptied))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);
    });

    it('ways made too long to follow in all checks every file', async () => {
      const root = makeTree({
        'citegate.yml': manifestFor({ 'returns-v1': RETURNS }, ['a*/f.json']),
        [RETURNS.path]: RETURNS.text,
        'x/keep': '',
      });
      // 760 folders, each a link through two of 800 steps of `x/../` to a folder of its own: 3,204 names each,
      // within the cap of one way, 2,435,040 in all.
      for (let i = 0; i < 760; i++) {
        mkdirSync(path.join(root, `s${i}`));
        writeFileSync(path.join(root, `s${i}/f.json`), json([rec(`f${i}`, 'returns-v1', 'A receipt is required.')]));
        symlinkSync(`${'x/../'.repeat(800)}s${i}`, path.join(root, `h${i}`));
        symlinkSync(`${'x/../'.repeat(800)}h${i}`, path.join(root, `a${i}`));
      }
      initRepo(root);
      const base = git(root, 'rev-parse', 'HEAD');
      const head = commit(root, { 'README.md': 'edited\n' });
      const run = await check(root, base, head);
      expect(text(run.summary)).toContain(
        'Every citation file was checked because the ways to the files, through their links, are too long to follow (more than 2,000,000 names).',
      );
      expect(run.outputs.total).toBe('760');
    });

    // Found in review: on a file system that ignores case (macOS, Windows), the
    // manifest's `sources/Returns.txt` is git's `sources/returns.txt`.
    it('a changed path that names the file in another case, or another normalization form', async () => {
      const file = 'sources/Returns-\u00e9.txt';
      const root = makeTree({
        'citegate.yml': manifestFor({ 'returns-v1': { path: file, text: RETURNS.text } }, ['answers/*.json']),
        [file]: RETURNS.text,
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
      });
      initRepo(root);
      const base = git(root, 'rev-parse', 'HEAD');
      const head = commit(root, { [file]: RETURNS.text.replace('30', '60') });
      // As git on such a system may list it: lower case, the accent decomposed.
      const listed = apiFiles(root, base, head).map((f) => ({
        ...f,
        filename: f.filename.toLowerCase().normalize('NFD'),
      }));
      await withApi({ pullFiles: listed }, async (apiUrl) => {
        const run = await runAction({
          workspace: root,
          event: 'pull_request',
          payload: pullRequestPayload(root, base, head),
          inputs: { token: 't' },
          apiUrl,
        });
        expect(annotated(run)).toEqual(['citegate.yml:3 source unverified', 'answers/a.json:2 source unverified: a1']);
      });
    });

    it("a manifest that is a link: its file changed is compared with that file's base, the link re-pointed checks everything", async () => {
      // citegate.yml -> config/citegate.yml; config-b/citegate.yml is another manifest of the same files.
      // Its paths are relative to the folder it is named in, the workspace's root.
      const manifest = MANIFEST();
      const root = makeTree({
        'config/citegate.yml': manifest,
        'config-b/citegate.yml': manifest,
        [RETURNS.path]: RETURNS.text,
        [HELP.path]: HELP.text,
        'answers/help.json': json([rec('h1', 'help-v1', 'Read the guide.')]),
        'answers/legacy.json': json([rec('l1', 'help-v1', 'Call us any time.')]),
      });
      symlinkSync('config/citegate.yml', path.join(root, 'citegate.yml'));
      initRepo(root);
      const base = git(root, 'rev-parse', 'HEAD');
      // help-v1 gets an audience: files without one may no longer cite it. With a token, from the API's patch; without, from git.
      const audience = commit(root, {
        'config/citegate.yml': manifest.replace(
          '    retrieved: 2026-11-02\ncitations',
          '    retrieved: 2026-11-02\n    audience: [support]\ncitations',
        ),
      });
      for (const token of ['', 't']) {
        await withApi({ pullFiles: apiFiles(root, base, audience) }, async (apiUrl) => {
          const run = await runAction({
            workspace: root,
            event: 'pull_request',
            payload: pullRequestPayload(root, base, audience),
            inputs: { token },
            apiUrl,
          });
          expect(annotated(run)).toEqual([
            'answers/help.json:2 source not permitted: h1',
            'answers/legacy.json:2 source not permitted: l1',
          ]);
          expect(text(run.summary)).toContain('2 more citing the changed source help-v1');
        });
      }
      const repointed = relink(root, { 'citegate.yml': 'config-b/citegate.yml' });
      const run = await check(root, audience, repointed);
      expect(text(run.summary)).toContain(
        'Every citation file was checked because the manifest (citegate.yml) is a link, and the link changed.',
      );
    });

    it('a submodule bumped to a commit whose source differs', async () => {
      const texts = makeTree({ 'returns.txt': RETURNS.text });
      initRepo(texts);
      const root = makeTree({
        'citegate.yml': manifestFor({ 'returns-v1': { path: 'vendor/texts/returns.txt', text: RETURNS.text } }, [
          'answers/*.json',
        ]),
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
      });
      initRepo(root);
      git(root, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', `file://${texts}`, 'vendor/texts');
      git(root, 'commit', '-q', '-m', 'texts as a submodule');
      const base = git(root, 'rev-parse', 'HEAD');
      const sub = path.join(root, 'vendor/texts');
      writeFileSync(path.join(sub, 'returns.txt'), RETURNS.text.replace('30 days', '60 days'));
      git(sub, 'commit', '-q', '-am', 'new terms');
      git(root, 'commit', '-q', '-am', 'bump texts');
      const head = git(root, 'rev-parse', 'HEAD');
      expect(annotated(await check(root, base, head))).toEqual([
        'citegate.yml:3 source unverified',
        'answers/a.json:2 source unverified: a1',
      ]);
    });
  });

  it('uses the merge group base and head', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    const run = await runAction({
      workspace: root,
      event: 'merge_group',
      payload: mergeGroupPayload(root, base, head),
    });
    expect(annotated(run)).toEqual([
      'answers/returns.json:12 quote not found: r3',
      'answers/returns.json:17 unknown source: r4',
    ]);
  });
});

describe('the Action and the checks beyond quotes', () => {
  it('annotates failing findings as errors and the others as warnings, at their lines, and takes levels as inputs', async () => {
    const run = await runAction({
      workspace: REPO_ROOT,
      event: 'schedule',
      payload: {},
      inputs: { manifest: '__fixtures__/answers/citegate.yml' },
    });
    const byLevel = (level: string) =>
      run.annotations
        .filter((a) => a.command === level && a.properties.file)
        .map(
          (a) =>
            `${a.properties.file.replace('__fixtures__/answers/answers/', '')}:${a.properties.line} ${a.properties.title}`,
        );
    expect(byLevel('error')).toEqual([
      'returns/missing-required.json:2 required source not cited',
      'shipping/changed-numbers.json:6 claim number not in quote: n1',
      'shipping/changed-numbers.json:9 claim number not in quote: n2',
      'shipping/changed-numbers.json:12 claim number not in quote: n3',
      'shipping/changed-numbers.json:15 claim number not in quote: n4',
      'shipping/changed-numbers.json:18 claim number not in quote: n5',
    ]);
    expect(byLevel('warning')).toEqual(['returns/uncited-sentence.yaml:3 uncited claim']);
    expect(failure(run)).toBe('citegate: 6 failing findings beyond quotes. See the annotations and the job summary.');
    expect(text(run.summary)).toContain('### Findings beyond quotes (7)');
    const relaxed = await runAction({
      workspace: REPO_ROOT,
      event: 'schedule',
      payload: {},
      inputs: { manifest: '__fixtures__/answers/citegate.yml', 'claim-numbers': 'warn', 'required-sources': 'off' },
    });
    expect(relaxed.code).toBe(0);
    const bad = await runAction({
      workspace: REPO_ROOT,
      event: 'schedule',
      payload: {},
      inputs: { manifest: '__fixtures__/answers/citegate.yml', 'claim-numbers': 'loud' },
    });
    expect(failure(bad)).toBe('citegate: input claim-numbers must be one of off, warn, fail, not "loud"');
  });
});

describe('the Action on push, schedule and bad input', () => {
  it('uses the compare API on push', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'answers/returns.json': BROKEN_RETURNS });
    await withApi({ compareFiles: apiFiles(root, base, head) }, async (apiUrl, api) => {
      const run = await runAction({
        workspace: root,
        event: 'push',
        payload: pushPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(api.requests.map((r) => r.url.split('?')[0])).toEqual([`/repos/acme/answers/compare/${base}...${head}`]);
      expect(annotated(run)).toEqual([
        'answers/returns.json:12 quote not found: r3',
        'answers/returns.json:17 unknown source: r4',
      ]);
    });
  });

  it('checks every file on a schedule, writes the JSON report and valid SARIF, and fails', async () => {
    const { root } = baseRepo();
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: { schedule: '0 3 * * *' },
      inputs: { report: 'out/report.json', sarif: 'out/citegate.sarif' },
    });
    expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
    expect(run.outputs).toEqual({
      passed: 'false',
      total: '4',
      located: '3',
      failed: '1',
      problems: '0',
      'failing-findings': '0',
      broken: '0',
      fixed: '0',
      'still-failing': '0',
      report: path.join(root, 'out/report.json'),
      sarif: path.join(root, 'out/citegate.sarif'),
    });
    const report = JSON.parse(readFileSync(path.join(root, 'out/report.json'), 'utf8'));
    expect(report.github).toEqual({ event: 'schedule', scope: 'all' });
    expect(report.summary).toMatchObject({ total: 4, located: 3, failed: 1, passed: false });
    const sarif = JSON.parse(readFileSync(path.join(root, 'out/citegate.sarif'), 'utf8'));
    expect(sarifErrors(sarif)).toEqual([]);
    expect(sarif.runs[0].results).toHaveLength(1);
    expect(sarif.runs[0].results[0]).toMatchObject({
      ruleId: 'citegate/quote-not-found',
      level: 'error',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'answers/legacy.json' },
            region: { startLine: 2, startColumn: 3 },
          },
        },
      ],
    });
    // The same finding gets the same fingerprint on the next run.
    const again = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { sarif: 'out/again.sarif' },
    });
    expect(again.code).toBe(1);
    const second = JSON.parse(readFileSync(path.join(root, 'out/again.sarif'), 'utf8'));
    expect(second.runs[0].results[0].partialFingerprints).toEqual(sarif.runs[0].results[0].partialFingerprints);
    expect(run.code).toBe(1);
  });

  // Found in review: a report that could not be written (a link a pull request planted at its
  // name) failed the step, but the summary, written first, said "pass", and no SARIF was written.
  it('writes the SARIF file when the report cannot be written, and the summary says the step fails', async () => {
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/**/*.json']),
      [HELP.path]: HELP.text,
      'answers/help.json': json([rec('h1', 'help-v1', 'Read the guide.')]),
    });
    symlinkSync('/etc/hostname', path.join(root, 'citegate-report.json'));
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { report: 'citegate-report.json', sarif: 'out/citegate.sarif' },
    });
    expect(run.code).toBe(1);
    expect(run.summary).toMatch(/^## ❌ citegate: 1 of 1 record located, but a report could not be written — fail/);
    expect(text(run.summary)).toContain('it is a link: reports are never written through links (the `report` input).');
    expect(failure(run)).toMatch(
      /^citegate: cannot write .*citegate-report\.json: it is a link: reports are never written through links \(the `report` input\)\.$/,
    );
    expect(run.outputs).toMatchObject({ report: '', sarif: path.join(root, 'out/citegate.sarif') });
    expect(sarifErrors(JSON.parse(readFileSync(path.join(root, 'out/citegate.sarif'), 'utf8')))).toEqual([]);
  });

  // Found in review: `--output` (and so `report:`) at the manifest's or a citation file's name replaced it.
  it('refuses to write a report over a file the run reads', async () => {
    const { root } = baseRepo();
    const reads = ', which the run reads: a report there would replace it';
    for (const [input, what] of [
      ['citegate.yml', `the manifest${reads}`],
      [
        'answers/legacy.json',
        `citation file answers/legacy.json${reads}: write reports where the manifest's \`citations\` patterns do not match them`,
      ],
      [RETURNS.path, `source returns-v1${reads}`],
    ]) {
      const before = readFileSync(path.join(root, input), 'utf8');
      const run = await runAction({ workspace: root, event: 'schedule', payload: {}, inputs: { sarif: input } });
      expect(run.code).toBe(1);
      expect(failure(run)).toContain(`: it is ${what} (the \`sarif\` input).`);
      expect(readFileSync(path.join(root, input), 'utf8')).toBe(before);
    }
  });

  it('passes a full run where every record is located, and fails a full run with no records', async () => {
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/**/*.json']),
      [HELP.path]: HELP.text,
      'answers/help.json': json([rec('h1', 'help-v1', 'Read the guide.')]),
    });
    const ok = await runAction({ workspace: root, event: 'workflow_dispatch', payload: {} });
    expect(ok.code).toBe(0);
    expect(ok.summary).toMatch(/^## ✅ citegate: 1 of 1 record located — pass/);
    const empty = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['answers/**/*.json']),
      [HELP.path]: HELP.text,
    });
    const none = await runAction({ workspace: empty, event: 'schedule', payload: {} });
    expect(none.code).toBe(1);
    expect(failure(none)).toBe(
      'citegate: no citation records were checked (an empty full run fails). See the annotations and the job summary.',
    );
  });

  // Found in review: @actions/github parses the event file as it loads, so one that was not JSON
  // stopped the bundle with a stack trace before citegate could say anything.
  it('checks everything, with a notice and no stack trace, when the event file is not JSON', async () => {
    const { root } = baseRepo();
    const event = path.join(makeTree({ 'event.json': 'not json {' }), 'event.json');
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: {},
      inputs: { token: 't' },
      env: { GITHUB_EVENT_PATH: event },
    });
    expect(run.stderr).toBe('');
    expect(run.annotations.filter((a) => a.command === 'notice').map((a) => a.message)).toEqual([
      expect.stringMatching(/^citegate: cannot tell which files changed \(.*\), so every citation file is checked\.$/),
    ]);
    expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
    expect(run.code).toBe(1);
  });

  it('fails on a bad input value, saying what is allowed', async () => {
    const { root } = baseRepo();
    const run = await runAction({ workspace: root, event: 'schedule', payload: {}, inputs: { scope: 'everything' } });
    expect(run.code).toBe(1);
    expect(failure(run)).toBe('citegate: input scope must be one of auto, changed, all, not "everything"');
  });

  it('annotates an invalid manifest at its lines and fails', async () => {
    const { root } = baseRepo();
    const run = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { manifest: 'broken.yml' },
    });
    expect(failure(run)).toMatch(/^citegate: the manifest cannot be used/);
    const bad = makeTree({
      'citegate.yml': 'version: 1\nsources:\n  a: {path: a.txt, sha256: nope, retrieved: 2026-01-01}\n',
    });
    const badRun = await runAction({ workspace: bad, event: 'schedule', payload: {} });
    expect(annotated(badRun)).toEqual(['citegate.yml:3 invalid manifest']);
    expect(badRun.code).toBe(1);
  });
});
