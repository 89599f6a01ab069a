// `check --baseline`: a run judged on what it made worse (SPEC §8), through
// the bundled CLI: every state, both --fail-on modes, the baseline refused
// when it is no report, a baseline of another manifest, and merge-reports.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeWorkspace, manifestFor, REPO, runCli, type SourceSpec, sha256 } from '../helpers/workspace.js';
import { lineColumnAt } from '../helpers/position.js';

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days of delivery.\nA receipt is required.\nItems marked final sale cannot be returned.\n',
};
const HELP = { path: 'sources/help-v1.txt', text: 'Contact support. Read the guide.\n' };

type Rec = { citation_id?: string; source_id: string; quote: string; claim?: string };
const rec = (id: string | undefined, quote: string, source = 'returns-v1'): Rec => ({
  ...(id !== undefined ? { citation_id: id } : {}),
  source_id: source,
  quote,
});

/** A workspace checked once into base.json, then changed to `after`. */
function changed(
  before: Record<string, Rec[]>,
  after: Record<string, Rec[] | null>,
  sources: Record<string, SourceSpec> = { 'returns-v1': RETURNS, 'help-v1': HELP },
) {
  const files = Object.fromEntries(Object.entries(before).map(([f, r]) => [f, JSON.stringify(r)]));
  const root = makeWorkspace(sources, files);
  expect([0, 1]).toContain(runCli(['check', '--format', 'json', '--output', 'base.json'], root).code);
  for (const [file, records] of Object.entries(after)) {
    if (records === null) writeFileSync(path.join(root, file), '[]');
    else writeFileSync(path.join(root, file), JSON.stringify(records));
  }
  return root;
}

function json(root: string, ...args: string[]) {
  const run = runCli(['check', '--format', 'json', '--baseline', 'base.json', ...args], root);
  return { code: run.code, stderr: run.stderr, report: JSON.parse(run.stdout) };
}

const states = (report: { records: { citation_id: string | null; baseline?: string; baseline_verdict?: string }[] }) =>
  report.records.map((r) => [r.citation_id, r.baseline, r.baseline_verdict ?? null]);

