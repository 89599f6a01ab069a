import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runAction } from '../helpers/action.js';
import { makeTree, manifestFor, REPO, runCli } from '../helpers/workspace.js';

const MANIFEST = ['--manifest', '__fixtures__/answers/citegate.yml'];
const A = '__fixtures__/answers/answers';
const FORMATS = ['--manifest', '__fixtures__/answers/formats.yml'];
const F = '__fixtures__/answers/formats';

describe('checks beyond quotes, on realistic answers', () => {
  it('places every finding at its line, warns on an uncited sentence and fails on the others', () => {
    const run = runCli(['check', ...MANIFEST], REPO);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      `${A}/returns/missing-required.json:2:13: error: required source not cited: this answer must cite returns-v1 (the rule at __fixtures__/answers/citegate.yml:21), but no record does`,
      `${A}/returns/uncited-sentence.yaml:3:3: warning: uncited claim: no record's claim covers this sentence of the answer: "We are sorry for the trouble."`,
      `${A}/shipping/changed-numbers.json:6:15: error: claim number not in quote: n1: the claim says "60 days", but the quote has "30 days"`,
      `${A}/shipping/changed-numbers.json:9:15: error: claim number not in quote: n2: the claim says "2 weeks", but the quote has "5 business days"`,
      `${A}/shipping/changed-numbers.json:12:15: error: claim number not in quote: n3: the claim says "3 to 5 business days", but the quote has "3 to 5 days"`,
      `${A}/shipping/changed-numbers.json:15:15: error: claim number not in quote: n4: the claim says "1 pm", but the quote has "noon"`,
      `${A}/shipping/changed-numbers.json:18:15: error: claim number not in quote: n5: the claim says "$25", but the quote has "$20"`,
    ]);
    expect(run.stdout).toMatch(/located=10\/10\n$/);
    expect(run.code).toBe(1);
  });

  it('leaves every verdict as it is whatever the checks are set to, and a warning alone passes', () => {
    const all = runCli(['check', ...MANIFEST], REPO);
    const off = runCli(['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'warn'], REPO);
    expect(off.stdout).toBe(all.stdout);
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('warning: required source not cited');
    expect(off.stderr).not.toContain('claim number not in quote');
    const strict = runCli(
      ['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'off', '--uncited-claims', 'fail'],
      REPO,
    );
    expect(strict.stdout).toBe(all.stdout);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('error: uncited claim');
    const none = runCli(
      ['check', ...MANIFEST, '--claim-numbers', 'off', '--required-sources', 'off', '--uncited-claims', 'off'],
      REPO,
    );
    expect(none).toEqual({ code: 0, stdout: all.stdout, stderr: '' });
  });

  it('writes findings to the JSON report', () => {
    const report = JSON.parse(runCli(['check', ...MANIFEST, '--format', 'json'], REPO).stdout);
    expect(report.summary.findings).toEqual({ fail: 6, warn: 1 });
    expect(report.findings[2]).toEqual({
      kind: 'claim number not in quote',
      level: 'fail',
      file: `${A}/shipping/changed-numbers.json`,
      line: 6,
      column: 15,
      citation_id: 'n1',
      message: 'the claim says "60 days", but the quote has "30 days"',
    });
  });

  it('refuses a level it does not know', () => {
    expect(runCli(['check', ...MANIFEST, '--claim-numbers', 'maybe'], REPO)).toMatchObject({
      code: 2,
      stderr: 'citegate: error: --claim-numbers takes off, warn, fail, not "maybe"; see citegate check --help\n',
    });
  });

  it('documents the answer field in the citations schema', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schema/citations.schema.json'), 'utf8'));
    expect(schema.oneOf[1].properties.answer.type).toBe('string');
  });
});

