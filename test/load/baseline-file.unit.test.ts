// Reading a baseline beside the check: the worker thread and the same read in
// this thread (for a runtime without threads) give the same baseline, which
// holds what a baseline compares and nothing of the explanations.
import { jest } from '@jest/globals';
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeWorkspace, runCli } from '../helpers/workspace.js';
import { lineColumnAt } from '../helpers/position.js';

const real = await import('node:worker_threads');
let threads = true;
let workers = 0;
jest.unstable_mockModule('node:worker_threads', () => ({
  ...real,
  Worker: class extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      if (!threads) throw new Error('no threads here');
      super(...args);
      workers++;
    }
  },
}));
const { readBaselineFile, recordSpans, stopBaselineReads } = await import('../../src/load/baseline-file.js');
const { BaselineError, parseJsonReport, reportText } = await import('../../src/load/report.js');
type ReportError = InstanceType<typeof import('../../src/load/report.js').ReportError>;

function report(): string {
  const root = makeWorkspace(
    { 'returns-v1': { path: 'sources/returns.txt', text: 'Returns are accepted within 30 days.\n' } },
    {
      'answers/a.json': JSON.stringify([
        { citation_id: 'ok', source_id: 'returns-v1', quote: 'within 30 days' },
        { citation_id: 'miss', source_id: 'returns-v1', quote: 'within 60 days' },
        { source_id: 'returns-v1', quote: 'no id' },
      ]),
    },
  );
  const run = runCli(['check', '--format', 'json'], root);
  expect(run.code).toBe(1);
  return run.stdout;
}

/** The workspace of most tests: the baselines are in folders of their own, outside it. */
const ELSEWHERE = mkdtempSync(path.join(os.tmpdir(), 'citegate-workspace-'));

const file = (text: string | Buffer) => {
  const at = path.join(mkdtempSync(path.join(os.tmpdir(), 'citegate-baseline-')), 'base.json');
  writeFileSync(at, text);
  return at;
};

/** The baseline, or the message it is refused with. */
const outcome = (at: string) =>
  readBaselineFile(at, ELSEWHERE).then(
    (baseline) => ({ baseline }),
    (error: Error) => ({ error: error.message }),
  );