describe('check --baseline', () => {
  it('gives every record its state, and counts them and the removed ones', () => {
    const root = changed(
      {
        'answers/a.json': [
          rec('kept', 'A receipt is required.'),
          rec('breaks', 'within 30 days of delivery'),
          rec('fixed', 'within 31 days'),
          rec('still', 'no such words'),
          rec('gone', 'final sale'),
        ],
      },
      {
        'answers/a.json': [
          rec('kept', 'A receipt is required.'),
          rec('breaks', 'within 60 days of delivery'),
          rec('fixed', 'within 30 days'),
          rec('still', 'no such words either'),
          rec('added-ok', 'cannot be returned'),
          rec('added-bad', 'can be returned'),
        ],
      },
    );
    const { code, report } = json(root);
    expect(states(report)).toEqual([
      ['kept', 'unchanged', 'located'],
      ['breaks', 'broken', 'located'],
      ['fixed', 'fixed', 'quote not found'],
      ['still', 'still failing', 'quote not found'],
      ['added-ok', 'new', null],
      ['added-bad', 'new', null],
    ]);
    expect(report.summary.baseline).toEqual({
      new: 2,
      broken: 1,
      'still failing': 1,
      fixed: 1,
      unchanged: 1,
      removed: 1,
      findings: { new: 0, 'still failing': 0, fixed: 0 },
    });
    expect(report.baseline.removed).toEqual([
      { file: 'answers/a.json', citation_id: 'gone', source_id: 'returns-v1', verdict: 'located' },
    ]);
    expect(report.baseline.fail_on).toBe('new');
    expect(report.summary.passed).toBe(false);
    expect(code).toBe(1);
  });

  it('with fail-on new, passes when only what failed already fails; with fail-on any, fails on it', () => {
    const root = changed(
      { 'answers/a.json': [rec('ok', 'A receipt is required.'), rec('old', 'no such words')] },
      {
        'answers/a.json': [
          rec('ok', 'A receipt is required.'),
          rec('old', 'no such words'),
          rec('new-ok', 'final sale'),
        ],
      },
    );
    const text = runCli(['check', '--baseline', 'base.json'], root);
    expect(text.stdout).toBe('ok: located\nold: quote not found\nnew-ok: located\nlocated=2/3\n');
    expect(text.stderr).toBe(
      'citegate: warning: against the baseline base.json (fail on new): 0 broken, 0 new not located, 0 fixed, 1 still failing (not counted), 1 unchanged, 1 new located, 0 removed\n',
    );
    expect(text.code).toBe(0);
    expect(runCli(['check', '--baseline', 'base.json', '--fail-on', 'any'], root).code).toBe(1);
  });

  it('fails on a new record not located, and on a new failing finding, but not on one that failed already', () => {
    const claim = (id: string, quote: string, claimed: string): Rec => ({ ...rec(id, quote), claim: claimed });
    const root = changed(
      { 'answers/a.json': [claim('numbers', 'within 30 days of delivery', 'Returns within 60 days.')] },
      { 'answers/a.json': [claim('numbers', 'within 30 days of delivery', 'Returns within 60 days.')] },
    );
    const same = json(root);
    expect(same.report.findings.map((f: { baseline: string }) => f.baseline)).toEqual(['still failing']);
    expect(same.code).toBe(0);
    writeFileSync(
      path.join(root, 'answers/a.json'),
      JSON.stringify([claim('numbers', 'within 30 days of delivery', 'Returns within 90 days.')]),
    );
    const worse = json(root);
    expect(worse.report.findings.map((f: { baseline: string }) => f.baseline)).toEqual(['new']);
    expect(worse.report.summary.baseline.findings).toEqual({ new: 1, 'still failing': 0, fixed: 1 });
    expect(worse.code).toBe(1);
    writeFileSync(
      path.join(root, 'answers/a.json'),
      JSON.stringify([
        claim('numbers', 'within 30 days of delivery', 'Returns within 30 days.'),
        rec('new', 'nowhere'),
      ]),
    );
    const added = json(root);
    expect(states(added.report)).toEqual([
      ['numbers', 'unchanged', 'located'],
      ['new', 'new', null],
    ]);
    expect(added.code).toBe(1);
  });

  it("matches a required source finding to the baseline's when its rule moved down the manifest", () => {
    const rule = 'require:\n  - files: answers/\n    cite: [help-v1]\n';
    const root = makeWorkspace(
      { 'returns-v1': RETURNS, 'help-v1': HELP },
      { 'answers/a.json': JSON.stringify([rec('r', 'A receipt is required.')]) },
    );
    writeFileSync(path.join(root, 'citegate.yml'), manifestFor({ 'returns-v1': RETURNS, 'help-v1': HELP }) + rule);
    expect(runCli(['check', '--format', 'json', '--output', 'base.json'], root).code).toBe(1);
    // A source added to the manifest above the rule: its finding names another line, and is the same.
    const FAQ = { path: 'sources/faq-v1.txt', text: 'Ask us anything.\n' };
    writeFileSync(path.join(root, FAQ.path), FAQ.text);
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifestFor({ 'returns-v1': RETURNS, 'help-v1': HELP, 'faq-v1': FAQ }) + rule,
    );
    const { code, report } = json(root);
    expect(report.findings.map((f: { message: string; baseline: string }) => [f.message, f.baseline])).toEqual([
      ['this answer must cite help-v1 (the rule at citegate.yml:20), but no record does', 'still failing'],
    ]);
    expect(report.summary.baseline.findings).toEqual({ new: 0, 'still failing': 1, fixed: 0 });
    expect(code).toBe(0);
    // Another rule, or another source, is still new.
    writeFileSync(
      path.join(root, 'citegate.yml'),
      manifestFor({ 'returns-v1': RETURNS, 'help-v1': HELP, 'faq-v1': FAQ }) + rule.replace('help-v1', 'faq-v1'),
    );
    expect(json(root).report.findings.map((f: { baseline: string }) => f.baseline)).toEqual(['new']);
  });

  it('says on standard error that what failed already is a warning, not counted, with fail-on new only', () => {
    const claim: Rec = { ...rec('numbers', 'within 30 days of delivery'), claim: 'Returns within 60 days.' };
    const invalid = { citation_id: 'bad', source_id: 'returns-v1', quote: 7 } as unknown as Rec;
    const root = changed({ 'answers/a.json': [claim, invalid] }, { 'answers/a.json': [claim, invalid] });
    const lines = (...args: string[]) =>
      runCli(['check', '--baseline', 'base.json', ...args], root)
        .stderr.split('\n')
        .filter((l) => l.startsWith('answers/'));
    const onNew = lines();
    expect(onNew).toHaveLength(2);
    for (const line of onNew) {
      expect(line).toMatch(/^answers\/a\.json:\d+:\d+: warning: /);
      expect(line).toMatch(/ \(still failing since the baseline, not counted\)$/);
    }
    const onAny = lines('--fail-on', 'any');
    expect(onAny).toHaveLength(2);
    for (const line of onAny) {
      expect(line).toMatch(/^answers\/a\.json:\d+:\d+: error: /);
      expect(line).not.toContain('still failing');
    }
  });

  it('matches a finding whatever its level was: raising a check to fail excuses what the baseline had', () => {
    const claim: Rec = { ...rec('numbers', 'within 30 days of delivery'), claim: 'Returns within 60 days.' };
    const files = { 'answers/a.json': JSON.stringify([claim]) };
    const root = makeWorkspace({ 'returns-v1': RETURNS }, files);
    const base = runCli(['check', '--claim-numbers', 'warn', '--format', 'json', '--output', 'base.json'], root);
    expect(base.code).toBe(0);
    const raised = json(root, '--claim-numbers', 'fail');
    expect(raised.report.findings.map((f: { level: string; baseline: string }) => [f.level, f.baseline])).toEqual([
      ['fail', 'still failing'],
    ]);
    expect(raised.code).toBe(0);
    // Once for all of them: --fail-on any.
    expect(json(root, '--claim-numbers', 'fail', '--fail-on', 'any').code).toBe(1);
  });

  it('never excuses a source that is not verified now', () => {
    const root = changed({ 'answers/a.json': [rec('r', 'no such words')] }, {});
    writeFileSync(path.join(root, RETURNS.path), `${RETURNS.text}Edited.\n`);
    const { code, report } = json(root);
    expect(states(report)).toEqual([['r', 'still failing', 'quote not found']]);
    expect(report.sources[0].status).toBe('unverified');
    expect(code).toBe(1);
  });

  it('matches records without an id by their place, and a duplicated id in order; a renamed file is new and removed', () => {
    const root = changed(
      {
        'answers/a.json': [
          rec(undefined, 'A receipt is required.'),
          rec('d', 'A receipt is required.'),
          rec('d', 'final sale'),
        ],
        'answers/old.json': [rec('moved', 'A receipt is required.')],
      },
      {
        'answers/a.json': [
          rec(undefined, 'A receipt is required.'),
          rec('d', 'A receipt is required.'),
          rec('d', 'final sale'),
        ],
        'answers/old.json': null,
      },
    );
    writeFileSync(path.join(root, 'answers/new.json'), JSON.stringify([rec('moved', 'A receipt is required.')]));
    const { report } = json(root);
    expect(states(report)).toEqual([
      [null, 'still failing', 'invalid fields'],
      ['d', 'unchanged', 'located'],
      ['d', 'still failing', 'invalid fields'],
      ['moved', 'new', null],
    ]);
    expect(report.baseline.removed).toEqual([
      { file: 'answers/old.json', citation_id: 'moved', source_id: 'returns-v1', verdict: 'located' },
    ]);
  });

  it('takes a baseline of another manifest, naming the sources added, removed and re-pinned since', () => {
    const root = changed(
      { 'answers/a.json': [rec('r', 'A receipt is required.'), rec('h', 'Contact support.', 'help-v1')] },
      {},
    );
    // Since: help-v1 dropped, returns-v1 re-pinned to a new text, faq-v1 added and cited.
    const RETURNS2 = { ...RETURNS, text: RETURNS.text.replace('A receipt is required.', 'A receipt is needed.') };
    const FAQ = { path: 'sources/faq-v1.txt', text: 'Ask us anything.\n' };
    const next = makeWorkspace(
      { 'returns-v1': RETURNS2, 'faq-v1': FAQ },
      {
        'answers/a.json': JSON.stringify([rec('r', 'A receipt is required.'), rec('f', 'Ask us anything.', 'faq-v1')]),
      },
    );
    writeFileSync(path.join(next, 'base.json'), readFileSync(path.join(root, 'base.json')));
    const { report, stderr } = json(next);
    expect(report.baseline.sources).toEqual({ added: ['faq-v1'], removed: ['help-v1'], repinned: ['returns-v1'] });
    // Judged against the new text.
    expect(states(report)).toEqual([
      ['r', 'broken', 'located'],
      ['f', 'new', null],
    ]);
    expect(report.baseline.removed.map((r: { citation_id: string }) => r.citation_id)).toEqual(['h']);
    expect(stderr).toContain(
      '; manifest sources since the baseline: added faq-v1; removed help-v1; re-pinned returns-v1 (their records judged against the new text)',
    );
    // A report of an older citegate lists only the sources its records cite: those still count as removed
    // and re-pinned, and no source can be told added to the manifest.
    const old = JSON.parse(readFileSync(path.join(next, 'base.json'), 'utf8'));
    expect(old.manifest_sources.map((s: { id: string }) => s.id)).toEqual(['returns-v1', 'help-v1']);
    delete old.manifest_sources;
    writeFileSync(path.join(next, 'base.json'), JSON.stringify(old));
    const fromOld = json(next);
    expect(fromOld.report.baseline.sources).toEqual({ added: [], removed: ['help-v1'], repinned: ['returns-v1'] });
    expect(fromOld.stderr).toContain('; manifest sources since the baseline: removed help-v1; re-pinned returns-v1 (');
  });

  it("names the manifest's changes, cited or not: a source cited for the first time was not added", () => {
    const CAFE = { path: 'sources/cafe-v1.txt', text: 'Coffee is free.\n' };
    const OLD = { path: 'sources/old-v1.txt', text: 'Old text.\n' };
    const root = changed(
      { 'answers/a.json': [rec('r', 'A receipt is required.')] },
      {},
      {
        'returns-v1': RETURNS,
        'help-v1': HELP,
        'cafe-v1': CAFE,
        'old-v1': OLD,
      },
    );
    const base = JSON.parse(readFileSync(path.join(root, 'base.json'), 'utf8'));
    // The report lists the sources its records cite, and apart every source of the manifest with its pin.
    expect(base.sources.map((s: { id: string }) => s.id)).toEqual(['returns-v1']);
    expect(base.manifest_sources.map((s: { id: string }) => s.id)).toEqual([
      'returns-v1',
      'help-v1',
      'cafe-v1',
      'old-v1',
    ]);
    expect(base.manifest_sources[1]).toEqual({ id: 'help-v1', sha256: sha256(HELP.text) });
    // Since: help-v1 cited for the first time, unchanged; cafe-v1 re-pinned and old-v1 dropped, neither ever
    // cited; faq-v1 added, not cited.
    const FAQ = { path: 'sources/faq-v1.txt', text: 'Ask us anything.\n' };
    const next = makeWorkspace(
      { 'returns-v1': RETURNS, 'help-v1': HELP, 'cafe-v1': { ...CAFE, text: 'Coffee is not free.\n' }, 'faq-v1': FAQ },
      {
        'answers/a.json': JSON.stringify([rec('r', 'A receipt is required.'), rec('h', 'Contact support.', 'help-v1')]),
      },
    );
    writeFileSync(path.join(next, 'base.json'), readFileSync(path.join(root, 'base.json')));
    const { report, stderr, code } = json(next);
    expect(report.baseline.sources).toEqual({ added: ['faq-v1'], removed: ['old-v1'], repinned: ['cafe-v1'] });
    expect(stderr).toContain(
      '; manifest sources since the baseline: added faq-v1; removed old-v1; re-pinned cafe-v1 (',
    );
    expect(states(report)).toEqual([
      ['r', 'unchanged', 'located'],
      ['h', 'new', null],
    ]);
    expect(code).toBe(0);
  });

  it.each([
    ['missing', null, 'citegate: error: cannot read the baseline base.json: no such file\n'],
    [
      'not JSON',
      '{"records":\n not json',
      "citegate: error: the baseline base.json:2:2 cannot be used: not JSON: unexpected 'n': expected a JSON value\n",
    ],
    [
      'not a report',
      '{"records": []}',
      'citegate: error: the baseline base.json cannot be used: not a citegate JSON report (check --format json writes one)\n',
    ],
    [
      'of another format version',
      '{"version": 2, "tool": {"name": "citegate"}, "records": []}',
      'citegate: error: the baseline base.json:1:13 cannot be used: a report of format version "2", which this citegate cannot read: it reads version 1\n',
    ],
    [
      'a report with a malformed manifest_sources',
      '{"version": 1, "tool": {"name": "citegate"}, "records": [], "sources": [], "manifest_sources": [{"id": 7}]}',
      'citegate: error: the baseline base.json:1:104 cannot be used: manifest_sources[0].id is not a string\n',
    ],
  ])('refuses a baseline that is %s, exit 2', (_, content, message) => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': JSON.stringify([rec('r', 'A receipt is required.')]) },
    );
    if (content !== null) writeFileSync(path.join(root, 'base.json'), content);
    const run = runCli(['check', '--baseline', 'base.json'], root);
    if (typeof message === 'string') expect(run.stderr).toBe(message);
    else expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(run.code).toBe(2);
  });

  // Found in review: manifest_sources was only checked for its types, so a baseline that listed a source
  // twice, or gave a pin that is no SHA-256, named sources added, removed and re-pinned that meant nothing.
  it('refuses a baseline whose manifest_sources no citegate writes, naming the value, exit 2', () => {
    const root = changed({ 'answers/a.json': [rec('r', 'A receipt is required.')] }, {});
    const text = readFileSync(path.join(root, 'base.json'), 'utf8');
    const listed = text.indexOf('"manifest_sources"');
    const pin = sha256(HELP.text);
    /** The report with `from` (the first after its manifest_sources key) written `to`, and where `to` is. */
    const edit = (from: string, to: string) => {
      const at = text.indexOf(from, listed);
      expect(at).toBeGreaterThan(listed);
      writeFileSync(path.join(root, 'base.json'), text.slice(0, at) + to + text.slice(at + from.length));
      return `base.json:${lineColumnAt(text, at)}`;
    };
    const refused = (from: string, to: string, message: string) => {
      const where = edit(from, to);
      const run = runCli(['check', '--baseline', 'base.json'], root);
      expect(run.stderr).toBe(`citegate: error: the baseline ${where} cannot be used: ${message}\n`);
      expect(run.code).toBe(2);
    };
    refused(
      '"help-v1"',
      '"returns-v1"',
      'manifest_sources[1] names the source "returns-v1" again, as manifest_sources[0] does (a report lists each source of its manifest once): the report was edited',
    );
    const notPin = (shown: string) =>
      `manifest_sources[1].sha256 ${shown} is not a SHA-256 (64 lowercase hexadecimal digits, or null for a source without a pin): the report was edited`;
    refused(`"${pin}"`, '"TODO"', notPin('"TODO"'));
    refused(`"${pin}"`, '""', notPin('""'));
    refused(`"${pin}"`, `"${pin.slice(1)}"`, notPin(`"${pin.slice(1, 16)}…"`));
    // The manifest's pins are kept in lowercase (manifest.ts), and compared as they are.
    refused(`"${pin}"`, `"${pin.toUpperCase()}"`, notPin(`"${pin.slice(0, 15).toUpperCase()}…"`));
    // null is a source without a pin: json.ts writes it so, and the source is re-pinned since.
    edit(`"${pin}"`, 'null');
    const { report, code } = json(root);
    expect(report.baseline.sources).toEqual({ added: [], removed: [], repinned: ['help-v1'] });
    expect(code).toBe(0);
  });

  it('refuses --fail-on new without a baseline, and a value it does not know', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': JSON.stringify([rec('r', 'A receipt is required.')]) },
    );
    expect(runCli(['check', '--fail-on', 'new'], root).stderr).toBe(
      'citegate: error: --fail-on new needs --baseline: what is new is judged against an earlier report; see citegate check --help\n',
    );
    expect(runCli(['check', '--fail-on', 'some'], root).code).toBe(2);
  });

  it('keeps the states through shards and merge-reports, and refuses shards of different baselines', () => {
    const before = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `answers/f${i}.json`,
        [rec(`r${i}`, i % 2 ? 'A receipt is required.' : 'nowhere')],
      ]),
    );
    const after = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [
        `answers/f${i}.json`,
        [rec(`r${i}`, i % 3 ? 'A receipt is required.' : 'nowhere')],
      ]),
    );
    const root = changed(before, after);
    // And the manifest changed: help-v1 dropped, faq-v1 added, neither cited. Every shard says so.
    const FAQ = { path: 'sources/faq-v1.txt', text: 'Ask us anything.\n' };
    writeFileSync(path.join(root, FAQ.path), FAQ.text);
    writeFileSync(path.join(root, 'citegate.yml'), manifestFor({ 'returns-v1': RETURNS, 'faq-v1': FAQ }));
    const whole = json(root).report;
    expect(whole.baseline.sources).toEqual({ added: ['faq-v1'], removed: ['help-v1'], repinned: [] });
    for (const i of [1, 2])
      runCli(
        ['check', '--format', 'json', '--baseline', 'base.json', '--shard', `${i}/2`, '--output', `s${i}.json`],
        root,
      );
    const merged = runCli(['merge-reports', 's1.json', 's2.json'], root);
    const report = JSON.parse(merged.stdout);
    expect(states(report)).toEqual(states(whole));
    expect(report.summary).toEqual(whole.summary);
    expect(report.baseline).toEqual(whole.baseline);
    expect(merged.code).toBe(whole.summary.passed ? 0 : 1);
    // A shard checked against the baseline another way does not merge: named where its fail_on is.
    runCli(
      [
        'check',
        '--format',
        'json',
        '--baseline',
        'base.json',
        '--fail-on',
        'any',
        '--shard',
        '2/2',
        '--output',
        's2.json',
      ],
      root,
    );
    const text = readFileSync(path.join(root, 's2.json'), 'utf8');
    const failOn = text.indexOf('"any"', text.indexOf('"fail_on"', text.lastIndexOf('"baseline": {')));
    const message =
      'error: s1.json and s2.json were checked against different baselines (or one against none, or with another --fail-on)\n';
    expect(runCli(['merge-reports', 's1.json', 's2.json'], root)).toMatchObject({
      code: 2,
      stderr: `s2.json:${lineColumnAt(text, failOn)}: ${message}`,
    });
    // Nor one checked against none: named as a report that lacks it, at its start.
    runCli(['check', '--format', 'json', '--shard', '2/2', '--output', 's2.json'], root);
    expect(runCli(['merge-reports', 's1.json', 's2.json'], root)).toMatchObject({
      code: 2,
      stderr: `s2.json:1:1: ${message}`,
    });
  });
});

describe('the baseline fixture: a prompt change', () => {
  const fixture = path.join(REPO, '__fixtures__/baseline');
  it('breaks 2 records, fixes 1 and leaves 1 failing, as its expected output says', () => {
    const run = runCli(['check', '--baseline', 'baseline.json'], fixture);
    expect(run.stdout).toBe(readFileSync(path.join(fixture, 'expected-stdout.txt'), 'utf8'));
    expect(run.stderr).toBe(readFileSync(path.join(fixture, 'expected-stderr.txt'), 'utf8'));
    expect(run.stderr).toContain('2 broken, 0 new not located, 1 fixed, 1 still failing (not counted)');
    expect(run.code).toBe(1);
  });
});
