import { existsSync, linkSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { CLI, makeTree, makeWorkspace, manifestFor, runCli, sha256 } from '../helpers/workspace.js';

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days.\nA receipt is required.\n',
};
const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide. Contact support.\n' };

const json = (records: object[]) => JSON.stringify(records, null, 2);
const rec = (citation_id: string, source_id: string, quote: string, extra: object = {}) => ({
  citation_id,
  source_id,
  quote,
  ...extra,
});

describe('citegate check', () => {
  it('checks every file the citations globs match, saying which file each line is from', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
        'answers/sub/b.json': json([
          rec('b1', 'returns-v1', 'within 30 days.'),
          rec('b2', 'returns-v1', 'within 60 days.'),
        ]),
        'answers/c.jsonl': `${JSON.stringify(rec('c1', 'returns-v1', 'Returns'))}\n`,
        'answers/notes.txt': 'not a citation file',
        'elsewhere/d.json': json([rec('d1', 'returns-v1', 'nope')]),
      },
    );
    const run = runCli(['check'], root);
    expect(run.stdout).toBe(
      [
        'answers/a.json:2: a1: located',
        'answers/c.jsonl:1: c1: located',
        'answers/sub/b.json:2: b1: located',
        'answers/sub/b.json:7: b2: quote not found',
        'located=3/4',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
  });

  it('checks only the files named, in the order given, with the reference format for one', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
        'answers/b.json': json([rec('b1', 'returns-v1', 'nope')]),
      },
    );
    expect(runCli(['check', 'answers/a.json'], root)).toEqual({
      code: 0,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: '',
    });
    expect(runCli(['check', 'answers/b.json', 'answers/a.json'], root).stdout).toBe(
      'answers/b.json:2: b1: quote not found\nanswers/a.json:2: a1: located\nlocated=1/2\n',
    );
  });

  it('fails an empty run: no files, or no records', () => {
    const none = makeWorkspace({ 'returns-v1': RETURNS }, {});
    expect(runCli(['check'], none)).toEqual({
      code: 1,
      stdout: 'located=0/0\n',
      stderr:
        "citegate: error: no citation files to check: the manifest's `citations` patterns match no file (an empty run fails)\n",
    });
    const empty = makeWorkspace({ 'returns-v1': RETURNS }, { 'answers/a.json': '[]' });
    expect(runCli(['check'], empty)).toEqual({
      code: 1,
      stdout: 'located=0/0\n',
      stderr: 'citegate: error: no citation records in the files checked (an empty run fails)\n',
    });
    // Found in review: a manifest without `citations` was said to have patterns that match nothing.
    const unlisted = makeTree({ 'citegate.yml': 'version: 1\nsources: {}\n', 'answers/a.json': '[]' });
    expect(runCli(['check'], unlisted)).toEqual({
      code: 1,
      stdout: 'located=0/0\n',
      stderr:
        'citegate: error: no citation files to check: the manifest has no `citations` patterns; add some, or name the files to check (an empty run fails)\n',
    });
  });

  it('reports a broken file at its line and column and still checks the others', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': '[\n  {"citation_id": "a1", "source_id": "returns-v1", "quote": "x",}\n]',
        'answers/b.json': json([rec('b1', 'returns-v1', 'A receipt is required.')]),
        'answers/c.jsonl': '{"citation_id": "c1", "source_id": "returns-v1", "quote": "Returns"}\nnot json\n',
        'answers/d.yaml': '- citation_id: d1\n  source_id: returns-v1\n  quote: [a list]\n',
        'answers/e.json': Buffer.from([0x5b, 0xff, 0x5d]),
      },
    );
    const run = runCli(['check'], root);
    expect(run.stdout).toBe(
      'answers/b.json:2: b1: located\nanswers/c.jsonl:1: c1: located\nanswers/d.yaml:1: d1: invalid fields\nlocated=2/3\n',
    );
    expect(run.stderr).toBe(
      [
        'answers/a.json:2:64: error: trailing comma before }',
        "answers/c.jsonl:2:1: error: unexpected 'n': expected a JSON value",
        'answers/e.json:1:2: error: not valid UTF-8: byte 0xFF at offset 1 does not start or continue a character',
        'answers/d.yaml:1:3: error: d1: invalid fields: quote must be a string, not an array',
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(1);
  });

  it('leaves every record citing an unverified source unverified, with the reason at the manifest entry', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS, 'help-v1': HELP },
      {
        'answers/a.json': json([
          rec('a1', 'returns-v1', 'A receipt is required.'),
          rec('a2', 'help-v1', 'Read the guide.'),
        ]),
      },
    );
    writeFileSync(path.join(root, RETURNS.path), RETURNS.text.replace('30', '60'));
    const run = runCli(['check'], root);
    expect(run.stdout).toBe('a1: source unverified\na2: located\nlocated=1/2\n');
    const actual = sha256(RETURNS.text.replace('30', '60'));
    expect(run.stderr).toBe(
      `citegate.yml:3:3: error: source returns-v1 is unverified: sources/returns-v1.txt has SHA-256 ${actual}, ` +
        `but the manifest pins ${sha256(RETURNS.text)}: review the new text, then run \`citegate pin returns-v1\` to accept it\n`,
    );
    expect(run.code).toBe(1);
  });

  it.each([
    [
      'missing',
      (root: string) =>
        writeFileSync(
          path.join(root, 'citegate.yml'),
          readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace('sources/returns-v1.txt', 'sources/gone.txt'),
        ),
      'sources/gone.txt: no such file',
    ],
    [
      'outside the workspace',
      (root: string) =>
        writeFileSync(
          path.join(root, 'citegate.yml'),
          readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace(
            'sources/returns-v1.txt',
            '../../../etc/passwd',
          ),
        ),
      '../../../etc/passwd: the path leads outside the workspace',
    ],
    [
      'absolute',
      (root: string) =>
        writeFileSync(
          path.join(root, 'citegate.yml'),
          readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace('sources/returns-v1.txt', '/etc/passwd'),
        ),
      "/etc/passwd: the path is absolute: paths are relative to the manifest's folder",
    ],
    // Found in review: the `/` was dropped, and the file read, where the system refuses `x.txt/` for a file.
    [
      'a path ending in /',
      (root: string) =>
        writeFileSync(
          path.join(root, 'citegate.yml'),
          readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace(
            'sources/returns-v1.txt',
            'sources/returns-v1.txt/',
          ),
        ),
      'sources/returns-v1.txt/: the path ends in /, so it names a folder, not a file (write it without the /)',
    ],
  ])('calls a source that is %s unverified', (_what, change, reason) => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    change(root);
    const run = runCli(['check'], root);
    expect(run.stdout).toBe('a1: source unverified\nlocated=0/1\n');
    expect(run.stderr).toBe(`citegate.yml:3:3: error: source returns-v1 is unverified: ${reason}\n`);
    expect(run.code).toBe(1);
  });

  it('refuses a source that is not UTF-8 or over the size limit, and drops a BOM', () => {
    const latin1 = Buffer.from('Caf\xe9 orders close at noon.', 'latin1');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Café orders close at noon.')]);
    const root = makeWorkspace(
      {
        'latin1-v1': { path: 'sources/latin1.txt', text: latin1 },
        'bom-v1': { path: 'sources/bom.txt', text: bom },
      },
      { 'answers/a.json': json([rec('a1', 'latin1-v1', 'orders'), rec('a2', 'bom-v1', 'Café orders')]) },
    );
    const run = runCli(['check', '--format', 'json'], root);
    const report = JSON.parse(run.stdout);
    expect(report.records.map((r: { verdict: string }) => r.verdict)).toEqual(['source unverified', 'located']);
    expect(report.records[1].matches).toEqual([{ line: 1, column: 1, end_line: 1, end_column: 12 }]);
    expect(run.stderr).toBe(
      'citegate.yml:3:3: error: source latin1-v1 is unverified: sources/latin1.txt is not valid UTF-8 (line 1, column 4): sources must be UTF-8 text\n',
    );
    const small = runCli(['check', '--max-source-bytes', '10'], root);
    expect(small.stderr).toContain('sources/bom.txt: it is 30 bytes long, over the limit of 10 bytes');
  });

  it('says a source or a citation file saved as UTF-16 is that, by its byte order mark', () => {
    const utf16 = (text: string, le = true) => {
      const bytes = Buffer.from(`\ufeff${text}`, 'utf16le');
      if (!le) bytes.swap16();
      return bytes;
    };
    const root = makeWorkspace(
      { 'wide-v1': { path: 'sources/wide.txt', text: utf16('Orders close at noon.', false) } },
      {
        'answers/a.json': json([rec('a1', 'wide-v1', 'Orders close')]),
        'answers/b.json': utf16(json([rec('b1', 'wide-v1', 'at noon')])),
      },
    );
    const run = runCli(['check'], root);
    expect(run.stderr).toBe(
      [
        'answers/b.json:1:1: error: not valid UTF-8: it starts with the byte order mark of UTF-16LE (0xFF 0xFE): save it as UTF-8',
        'citegate.yml:3:3: error: source wide-v1 is unverified: sources/wide.txt is not valid UTF-8 (it starts with the byte order mark of UTF-16BE): sources must be UTF-8 text',
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(1);
  });

  it('keeps a source with an audience from files outside it', () => {
    const root = makeWorkspace(
      { 'internal-v1': { ...RETURNS, audience: ['support'] } },
      {
        'answers/public.json': json([rec('p1', 'internal-v1', 'A receipt is required.')]),
        'internal/x.json': json([rec('i1', 'internal-v1', 'A receipt is required.')]),
      },
      ['answers/*.json', 'internal/*.json'],
    );
    writeFileSync(
      path.join(root, 'citegate.yml'),
      readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace(
        '  - "internal/*.json"',
        '  - path: internal/*.json\n    audience: support',
      ),
    );
    const run = runCli(['check', '--format', 'json'], root);
    const report = JSON.parse(run.stdout);
    expect(
      report.records.map((r: { citation_id: string; verdict: string; reason?: string }) => [
        r.citation_id,
        r.verdict,
        r.reason,
      ]),
    ).toEqual([
      ['p1', 'source not permitted', 'source internal-v1 is for support; this file has no audience in the manifest'],
      ['i1', 'located', undefined],
    ]);
  });

  it('finds citation files in every folder a pattern reaches, and names the folders it will not list', () => {
    const outside = makeTree({ 'x.json': json([rec('o1', 'returns-v1', 'nope')]) });
    const one = (id: string) => json([rec(id, 'returns-v1', 'A receipt is required.')]);
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/..drafts/a.json': one('dots'),
        'answers/back\\slash/b.json': one('backslash'),
        'real/c.json': one('linked'),
      },
      ['answers/**/*.json', 'inside/*.json', 'away/*.json'],
    );
    symlinkSync(path.join(root, 'real'), path.join(root, 'inside'));
    symlinkSync(outside, path.join(root, 'away'));
    const run = runCli(['check'], root);
    // The text report writes a backslash in a name as \\, so that its escapes stay unambiguous.
    expect(run.stdout).toBe(
      'answers/..drafts/a.json:2: dots: located\nanswers/back\\\\slash/b.json:2: backslash: located\ninside/c.json:2: linked: located\nlocated=3/3\n',
    );
    expect(run.stderr).toBe('away: error: folder not listed: it is a link that leads outside the workspace\n');
    expect(run.code).toBe(1);
  });

  it('follows folder links inside the workspace once, and names those that lead out', () => {
    const outside = makeTree({ 'o.json': json([rec('o1', 'returns-v1', 'A receipt is required.')]) });
    const one = (id: string) => json([rec(id, 'returns-v1', 'A receipt is required.')]);
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/z-real/a.json': one('real'),
        'other/b.json': one('beside'),
      },
      ['answers/**/*.json'],
    );
    symlinkSync(path.join(root, 'answers/z-real'), path.join(root, 'answers/a-alias')); // the same folder again
    symlinkSync(path.join(root, 'other'), path.join(root, 'answers/more')); // a folder beside the base
    symlinkSync(path.join(root, 'answers'), path.join(root, 'answers/z-real/loop')); // a loop
    symlinkSync(outside, path.join(root, 'answers/away'));
    const run = runCli(['check'], root);
    // Each real folder once, under its real name when it has one there; nothing forever.
    expect(run.stdout).toBe(
      'answers/more/b.json:2: beside: located\nanswers/z-real/a.json:2: real: located\nlocated=2/2\n',
    );
    expect(run.stderr).toBe('answers/away: error: folder not listed: it is a link that leads outside the workspace\n');
    expect(run.code).toBe(1);
  });

  // Found in review: a link to a file the patterns match too made its records count twice.
  it("checks a file reached through a file link once, under its own name, and a link alone under the link's", () => {
    const one = (id: string) => json([rec(id, 'returns-v1', 'A receipt is required.')]);
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/real.json': one('real'), 'kept/only.json': one('only') },
      ['answers/**/*.json'],
    );
    symlinkSync('real.json', path.join(root, 'answers/alias.json'));
    symlinkSync('../kept/only.json', path.join(root, 'answers/linked.json'));
    symlinkSync('gone.json', path.join(root, 'answers/dangling.json'));
    const run = runCli(['check'], root);
    expect(run.stdout).toBe('answers/linked.json:2: only: located\nanswers/real.json:2: real: located\nlocated=2/2\n');
    expect(run.stderr).toBe('answers/dangling.json: error: cannot read: it is a link that leads to no file\n');
    expect(run.code).toBe(1);
  });

  // Found in review: placing a file link where it leads checked the file once, under its own
  // name, so a link in a folder with another audience or `require` rule was never checked as such.
  it('checks a file under each name that checks it differently: another audience, another require rule', () => {
    const manifest = [
      'version: 1',
      'sources:',
      '  int-v1:',
      `    path: ${RETURNS.path}`,
      `    sha256: ${sha256(RETURNS.text)}`,
      '    retrieved: 2026-11-02',
      '    audience: [support]',
      '  terms-v1:',
      `    path: ${HELP.path}`,
      `    sha256: ${sha256(HELP.text)}`,
      '    retrieved: 2026-11-02',
      'citations:',
      '  - path: internal/*.json',
      '    audience: support',
      '  - path: public/*.json',
      '    audience: public',
      'require:',
      '  - files: public/',
      '    cite: [terms-v1]',
      '',
    ].join('\n');
    const root = makeTree({
      'citegate.yml': manifest,
      [RETURNS.path]: RETURNS.text,
      [HELP.path]: HELP.text,
      'internal/a.json': json([rec('c1', 'int-v1', 'A receipt is required.')]),
      'internal/b.json': json([rec('c2', 'int-v1', 'A receipt is required.')]),
    });
    mkdirSync(path.join(root, 'public'));
    symlinkSync('../internal/a.json', path.join(root, 'public/a.json'));
    symlinkSync('b.json', path.join(root, 'internal/b-again.json')); // checked alike: once
    const run = runCli(['check'], root);
    expect(run.stdout).toBe(
      'internal/a.json:2: c1: located\ninternal/b.json:2: c2: located\npublic/a.json:2: c1: source not permitted\nlocated=2/3\n',
    );
    expect(run.stderr).toBe(
      'public/a.json:2:3: error: required source not cited: this answer must cite terms-v1 (the rule at citegate.yml:18), but no record does\n',
    );
    expect(run.code).toBe(1);
  });

  // Found in review: the walk searched folders no file of the pattern could be in, and made
  // problems of their links and names; and two patterns reaching one file checked it twice.
  it('searches only folders where the pattern can match, and checks a file reached twice once', () => {
    const outside = makeTree({ 'o.json': '[]' });
    const one = (id: string) => json([rec(id, 'returns-v1', 'A receipt is required.')]);
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': one('a1'), 'answers/old/x.txt': 'notes' },
      ['answers/*.json', 'alias/*.json'],
    );
    symlinkSync(outside, path.join(root, 'answers/vendor'));
    writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, 'answers/old/')), Buffer.from([0xe9]), Buffer.from('.json')]),
      '[]',
    );
    symlinkSync(path.join(root, 'answers'), path.join(root, 'alias'));
    expect(runCli(['check'], root)).toEqual({ code: 0, stdout: 'a1: located\nlocated=1/1\n', stderr: '' });
  });

  it('refuses file names that are not UTF-8 instead of reading another file in their place', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        // A decoy really named U+FFFD, which is what a lossy decoding makes of the other name.
        'answers/\ufffd.json': json([rec('decoy', 'returns-v1', 'A receipt is required.')]),
      },
    );
    writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, 'answers/')), Buffer.from([0xff]), Buffer.from('.json')]),
      json([rec('bad', 'returns-v1', 'FABRICATED QUOTE')]),
    );
    writeFileSync(
      Buffer.concat([Buffer.from(path.join(root, 'answers/')), Buffer.from([0xfe]), Buffer.from('.txt')]),
      'not a citation file',
    );
    const run = runCli(['check'], root);
    expect(run.stdout).toBe('decoy: located\nlocated=1/1\n');
    expect(run.stderr).toBe(
      'answers/\\xFF.json: error: not read: the name is not valid UTF-8, so citegate cannot name it; rename it\n',
    );
    expect(run.code).toBe(1);
  });

  // Found in review: a FIFO or a socket the citation patterns match was skipped without a word, and the run passed.
  it('reports a FIFO or a socket the citation patterns match, and fails, without hanging', async () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    spawnSync('mkfifo', [path.join(root, 'answers/fifo.json')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(root, 'answers/sock.json'), resolve));
    try {
      const run = runCli(['check'], root);
      expect(run.stdout).toBe('answers/a.json:2: a1: located\nlocated=1/1\n');
      expect(run.stderr).toBe(
        'answers/fifo.json: error: cannot read: it is not a regular file\nanswers/sock.json: error: cannot read: it is not a regular file\n',
      );
      expect(run.code).toBe(1);
    } finally {
      server.close();
    }
  });

  // Found in review: a quote with a context was kept under the key
  // `quote\0prefix\0suffix`, in the same table as bare quotes, so a bare quote
  // holding two U+0000 could take the verdict of another record.
  it('keeps a quote holding U+0000 apart from a quote with a context that would spell it', () => {
    const notFound = makeWorkspace(
      { 's-v1': { path: 'sources/s.txt', text: 'a\u0000b\u0000c and more' } },
      {
        'answers/a.json': json([
          rec('c0', 's-v1', 'a', { prefix: 'b', suffix: 'c' }),
          rec('c1', 's-v1', 'a\u0000b\u0000c'),
        ]),
      },
    );
    expect(runCli(['check', '--manifest', 'citegate.yml'], notFound).stdout).toBe(
      'c0: quote not found\nc1: located\nlocated=1/2\n',
    );
    const located = makeWorkspace(
      { 's-v1': { path: 'sources/s.txt', text: 'x a y' } },
      {
        'answers/a.json': json([
          rec('c0', 's-v1', 'a', { prefix: 'b', suffix: 'c' }),
          rec('c1', 's-v1', 'a\u0000b\u0000c'),
          rec('c2', 's-v1', 'a'),
        ]),
      },
    );
    expect(runCli(['check', '--manifest', 'citegate.yml'], located).stdout).toBe(
      'c0: quote not found\nc1: quote not found\nc2: located\nlocated=1/3\n',
    );
  });

  it('escapes untrusted text so nothing reaches the terminal raw', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': json([
          rec('x\u001b[2J\nc9: located\\', 'returns-v1', 'nope'),
          rec('\u202eevil', 'returns-v1', 'nope'),
        ]),
      },
    );
    const run = runCli(['check'], root);
    expect(run.stdout).toBe(
      'x\\u{001B}[2J\\nc9: located\\\\: quote not found\n\\u{202E}evil: quote not found\nlocated=0/2\n',
    );
  });

  it('writes no control or bidi character raw in the JSON report either', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': json([rec('x\u009b31m\u007f', 'returns-v1', 'nope \u2028 \u202e here')]),
      },
    );
    const run = runCli(['check', '--format', 'json'], root);
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
    expect(JSON.parse(run.stdout).records[0]).toMatchObject({
      citation_id: 'x\u009b31m\u007f',
      quote: 'nope \u2028 \u202e here',
    });
  });

  it('never starts a line with `::`, so a CI runner cannot read untrusted text as a workflow command', () => {
    const ids = ['::error file=README.md::forged', '  ::add-mask::Return', '\t::stop-commands::x'];
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json(ids.map((id) => rec(id, 'returns-v1', 'nope'))) },
    );
    for (const format of ['text', 'json']) {
      const run = runCli(['check', '--format', format, '--explain'], root);
      expect(run.code).toBe(1);
      for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) expect(line.trimStart()).not.toMatch(/^::/);
    }
    expect(runCli(['check'], root).stdout.split('\n')[0]).toBe(
      ':\\u{003A}error file=README.md::forged: quote not found',
    );
  });

  // Found in review: the runner also reads `##[command]` anywhere in a line (ActionCommand.TryParse).
  it('never writes `##[`, the older form of workflow command, in any output or file name', () => {
    const ids = ['##[error]forged', 'x ##[stop-commands]tok', '#', '#[add-mask]y'];
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a ##[error]file.json': json(ids.map((id) => rec(id, 'returns-v1', 'nope ##[warning]q'))) },
    );
    for (const format of ['text', 'json']) {
      const run = runCli(['check', '--format', format, '--explain'], root);
      expect(run.code).toBe(1);
      expect(`${run.stdout}${run.stderr}`).not.toContain('##[');
      if (format === 'json')
        expect(JSON.parse(run.stdout).records.map((r: { citation_id: string }) => r.citation_id)).toEqual(ids);
    }
    expect(runCli(['check'], root).stdout.split('\n')[0]).toBe('##\\u{005B}error]forged: quote not found');
  });

  // Found in review: `--output citegate.yml` replaced the manifest with the report (and a citation file or a source the same way).
  it('refuses --output at a file the run reads, under any of its names, and leaves it as it was', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    const reads = ', which the run reads: a report there would replace it';
    const elsewhere = ": write reports where the manifest's `citations` patterns do not match them";
    for (const [output, what] of [
      ['citegate.yml', `the manifest${reads}`],
      ['answers/a.json', `citation file answers/a.json${reads}${elsewhere}`],
      ['./answers/../answers/a.json', `citation file answers/a.json${reads}${elsewhere}`],
      ['sources/returns-v1.txt', `source returns-v1${reads}`],
    ]) {
      const before = readFileSync(path.join(root, output), 'utf8');
      const run = runCli(['check', '--format', 'json', '--output', output], root);
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `citegate: error: cannot write ${output}: it is ${what}\n`,
      });
      expect(readFileSync(path.join(root, output), 'utf8')).toBe(before);
    }
    // A hard link is the same file under another name.
    linkSync(path.join(root, 'answers/a.json'), path.join(root, 'hard.json'));
    expect(runCli(['check', '--output', 'hard.json'], root).stderr).toBe(
      `citegate: error: cannot write hard.json: it is citation file answers/a.json${reads}${elsewhere}\n`,
    );
    expect(runCli(['check', '--output', 'report.txt'], root).code).toBe(0);
  });

  it('writes the JSON report of SPEC §7 to a file with --output', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.', { claim: 'You need a receipt.' })]) },
    );
    const run = runCli(['check', '--format', 'json', '--output', 'report.json'], root);
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8'));
    expect(report).toMatchObject({
      version: 1,
      summary: { total: 1, located: 1, failed: 0, verdicts: { located: 1 }, passed: true },
      sources: [
        {
          id: 'returns-v1',
          path: 'sources/returns-v1.txt',
          sha256: sha256(RETURNS.text),
          retrieved: '2026-11-02',
          status: 'verified',
        },
      ],
      records: [
        {
          file: 'answers/a.json',
          line: 2,
          index: 0,
          citation_id: 'a1',
          source_id: 'returns-v1',
          verdict: 'located',
          matches: [{ line: 2, column: 1, end_line: 2, end_column: 23 }],
        },
      ],
    });
    // A located record's quote and claim are in its file; the report keeps them for records to review.
    expect(report.records[0]).not.toHaveProperty('quote');
  });

  it('reads the manifest from --root, and names from the current folder', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    const elsewhere = makeTree({});
    expect(runCli(['check', '--root', root], elsewhere).stdout).toBe('a1: located\nlocated=1/1\n');
    const outside = runCli(['check', '--root', root, path.join(elsewhere, 'x.json')], elsewhere);
    expect(outside.stderr).toContain('x.json: error: not read: it is outside the workspace');
    expect(outside.stderr).toContain('citegate: error: none of the files named could be checked (an empty run fails)');
    expect(outside.stderr).not.toContain('patterns match no file');
    expect(outside.code).toBe(1);
  });

  it('writes the report to standard output for --output -, and to a file for ./-', () => {
    const here = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    const toStdout = runCli(['check', '--format', 'json', '--output', '-'], here);
    expect(toStdout).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(toStdout.stdout).records[0]).toMatchObject({ citation_id: 'a1', verdict: 'located' });
    expect(existsSync(path.join(here, '-'))).toBe(false);
    expect(runCli(['check', '--output', '-'], here)).toEqual({
      code: 0,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: '',
    });
    expect(runCli(['check', '--format', 'json', '--output', './-'], here)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(readFileSync(path.join(here, '-'), 'utf8')).records).toHaveLength(1);
    const merged = runCli(['merge-reports', '--output', '-', './-'], here);
    expect(merged).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(merged.stdout).records).toHaveLength(1);
  });

  // Found in review: a link named on the command line was judged under its own name only.
  it('checks a named link where it leads too, when that name has rules of its own', () => {
    const help = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };
    const manifest = `${manifestFor({ 'returns-v1': RETURNS, 'help-v1': help }, ['answers/**/*.json', '*.json'])}require:\n  - files: answers/returns/\n    cite: [returns-v1]\n`;
    const root = makeTree({
      'citegate.yml': manifest,
      [RETURNS.path]: RETURNS.text,
      [help.path]: help.text,
      'answers/returns/a.json': json([rec('a1', 'help-v1', 'Read the guide.')]),
      'answers/other/b.json': json([rec('b1', 'help-v1', 'Read the guide.')]),
    });
    symlinkSync('answers/returns/a.json', path.join(root, 'alink.json'));
    symlinkSync('answers/other/b.json', path.join(root, 'blink.json'));
    const run = runCli(['check', 'alink.json'], root);
    expect(run).toEqual({
      code: 1,
      stdout: 'alink.json:2: a1: located\nanswers/returns/a.json:2: a1: located\nlocated=2/2\n',
      stderr:
        'answers/returns/a.json:2:3: error: required source not cited: this answer must cite returns-v1 (the rule at citegate.yml:15), but no record does\n',
    });
    // A link whose target checks it alike is checked once, under the name given.
    expect(runCli(['check', 'blink.json'], root)).toEqual({
      code: 0,
      stdout: 'b1: located\nlocated=1/1\n',
      stderr: '',
    });
  });

  // Found in review: a folder link on the way was resolved away, so the name's rules did not apply.
  it('checks a file named through a folder link under that name, as the run over the patterns does', () => {
    const help = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };
    const manifest = `${manifestFor({ 'returns-v1': RETURNS, 'help-v1': help }, ['answers/**/*.json'])}require:\n  - files: answers/returns/\n    cite: [returns-v1]\n`;
    const root = makeTree({
      'citegate.yml': manifest,
      [RETURNS.path]: RETURNS.text,
      [help.path]: help.text,
      'data/answers/returns/a.json': json([rec('a1', 'help-v1', 'Read the guide.')]),
    });
    symlinkSync('data/answers', path.join(root, 'answers'));
    const finding =
      'answers/returns/a.json:2:3: error: required source not cited: this answer must cite returns-v1 (the rule at citegate.yml:14), but no record does\n';
    expect(runCli(['check'], root)).toEqual({ code: 1, stdout: 'a1: located\nlocated=1/1\n', stderr: finding });
    expect(runCli(['check', 'answers/returns/a.json'], root)).toEqual({
      code: 1,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: finding,
    });
    // Through a link to the workspace from outside it, too.
    const elsewhere = makeTree({});
    symlinkSync(root, path.join(elsewhere, 'repo'));
    expect(
      runCli(
        ['check', '--root', root, '--manifest', path.join(root, 'citegate.yml'), 'repo/answers/returns/a.json'],
        elsewhere,
      ),
    ).toEqual({ code: 1, stdout: 'a1: located\nlocated=1/1\n', stderr: finding });
    // By its real path, or from a folder inside the link: under the name the patterns give it (found in review).
    expect(runCli(['check', 'data/answers/returns/a.json'], root)).toEqual({
      code: 1,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: finding,
    });
    expect(
      runCli(
        ['check', '--root', root, '--manifest', path.join(root, 'citegate.yml'), 'a.json'],
        path.join(root, 'answers/returns'),
      ),
    ).toEqual({ code: 1, stdout: 'a1: located\nlocated=1/1\n', stderr: finding });
  });

  // Found in review: the name through the link, which no pattern takes, was checked too, with no audience.
  it('checks a file named through a folder link once, under the name the patterns give it', () => {
    const help = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n', audience: ['support'] };
    const manifest = manifestFor({ 'help-v1': help }, []).replace(
      'citations:\n',
      'citations:\n  - path: data/**/*.json\n    audience: support\n',
    );
    const root = makeTree({
      'citegate.yml': manifest,
      [help.path]: help.text,
      'data/answers/returns/a.json': json([rec('a1', 'help-v1', 'Read the guide.')]),
    });
    symlinkSync('data/answers', path.join(root, 'answers'));
    expect(runCli(['check'], root)).toEqual({ code: 0, stdout: 'a1: located\nlocated=1/1\n', stderr: '' });
    expect(runCli(['check', 'answers/returns/a.json'], root)).toEqual({
      code: 0,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: '',
    });
  });

  // Found in review: Node gives a name that is not UTF-8 with U+FFFD in it, and a file really named so was read instead.
  it('refuses a named file whose name holds U+FFFD, and checks the others', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/\ufffd.json': json([rec('u1', 'returns-v1', 'A receipt is required.')]),
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
      },
    );
    expect(runCli(['check', 'answers/\ufffd.json', 'answers/a.json'], root)).toEqual({
      code: 1,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr:
        'answers/\ufffd.json: error: not read: the name holds U+FFFD, which is what a name that is not valid UTF-8 becomes on a command line: rename the file\n',
    });
  });

  // Found in review: `a.json/` was read as a.json, where the system refuses it (ENOTDIR).
  it('refuses a named file whose name ends in / or /., and checks the others', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]),
        'answers/b.json': json([rec('b1', 'returns-v1', 'A receipt is required.')]),
      },
    );
    const run = runCli(['check', 'answers/a.json/', 'answers/a.json/.', 'answers/', 'answers/b.json'], root);
    expect(run).toEqual({
      code: 1,
      stdout: 'b1: located\nlocated=1/1\n',
      stderr: [
        'answers/a.json/: error: not read: the name ends in /, so it names a folder, not a file (write it without the /)',
        'answers/a.json/.: error: not read: the name ends in /., so it names a folder, not a file (write it without the /.)',
        'answers/: error: not read: the name ends in /, so it names a folder, not a file (write it without the /)',
        '',
      ].join('\n'),
    });
  });

  it('checks a file named twice once', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    expect(runCli(['check', 'answers/a.json', './answers/a.json', path.join(root, 'answers/a.json')], root)).toEqual({
      code: 0,
      stdout: 'a1: located\nlocated=1/1\n',
      stderr: '',
    });
  });

  it('takes --root, --manifest and file names through a link to the workspace', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
    );
    const elsewhere = makeTree({});
    const link = path.join(elsewhere, 'repo');
    symlinkSync(root, link);
    const run = runCli(
      [
        'check',
        '--root',
        link,
        '--manifest',
        path.join(link, 'citegate.yml'),
        path.join(link, 'answers/a.json'),
        path.join(link, 'answers/new/b.json'),
      ],
      elsewhere,
    );
    expect(run).toEqual({
      code: 1,
      stdout: 'answers/a.json:2: a1: located\nlocated=1/1\n',
      stderr: 'answers/new/b.json: error: cannot read: no such file\n',
    });
  });
});