describe('findings placed where the file writes them', () => {
  it('places sentences of folded and plain YAML answers and of JSON answers with escapes, and claim numbers at the claim', () => {
    const run = runCli(['check', ...FORMATS], REPO);
    expect(run.stderr.split('\n').filter(Boolean)).toEqual([
      // The sentence's first words are also in a later quote; the folded answer writes them on line 3.
      `${F}/returns/folded.yaml:3:54: warning: uncited claim: no record's claim covers this sentence of the answer: "Refunds are issued within 5 business days."`,
      `${F}/returns/folded.yaml:4:34: warning: uncited claim: no record's claim covers this sentence of the answer: "We are sorry for the trouble."`,
      `${F}/returns/plain.yaml:11:37: warning: uncited claim: no record's claim covers this sentence of the answer: "Items must be unused."`,
      `${F}/returns/plain.yaml:12:11: warning: uncited claim: no record's claim covers this sentence of the answer: "Call us any time."`,
      `${F}/returns/plain.yaml:10:7: error: claim number not in quote: p2: the claim says "$20 a month", but the quote has "$20"`,
      `${F}/shipping/escaped.json:2:108: warning: uncited claim: no record's claim covers this sentence of the answer: "The café is closed on Sundays."`,
      `${F}/shipping/escaped.json:8:16: error: claim number not in quote: e1: the claim says "3–5 business days", but the quote has "3 to 5 days"`,
      `${F}/shipping/escaped.json:20:16: error: claim number not in quote: e3: the claim says "12,50 € per order", but the quote has "€12,50"`,
      `${F}/shipping/lines.jsonl:2:110: error: claim number not in quote: l2: the claim says "3 days to 5 weeks", but the quote has "3 to 5 days"`,
      // Invalid, but it names returns-v1: no "required source not cited" besides its verdict.
      `${F}/returns/draft.json:4:5: error: d1: invalid fields: quote is missing`,
    ]);
    expect(run.stdout).toMatch(/located=9\/10\n$/);
  });
});

const SOURCES = {
  'returns-v1': {
    path: 'sources/returns.txt',
    text: 'Returns are accepted within 30 days of delivery. A receipt is required.\n',
  },
  'shipping-v1': { path: 'sources/shipping.txt', text: 'Orders placed before noon ship the same day.\n' },
};
const ANSWER = JSON.stringify(
  {
    answer: 'Orders placed before 1 pm ship the same day. We are sorry.',
    citations: [
      {
        citation_id: 'c1',
        source_id: 'shipping-v1',
        quote: 'Orders placed before noon ship the same day.',
        claim: 'Orders placed before 1 pm ship the same day.',
      },
    ],
  },
  null,
  2,
);

function workspace(manifestTail: string, files: Record<string, string> = { 'answers/returns/a.json': ANSWER }): string {
  const tree: Record<string, string> = {
    'citegate.yml': manifestFor(SOURCES, ['answers/**/*.json']) + manifestTail,
    ...files,
  };
  for (const s of Object.values(SOURCES)) tree[s.path] = s.text;
  return makeTree(tree);
}

const levels = (stdout: string) =>
  Object.fromEntries(JSON.parse(stdout).findings.map((f: { kind: string; level: string }) => [f.kind, f.level]));

