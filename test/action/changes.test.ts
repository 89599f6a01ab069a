// Which files a change makes the Action check, in the checkouts it meets:
// shallow (the default fetch-depth: 1), in a folder of the workspace, without
// git, and with API answers that cannot be trusted. Whatever it cannot tell,
// it checks everything: never "nothing to check" by mistake.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pullRequestPayload, pushPayload, runAction, type ActionRun } from '../helpers/action.js';
import { startFakeApi, type FakeApiOptions } from '../helpers/api-server.js';
import { apiFiles, commit, git, initRepo, shallowClone } from '../helpers/git.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days.\nA receipt is required.\n',
};
const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide. Contact support.\n' };
const rec = (citation_id: string, source_id: string, quote: string, extra: object = {}) => ({
  citation_id,
  source_id,
  quote,
  ...extra,
});
const json = (records: object[]) => `${JSON.stringify(records, null, 2)}\n`;
const MANIFEST = (returns = RETURNS.text) =>
  manifestFor({ 'returns-v1': { ...RETURNS, text: returns }, 'help-v1': HELP }, ['answers/**/*.json']);
const EDITED = RETURNS.text.replace('30 days', '60 days');

/** The tree of a repository: two sources, two citation files, one (legacy.json) failing already. */
const TREE = {
  'citegate.yml': MANIFEST(),
  [RETURNS.path]: RETURNS.text,
  [HELP.path]: HELP.text,
  'answers/returns.json': json([
    rec('r1', 'returns-v1', 'Returns are accepted within 30 days.'),
    rec('r2', 'returns-v1', 'A receipt is required.'),
  ]),
  'answers/legacy.json': json([rec('l1', 'help-v1', 'Call us any time.')]),
  'README.md': '# answers\n',
};

function baseRepo(root = makeTree({})): { root: string; base: string } {
  for (const [file, content] of Object.entries(TREE)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  initRepo(root);
  return { root, base: git(root, 'rev-parse', 'HEAD') };
}

const text = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&(lt|gt|quot|amp);/g, (_, e) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[e as 'lt']);
const annotated = (run: ActionRun) =>
  run.annotations
    .filter((a) => a.command === 'error' && a.properties.file)
    .map((a) => `${a.properties.file}:${a.properties.line} ${a.properties.title}`);
const notices = (run: ActionRun) => run.annotations.filter((a) => a.command === 'notice').map((a) => a.message);
const warnings = (run: ActionRun) => run.annotations.filter((a) => a.command === 'warning').map((a) => a.message);

async function withApi<T>(options: FakeApiOptions, body: (url: string) => Promise<T>): Promise<T> {
  const api = await startFakeApi(options);
  try {
    return await body(api.url);
  } finally {
    await api.close();
  }
}

