import { Buffer } from 'node:buffer';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { shardOf } from '../../src/check/shard.js';
import { makeWorkspace, manifestFor, runCli, sha256 } from '../helpers/workspace.js';
import { lineColumnAt } from '../helpers/position.js';
import { parseShard } from '../../src/model/shard.js';

/** `line:column` of the first `value` after the first `after` in the file `file` of `root`. */
function placeOf(root: string, file: string, after: string, value: string): string {
  const text = readFileSync(path.join(root, file), 'utf8');
  const start = text.indexOf(after);
  expect(start).toBeGreaterThanOrEqual(0);
  return lineColumnAt(text, text.indexOf(value, start));
}

const SOURCES = Object.fromEntries(
  Array.from({ length: 6 }, (_, i) => [
    `doc${i}-v1`,
    {
      path: `sources/doc${i}.txt`,
      text: `Document ${i}. Returns are accepted within ${10 + i} days. Contact support. Contact support.\n`,
    },
  ]),
);

function workspace(): string {
  const files: Record<string, string> = {};
  for (let f = 0; f < 24; f++) {
    const records = [
      { citation_id: 'a', source_id: `doc${f % 6}-v1`, quote: `Returns are accepted within ${10 + (f % 6)} days.` },
      {
        citation_id: 'b',
        source_id: `doc${(f + 1) % 6}-v1`,
        quote: f % 5 === 0 ? 'Not in any document.' : `Document ${(f + 1) % 6}.`,
      },
      { citation_id: 'c', source_id: `doc${f % 6}-v1`, quote: f % 7 === 0 ? 'Contact support.' : `Document ${f % 6}.` },
    ];
    files[`answers/f${String(f).padStart(2, '0')}.json`] = JSON.stringify(records, null, 1);
  }
  files['answers/broken.json'] = '[{"citation_id": "x",}]';
  return makeWorkspace(SOURCES, files, ['answers/*.json']);
}