describe('each check is off, warn or fail, from the manifest, the CLI and the Action', () => {
  const root = workspace(
    'checks: {uncited_claims: fail, required_sources: warn, claim_numbers: off}\nrequire:\n  - files: answers/returns/\n    cite: [returns-v1]\n',
  );

  it('takes the manifest levels, and CLI flags over them, without changing a verdict', () => {
    const manifest = runCli(['check', '--format', 'json'], root);
    expect(levels(manifest.stdout)).toEqual({ 'uncited claim': 'fail', 'required source not cited': 'warn' });
    expect(manifest.code).toBe(1);
    const flags = runCli(
      ['check', '--format', 'json', '--uncited-claims', 'off', '--required-sources', 'fail', '--claim-numbers', 'warn'],
      root,
    );
    expect(levels(flags.stdout)).toEqual({ 'required source not cited': 'fail', 'claim number not in quote': 'warn' });
    const off = runCli(
      ['check', '--format', 'json', '--uncited-claims', 'off', '--required-sources', 'off', '--claim-numbers', 'off'],
      root,
    );
    expect(levels(off.stdout)).toEqual({});
    expect(off.code).toBe(0);
    const records = (stdout: string) => JSON.parse(stdout).records;
    expect(records(flags.stdout)).toEqual(records(manifest.stdout));
    expect(records(off.stdout)).toEqual(records(manifest.stdout));
  });

  it('takes the Action inputs over the manifest', async () => {
    const annotated = (run: { annotations: { command: string; properties: Record<string, string> }[] }) =>
      run.annotations
        .filter((a) => a.properties.file)
        .map((a) => `${a.command} ${a.properties.title}`)
        .sort();
    const manifest = await runAction({ workspace: root, event: 'schedule', payload: {} });
    expect(annotated(manifest)).toEqual(['error uncited claim', 'warning required source not cited']);
    const inputs = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { 'uncited-claims': 'warn', 'required-sources': 'off', 'claim-numbers': 'fail' },
    });
    expect(annotated(inputs)).toEqual(['error claim number not in quote: c1', 'warning uncited claim']);
    const off = await runAction({
      workspace: root,
      event: 'schedule',
      payload: {},
      inputs: { 'uncited-claims': 'off', 'required-sources': 'off', 'claim-numbers': 'off' },
    });
    expect(annotated(off)).toEqual([]);
    expect(off.code).toBe(0);
  });
});

describe('require rules', () => {
  const files = {
    'answers/returns/a.json': ANSWER,
    'answers/returns/deep/b.json': ANSWER.replace('c1', 'c2'),
    'answers/other.json': ANSWER.replace('c1', 'c3'),
  };
  const rule = (files: string) =>
    `checks: {uncited_claims: off, claim_numbers: off}\nrequire:\n  - files: ${files}\n    cite: [returns-v1]\n`;
  const where = (stdout: string) => JSON.parse(stdout).findings.map((f: { file: string }) => f.file);

  it('reads a folder written with a trailing / as everything under it', () => {
    const run = runCli(['check', '--format', 'json'], workspace(rule('answers/returns/'), files));
    expect(where(run.stdout)).toEqual(['answers/returns/a.json', 'answers/returns/deep/b.json']);
  });

  it('reports a rule that matches no citation file at its line, in a run over all of them', () => {
    const root = workspace(rule('answers/returns'), files);
    const all = runCli(['check'], root);
    expect(all.stderr).toBe(
      'citegate.yml:15:12: error: the `require` rule `files: answers/returns` matches none of the citation files, so it checks nothing (for every file under a folder, write answers/returns/)\n',
    );
    expect(all.code).toBe(1);
    // Named files are not all of them: a rule may be for others.
    expect(runCli(['check', 'answers/other.json', '--required-sources', 'off'], root)).toMatchObject({
      code: 0,
      stderr: '',
    });
    const glob = runCli(['check'], workspace(rule("'drafts/**'"), files));
    expect(glob.stderr).toBe(
      'citegate.yml:15:12: error: the `require` rule `files: drafts/**` matches none of the citation files, so it checks nothing\n',
    );
  });

  it('credits a record whose fields are invalid with the source it names', () => {
    const invalid = JSON.stringify([{ citation_id: 'x1', source_id: 'returns-v1', claim: 'Returns are accepted.' }]);
    const run = runCli(
      ['check', '--format', 'json'],
      workspace(rule('answers/'), {
        'answers/returns.json': invalid,
        'answers/none.json': invalid.replace('returns-v1', 'shipping-v1'),
      }),
    );
    expect(where(run.stdout)).toEqual(['answers/none.json']);
  });
});