describe('a manifest change on a shallow checkout (fetch-depth: 1)', () => {
  /** A pull request that re-pins returns-v1 (source and manifest entry), checked out with one commit of history. */
  function repin(): { ws: string; base: string; head: string; files: ReturnType<typeof apiFiles> } {
    const { root, base } = baseRepo();
    const head = commit(root, { [RETURNS.path]: EDITED, 'citegate.yml': MANIFEST(EDITED) });
    const ws = path.join(makeTree({}), 'checkout');
    shallowClone(root, ws);
    expect(() => git(ws, 'cat-file', '-e', `${base}^{commit}`)).toThrow();
    return { ws, base, head, files: apiFiles(root, base, head) };
  }

  it("rebuilds the base manifest from the API's patch and re-checks only the files citing the changed entry", async () => {
    const { ws, base, head, files } = repin();
    expect(files.find((f) => f.filename === 'citegate.yml')?.patch).toBeDefined();
    await withApi({ pullFiles: files }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(ws, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(text(run.summary)).toContain(
        'Checked 0 changed citation files and 1 more citing the changed source returns-v1, out of 2 changed files (from the GitHub API).',
      );
      expect(run.stdout).toContain(`citegate: the manifest at ${base} rebuilt from the patch the GitHub API gave`);
      expect(notices(run)).toEqual([]);
    });
  });

  it('checks everything, with a notice, when the patch is missing or does not apply and there is no history', async () => {
    const { ws, base, head, files } = repin();
    const without = files.map((f) => (f.filename === 'citegate.yml' ? { ...f, patch: undefined } : f));
    // The same patch with its first context line changed: it no longer fits the head text.
    const tampered = files.map((f) =>
      f.filename === 'citegate.yml' ? { ...f, patch: f.patch!.replace(/\n (.*)/, '\n $1 # edited') } : f,
    );
    expect(tampered).not.toEqual(files);
    for (const [pullFiles, why] of [
      [without, 'the GitHub API gave no patch for it'],
      [tampered, 'the patch the GitHub API gave for it does not apply'],
    ] as const) {
      await withApi({ pullFiles: [...pullFiles] }, async (apiUrl) => {
        const run = await runAction({
          workspace: ws,
          event: 'pull_request',
          payload: pullRequestPayload(ws, base, head),
          inputs: { token: 't' },
          apiUrl,
        });
        expect(notices(run)).toEqual([
          `citegate: every citation file is checked because the manifest changed and its earlier version cannot be read (${why}; the checkout lacks commit ${base} (use actions/checkout with fetch-depth: 0)).`,
        ]);
        expect(annotated(run)).toEqual([
          'answers/legacy.json:2 quote not found: l1',
          'answers/returns.json:2 quote not found: r1',
        ]);
      });
    }
  });

  it('falls back to git show when the patch does not apply but the history is there', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { [RETURNS.path]: EDITED, 'citegate.yml': MANIFEST(EDITED) });
    const files = apiFiles(root, base, head).map((f) =>
      f.filename === 'citegate.yml' ? { ...f, patch: '@@ -1,1 +1,1 @@\n-x\n+y' } : f,
    );
    await withApi({ pullFiles: files }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(notices(run)).toEqual([]);
    });
  });
});

describe('manifest changes beyond source entries', () => {
  it('re-checks every citation file when a `require` rule is added, and fails as a full run does', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, {
      'citegate.yml': `${MANIFEST()}require:\n  - files: answers/returns.json\n    cite: [help-v1]\n`,
    });
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(notices(run)).toEqual([
        "citegate: every citation file is checked because the manifest's `require` rules changed.",
      ]);
      expect(annotated(run)).toEqual([
        'answers/legacy.json:2 quote not found: l1',
        'answers/returns.json:2 required source not cited',
      ]);
      expect(run.code).toBe(1);
    });
  });

  it('re-checks every citation file when a check level changes, unless the run sets that level itself', async () => {
    const { root, base } = baseRepo();
    // A claim whose number its quote lacks: a finding only when claim_numbers is not off.
    const mid = commit(root, {
      'citegate.yml': `${MANIFEST()}checks:\n  claim_numbers: 'off'\n`,
      'answers/legacy.json': json([
        rec('l1', 'help-v1', 'Read the guide.', { claim: 'Read the guide within 3 days.' }),
      ]),
    });
    const head = commit(root, { 'citegate.yml': `${MANIFEST()}checks:\n  claim_numbers: fail\n` });
    await withApi({ pullFiles: apiFiles(root, mid, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, mid, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(notices(run)).toEqual([
        "citegate: every citation file is checked because the manifest's `checks` levels changed.",
      ]);
      expect(annotated(run)).toEqual(['answers/legacy.json:6 claim number not in quote: l1']);
      expect(run.code).toBe(1);
      const overridden = await runAction({
        workspace: root,
        event: 'pull_request',
        payload: pullRequestPayload(root, mid, head),
        inputs: { token: 't', 'claim-numbers': 'off' },
        apiUrl,
      });
      expect(notices(overridden)).toEqual([
        'citegate: No citation file and no cited source changed among the 1 changed file (from the GitHub API): nothing to check.',
      ]);
      expect(overridden.code).toBe(0);
    });
    expect(base).not.toBe(mid);
  });
});