describe('sharding', () => {
  it('parses i/n and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', '2/0', 'a/b', '1/2000']) expect(parseShard(bad)).toBeUndefined();
  });

  it('puts a file in the same shard on every run and machine (a hash of its path)', () => {
    expect([shardOf('answers/f00.json', 4), shardOf('answers/f01.json', 4), shardOf('answers/f02.json', 4)]).toEqual([
      shardOf('answers/f00.json', 4),
      shardOf('answers/f01.json', 4),
      shardOf('answers/f02.json', 4),
    ]);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) counts[shardOf(`answers/${i}.json`, 4) - 1]++;
    expect(Math.min(...counts)).toBeGreaterThan(60);
  });

  it('merges the reports of 4 shards into exactly the unsharded report, and each shard reads only its sources', () => {
    const root = workspace();
    const whole = runCli(['check', '--format', 'json', '--output', 'whole.json'], root);
    expect(whole.code).toBe(1);
    const shards = [1, 2, 3, 4].map((i) => {
      const run = runCli(['check', '--format', 'json', '--shard', `${i}/4`, '--output', `shard-${i}.json`], root);
      expect([0, 1]).toContain(run.code);
      return JSON.parse(readFileSync(path.join(root, `shard-${i}.json`), 'utf8'));
    });
    // Every file in exactly one shard.
    const files = shards.flatMap((s) => s.files).sort();
    expect(files).toEqual(JSON.parse(readFileSync(path.join(root, 'whole.json'), 'utf8')).files);
    for (const s of shards) {
      const cited = new Set(s.records.map((r: { source_id: string }) => r.source_id));
      expect(s.sources.every((src: { id: string }) => cited.has(src.id))).toBe(true);
      expect(s.shard.count).toBe(4);
    }
    const merged = runCli(
      [
        'merge-reports',
        '--output',
        'merged.json',
        '--summary',
        'summary.md',
        ...[1, 2, 3, 4].map((i) => `shard-${i}.json`),
      ],
      root,
    );
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(1);
    expect(readFileSync(path.join(root, 'merged.json'), 'utf8')).toBe(
      readFileSync(path.join(root, 'whole.json'), 'utf8'),
    );
    expect(readFileSync(path.join(root, 'summary.md'), 'utf8')).toMatch(
      /^## ❌ citegate: \d+ of 72 records located — fail/,
    );
  });

  // Found in review: what a shard finds while listing the files was in every shard's report, so the merge said it once per shard.
  it('says once what every shard finds while listing the files', () => {
    const root = workspace();
    writeFileSync(Buffer.from([...Buffer.from(path.join(root, 'answers/')), 0xff, ...Buffer.from('.json')]), '[]');
    runCli(['check', '--format', 'json', '--output', 'whole.json'], root);
    const whole = JSON.parse(readFileSync(path.join(root, 'whole.json'), 'utf8'));
    expect(whole.problems.filter((p: { message: string }) => /UTF-8/.test(p.message))).toHaveLength(1);
    for (const i of [1, 2, 3])
      runCli(['check', '--format', 'json', '--shard', `${i}/3`, '--output', `s${i}.json`], root);
    expect(runCli(['merge-reports', '--output', 'merged.json', 's1.json', 's2.json', 's3.json'], root).code).toBe(1);
    expect(readFileSync(path.join(root, 'merged.json'), 'utf8')).toBe(
      readFileSync(path.join(root, 'whole.json'), 'utf8'),
    );
  });

  // Found in review: an empty shard failed, saying the manifest's patterns match no file.
  it('passes a shard that holds no file, saying so, as the Action does', () => {
    const root = makeWorkspace(
      { 'r-v1': { path: 'sources/r.txt', text: 'A receipt is required.\n' } },
      {
        'answers/only.json': JSON.stringify([
          { citation_id: 'c1', source_id: 'r-v1', quote: 'A receipt is required.' },
        ]),
      },
    );
    const [empty] = [1, 2].filter((i) => i !== shardOf('answers/only.json', 2));
    expect(runCli(['check', '--shard', `${empty}/2`], root)).toEqual({
      code: 0,
      stdout: 'located=0/0\n',
      stderr: `citegate: warning: shard ${empty} of 2 holds no citation files; merge-reports judges the whole run\n`,
    });
  });

  it('refuses a bad shard and reports that do not belong together', () => {
    const root = workspace();
    expect(runCli(['check', '--shard', '5/4'], root).stderr).toBe(
      'citegate: error: --shard takes i/n with 1 <= i <= n <= 1024 (for example 2/4), not "5/4"; see citegate check --help\n',
    );
    // Past the most shards, the message says what the most is.
    expect(runCli(['check', '--shard', '1/1025'], root).stderr).toContain('1 <= i <= n <= 1024');
    runCli(['check', '--format', 'json', '--output', 'a.json'], root);
    const other = workspace();
    runCli(['check', '--format', 'json', '--manifest', 'citegate.yml', '--output', path.join(root, 'b.json')], other);
    expect(runCli(['merge-reports', 'a.json', 'nope.json'], root)).toMatchObject({
      code: 2,
      stderr: 'nope.json: error: cannot read: no such file\n',
    });
    // Where a report stops being JSON, or UTF-8, as for a citation file (the manifest is YAML: line 1).
    expect(runCli(['merge-reports', 'citegate.yml'], root)).toMatchObject({
      code: 2,
      stderr: "citegate.yml:1:1: error: not JSON: unexpected 'v': expected a JSON value\n",
    });
    writeFileSync(path.join(root, 'latin1.json'), Buffer.from('{\n"tool": "caf\xe9"}', 'latin1'));
    expect(runCli(['merge-reports', 'a.json', 'latin1.json'], root)).toMatchObject({
      code: 2,
      stderr:
        'latin1.json:2:13: error: not valid UTF-8: byte 0xE9 at offset 14 does not start or continue a character\n',
    });
    // A report the workspace holds is read under its rules: no link into .git, nothing but a file.
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git', 'config'), '{"token": "ghs_SECRET"}');
    symlinkSync('.git/config', path.join(root, 'c.json'));
    expect(runCli(['merge-reports', 'a.json', 'c.json'], root)).toMatchObject({
      code: 2,
      stderr:
        'c.json: error: cannot read: it is in a .git folder, which citegate never reads (git keeps credentials there)\n',
    });
    symlinkSync('/dev/zero', path.join(root, 'z.json'));
    expect(runCli(['merge-reports', 'a.json', 'z.json'], root)).toMatchObject({
      code: 2,
      stderr: 'z.json: error: cannot read: the path is a link that leads outside the workspace\n',
    });
  });

  it('merges the reports of runs over other files only when their manifests had the same sources and pins', () => {
    const root = workspace();
    const run = (file: string, out: string) =>
      expect([0, 1]).toContain(runCli(['check', '--format', 'json', '--output', out, file], root).code);
    run('answers/f00.json', 'p1.json');
    run('answers/f01.json', 'p2.json');
    const listed = JSON.parse(readFileSync(path.join(root, 'p1.json'), 'utf8')).manifest_sources;
    expect(listed).toHaveLength(6);
    const merged = runCli(['merge-reports', 'p1.json', 'p2.json'], root);
    expect(JSON.parse(merged.stdout).manifest_sources).toEqual(listed);
    // A source neither run cites, re-pinned between them: the two were checked against different manifests.
    const doc5 = { ...SOURCES['doc5-v1'], text: 'Document 5, edited.\n' };
    writeFileSync(path.join(root, doc5.path), doc5.text);
    writeFileSync(path.join(root, 'citegate.yml'), manifestFor({ ...SOURCES, 'doc5-v1': doc5 }, ['answers/*.json']));
    run('answers/f01.json', 'p2.json');
    const refused = runCli(['merge-reports', 'p1.json', 'p2.json'], root);
    // Named where the second report's pin that differs is.
    const pin = placeOf(root, 'p2.json', '"manifest_sources"', `"${sha256(doc5.text)}"`);
    expect(refused.stderr).toBe(
      `p2.json:${pin}: error: p1.json and p2.json come from different versions of the manifest (its sources or pins differ)\n`,
    );
    expect(refused.code).toBe(2);
    // A run of another manifest, named where the second report says which.
    writeFileSync(path.join(root, 'other.yml'), readFileSync(path.join(root, 'citegate.yml')));
    runCli(['check', '--format', 'json', '--manifest', 'other.yml', '--output', 'p3.json', 'answers/f02.json'], root);
    expect(runCli(['merge-reports', 'p1.json', 'p3.json'], root)).toMatchObject({
      code: 2,
      stderr: `p3.json:${placeOf(root, 'p3.json', '"manifest":', '"other.yml"')}: error: the reports come from different manifests (citegate.yml in p1.json, other.yml in p3.json)\n`,
    });
  });

  it('refuses shards that do not make one whole run: missing, given twice, of different splits, or mixed with a whole report', () => {
    const root = workspace();
    for (const [i, n] of [
      [1, 2],
      [2, 2],
      [1, 3],
    ])
      runCli(['check', '--format', 'json', '--shard', `${i}/${n}`, '--output', `s${i}of${n}.json`], root);
    runCli(['check', '--format', 'json', '--output', 'whole.json'], root);
    const merge = (...files: string[]) => {
      const run = runCli(['merge-reports', '--output', 'merged.json', ...files], root);
      return `${run.code} ${run.stderr.split('\n')[0]}`;
    };
    expect(merge('s1of2.json', 's2of2.json')).toMatch(/^1 $/);
    expect(merge('s1of2.json')).toBe(
      '2 citegate: error: shard 2 of 2 is missing: merging without it would leave its files unchecked',
    );
    // Each named where the value that differs is in the report named second (the shard's own, when mixed).
    expect(merge('s1of2.json', 's1of2.json', 's2of2.json')).toBe(
      `2 s1of2.json:${placeOf(root, 's1of2.json', '"shard": {', '1')}: error: shard 1 of 2 is given more than once (s1of2.json, s1of2.json)`,
    );
    expect(merge('s1of2.json', 's2of2.json', 's1of3.json')).toBe(
      `2 s1of3.json:${placeOf(root, 's1of3.json', '"shard": {', '3')}: error: the reports are shards of different splits (s1of2.json of 2, s1of3.json of 3)`,
    );
    expect(merge('s1of2.json', 'whole.json')).toBe(
      `2 s1of2.json:${placeOf(root, 's1of2.json', '"shard":', '{')}: error: some reports are shards of a split run and some are not (s1of2.json is a shard, whole.json is not)`,
    );
    expect(merge('whole.json', 'whole.json')).toBe(
      `2 whole.json:${placeOf(root, 'whole.json', '"files": [', '"answers/broken.json"')}: error: answers/broken.json is in whole.json and in whole.json: its records would count twice`,
    );
    // A record of a file its report does not list (the summary made to fit), named where its file is.
    const unlisted = JSON.parse(readFileSync(path.join(root, 'whole.json'), 'utf8'));
    const [kept, ...others] = unlisted.files;
    unlisted.files = [kept];
    unlisted.summary.files = 1;
    writeFileSync(path.join(root, 'unlisted.json'), JSON.stringify(unlisted));
    const stray = unlisted.records.findIndex((r: { file: string }) => r.file !== kept);
    expect(others).toContain(unlisted.records[stray].file);
    const strayText = JSON.stringify(unlisted);
    expect(merge('unlisted.json')).toBe(
      `2 unlisted.json:${lineColumnAt(strayText, strayText.indexOf(JSON.stringify(unlisted.records[stray])) + '{"file":'.length)}: error: unlisted.json holds a record of ${unlisted.records[stray].file} but does not list that file`,
    );
    // A report edited by hand (or a broken tool) cannot slip a record in twice, even with its summary made to fit.
    const whole = JSON.parse(readFileSync(path.join(root, 'whole.json'), 'utf8'));
    const copy = structuredClone(whole);
    copy.records.push(copy.records[0]);
    copy.summary.total++;
    copy.summary.verdicts[copy.records[0].verdict]++;
    copy.summary[copy.records[0].verdict === 'located' ? 'located' : 'failed']++;
    const twice = JSON.stringify(copy);
    writeFileSync(path.join(root, 'twice.json'), twice);
    // Named where the second one's index is.
    const again =
      twice.lastIndexOf(JSON.stringify(copy.records[0])) + JSON.stringify(copy.records[0]).indexOf('"index":');
    expect(merge('twice.json')).toBe(
      `2 twice.json:1:${again + '"index":'.length + 1}: error: record 0 of ${whole.records[0].file} is in the report twice`,
    );
  });

  // Found in review: each shard report was trusted as it stood, so these merged into a pass.
  it('refuses a shard report that was edited, cut short, relabelled or kept from another run', () => {
    const root = workspace();
    for (const i of [1, 2]) runCli(['check', '--format', 'json', '--shard', `${i}/2`, '--output', `s${i}.json`], root);
    const merge = (...files: string[]) => {
      const run = runCli(['merge-reports', ...files], root);
      return `${run.code} ${run.stderr.split('\n')[0]}`;
    };
    const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    const write = (file: string, report: object) => writeFileSync(path.join(root, file), JSON.stringify(report));
    expect(merge('s1.json', 's2.json')).toMatch(/^1 /);
    const failing = [1, 2].find((i) =>
      read(`s${i}.json`).records.some((r: { verdict: string }) => r.verdict !== 'located'),
    )!;
    const other = 3 - failing;
    const pair = (edited: string) => (failing === 1 ? [edited, 's2.json'] : ['s1.json', edited]);

    // The failing records deleted: the summary still counts them.
    const cut = read(`s${failing}.json`);
    cut.records = cut.records.filter((r: { verdict: string }) => r.verdict === 'located');
    write('cut.json', cut);
    // Named where the first count that differs is.
    const total =
      JSON.stringify(cut).indexOf('"total":', JSON.stringify(cut).indexOf('"summary":')) + '"total":'.length;
    expect(merge(...pair('cut.json'))).toBe(
      `2 cut.json:1:${total + 1}: error: its summary does not match its records, problems and findings ("total", "failed", "verdicts" differ): the report was edited or cut short`,
    );
    // ... and the summary made to fit: a file's records then skip one.
    const gap = read(`s${failing}.json`);
    // (A file's last record, not followed by another, could go unseen this way: the report does not count each file's records.)
    const dropped = gap.records.findIndex(
      (r: { verdict: string; index: number }) => r.verdict !== 'located' && r.index === 1,
    );
    expect(dropped).toBeGreaterThanOrEqual(0);
    const [removed] = gap.records.splice(dropped, 1);
    gap.summary.total--;
    gap.summary.failed--;
    gap.summary.verdicts[removed.verdict]--;
    write('gap.json', gap);
    // Named where the index of the record after the one skipped is.
    const after = JSON.stringify(gap.records[dropped]);
    const next = JSON.stringify(gap).indexOf(after) + after.indexOf('"index":') + '"index":'.length;
    expect(gap.records[dropped]).toMatchObject({ file: removed.file, index: 2 });
    expect(merge(...pair('gap.json'))).toBe(
      `2 gap.json:1:${next + 1}: error: the records of ${removed.file} skip record 1: the report was edited or cut short`,
    );
    // Findings left out.
    const noFindings = read(`s${failing}.json`);
    delete noFindings.findings;
    write('no-findings.json', noFindings);
    expect(merge(...pair('no-findings.json'))).toBe(
      '2 no-findings.json:1:1: error: it has no findings: the report was made by an older citegate, or edited; check again with this one',
    );
    // Shard labels swapped: each would hold the other's files.
    const relabelled = read(`s${other}.json`);
    relabelled.shard.index = failing;
    write('relabelled.json', relabelled);
    // Named where its first file is.
    expect(merge('relabelled.json', `s${other}.json`)).toBe(
      `2 relabelled.json:${placeOf(root, 'relabelled.json', '"files":', `"${relabelled.files[0]}"`)}: error: relabelled.json holds ${relabelled.files[0]}, which belongs to shard ${other} of 2, not ${failing}`,
    );
    // A source of the manifest listed twice, or a pin that is no SHA-256: named where it is.
    const twice = read(`s${failing}.json`);
    twice.manifest_sources[1].id = twice.manifest_sources[0].id;
    const listed = JSON.stringify(twice);
    writeFileSync(path.join(root, 'listed-twice.json'), listed);
    const id = `"${twice.manifest_sources[0].id}"`;
    const second = listed.indexOf(id, listed.indexOf(id, listed.indexOf('"manifest_sources"')) + 1);
    expect(merge(...pair('listed-twice.json'))).toBe(
      `2 listed-twice.json:1:${second + 1}: error: manifest_sources[1] names the source "${twice.manifest_sources[0].id}" again, as manifest_sources[0] does (a report lists each source of its manifest once): the report was edited`,
    );
    const unpinned = read(`s${failing}.json`);
    unpinned.manifest_sources[1].sha256 = 'none';
    write('unpinned.json', unpinned);
    expect(merge(...pair('unpinned.json'))).toMatch(
      /^2 unpinned\.json:1:\d+: error: manifest_sources\[1\]\.sha256 "none" is not a SHA-256 /,
    );
    // An absurd count is refused as such, named where it is.
    const huge = read('s1.json');
    huge.shard = { ...huge.shard, count: 1e9 };
    write('huge.json', huge);
    const count =
      JSON.stringify(huge).indexOf('"count":', JSON.stringify(huge).indexOf('"shard":')) + '"count":'.length;
    expect(merge('huge.json')).toBe(
      `2 huge.json:1:${count + 1}: error: shard 1 of 1000000000 is not a shard (a run splits into 1 to 1024)`,
    );

    // A shard kept from an earlier run, before a file was added (in the other shard's half, or not): not this run's.
    const stale = read(`s${other}.json`);
    writeFileSync(
      path.join(root, 'answers/added.json'),
      JSON.stringify([{ citation_id: 'n', source_id: 'doc0-v1', quote: 'Document 0.' }]),
    );
    runCli(['check', '--format', 'json', '--shard', `${failing}/2`, '--output', 'fresh.json'], root);
    write('stale.json', stale);
    // Named where the second one's run digest is.
    const [one, two] = failing === 1 ? ['fresh.json', 'stale.json'] : ['stale.json', 'fresh.json'];
    const run = JSON.parse(readFileSync(path.join(root, two), 'utf8')).shard.run;
    expect(merge(one, two)).toBe(
      `2 ${two}:${placeOf(root, two, '"shard":', `"${run}"`)}: error: ${one} and ${two} are shards of different runs: their manifests, citation files, events or citegate versions differ`,
    );

    // Files named in another order, and a manifest with CRLF line ends (a checkout with autocrlf), make the same run.
    const named = [
      'answers/f00.json',
      'answers/f01.json',
      'answers/f02.json',
      'answers/f03.json',
      'answers/f04.json',
      'answers/f05.json',
    ];
    runCli(['check', '--format', 'json', '--shard', '1/2', '--output', 'n1.json', ...named], root);
    runCli(['check', '--format', 'json', '--shard', '2/2', '--output', 'n2.json', ...[...named].reverse()], root);
    expect(merge('n1.json', 'n2.json')).toMatch(/^[01] $/);
    const manifest = readFileSync(path.join(root, 'citegate.yml'), 'utf8');
    runCli(['check', '--format', 'json', '--shard', '1/2', '--output', 'lf.json', ...named], root);
    writeFileSync(path.join(root, 'citegate.yml'), manifest.replace(/\n/g, '\r\n'));
    runCli(['check', '--format', 'json', '--shard', '2/2', '--output', 'crlf.json', ...named], root);
    writeFileSync(path.join(root, 'citegate.yml'), manifest);
    expect(merge('lf.json', 'crlf.json')).toMatch(/^[01] $/);
    // A report of an older citegate says so.
    const older = read('s1.json');
    delete older.shard.run;
    write('older.json', older);
    // Named where the shard that lacks it is.
    const shard = JSON.stringify(older).indexOf('"shard":') + '"shard":'.length;
    expect(merge('older.json', 's2.json')).toBe(
      `2 older.json:1:${shard + 1}: error: its shard has no run digest: the report was made by an older citegate, or edited; check again with this one`,
    );

    // A byte order mark, which an editor may add, is not an error.
    for (const i of [1, 2]) runCli(['check', '--format', 'json', '--shard', `${i}/2`, '--output', `s${i}.json`], root);
    writeFileSync(path.join(root, 'bom.json'), `\ufeff${readFileSync(path.join(root, 's1.json'), 'utf8')}`);
    expect(merge('bom.json', 's2.json')).toMatch(/^1 /);
  });

  // Found in review: `--summary s1.json` appended Markdown to a shard's JSON
  // report and `--output s1.json` replaced it, as check refuses for its inputs.
  it('refuses --output or --summary at a report it merges, and leaves it as it was', () => {
    const root = workspace();
    for (const i of [1, 2]) runCli(['check', '--format', 'json', '--shard', `${i}/2`, '--output', `s${i}.json`], root);
    const before = readFileSync(path.join(root, 's1.json'), 'utf8');
    for (const option of ['--output', '--summary']) {
      for (const name of ['s1.json', './x/../s1.json']) {
        if (name.includes('x/')) mkdirSync(path.join(root, 'x'), { recursive: true });
        expect(runCli(['merge-reports', option, name, 's1.json', 's2.json'], root)).toEqual({
          code: 2,
          stdout: '',
          stderr: `citegate: error: cannot write ${name}: it is report s1.json, which the run reads: a report there would replace it\n`,
        });
      }
    }
    expect(readFileSync(path.join(root, 's1.json'), 'utf8')).toBe(before);
    expect(
      runCli(['merge-reports', '--output', 'merged.json', '--summary', 'summary.md', 's1.json', 's2.json'], root).code,
    ).toBe(1);
  });
});
