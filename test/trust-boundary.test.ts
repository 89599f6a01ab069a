// The trust boundary (SPEC §6, issue 16): a pull request can add any file, link
// or manifest entry, and nothing it does may read a .git folder, where
// actions/checkout keeps the token it checked out with. Every way in is tried
// on a real git repository whose .git/config holds a canary token, through the
// bundled CLI (text, --explain, JSON) and the bundled Action (its log, job
// summary, outputs, JSON report and SARIF file), and every output is searched
// for the canary, raw and base64-encoded as checkout writes it.
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pullRequestPayload, runAction } from './helpers/action.js';
import { startFakeApi } from './helpers/api-server.js';
import { commit, git, initRepo } from './helpers/git.js';
import { makeTree, manifestFor, runCli, sha256 } from './helpers/workspace.js';

const CANARY = 'ghs_CANARY7f3aTOKENc0ffee';
const CANARY_BASE64 = Buffer.from(`x-access-token:${CANARY}`).toString('base64');
const GOOD = { path: 'sources/good.txt', text: 'Returns are accepted within 30 days of delivery.\n' };
const GOOD_RECORD = JSON.stringify([{ citation_id: 'good', source_id: 'good-v1', quote: 'within 30 days' }]);

/** Fails if any text holds the canary, in either form. */
function expectNoCanary(...texts: string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain(CANARY_BASE64);
    expect(text).not.toContain('extraheader');
  }
}