describe('a repository checked out in a folder of the workspace (actions/checkout with `path:`)', () => {
  function nested(): { ws: string; root: string; base: string; head: string } {
    const ws = makeTree({ 'other/notes.txt': 'not in the repository\n' });
    const { root, base } = baseRepo(path.join(ws, 'repo'));
    const head = commit(root, { 'answers/returns.json': json([rec('r1', 'returns-v1', 'Returns are NOT accepted.')]) });
    return { ws, root, base, head };
  }

  /** What actions/checkout checks out for a pull request by default: base merged with head, as GitHub's test merge commit. */
  function checkOutMerge(root: string, base: string, head: string): string {
    git(root, 'checkout', '-q', '--detach', base);
    git(root, 'merge', '-q', '--no-ff', '--no-edit', head);
    return git(root, 'rev-parse', 'HEAD');
  }

  it("maps the API's repository paths into the workspace, and catches the breaking change", async () => {
    const { ws, root, base, head } = nested();
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't', manifest: 'repo/citegate.yml' },
        apiUrl,
      });
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(text(run.summary)).toContain(
        'Checked 1 changed citation file, out of 1 changed file (from the GitHub API).',
      );
      expect(run.code).toBe(1);
    });
  });

  // Found in review: annotations, SARIF and the summary's links named files from the workspace
  // (repo/answers/…), which GitHub, reading them from the repository's top folder, cannot find.
  it("names files from the repository's top folder in annotations, the SARIF file and the summary's links", async () => {
    const { ws, head } = nested();
    const run = await runAction({
      workspace: ws,
      event: 'schedule',
      payload: {},
      inputs: { manifest: 'repo/citegate.yml', report: 'out/report.json', sarif: 'out/citegate.sarif' },
      env: { GITHUB_SHA: head },
    });
    expect(annotated(run)).toEqual([
      'answers/legacy.json:2 quote not found: l1',
      'answers/returns.json:2 quote not found: r1',
    ]);
    const sarif = JSON.parse(readFileSync(path.join(ws, 'out/citegate.sarif'), 'utf8'));
    expect(
      sarif.runs[0].results.map(
        (r: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) =>
          r.locations[0].physicalLocation.artifactLocation.uri,
      ),
    ).toEqual(['answers/legacy.json', 'answers/returns.json']);
    expect(run.summary).toContain(
      `<a href="https://github.com/acme/answers/blob/${head}/answers/returns.json#L2">repo/answers/returns.json&#58;2</a>`,
    );
    // The JSON report keeps the workspace's names, as the CLI's do.
    expect(
      JSON.parse(readFileSync(path.join(ws, 'out/report.json'), 'utf8')).records.map((r: { file: string }) => r.file),
    ).toEqual(['repo/answers/legacy.json', 'repo/answers/returns.json']);
    expect(run.code).toBe(1);
  });

  it("maps git's paths the same way when there is no token", async () => {
    const { ws, root, base, head } = nested();
    const run = await runAction({
      workspace: ws,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
      inputs: { manifest: 'repo/citegate.yml' },
    });
    expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
    expect(text(run.summary)).toContain('(from git)');
    // A manifest entry change: its earlier version read with git show, from the repository's top folder.
    const repinned = commit(root, { [RETURNS.path]: EDITED, 'citegate.yml': MANIFEST(EDITED) });
    const again = await runAction({
      workspace: ws,
      event: 'pull_request',
      payload: pullRequestPayload(root, head, repinned),
      inputs: { manifest: 'repo/citegate.yml' },
    });
    expect(notices(again)).toEqual([]);
    expect(annotated(again)).toEqual(['answers/returns.json:2 quote not found: r1']);
    expect(text(again.summary)).toContain(
      'Checked 0 changed citation files and 1 more citing the changed source returns-v1, out of 2 changed files (from git).',
    );
  });

  it("does not take a second repository in the workspace for the event's", async () => {
    // The event's repository in repo/, and another one, with the same file names, in other/.
    const { ws, root, base, head } = nested();
    const other = path.join(ws, 'other');
    baseRepo(other);
    const otherHead = git(other, 'rev-parse', 'HEAD');
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't', manifest: 'other/citegate.yml' },
        apiUrl,
      });
      // Taken for other/'s, the changed answers/returns.json would pass, and nothing else would be checked.
      expect(notices(run)).toEqual([
        `citegate: cannot tell which files changed (cannot place the repository's files in the workspace: the repository around the manifest (other) has ${otherHead} checked out, ` +
          `not the event's ${head}: it may be another repository, or a later commit, whose files the event's paths do not name), so every citation file is checked.`,
      ]);
      expect(annotated(run)).toEqual(['other/answers/legacy.json:2 quote not found: l1']);
      expect(run.code).toBe(1);
    });
  });

  it("takes the merge commit a pull request runs at (GITHUB_SHA) for the event's", async () => {
    const { ws, root, base, head } = nested();
    const merge = checkOutMerge(root, base, head);
    await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't', manifest: 'repo/citegate.yml' },
        apiUrl,
        env: { GITHUB_SHA: merge },
      });
      expect(notices(run)).toEqual([]);
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(text(run.summary)).toContain(
        'Checked 1 changed citation file, out of 1 changed file (from the GitHub API).',
      );
    });
  });

  it("fails a pull_request_target run whose checkout is the base branch's, whatever the scope", async () => {
    // What actions/checkout gives a pull_request_target workflow by default: the run's commit, the base branch's last.
    const { ws, root, base, head } = nested();
    git(root, 'checkout', '-q', '--detach', base);
    for (const scope of ['auto', 'all']) {
      await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
        const run = await runAction({
          workspace: ws,
          event: 'pull_request_target',
          payload: pullRequestPayload(root, base, head),
          inputs: { token: 't', manifest: 'repo/citegate.yml', scope },
          apiUrl,
          env: { GITHUB_SHA: base },
        });
        const failure = run.annotations.find((a) => a.command === 'error' && !a.properties.file);
        expect(failure?.message).toBe(
          `citegate: the workspace has the pull request's base commit ${base} checked out, not its changes: checking it would pass the pull request unseen. ` +
            "Check out the pull request's head (actions/checkout with ref: ${{ github.event.pull_request.head.sha }}, which a pull_request_target workflow needs).",
        );
        expect(run.code).toBe(1);
      });
    }
  });

  /** A pull_request run of base...head on the checkout in `workspace`, whose GITHUB_SHA is none of the commits it has. */
  const runElsewhere = (workspace: string, root: string, base: string, head: string) =>
    withApi({ pullFiles: apiFiles(root, base, head) }, (apiUrl) =>
      runAction({
        workspace,
        event: 'pull_request',
        payload: pullRequestPayload(root, base, head),
        inputs: { token: 't', manifest: 'repo/citegate.yml' },
        apiUrl,
        env: { GITHUB_SHA: 'c'.repeat(40) },
      }),
    );

  // Found in review: a workflow that checks out the base branch by name got
  // its later commit, which is neither the head nor the base: every file of a
  // tree without the pull request's changes was checked, and passed.
  it('fails a pull request run whose checkout is a later commit of the base branch, whatever the scope', async () => {
    const { ws, root, base, head } = nested();
    git(root, 'checkout', '-q', '--detach', base);
    const later = commit(root, { 'README.md': 'the base branch moved on\n' });
    for (const [event, scope] of [
      ['pull_request', 'auto'],
      ['pull_request_target', 'all'],
    ]) {
      await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
        const run = await runAction({
          workspace: ws,
          event,
          payload: pullRequestPayload(root, base, head),
          inputs: { token: 't', manifest: 'repo/citegate.yml', scope },
          apiUrl,
          // pull_request_target's GITHUB_SHA: the base branch's last commit when the event came.
          env: { GITHUB_SHA: event === 'pull_request_target' ? base : 'c'.repeat(40) },
        });
        const failure = run.annotations.find((a) => a.command === 'error' && !a.properties.file);
        expect(failure?.message).toMatch(
          new RegExp(
            `^citegate: the workspace has commit ${later} checked out, which does not hold the pull request's changes \\(files it changed differ from its head ${head}\\): checking it would pass the pull request unseen\\. Check out`,
          ),
        );
        expect(run.code).toBe(1);
      });
    }
  });

  it("fails a pull request run whose checkout is the base branch, moved on, fetched alone: git cannot tell, in the event's repository", async () => {
    const { root, base, head } = nested();
    git(root, 'checkout', '-q', '--detach', base);
    const later = commit(root, { 'README.md': 'the base branch moved on\n' });
    const clone = path.join(makeTree({}), 'repo');
    shallowClone(root, clone);
    git(clone, 'remote', 'set-url', 'origin', 'https://x-access-token:secret@github.com/acme/answers.git/');
    const run = await runElsewhere(path.dirname(clone), root, base, head);
    const failure = run.annotations.find((a) => a.command === 'error' && !a.properties.file);
    expect(failure?.message).toMatch(
      new RegExp(
        `^citegate: the workspace has commit ${later} of this repository checked out, which is not the pull request's head ${head}, and the clone lacks the head ${head}, so git cannot tell`,
      ),
    );
    expect(run.code).toBe(1);
    // Another repository's clone (its origin is not the event's) is checked whole, as before.
    git(clone, 'remote', 'set-url', 'origin', 'https://github.com/acme/answers-old');
    const elsewhere = await runElsewhere(path.dirname(clone), root, base, head);
    expect(notices(elsewhere)).toEqual([
      expect.stringMatching(/^citegate: cannot tell which files changed \(cannot place the repository's files/),
    ]);
  });

  it('goes on, checking everything, when the checkout holds the changes: the head rebased onto a later base', async () => {
    const { ws, root, base, head } = nested();
    git(root, 'checkout', '-q', '--detach', base);
    const later = commit(root, { 'README.md': 'the base branch moved on\n' });
    git(root, 'checkout', '-q', '--detach', head);
    git(root, 'rebase', '-q', later);
    const run = await runElsewhere(ws, root, base, head);
    expect(notices(run)).toEqual([
      expect.stringMatching(/^citegate: cannot tell which files changed \(cannot place the repository's files/),
    ]);
    // Neither one of the event's commits nor its origin: git cannot say it is the event's repository, so paths stay the workspace's.
    expect(annotated(run)).toEqual([
      'repo/answers/legacy.json:2 quote not found: l1',
      'repo/answers/returns.json:2 quote not found: r1',
    ]);
  });

  it('goes on, checking everything, when the checkout holds the head: a merge commit made since, fetched alone', async () => {
    const { root, base, head } = nested();
    git(root, 'checkout', '-q', '--detach', base);
    commit(root, { 'README.md': 'the base branch moved on\n' });
    git(root, 'merge', '-q', '--no-ff', '--no-edit', head);
    const merge = git(root, 'rev-parse', 'HEAD');
    // As actions/checkout fetches refs/pull/N/merge: that commit alone (fetch-depth: 1).
    const clone = path.join(makeTree({}), 'repo');
    shallowClone(root, clone);
    expect(git(clone, 'rev-parse', 'HEAD')).toBe(merge);
    // The event's repository, as actions/checkout names it; the head is not in the clone, and only the merge commit's own parents show it holds it.
    git(clone, 'remote', 'set-url', 'origin', 'https://github.com/acme/answers');
    const run = await runElsewhere(path.dirname(clone), root, base, head);
    // Not one of the event's commits, so its paths cannot be placed: everything is checked, the change with it.
    expect(notices(run)).toEqual([
      expect.stringMatching(/^citegate: cannot tell which files changed \(cannot place the repository's files/),
    ]);
    expect(annotated(run)).toEqual([
      'answers/legacy.json:2 quote not found: l1',
      'answers/returns.json:2 quote not found: r1',
    ]);
    expect(run.code).toBe(1);
  });

  it('scopes a pull_request_target run that checks out the head, or the merge commit it fetched', async () => {
    const { ws, root, base, head } = nested();
    const merge = checkOutMerge(root, base, head);
    for (const checkedOut of [head, merge]) {
      git(root, 'checkout', '-q', '--detach', checkedOut);
      await withApi({ pullFiles: apiFiles(root, base, head) }, async (apiUrl) => {
        const run = await runAction({
          workspace: ws,
          event: 'pull_request_target',
          payload: pullRequestPayload(root, base, head, { mergeCommit: merge }),
          inputs: { token: 't', manifest: 'repo/citegate.yml' },
          apiUrl,
          env: { GITHUB_SHA: base },
        });
        expect(notices(run)).toEqual([]);
        expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
        expect(text(run.summary)).toContain(
          'Checked 1 changed citation file, out of 1 changed file (from the GitHub API).',
        );
      });
    }
  });

  it('checks everything, with a notice, when no repository holds the manifest', async () => {
    const ws = makeTree(TREE);
    await withApi({ pullFiles: [{ filename: 'README.md', status: 'modified' }] }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(ws, 'a'.repeat(40), 'b'.repeat(40)),
        inputs: { token: 't' },
        apiUrl,
        commit: false,
      });
      expect(notices(run)).toEqual([
        expect.stringMatching(
          /^citegate: cannot tell which files changed \(cannot place the repository's files in the workspace: git cannot find the repository around the manifest \(fatal: not a git repository.*\)\), so every citation file is checked\.$/,
        ),
      ]);
      // And with no repository, no source is a committed one: each is refused.
      expect(annotated(run)).toEqual([
        'citegate.yml:3 source unverified',
        'citegate.yml:7 source unverified',
        'answers/legacy.json:2 source unverified: l1',
        'answers/returns.json:2 source unverified: r1',
        'answers/returns.json:7 source unverified: r2',
      ]);
      expect(run.annotations.find((a) => a.properties.line === '3')?.message).toMatch(
        /^source returns-v1 is unverified: sources\/returns-v1\.txt: it is not in a git repository \(git cannot find the repository around the manifest \(fatal: not a git repository.*\)\): the Action checks only committed sources: commit it, or check it with the CLI$/,
      );
      expect(run.code).toBe(1);
    });
  });

  it('does not take a repository around the workspace for the one checked out', async () => {
    // The workspace is a plain folder inside some other repository.
    const outer = makeTree({ 'unrelated.txt': 'x\n' });
    initRepo(outer);
    const ws = path.join(outer, 'work');
    for (const [file, content] of Object.entries(TREE)) {
      mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
      writeFileSync(path.join(ws, file), content);
    }
    await withApi({ pullFiles: [{ filename: 'answers/legacy.json', status: 'modified' }] }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'pull_request',
        payload: pullRequestPayload(ws, 'a'.repeat(40), 'b'.repeat(40)),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(notices(run)).toEqual([
        expect.stringMatching(/^citegate: cannot tell which files changed \(cannot place the repository's files/),
      ]);
      expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
    });
  });
});

describe('push and compare', () => {
  it('checks everything, with a notice, on a push that creates a branch', async () => {
    const { root } = baseRepo();
    const head = commit(root, { 'README.md': '# a new branch\n' });
    const run = await runAction({
      workspace: root,
      event: 'push',
      payload: pushPayload(root, '0'.repeat(40), head, 'refs/heads/feature'),
      inputs: { token: 't' },
    });
    expect(notices(run)).toEqual([
      'citegate: cannot tell which files changed (the push created a branch: there is no earlier commit to compare with), so every citation file is checked.',
    ]);
    expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
    expect(text(run.summary)).toContain('Checked every citation file the manifest lists (2).');
    expect(run.code).toBe(1);
  });

  it.each(['omitted', 'malformed'] as const)(
    'does not take a compare response with its file list %s for "no files": it asks git',
    async (how) => {
      const { root, base } = baseRepo();
      const head = commit(root, {
        'answers/returns.json': json([rec('r1', 'returns-v1', 'Returns are NOT accepted.')]),
      });
      await withApi({ compareFiles: how }, async (apiUrl) => {
        const run = await runAction({
          workspace: root,
          event: 'push',
          payload: pushPayload(root, base, head),
          inputs: { token: 't' },
          apiUrl,
        });
        expect(warnings(run)).toEqual([
          `citegate: the GitHub API gave no usable list of the changed files (the compare response has ${how === 'omitted' ? 'no' : 'a malformed'} file list); trying git`,
        ]);
        expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
        expect(text(run.summary)).toContain('(from git)');
        expect(run.code).toBe(1);
      });
    },
  );

  it('checks everything when the compare response has no file list and the checkout has no history', async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { 'README.md': '# readme only\n' });
    const ws = path.join(makeTree({}), 'checkout');
    shallowClone(root, ws);
    await withApi({ compareFiles: 'omitted' }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'push',
        payload: pushPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(notices(run)).toEqual([
        expect.stringMatching(
          /^citegate: cannot tell which files changed \(the GitHub API gave no usable list .*; the checkout lacks commit/,
        ),
      ]);
      expect(annotated(run)).toEqual(['answers/legacy.json:2 quote not found: l1']);
      expect(run.code).toBe(1);
    });
  });

  it("uses the compare API's patch for the manifest of a push on a shallow checkout", async () => {
    const { root, base } = baseRepo();
    const head = commit(root, { [RETURNS.path]: EDITED, 'citegate.yml': MANIFEST(EDITED) });
    const ws = path.join(makeTree({}), 'checkout');
    shallowClone(root, ws);
    await withApi({ compareFiles: apiFiles(root, base, head) }, async (apiUrl) => {
      const run = await runAction({
        workspace: ws,
        event: 'push',
        payload: pushPayload(root, base, head),
        inputs: { token: 't' },
        apiUrl,
      });
      expect(annotated(run)).toEqual(['answers/returns.json:2 quote not found: r1']);
      expect(notices(run)).toEqual([]);
    });
  });
});

describe('many changed sources', () => {
  it('names the first ten in the summary and counts the rest', async () => {
    const sources: Record<string, { path: string; text: string }> = {};
    for (let i = 0; i < 40; i++)
      sources[`source-with-a-long-versioned-identifier-${i}-v1`] = { path: `s/${i}.txt`, text: `text ${i}.\n` };
    const files: Record<string, string> = {
      'citegate.yml': manifestFor(sources, ['answers/*.json']),
      'answers/a.json': json([rec('c', 'source-with-a-long-versioned-identifier-0-v1', 'text 0.')]),
    };
    for (const s of Object.values(sources)) files[s.path] = s.text;
    const root = makeTree(files);
    initRepo(root);
    const base = git(root, 'rev-parse', 'HEAD');
    const head = commit(root, {
      'citegate.yml': manifestFor(sources, ['answers/*.json']).replace(
        /retrieved: 2026-11-02/g,
        'retrieved: 2026-11-03',
      ),
    });
    const run = await runAction({
      workspace: root,
      event: 'pull_request',
      payload: pullRequestPayload(root, base, head),
    });
    expect(run.code).toBe(0);
    const ids = Object.keys(sources).sort();
    expect(text(run.summary)).toContain(
      `citing the changed sources ${ids.slice(0, 10).join(', ')} and 30 more, out of 1 changed file (from git).`,
    );
  });
});
