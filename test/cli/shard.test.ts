import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseShard, shardOf } from '../../src/check/shard.js';
import { makeWorkspace, runCli } from '../helpers/workspace.js';

const SOURCES = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`doc${i}-v1`, {
  path: `sources/doc${i}.txt`,
  text: `Document ${i}. Returns are accepted within ${10 + i} days. Contact support. Contact support.\n`,
}]));

function workspace(): string {
  const files: Record<string, string> = {};
  for (let f = 0; f < 24; f++) {
    const records = [
      { citation_id: 'a', source_id: `doc${f % 6}-v1`, quote: `Returns are accepted within ${10 + (f % 6)} days.` },
      { citation_id: 'b', source_id: `doc${(f + 1) % 6}-v1`, quote: f % 5 === 0 ? 'Not in any document.' : `Document ${(f + 1) % 6}.` },
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
      shardOf('answers/f00.json', 4), shardOf('answers/f01.json', 4), shardOf('answers/f02.json', 4),
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
    const merged = runCli(['merge-reports', '--output', 'merged.json', '--summary', 'summary.md', ...[1, 2, 3, 4].map((i) => `shard-${i}.json`)], root);
    expect(merged.stderr).toBe('');
    expect(merged.code).toBe(1);
    expect(readFileSync(path.join(root, 'merged.json'), 'utf8')).toBe(readFileSync(path.join(root, 'whole.json'), 'utf8'));
    expect(readFileSync(path.join(root, 'summary.md'), 'utf8')).toMatch(/^## ❌ citegate: \d+ of 72 records located — fail/);
  });

  // Found in review: an empty shard failed, saying the manifest's patterns match no file.
  it('passes a shard that holds no file, saying so, as the Action does', () => {
    const root = makeWorkspace({ 'r-v1': { path: 'sources/r.txt', text: 'A receipt is required.\n' } }, {
      'answers/only.json': JSON.stringify([{ citation_id: 'c1', source_id: 'r-v1', quote: 'A receipt is required.' }]),
    });
    const [empty] = [1, 2].filter((i) => i !== shardOf('answers/only.json', 2));
    expect(runCli(['check', '--shard', `${empty}/2`], root)).toEqual({
      code: 0, stdout: 'located=0/0\n', stderr: `citegate: shard ${empty} of 2 holds no citation files; merge-reports judges the whole run\n`,
    });
  });

  it('refuses a bad shard and reports that do not belong together', () => {
    const root = workspace();
    expect(runCli(['check', '--shard', '5/4'], root).stderr).toBe('citegate: --shard takes i/n with 1 <= i <= n (for example 2/4), not "5/4"\nSee citegate check --help.\n');
    runCli(['check', '--format', 'json', '--output', 'a.json'], root);
    const other = workspace();
    runCli(['check', '--format', 'json', '--manifest', 'citegate.yml', '--output', path.join(root, 'b.json')], other);
    expect(runCli(['merge-reports', 'a.json', 'nope.json'], root)).toMatchObject({ code: 2, stderr: 'citegate: cannot read nope.json: no such file\nSee citegate merge-reports --help.\n' });
    expect(runCli(['merge-reports', 'citegate.yml'], root)).toMatchObject({ code: 2 });
  });

  it('refuses shards that do not make one whole run: missing, given twice, of different splits, or mixed with a whole report', () => {
    const root = workspace();
    for (const [i, n] of [[1, 2], [2, 2], [1, 3]]) runCli(['check', '--format', 'json', '--shard', `${i}/${n}`, '--output', `s${i}of${n}.json`], root);
    runCli(['check', '--format', 'json', '--output', 'whole.json'], root);
    const merge = (...files: string[]) => {
      const run = runCli(['merge-reports', '--output', 'merged.json', ...files], root);
      return `${run.code} ${run.stderr.split('\n')[0]}`;
    };
    expect(merge('s1of2.json', 's2of2.json')).toMatch(/^1 $/);
    expect(merge('s1of2.json')).toBe('2 citegate: shard 2 of 2 is missing: merging without it would leave its files unchecked');
    expect(merge('s1of2.json', 's1of2.json', 's2of2.json')).toBe('2 citegate: shard 1 of 2 is given more than once');
    expect(merge('s1of2.json', 's2of2.json', 's1of3.json')).toBe('2 citegate: the reports are shards of different splits (of 2 and of 3)');
    expect(merge('s1of2.json', 'whole.json')).toBe('2 citegate: some reports are shards of a split run and some are not');
    expect(merge('whole.json', 'whole.json')).toMatch(/^2 citegate: answers\/broken\.json is in more than one report: its records would count twice$/);
    // A report edited by hand (or a broken tool) cannot slip a record in twice.
    const whole = JSON.parse(readFileSync(path.join(root, 'whole.json'), 'utf8'));
    whole.records.push(whole.records[0]);
    writeFileSync(path.join(root, 'twice.json'), JSON.stringify(whole));
    expect(merge('twice.json')).toBe(`2 citegate: record 0 of ${whole.records[0].file} is in the report twice`);
  });
});