/** A committed repository with a good source and answer, and a .git/config that holds the canary, as checkout v4 and v5 leave it. */
function repository(extra: { manifest?: string; files?: Record<string, string> } = {}): string {
  const root = makeTree({
    'citegate.yml': extra.manifest ?? manifestFor({ 'good-v1': GOOD }, ['answers/**/*.json', 'answers/**/*.yaml']),
    [GOOD.path]: GOOD.text,
    'answers/good.json': GOOD_RECORD,
    ...extra.files,
  });
  initRepo(root);
  git(root, 'config', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${CANARY_BASE64}`);
  // A line of raw canary too, and a file of citation-record shape inside .git, for ways that read a whole folder.
  writeFileSync(path.join(root, '.git/config'), `${readFileSync(path.join(root, '.git/config'), 'utf8')}# ${CANARY}\n`);
  writeFileSync(
    path.join(root, '.git/notes.yaml'),
    `- citation_id: ${CANARY}\n  source_id: good-v1\n  quote: ${CANARY_BASE64}\n`,
  );
  return root;
}

const IN_GIT = 'it is in a \\.git folder, which citegate never reads \\(git keeps credentials there\\)';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Files written into a tree, their folders made. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** Every way a pull request might reach into .git, each a repository of its own. */
const WAYS: Record<string, () => { root: string; file: string }> = {
  'a citation file that is a link to .git/config': () => {
    const root = repository();
    symlinkSync('../.git/config', path.join(root, 'answers/notes.yaml'));
    commit(root, {}, 'add the link');
    return { root, file: 'answers/notes.yaml' };
  },
  'a folder link into .git': () => {
    const root = repository();
    symlinkSync('../.git', path.join(root, 'answers/linked'));
    commit(root, {}, 'add the link');
    return { root, file: 'answers/linked' };
  },
  'a citation pattern that names .git': () => ({
    root: repository({ manifest: manifestFor({ 'good-v1': GOOD }, ['answers/**/*.json', '.git/*.yaml']) }),
    file: '.git',
  }),
  'a source whose path is in .git': () => {
    const manifest = `${manifestFor({ 'good-v1': GOOD })}`.replace(
      'citations:',
      `  config-v1:\n    path: .git/config\n    sha256: ${'0'.repeat(64)}\n    retrieved: 2026-11-02\ncitations:`,
    );
    const root = repository({
      manifest,
      files: {
        'answers/steal.json': JSON.stringify([
          { citation_id: 'steal', source_id: 'config-v1', quote: `AUTHORIZATION: basic ${CANARY_BASE64.slice(0, 8)}` },
        ]),
      },
    });
    return { root, file: 'citegate.yml' };
  },
  "a source's original in .git": () => {
    const manifest = manifestFor({ 'good-v1': GOOD }).replace(
      'citations:',
      `  copy-v1:\n    path: ${GOOD.path}\n    sha256: ${sha256(GOOD.text)}\n    retrieved: 2026-11-02\n    original:\n      path: .git/config\n      sha256: ${'0'.repeat(64)}\ncitations:`,
    );
    const root = repository({
      manifest,
      files: {
        'answers/copy.json': JSON.stringify([{ citation_id: 'copy', source_id: 'copy-v1', quote: 'within 30 days' }]),
      },
    });
    return { root, file: 'citegate.yml' };
  },
  'a source that is a link into .git': () => {
    const manifest = manifestFor({ 'good-v1': GOOD }).replace(
      'citations:',
      `  config-v1:\n    path: sources/config.txt\n    sha256: ${'0'.repeat(64)}\n    retrieved: 2026-11-02\ncitations:`,
    );
    const root = repository({
      manifest,
      files: {
        'answers/steal.json': JSON.stringify([{ citation_id: 'steal', source_id: 'config-v1', quote: 'basic' }]),
      },
    });
    symlinkSync('../.git/config', path.join(root, 'sources/config.txt'));
    commit(root, {}, 'add the link');
    return { root, file: 'citegate.yml' };
  },
  'a source path whose `..` comes back through a link': () => {
    const manifest = manifestFor({ 'good-v1': GOOD }).replace(
      'citations:',
      `  config-v1:\n    path: sources/hooks/../config\n    sha256: ${'0'.repeat(64)}\n    retrieved: 2026-11-02\ncitations:`,
    );
    const root = repository({
      manifest,
      files: {
        'answers/steal.json': JSON.stringify([{ citation_id: 'steal', source_id: 'config-v1', quote: 'basic' }]),
      },
    });
    symlinkSync('../.git/hooks', path.join(root, 'sources/hooks'));
    commit(root, {}, 'add the link');
    return { root, file: 'citegate.yml' };
  },
};

describe('nothing under .git is read', () => {
  describe.each(Object.keys(WAYS))('%s', (way) => {
    it('through the CLI: text, --explain and JSON', () => {
      const { root, file } = WAYS[way]();
      for (const mode of [[], ['--explain'], ['--format', 'json']]) {
        const run = runCli(['check', ...mode], root);
        expectNoCanary(run.stdout, run.stderr);
        expect(run.code).toBe(1);
        // The good file is still checked, and the way in is named.
        if (mode.length === 0) expect(run.stdout).toMatch(/^(answers\/good\.json:1: )?good: located$/m);
        expect(run.stdout + run.stderr).toContain(file);
        expect(run.stdout + run.stderr).toMatch(/\.git folder|no such file/);
      }
    });

    it('through the Action: log, summary, outputs, report and SARIF', async () => {
      const { root } = WAYS[way]();
      const run = await runAction({
        workspace: root,
        event: 'workflow_dispatch',
        payload: {},
        inputs: { scope: 'all', report: 'out/report.json', sarif: 'out/report.sarif' },
      });
      const report = readFileSync(path.join(root, 'out/report.json'), 'utf8');
      const sarif = readFileSync(path.join(root, 'out/report.sarif'), 'utf8');
      expectNoCanary(run.stdout, run.stderr, run.summary, JSON.stringify(run.outputs), report, sarif);
      expect(run.code).toBe(1);
      expect(run.outputs.passed).toBe('false');
      expect(JSON.parse(report).records.find((r: { citation_id: string }) => r.citation_id === 'good').verdict).toBe(
        'located',
      );
    });
  });

  it('names the way in and why, for each', () => {
    const reasons = Object.fromEntries(
      Object.keys(WAYS).map((way) => {
        const { root } = WAYS[way]();
        return [way, runCli(['check'], root).stderr.trim().split('\n')];
      }),
    );
    expect(reasons).toEqual({
      'a citation file that is a link to .git/config': [
        'answers/notes.yaml: error: cannot read: it is a link into a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      'a folder link into .git': [
        'answers/linked: error: folder not listed: it is a link into a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      'a citation pattern that names .git': [
        '.git: error: folder not listed: it is in a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      'a source whose path is in .git': [
        'citegate.yml:7:3: error: source config-v1 is unverified: .git/config: it is in a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      "a source's original in .git": [
        'citegate.yml:7:3: error: source copy-v1 is unverified: original .git/config: it is in a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      'a source that is a link into .git': [
        'citegate.yml:7:3: error: source config-v1 is unverified: sources/config.txt: it is a link into a .git folder, which citegate never reads (git keeps credentials there)',
      ],
      'a source path whose `..` comes back through a link': [
        'citegate.yml:7:3: error: source config-v1 is unverified: sources/hooks/../config: no such file',
      ],
    });
  });

  it('refuses a manifest, a named citation file and a report in .git', () => {
    const root = repository();
    const manifest = runCli(['check', '--manifest', '.git/config'], root);
    expectNoCanary(manifest.stdout, manifest.stderr);
    expect(manifest.stderr).toBe(
      '.git/config: error: it is in a .git folder, which citegate never reads (git keeps credentials there)\n',
    );
    expect(manifest.code).toBe(2);
    const named = runCli(['check', '.git/notes.yaml', 'answers/good.json'], root);
    expectNoCanary(named.stdout, named.stderr);
    expect(named.stdout).toContain('answers/good.json:1: good: located');
    expect(named.code).toBe(1);
    const report = runCli(['check', '--format', 'json', '--output', '.git/hooks/pre-commit'], root);
    expect(report.stderr).toBe(
      'citegate: error: cannot write .git/hooks/pre-commit: it is in a .git folder: reports are never written there\n',
    );
    expect(report.code).toBe(2);
  });

  it('does not walk .git when a pattern would match files in it', () => {
    const root = repository({ manifest: manifestFor({ 'good-v1': GOOD }, ['**/*.yaml', '**/*.json']) });
    const run = runCli(['check'], root);
    expectNoCanary(run.stdout, run.stderr);
    expect(run.stdout).toBe('good: located\nlocated=1/1\n');
    expect(run.code).toBe(0);
  });
});

describe('the names other file systems take for .git', () => {
  // On Windows `.git.`, `.git ` and `GIT~1` are the .git folder, on macOS's HFS+ `.g\u200cit` is: on this
  // machine each is a folder of its own, which holds the canary, and each is refused as .git would be.
  const ALIASES = ['.git.', '.GIT ', 'git~1', 'GIT~2', '.g\u200cit', '.gıt', '.git::$INDEX_ALLOCATION'];

  it('refuses a source under each, and a pattern that names one', () => {
    const sources: Record<string, { path: string; text: string }> = { 'good-v1': GOOD };
    ALIASES.forEach((alias, k) => {
      sources[`alias${k}-v1`] = { path: `${alias}/config`, text: `# ${CANARY}\n` };
    });
    const root = repository({
      manifest: manifestFor(sources, ['answers/**/*.json', 'git~1/*.json']),
      files: {
        'answers/aliases.json': JSON.stringify(
          ALIASES.map((_, k) => ({ citation_id: `alias${k}`, source_id: `alias${k}-v1`, quote: 'basic' })),
        ),
      },
    });
    // Written after the commit: git refuses to commit these names (core.protectNTFS, core.protectHFS).
    for (const alias of ALIASES) writeTree(root, { [`${alias}/config`]: `# ${CANARY}\n` });
    writeTree(root, {
      'git~1/notes.json': JSON.stringify([{ citation_id: CANARY, source_id: 'good-v1', quote: CANARY_BASE64 }]),
    });
    for (const mode of [[], ['--explain'], ['--format', 'json']]) {
      const run = runCli(['check', ...mode], root);
      expectNoCanary(run.stdout, run.stderr);
      expect(run.code).toBe(1);
    }
    const lines = runCli(['check'], root).stderr.trim().split('\n');
    expect(lines).toContain(
      'git~1: error: folder not listed: it is in a .git folder, which citegate never reads (git keeps credentials there)',
    );
    for (const [k, alias] of ALIASES.entries())
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^citegate\\.yml:\\d+:3: error: source alias${k}-v1 is unverified: ${escapeRegExp(alias)}/config: ${IN_GIT}$`,
          ),
        ),
      );
    // Nothing else: the good record's source and file are checked as ever.
    expect(lines).toHaveLength(ALIASES.length + 1);
  });

  it('does not walk one when a pattern would match files in it', () => {
    const root = repository({ manifest: manifestFor({ 'good-v1': GOOD }, ['**/*.json']) });
    writeTree(root, {
      '.Git./notes.json': JSON.stringify([{ citation_id: CANARY, source_id: 'good-v1', quote: 'x' }]),
    });
    const run = runCli(['check'], root);
    expectNoCanary(run.stdout, run.stderr);
    expect(run.stdout).toBe('good: located\nlocated=1/1\n');
    expect(run.code).toBe(0);
  });
});

describe('the Action checks committed sources only', () => {
  const withSource = (source: { path: string; text: string }) =>
    makeTree({
      'citegate.yml': manifestFor({ 'good-v1': GOOD, 'local-v1': source }, ['answers/*.json']),
      [GOOD.path]: GOOD.text,
      'answers/good.json': GOOD_RECORD,
      'answers/local.json': JSON.stringify([{ citation_id: 'local', source_id: 'local-v1', quote: 'secret' }]),
    });

  it.each([
    ['untracked', (root: string) => root],
    [
      'ignored',
      (root: string) => {
        writeFileSync(path.join(root, '.gitignore'), '.env\n');
        commit(root, {}, 'ignore .env');
        return root;
      },
    ],
  ])('refuses a source git does not track (%s), and checks the rest', async (_, prepare) => {
    const root = withSource({ path: 'sources/good.txt', text: GOOD.text });
    initRepo(root);
    prepare(root);
    // A previous step's file, pinned by a manifest that came with the pull request.
    const local = { path: '.env', text: 'API_KEY=secret\n' };
    writeFileSync(path.join(root, local.path), local.text);
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifestFor({ 'good-v1': GOOD, 'local-v1': local }, ['answers/*.json']),
    );
    git(root, 'add', 'citegate.yml');
    git(root, 'commit', '-q', '-m', 'the manifest');
    const run = await runAction({
      workspace: root,
      event: 'workflow_dispatch',
      payload: {},
      inputs: { scope: 'all', report: 'report.json' },
      commit: false,
    });
    const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8'));
    expect(
      report.sources.map((s: { id: string; status: string; reason?: string }) => [s.id, s.status, s.reason]),
    ).toEqual([
      ['good-v1', 'verified', undefined],
      [
        'local-v1',
        'unverified',
        '.env: it is not committed: git tracks no such file at the checked-out commit; the Action checks only committed sources: commit it, or check it with the CLI',
      ],
    ]);
    expect(run.stdout).not.toContain('API_KEY');
    expect(run.code).toBe(1);
    // The CLI reads the working tree as it is: the same source verifies there.
    expect(runCli(['check'], root).stdout).toContain('answers/local.json:1: local: located');
  });

  it('takes a committed source, and one reached through a committed link', async () => {
    const root = withSource({ path: 'sources/local.txt', text: 'A secret handshake.\n' });
    writeFileSync(path.join(root, 'sources/local.txt'), 'A secret handshake.\n');
    symlinkSync('local.txt', path.join(root, 'sources/alias.txt'));
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifestFor({ 'good-v1': GOOD, 'local-v1': { path: 'sources/alias.txt', text: 'A secret handshake.\n' } }, [
        'answers/*.json',
      ]),
    );
    initRepo(root);
    const run = await runAction({
      workspace: root,
      event: 'workflow_dispatch',
      payload: {},
      inputs: { scope: 'all' },
      commit: false,
    });
    expect(run.annotations.map((a) => a.message)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.outputs.passed).toBe('true');
  });
  // Found in review: a tracked file that an earlier step changed (a secret written into a config), or a
  // file of another repository checked out in the workspace, counted as committed, and a manifest
  // pinning its new bytes got them back in the explanations.
  it.each([
    [
      'a tracked file an earlier step changed',
      (root: string) => {
        const file = {
          path: 'config/settings.txt',
          text: 'The api key is sk-prod-7Hq2LmZ9xR4vT1 for production use.\n',
        };
        writeFileSync(path.join(root, file.path), 'The api key is API_KEY_PLACEHOLDER for production use.\n');
        return {
          file,
          reason:
            "config/settings.txt: its text is not the committed text: the file was changed after the checkout (by an earlier step, or by git's line-end or filter settings); the Action checks only committed sources: commit it, or check it with the CLI",
        };
      },
    ],
    [
      'a file of a second checkout',
      (root: string) => {
        const file = {
          path: 'private/deploy-notes.txt',
          text: 'The api key is sk-prod-7Hq2LmZ9xR4vT1 for production use.\n',
        };
        writeFileSync(path.join(root, file.path), file.text);
        initRepo(path.join(root, 'private'));
        // Checked out beside the event's repository, as actions/checkout with `path:` leaves it: not part of it.
        writeFileSync(path.join(root, '.gitignore'), 'private/\n');
        return {
          file,
          reason:
            'private/deploy-notes.txt: it is not committed: git tracks no such file at the checked-out commit; the Action checks only committed sources: commit it, or check it with the CLI',
        };
      },
    ],
  ])('refuses %s, pinned to the bytes on disk, and shows none of them', async (_, prepare) => {
    const root = makeTree({
      [GOOD.path]: GOOD.text,
      'answers/good.json': GOOD_RECORD,
      'config/.keep': '',
      'private/.keep': '',
    });
    const record = [{ citation_id: 'k', source_id: 'cfg-v1', quote: 'The api key is X for production use.' }];
    writeFileSync(path.join(root, 'answers/cfg.json'), JSON.stringify(record));
    const { file, reason } = prepare(root);
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifestFor({ 'good-v1': GOOD, 'cfg-v1': file }, ['answers/*.json']),
    );
    initRepo(root);
    // The earlier step runs after the checkout.
    writeFileSync(path.join(root, file.path), file.text);
    const run = await runAction({
      workspace: root,
      event: 'workflow_dispatch',
      payload: {},
      inputs: { scope: 'all', report: 'report.json', sarif: 'report.sarif' },
      commit: false,
    });
    const reportText = readFileSync(path.join(root, 'report.json'), 'utf8');
    const report = JSON.parse(reportText);
    expect(
      report.sources.map((s: { id: string; status: string; reason?: string }) => [s.id, s.status, s.reason]),
    ).toEqual([
      ['good-v1', 'verified', undefined],
      ['cfg-v1', 'unverified', reason],
    ]);
    for (const text of [run.stdout, run.summary, reportText, readFileSync(path.join(root, 'report.sarif'), 'utf8')])
      expect(text).not.toContain('sk-prod');
    expect(run.code).toBe(1);
    // A first run, its pin not yet the bytes on disk: refused before the pin is compared, so that no hash
    // of those bytes is told for a next run to pin (docs/security.md).
    const manifest = manifestFor({ 'good-v1': GOOD, 'cfg-v1': file }, ['answers/*.json']);
    writeFileSync(path.join(root, 'citegate.yml'), manifest.replace(sha256(file.text), '0'.repeat(64)));
    await runAction({
      workspace: root,
      event: 'workflow_dispatch',
      payload: {},
      inputs: { scope: 'all', report: 'report.json' },
      commit: false,
    });
    const first = readFileSync(path.join(root, 'report.json'), 'utf8');
    expect(JSON.parse(first).sources[1]).toMatchObject({ status: 'unverified', reason });
    expect(first).not.toContain(sha256(file.text));
  });
});

describe('messages from outside are bounded', () => {
  it.each([
    [
      'a 200 that is not JSON',
      { status: 200, contentType: 'application/json', body: `{"files": ${'x'.repeat(10 * 1024 * 1024)}` },
    ],
    [
      'an error with a body of megabytes',
      { status: 502, contentType: 'text/html', body: `<html>${'y'.repeat(10 * 1024 * 1024)}</html>` },
    ],
  ])('cuts the API error of %s to a few hundred characters', async (_, raw) => {
    const root = repository();
    const head = git(root, 'rev-parse', 'HEAD');
    const api = await startFakeApi({ raw });
    try {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, head, head),
        inputs: { token: 't' },
        apiUrl: api.url,
      });
      expect(run.stdout.length + run.stderr.length + run.summary.length).toBeLessThan(64 * 1024);
      expect(run.stdout).toMatch(/the GitHub API (gave no usable list|refused to list) the changed files/);
    } finally {
      await api.close();
    }
  });

  it('quotes a YAML citation file at most a short excerpt of the token it did not expect', () => {
    const token = `basic ${'Q'.repeat(5000)}`;
    const root = makeTree({
      'citegate.yml': manifestFor({ 'good-v1': GOOD }, ['answers/*.yaml']),
      [GOOD.path]: GOOD.text,
      'answers/bad.yaml': `[core]\n\tx = 0\n[http]\n\textraheader = AUTHORIZATION: ${token}\n`,
    });
    const run = runCli(['check'], root);
    expect(run.stderr.length).toBeLessThan(400);
    expect(run.stderr).toMatch(/^answers\/bad\.yaml:\d+:\d+: error: unexpected/m);
    expect(run.stderr).not.toContain('Q'.repeat(30));
  });

  it('names a duplicate key in a JSON file by a short excerpt', () => {
    const key = 'k'.repeat(10_000);
    const root = makeTree({
      'citegate.yml': manifestFor({ 'good-v1': GOOD }, ['answers/*.json']),
      [GOOD.path]: GOOD.text,
      'answers/dup.json': `[{"${key}": 1, "${key}": 2}]`,
    });
    const run = runCli(['check'], root);
    expect(run.stderr).toMatch(/duplicate key "k{39}…"/);
    expect(run.stderr.length).toBeLessThan(300);
  });
});

describe('sizes past what Node holds', () => {
  it('refuses --max-source-bytes past the longest text the engine holds, in words', () => {
    const root = repository();
    for (const command of ['check', 'pin']) {
      const run = runCli([command, '--max-source-bytes', '2200000000'], root);
      expect(run.stderr).toBe(
        `citegate: error: --max-source-bytes takes at most 536870888 bytes (the longest text citegate can hold in memory), not 2200000000; see citegate ${command} --help\n`,
      );
      expect(run.code).toBe(2);
    }
    expect(runCli(['check', '--max-source-bytes', '536870888'], root).code).toBe(0);
  });

  it('refuses a source over the limit without reading it', () => {
    const big = { path: 'sources/big.txt', text: 'z' };
    const root = makeTree({
      'citegate.yml': manifestFor({ 'big-v1': big }, ['answers/*.json']),
      'answers/a.json': JSON.stringify([{ citation_id: 'a', source_id: 'big-v1', quote: 'z' }]),
    });
    mkdirSync(path.join(root, 'sources'), { recursive: true });
    // A sparse file of 2.2 GB: no disk used, and far past any limit.
    writeFileSync(path.join(root, big.path), '');
    truncateSync(path.join(root, big.path), 2_200_000_000);
    const run = runCli(['check', '--max-source-bytes', '536870888'], root);
    expect(run.stderr).toContain('sources/big.txt: it is 2200000000 bytes long, over the limit of 536870888 bytes');
    expect(run.code).toBe(1);
  });
});