describe('readBaselineFile', () => {
  afterEach(() => {
    threads = true;
  });

  it('gives the same baseline with a worker thread and without one, its records without explanations', async () => {
    const text = report();
    const at = file(text);
    const withWorker = await readBaselineFile(at, ELSEWHERE);
    expect(workers).toBe(1);
    threads = false;
    const here = await readBaselineFile(at, ELSEWHERE);
    expect(workers).toBe(1);
    expect(here).toEqual(withWorker);
    const full = parseJsonReport(text);
    expect(withWorker.report.records).toEqual(
      full.records.map((r) => ({
        file: r.file,
        index: r.index,
        citationId: r.citationId,
        sourceId: r.sourceId,
        verdict: r.verdict,
      })),
    );
    expect(withWorker.report.findings).toEqual(full.findings);
    expect(withWorker.report.sources).toEqual(full.sources);
    expect(withWorker.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads no baseline through a link the workspace holds, in a .git folder, or that is not a file', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'citegate-workspace-'));
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git', 'config'), '{"token": "ghs_SECRET"}');
    const outside = file(report());
    symlinkSync('.git/config', path.join(root, 'base.json'));
    symlinkSync(outside, path.join(root, 'out.json'));
    symlinkSync('/dev/zero', path.join(root, 'zero.json'));
    execFileSync('mkfifo', [path.join(root, 'fifo.json')]);
    const refused = (name: string, at = root) => {
      try {
        void readBaselineFile(path.join(at, name), root);
      } catch (error) {
        expect(error).toBeInstanceOf(BaselineError);
        return (error as Error).message.replace(`${at}/`, '');
      }
      throw new Error(`${name} was read`);
    };
    expect(refused('base.json')).toMatch(/^cannot read the baseline base\.json: it is in a \.git folder/);
    expect(refused('.git/config')).toMatch(/it is in a \.git folder/);
    expect(refused('out.json')).toMatch(/the path is a link that leads outside the workspace$/);
    expect(refused('zero.json')).toMatch(/the path is a link that leads outside the workspace$/);
    expect(refused('fifo.json')).toMatch(/it is not a regular file$/);
    // Outside the workspace, the workflow's own link is followed, but never into a .git folder.
    const mine = path.join(mkdtempSync(path.join(os.tmpdir(), 'citegate-mine-')), 'link.json');
    symlinkSync(path.join(root, '.git', 'config'), mine);
    expect(refused(path.basename(mine), path.dirname(mine))).toMatch(/it is in a \.git folder/);
    symlinkSync('/dev/zero', `${mine}.zero`);
    expect(refused(`${path.basename(mine)}.zero`, path.dirname(mine))).toMatch(/it is not a regular file$/);
    symlinkSync(outside, `${mine}.ok`);
    return expect(readBaselineFile(`${mine}.ok`, root)).resolves.toHaveProperty('digest');
  });

  it('refuses at once a file it cannot open, and later one that is not JSON or not a report', async () => {
    expect(() => readBaselineFile('/nonexistent/base.json', ELSEWHERE)).toThrow(BaselineError);
    expect(() => readBaselineFile(os.tmpdir(), ELSEWHERE)).toThrow(/it is a folder/);
    for (const worker of [true, false]) {
      threads = worker;
      // Where it stops being JSON, and why, as for a citation file; and bytes that are not UTF-8, never replaced.
      await expect(readBaselineFile(file('{\n  "tool":'), ELSEWHERE)).rejects.toThrow(
        /^the baseline .*\.json:2:10 cannot be used: not JSON: unexpected end of input: expected a JSON value$/,
      );
      await expect(readBaselineFile(file(Buffer.from('{"tool": "caf\xe9"}', 'latin1')), ELSEWHERE)).rejects.toThrow(
        /^the baseline .*\.json:1:14 cannot be used: not valid UTF-8: byte 0xE9 at offset 13 does not start or continue a character$/,
      );
      // Found by fuzzing: a value nested 5,000 deep could not pass between threads, and the reader "stopped (exit 0)".
      for (const deep of [
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"records": [${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]}`,
      ])
        await expect(readBaselineFile(file(deep), ELSEWHERE)).rejects.toThrow(
          /cannot be used: not a citegate JSON report \(its values are nested more than 256 deep\)$/,
        );
      // JSON.parse quotes the text it stopped at; a report is no citation file, so none of it is shown.
      const quoted = readBaselineFile(file('{"ghs_SECRETTOKEN": tru}'), ELSEWHERE);
      await expect(quoted).rejects.toThrow(/^the baseline .*:1:21 cannot be used: not JSON: unexpected 't': /);
      await expect(quoted).rejects.not.toThrow(/SECRET/);
      await expect(readBaselineFile(file('{"tool":{"name":"other"}}'), ELSEWHERE)).rejects.toThrow(
        /cannot be used: not a citegate JSON report/,
      );
      const edited = JSON.parse(report());
      edited.records.pop();
      await expect(readBaselineFile(file(JSON.stringify(edited)), ELSEWHERE)).rejects.toThrow(/edited or cut short/);
      // The fields of a record it does not compare are checked all the same.
      const older = JSON.parse(report());
      const invalid = older.records.findIndex((r: { verdict: string }) => r.verdict === 'invalid fields');
      delete older.records[invalid].reason;
      await expect(readBaselineFile(file(JSON.stringify(older)), ELSEWHERE)).rejects.toThrow(
        /has no reason: the report was made/,
      );
      const moved = JSON.parse(report());
      moved.records[0].line = 'x';
      await expect(readBaselineFile(file(JSON.stringify(moved)), ELSEWHERE)).rejects.toThrow(
        /records\[0\]\.line is not a whole/,
      );
      // Records the worker sends whole, not as columns: what is not an object, or holds one where a value should be.
      const odd = JSON.parse(report());
      odd.records[1] = 5;
      await expect(readBaselineFile(file(JSON.stringify(odd)), ELSEWHERE)).rejects.toThrow(
        /records\[1\] is not an object/,
      );
      odd.records[1] = { ...odd.records[0], file: { name: 'a' } };
      await expect(readBaselineFile(file(JSON.stringify(odd)), ELSEWHERE)).rejects.toThrow(
        /records\[1\]\.file is not a string/,
      );
    }
  });

  it('names the line and column of a manifest_sources value it refuses, with a worker thread and without', async () => {
    const pin = 'ab'.repeat(32);
    const value = JSON.parse(report());
    value.manifest_sources = [
      { id: 'returns-v1', sha256: pin },
      { id: 'other-v1', sha256: pin.toUpperCase() },
    ];
    // A byte order mark, which takes no column, and the key twice: JSON.parse keeps the last, which is the one named.
    const text = `\ufeff${JSON.stringify(value, null, 2).replace('"manifest_sources": [', '"manifest_sources": [{"id": 5}],\n  "manifest_sources": [')}`;
    const at = text.indexOf(`"${pin.toUpperCase()}"`);
    const place = lineColumnAt(text, at);
    expect(place).toMatch(/^\d+:17$/);
    for (const worker of [true, false]) {
      threads = worker;
      await expect(readBaselineFile(file(text), ELSEWHERE)).rejects.toThrow(
        new RegExp(`^the baseline .*base\\.json:${place} cannot be used: manifest_sources\\[1\\]\\.sha256 "ABAB`),
      );
    }
  });
});

describe('stopBaselineReads', () => {
  it('stops a read still under way, which then rejects, and leaves the next read alone', async () => {
    // A report of some 60 MB: parsing it takes the worker far longer than being stopped.
    const one = JSON.parse(report());
    const big = { ...one, records: [] as unknown[] };
    const padding = 'x'.repeat(600);
    for (let i = 0; i < 100_000; i++) big.records.push({ ...one.records[0], quote: padding, index: i });
    const at = file(JSON.stringify(big));
    const started = workers;
    const pending = readBaselineFile(at, ELSEWHERE);
    expect(workers).toBe(started + 1);
    stopBaselineReads();
    await expect(pending).rejects.toThrow(/cannot read the baseline .*: the baseline's reader stopped/);
    // Nothing left to stop: a later read is its own.
    const small = readBaselineFile(file(report()), ELSEWHERE);
    await expect(small).resolves.toMatchObject({ digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

describe('the records as columns', () => {
  afterEach(() => {
    threads = true;
  });

  it('checks each value as the record-by-record read does, and refuses the same record for the same reason', async () => {
    const text = report();
    const fields = ['file', 'line', 'column', 'index', 'citation_id', 'source_id', 'verdict', 'reason', 'baseline'];
    const values: unknown[] = [undefined, null, 'located', 'still failing', 'x', 3, 1.5, -1, true, ''];
    let refused = 0;
    let read = 0;
    for (const field of fields)
      for (const value of values)
        for (const which of [0, 1, 2]) {
          const edited = JSON.parse(text);
          const r = edited.records[which];
          if (value === undefined) delete r[field];
          else r[field] = value;
          if (field === 'baseline') r.baseline_verdict = value === 'still failing' ? 'quote not found' : 'nonsense';
          const at = file(JSON.stringify(edited));
          threads = true;
          const columns = await outcome(at);
          threads = false;
          const oneByOne = await outcome(at);
          expect(columns).toEqual(oneByOne);
          if ('error' in columns) refused++;
          else read++;
        }
    // Both kinds are met: values refused, and values a record may hold.
    expect(refused).toBeGreaterThan(100);
    expect(read).toBeGreaterThan(20);
  });
});

describe('the records a piece at a time', () => {
  afterEach(() => {
    threads = true;
  });

  it('finds each record of a report, however it is laid out, and the whole parse gives the same value', () => {
    const value = JSON.parse(report());
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), JSON.stringify(value, null, '\t')]) {
      const spans = recordSpans(text, 256)!;
      expect(spans).not.toBeNull();
      expect((spans.length - 2) / 2).toBe(value.records.length);
      const rest = JSON.parse(text.slice(0, spans[0] + 1) + text.slice(spans[1]));
      const records = [];
      for (let i = 2; i < spans.length; i += 2) records.push(JSON.parse(text.slice(spans[i], spans[i + 1])));
      expect({ ...rest, records }).toEqual(value);
    }
  });

  it('leaves to the whole parse a text it cannot split for sure', () => {
    const value = JSON.parse(report());
    const text = JSON.stringify(value);
    const none = [
      // Another key that means records, written with an escape: JSON.parse keeps the last.
      text.replace('{', '{"r\\u0065cords": [], '),
      `${text.slice(0, -1)}, "records": 5}`,
      // Nested past the limit, inside a record.
      text.replace('"detail":{', `"detail":{"x":${'['.repeat(300)}${']'.repeat(300)},`),
      JSON.stringify(value.records),
      JSON.stringify({ ...value, records: undefined }),
      text.slice(0, -10),
    ];
    for (const t of none) expect(recordSpans(t, 256)).toBeNull();
  });

  it('reads what the whole parse reads, and refuses what it refuses, with the same words', async () => {
    const value = JSON.parse(report());
    const text = JSON.stringify(value, null, 2);
    const first = text.indexOf('\n    {');
    const variants = [
      text,
      `\ufeff${text}`,
      JSON.stringify({ ...value, records: [] }),
      text.replaceAll('\n    {', '\r\n\t {'),
      // Strings that hold what the split looks for.
      JSON.stringify({
        ...value,
        records: value.records.map((r: { quote?: string }) => ({ ...r, quote: 'a "], [{" \\" ,}{' })),
      }),
      // Not JSON: a comma missing between records, one too many, a space JSON does not allow.
      text.replace('},\n    {', '}\n    {'),
      text.replace('},\n    {', '},,\n    {'),
      `${text.slice(0, first)}\u00a0${text.slice(first)}`,
      text.replace(/\n {2}\],\n {2}"problems"/, ',\n  ],\n  "problems"'),
      // Keys that mean records twice (JSON.parse keeps the last), records that are no list, nesting past the limit.
      `${text.slice(0, -2)}, "r\\u0065cords": []}`,
      `${text.slice(0, -2)}, "records": 5}`,
      JSON.stringify({ ...value, records: { a: 1 } }),
      text.replace('"detail": {', `"detail": {"x": ${'['.repeat(300)}${']'.repeat(300)},`),
    ];
    const refused: string[] = [];
    for (const variant of variants) {
      const at = file(variant);
      threads = true;
      const inPieces = await outcome(at);
      threads = false;
      const whole = await outcome(at);
      expect(inPieces).toEqual(whole);
      if ('error' in whole) refused.push(whole.error);
    }
    // Four are read: the first five but the one whose records were emptied (its summary counts them), which is
    // refused as edited, as are the one an escaped key empties, and all those after.
    expect(refused).toHaveLength(variants.length - 4);
  });
});

describe('parseJsonReport', () => {
  it('names what it refuses in short excerpts, never the whole of a value', () => {
    const long = JSON.parse(report());
    long.records[0].verdict = `ghs_SECRET${'x'.repeat(500)}`;
    expect(() => parseJsonReport(JSON.stringify(long))).toThrow(
      /^records\[0\]\.verdict "ghs_SECRETx{29}…" is not a verdict$/,
    );
    const noted = JSON.parse(report());
    noted.summary.note = 'y'.repeat(2000);
    expect(() => parseJsonReport(JSON.stringify(noted))).toThrow(
      /^its summary does not match its records, problems and findings \("note" differ\): the report was edited or cut short$/,
    );
  });

  it('says why a report is not JSON, and where, without quoting it', () => {
    expect(() => parseJsonReport('{"ghs_SECRETTOKEN": tru}')).toThrow(
      /^not JSON: unexpected 't': expected a JSON value$/,
    );
    expect(() => parseJsonReport('{"ghs_SECRETTOKEN": tru}')).not.toThrow(/SECRET/);
    const at = (text: string) => {
      try {
        parseJsonReport(text);
      } catch (error) {
        return [(error as ReportError).message, (error as ReportError).position];
      }
    };
    // A duplicate key is JSON (JSON.parse takes it), so the scan does not stop there, but at the missing brace.
    expect(at('{"a": 1, "a": 2,\n "b": [1, 2]')).toEqual([
      "not JSON: unexpected end of input: expected ',' or '}'",
      { line: 2, column: 13 },
    ]);
    expect(at('\ufeff{"version": 1}\n{}')).toEqual([
      "not JSON: unexpected '{' after the JSON value: a report holds exactly one value",
      { line: 2, column: 1 },
    ]);
    // Found in review: a byte order mark is taken off once, as the baseline's reader does.
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(() => parseJsonReport(reportText(Buffer.concat([bom, bom, Buffer.from('{}')])))).toThrow(
      /^not JSON: unexpected invisible character U\+FEFF: expected a JSON value$/,
    );
    expect(() => reportText(Buffer.from([0x7b, 0x0a, 0x22, 0xff, 0x22, 0x7d]))).toThrow(
      expect.objectContaining({ position: { line: 2, column: 2 } }),
    );
  });
});