describe('claim numbers in bulk', () => {
  // Found in review: a claim and a quote of 2,000 numbers each made 38 MB of findings.
  it("says at most 10 missing numbers of a record one by one, each naming at most 8 of the quote's", () => {
    const source = { path: 'sources/r.txt', text: 'Rates: 101, 102, 103, 104, 105, 106, 107, 108, 109.\n' };
    const root = makeTree({
      'citegate.yml': manifestFor({ 'r-v1': source }),
      [source.path]: source.text,
      'answers/a.json': JSON.stringify([
        {
          citation_id: 'c1',
          source_id: 'r-v1',
          quote: 'Rates: 101, 102, 103, 104, 105, 106, 107, 108, 109.',
          claim: Array.from({ length: 12 }, (_, i) => `${i + 1}`).join(' '),
        },
      ]),
    });
    const lines = runCli(['check', 'answers/a.json'], root).stderr.split('\n').filter(Boolean);
    const at = readFileSync(path.join(root, 'answers/a.json'), 'utf8').indexOf('"claim"') + 9; // the column of the claim's value
    const has = 'the quote has "101", "102", "103", "104", "105", "106", "107", "108" and 1 more';
    expect(lines).toEqual([
      ...Array.from(
        { length: 10 },
        (_, i) => `answers/a.json:1:${at}: error: claim number not in quote: c1: the claim says "${i + 1}", but ${has}`,
      ),
      `answers/a.json:1:${at}: error: claim number not in quote: c1: the claim says 2 more numbers that the quote does not carry`,
    ]);
  });
});