describe('citegate check cannot run (exit 2)', () => {
  const root = makeWorkspace(
    { 'returns-v1': RETURNS },
    { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
  );
  runCli(['check', '--format', 'json', '--output', 'report.json'], root);

  it.each([
    [
      ['check', '--format', 'xml'],
      'citegate: error: --format takes text, json or sarif, not "xml"; see citegate check --help\n',
    ],
    [['check', '--frobnicate'], "citegate: error: unknown option '--frobnicate'; see citegate check --help\n"],
    [
      ['check', '--max-source-bytes=-1'],
      'citegate: error: --max-source-bytes takes a positive whole number of bytes, not "-1"; see citegate check --help\n',
    ],
    [
      ['check', '--max-source-bytes'],
      "citegate: error: option '--max-source-bytes <value>' argument missing; see citegate check --help\n",
    ],
    [['check', '--root', 'nowhere'], 'citegate: error: --root "nowhere" is not a folder; see citegate check --help\n'],
    // Found in review: a --manifest that is not there got the advice to pass --manifest.
    [
      ['check', '--manifest', 'nope.yml'],
      'nope.yml: error: no manifest: no such file (--manifest is a path from the current folder)\n',
    ],
    [
      ['check', '--root', 'answers', '--manifest', 'citegate.yml'],
      `citegate.yml: error: the manifest is outside the workspace (${path.join(realpathSync(root), 'answers')}) (--manifest is a path from the current folder, not from --root); use --root\n`,
    ],
    [['frobnicate'], 'citegate: error: unknown command "frobnicate"; see citegate --help\n'],
    [
      ['check', '--output', 'reprots/r.json'],
      'citegate: error: cannot write reprots/r.json: its folder does not exist\n',
    ],
    [['check', '--output', 'answers'], 'citegate: error: cannot write answers: it is a folder, not a file\n'],
    // Found in review: a final `/` or `/.` was dropped, and the file before it read or written.
    [
      ['check', '--manifest', 'citegate.yml/'],
      'citegate.yml/: error: the name ends in /, so it names a folder, not a file (write it without the /)\n',
    ],
    [
      ['pin', '--manifest', 'citegate.yml/.'],
      'citegate.yml/.: error: the name ends in /., so it names a folder, not a file (write it without the /.)\n',
    ],
    [
      ['check', '--baseline', 'report.json/'],
      'citegate: error: cannot read the baseline report.json/: the name ends in /, so it names a folder, not a file (write it without the /)\n',
    ],
    [
      ['check', '--output', 'out.json/.'],
      'citegate: error: cannot write out.json/.: the name ends in /., so it names a folder, not a file (write it without the /.)\n',
    ],
    [
      ['merge-reports', 'report.json/'],
      'report.json/: error: cannot read: the name ends in /, so it names a folder, not a file (write it without the /)\n',
    ],
    // Found in review: the advice named the last `/` alone, and followed once left a name refused again.
    [
      ['check', '--baseline', 'report.json//'],
      'citegate: error: cannot read the baseline report.json//: the name ends in //, so it names a folder, not a file (write it without the //)\n',
    ],
    [
      ['check', '--output', 'out.json/./'],
      'citegate: error: cannot write out.json/./: the name ends in /./, so it names a folder, not a file (write it without the /./)\n',
    ],
    [
      ['merge-reports', '--summary', 'nowhere/s.md', 'report.json'],
      'citegate: error: cannot write nowhere/s.md: its folder does not exist\n',
    ],
    // An unset variable ("--root $DIR") was read as the current folder, or as a file named "".
    [
      ['check', '--root', ''],
      'citegate: error: --root is empty (an unset variable?): give it a value; see citegate check --help\n',
    ],
    [
      ['check', '--manifest='],
      'citegate: error: --manifest is empty (an unset variable?): give it a value; see citegate check --help\n',
    ],
    [
      ['check', '--output', '', '--format', 'json'],
      'citegate: error: --output is empty (an unset variable?): give it a value; see citegate check --help\n',
    ],
    [['check', ''], 'citegate: error: an argument is empty (an unset variable?); see citegate check --help\n'],
    [
      ['pin', '--root', ''],
      'citegate: error: --root is empty (an unset variable?): give it a value; see citegate pin --help\n',
    ],
    [
      ['merge-reports', '--summary', '', 'report.json'],
      'citegate: error: --summary is empty (an unset variable?): give it a value; see citegate merge-reports --help\n',
    ],
  ])('%j', (args, stderr) => {
    expect(runCli(args, root)).toEqual({ code: 2, stdout: '', stderr });
    expect(existsSync(path.join(root, 'out.json'))).toBe(false);
  });

  it('names the manifest file, line and column of every problem', () => {
    const broken = makeTree({
      'citegate.yml': 'version: 1\nsources:\n  a:\n    path: a.txt\n    sha256: 12\n    retrieved: yesterday\n',
    });
    expect(runCli(['check'], broken)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'citegate.yml:5:13: error: the `sha256` of source `a` must be 64 hexadecimal digits: run `citegate pin a` to record it\n' +
        'citegate.yml:6:16: error: the `retrieved` date of source `a` must be a calendar date written YYYY-MM-DD\n',
    });
  });

  it('prints help and the version', () => {
    expect(runCli(['--version'], root)).toEqual({ code: 0, stdout: 'citegate 0.1.0\n', stderr: '' });
    expect(runCli(['check', '--help'], root).stdout).toMatch(/^Usage: citegate check/);
    expect(runCli(['help', 'pin'], root).stdout).toMatch(/^Usage: citegate pin/);
    expect(runCli(['--help'], root).code).toBe(0);
    expect(runCli([], root).code).toBe(2);
  });
});