describe('findings of one kind past the first 100 of a file', () => {
  const source = { path: 'sources/r.txt', text: 'Returns are accepted.\n' };
  const cited = JSON.stringify({
    answer: 'Returns are accepted.',
    citations: [
      { citation_id: 'c1', source_id: 'r-v1', quote: 'Returns are accepted.', claim: 'Returns are accepted.' },
    ],
  });
  const json = (root: string, ...args: string[]) => {
    const run = runCli(['check', '--format', 'json', ...args], root);
    return { ...run, report: JSON.parse(run.stdout) };
  };
  type ReportFinding = { kind: string; file: string; line: number; message: string };

  // Found in review: 2,000 required sources over 1,000 files made 2,000,000 findings and 1.9 GB.
  it('counts the rest in one finding, in each file', () => {
    const ids = Array.from({ length: 130 }, (_, i) => `s${String(i).padStart(3, '0')}`);
    const sources: Record<string, { path: string; text: string }> = { 'r-v1': source };
    for (const id of ids) sources[id] = { path: `sources/${id}.txt`, text: `${id}\n` };
    const manifest = `${manifestFor(sources)}checks: {uncited_claims: off}\nrequire:\n  - files: answers/\n    cite: [${ids.join(', ')}]\n`;
    const root = makeTree({
      'citegate.yml': manifest,
      ...Object.fromEntries(Object.values(sources).map((s) => [s.path, s.text])),
      'answers/a.json': cited,
      'answers/b.json': cited,
    });
    const { report, code } = json(root);
    expect(code).toBe(1);
    for (const file of ['answers/a.json', 'answers/b.json']) {
      const own: ReportFinding[] = report.findings.filter((f: ReportFinding) => f.file === file);
      expect(own).toHaveLength(101);
      expect(own.slice(0, 100).map((f) => f.message.split(' ')[4])).toEqual(ids.slice(0, 100));
      expect(own[100].kind).toBe('required source not cited');
      expect(own[100].message).toMatch(
        /^30 more required sources not cited in this file are not listed \(only the first 100 of each kind are\); their digest, [0-9a-f]{64}, changes when any of them does$/,
      );
    }
  });

  it('is new against a baseline when one finding it counts changed, and still failing when none did', () => {
    const sentences = Array.from({ length: 130 }, (_, i) => `Sentence number ${i + 1} says nothing cited.`);
    const answer = (said: string[]) =>
      JSON.stringify({ answer: `Returns are accepted. ${said.join(' ')}`, citations: JSON.parse(cited).citations });
    const root = makeTree({
      'citegate.yml': manifestFor({ 'r-v1': source }),
      [source.path]: source.text,
      'answers/a.json': answer(sentences),
    });
    const base = json(root, '--uncited-claims', 'fail');
    const own: ReportFinding[] = base.report.findings;
    expect(own).toHaveLength(101);
    expect(own[100].message).toMatch(/^30 more uncited claims in this file are not listed /);
    // Placed at the first it counts: the 101st sentence.
    expect(own[100].line).toBe(1);
    writeFileSync(path.join(root, 'base.json'), base.stdout);
    const again = json(root, '--uncited-claims', 'fail', '--baseline', 'base.json');
    expect(again.code).toBe(0);
    expect(again.report.findings.map((f: { baseline: string }) => f.baseline)).toEqual(
      Array(101).fill('still failing'),
    );
    // One sentence among those counted, changed: the count is the same, its digest is not.
    const changed = [...sentences];
    changed[119] = 'Sentence number 120 says something else.';
    writeFileSync(path.join(root, 'answers/a.json'), answer(changed));
    const after = json(root, '--uncited-claims', 'fail', '--baseline', 'base.json');
    expect(after.report.findings.slice(0, 100).every((f: { baseline: string }) => f.baseline === 'still failing')).toBe(
      true,
    );
    expect(after.report.findings[100].message).toMatch(/^30 more uncited claims in this file are not listed /);
    expect(after.report.findings[100].baseline).toBe('new');
    expect(after.code).toBe(1);
  });

  // Found in review: the digest was of the messages as they are, and a required source's names the
  // line of its rule, which a baseline does not compare: a source added above the rule made the
  // counting finding new. And two lone surrogates were hashed alike (as U+FFFD), where a baseline
  // tells them apart.
  it('has the digest change as a baseline would tell its findings apart, and only then', () => {
    const ids = Array.from({ length: 130 }, (_, i) => `s${String(i).padStart(3, '0')}`);
    const sources = (first: Record<string, { path: string; text: string }>) => {
      const all = { ...first, 'r-v1': source };
      for (const id of ids) Object.assign(all, { [id]: { path: `sources/${id}.txt`, text: `${id}\n` } });
      return all;
    };
    const manifest = (all: Record<string, { path: string; text: string }>) =>
      `${manifestFor(all)}require:\n  - files: answers/\n    cite: [${ids.join(', ')}]\n`;
    const said = (lone: string) =>
      JSON.stringify({
        answer: `Returns are accepted. ${Array.from({ length: 101 }, (_, i) => `Sentence ${i} is uncited.`).join(' ')} Odd ${lone}.`,
        citations: JSON.parse(cited).citations,
      });
    const before = sources({});
    const root = makeTree({
      'citegate.yml': manifest(before),
      ...Object.fromEntries(Object.values(before).map((s) => [s.path, s.text])),
      'answers/a.json': said('\ud800'),
    });
    const levels = ['--uncited-claims', 'fail'];
    const base = json(root, ...levels);
    expect(base.report.findings.filter((f: ReportFinding) => / more /.test(f.message))).toHaveLength(2);
    writeFileSync(path.join(root, 'base.json'), base.stdout);
    // A source added above the rule moves it: every finding is still failing, the counting ones too.
    const added = sources({ 'a-new': { path: 'sources/new.txt', text: 'New.\n' } });
    writeFileSync(path.join(root, 'citegate.yml'), manifest(added));
    writeFileSync(path.join(root, 'sources/new.txt'), 'New.\n');
    const moved = json(root, ...levels, '--baseline', 'base.json');
    expect(moved.report.findings).toHaveLength(base.report.findings.length);
    expect(moved.report.findings.filter((f: { baseline: string }) => f.baseline !== 'still failing')).toEqual([]);
    expect(moved.code).toBe(0);
    // The last sentence counted holds another lone surrogate: a changed finding, so new.
    writeFileSync(path.join(root, 'answers/a.json'), said('\udfff'));
    const changed = json(root, ...levels, '--baseline', 'base.json');
    const fresh = changed.report.findings.filter((f: { baseline: string }) => f.baseline === 'new');
    expect(fresh.map((f: ReportFinding) => f.message)).toEqual([
      expect.stringMatching(/^2 more uncited claims in this file are not listed /),
    ]);
    expect(changed.code).toBe(1);
  });
});