describe('citegate check and a reader that stops early', () => {
  // Found by hand: `citegate check --format json | head` printed a stack trace (EPIPE).
  it('stops quietly when standard output is closed', () => {
    const sources = { 'r-v1': { path: 'sources/r.txt', text: 'A receipt is required.\n' } };
    const records = Array.from({ length: 20000 }, (_, i) => ({
      citation_id: `c${i}`,
      source_id: 'r-v1',
      quote: 'A receipt is required.',
    }));
    const root = makeWorkspace(sources, { 'answers/a.json': JSON.stringify(records) });
    const run = spawnSync(
      'bash',
      ['-c', `set -o pipefail; node ${JSON.stringify(CLI)} check --format json | head -c 10 > /dev/null`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  // Review asked whether a reader gone before the run decided could make a failing run exit 0: it must not.
  it.each([['text'], ['json']])('exits with the status of the records, never 0 for a failing run (%s)', (format) => {
    const sources = { 'r-v1': { path: 'sources/r.txt', text: 'A receipt is required.\n' } };
    const records = Array.from({ length: 20000 }, (_, i) => ({
      citation_id: `c${i}`,
      source_id: 'r-v1',
      quote: i === 19999 ? 'A receipt is optional.' : 'A receipt is required.',
    }));
    const root = makeWorkspace(sources, { 'answers/a.json': JSON.stringify(records) });
    const command = `set -o pipefail; node ${JSON.stringify(CLI)} check --format ${format} | head -c 10 > /dev/null`;
    const run = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
  });

  // Found in review: a full disk gave a stack trace and exit 1, even for a run where every record was located.
  it.each([['text'], ['json']])(
    'fails with exit 2 and a message when standard output cannot be written (%s)',
    (format) => {
      const root = makeWorkspace(
        { 'returns-v1': RETURNS },
        { 'answers/a.json': json([rec('a1', 'returns-v1', 'A receipt is required.')]) },
      );
      const run = spawnSync('sh', ['-c', `node ${JSON.stringify(CLI)} check --format ${format} > /dev/full`], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('citegate: error: cannot write to standard output: no space left on the device\n');
      expect(run.status).toBe(2);
    },
  );
});
