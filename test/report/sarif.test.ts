import { planAnnotations } from '../../src/report/annotations.js';
import { buildSarif, MAX_SARIF_RESULTS, sarifChunks, sarifResultsLeftOut } from '../../src/report/sarif.js';
import { notFound, onExplained } from '../helpers/results.js';
import { sarifErrors } from '../helpers/sarif.js';
import type { CheckResult, Finding, QuoteNotFound, RecordResult } from '../../src/model/result.js';

const warning: Finding = {
  kind: 'uncited claim',
  level: 'warn',
  file: 'answers/a.json',
  line: 1,
  column: 1,
  message: 'no claim covers this',
};

function result(
  records: RecordResult[],
  findings: Finding[] = [],
  problems: CheckResult['problems'] = [],
): CheckResult {
  return { manifest: 'citegate.yml', files: ['answers/a.json'], records, sources: [], problems, findings };
}

// Found in review: GitHub code scanning refuses a whole file with more than 25,000 results in a run.
describe('SARIF for code scanning', () => {
  it('keeps at most 25,000 results, errors first, and says how many are left out', () => {
    const records = Array.from({ length: MAX_SARIF_RESULTS + 2 }, (_, i) => notFound(i));
    const big = result(records, [warning]);
    expect(sarifResultsLeftOut(big)).toBe(3);
    const sarif = buildSarif(big);
    const run = sarif.runs[0];
    expect(run.results).toHaveLength(MAX_SARIF_RESULTS);
    expect(run.results.every((r) => r.level === 'error')).toBe(true);
    expect(run.results.at(-1)).toMatchObject({ message: { text: expect.stringContaining('"quote 24999"') } });
    expect(run.invocations?.[0].toolExecutionNotifications[0].message.text).toBe(
      "3 of 25,003 results are not in this file: GitHub code scanning refuses a run of more than 25,000 results. citegate's JSON report (`--format json`, or the Action's `report` input) has every record.",
    );
    expect(sarifErrors(sarif)).toEqual([]);
  });

  it('keeps every result, and says nothing, within the limit', () => {
    const sarif = buildSarif(result([notFound(0)], [warning]));
    expect(sarif.runs[0].results.map((r) => r.level)).toEqual(['error', 'warning']);
    expect(sarif.runs[0]).not.toHaveProperty('invocations');
  });

  // Found in review: every problem placed on the manifest was called "source unverified".
  it('tells a source that failed verification from a manifest rule that checks nothing', () => {
    const problems = [
      {
        file: 'citegate.yml',
        line: 3,
        column: 3,
        message: 'source s-v1 is unverified: gone',
        kind: 'source unverified' as const,
      },
      {
        file: 'citegate.yml',
        line: 9,
        column: 12,
        message: 'the `require` rule `files: x/` matches none of the citation files, so it checks nothing',
        kind: 'manifest rule' as const,
      },
      { file: 'answers/b.json', line: 1, column: 2, message: 'unexpected end of input' },
    ];
    const checked = result([], [], problems);
    expect(buildSarif(checked).runs[0].results.map((r) => r.ruleId)).toEqual([
      'citegate/source-unverified',
      'citegate/manifest-rule',
      'citegate/unreadable-citation-file',
    ]);
    expect(planAnnotations(checked).map((a) => a.make().title)).toEqual([
      'source unverified',
      'manifest rule',
      'unreadable citation file',
    ]);
  });

  // Found in review: a record without an id was known by its position, so adding a record above it changed its fingerprint.
  it('keeps the fingerprint of a record without an id when a record is added above it', () => {
    const anonymous = (i: number, quote: string): RecordResult => ({
      ...(notFound(i) as QuoteNotFound),
      citationId: null,
      quote,
    });
    const fingerprints = (records: RecordResult[]) =>
      buildSarif(result(records)).runs[0].results.map(
        (r) => (r.partialFingerprints as Record<string, string>)['citegateFinding/v1'],
      );
    const before = fingerprints([anonymous(0, 'one'), anonymous(1, 'two'), anonymous(2, 'two')]);
    const after = fingerprints([anonymous(0, 'new'), anonymous(1, 'one'), anonymous(2, 'two'), anonymous(3, 'two')]);
    expect(after.slice(1)).toEqual(before);
    expect(new Set(after).size).toBe(4);
  });

  it('names files as the repository does when told how', () => {
    const sarif = buildSarif(result([notFound(0)]), {
      repositoryPath: (file) => file.replace(/^answers\//, 'in-repo/'),
    });
    expect(sarif.runs[0].results[0]).toMatchObject({
      locations: [{ physicalLocation: { artifactLocation: { uri: 'in-repo/a.json', uriBaseId: '%SRCROOT%' } } }],
    });
  });
});

describe('SARIF rules and results as code scanning shows them', () => {
  it('places a problem with a whole file at its first line', () => {
    const sarif = buildSarif(result([], [], [{ file: 'answers/b.json', line: 0, column: 0, message: 'cannot read' }]));
    expect(sarif.runs[0].results[0].locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'answers/b.json', uriBaseId: '%SRCROOT%' },
          region: { startLine: 1 },
        },
      },
    ]);
    expect(sarifErrors(sarif)).toEqual([]);
  });

  it("gives each rule its check's default level: only the uncited-claims check warns", () => {
    const rules = buildSarif(result([])).runs[0].tool.driver.rules;
    const levels = Object.fromEntries(rules.map((r) => [r.id, r.defaultConfiguration.level]));
    expect(levels['citegate/uncited-claim']).toBe('warning');
    expect(levels['citegate/claim-number-not-in-quote']).toBe('error');
    expect(levels['citegate/required-source-not-cited']).toBe('error');
    expect(levels['citegate/quote-not-found']).toBe('error');
    for (const r of rules) expect(r.properties['problem.severity']).toBe(r.defaultConfiguration.level);
  });

  // Found by following the README: `Looked for "Items marked "final sale" can be returned."` hid
  // where the quote starts and ends, where its straight quotes are what differs.
  it('shows the quote with its own quotes and backslashes escaped', () => {
    const record: RecordResult = { ...(notFound(0) as QuoteNotFound), quote: 'Items marked "final sale" \\ not' };
    const text = planAnnotations(result([record]))[0].make().message;
    expect(text).toContain('Looked for "Items marked \\"final sale\\" \\\\ not" in ');
  });

  it('says in the message what the annotation says: the closest passage and the hints', () => {
    const record: RecordResult = {
      ...(notFound(0) as QuoteNotFound),
      closest: {
        at: { line: 4, column: 1, endLine: 4, endColumn: 46 },
        similarity: 0.88,
        passage: 'Items marked final sale cannot be returned.',
        diff: 'Items marked final sale [-cannot-] [+can+] be returned.',
      },
    };
    const text = (buildSarif(result([record])).runs[0].results[0].message as { text: string }).text;
    expect(text).toContain(
      'closest passage (88% similar, line 4, columns 1-45): Items marked final sale [-cannot-] [+can+] be returned.',
    );
    expect(text).toBe(planAnnotations(result([record]))[0].make().message);
  });
});

describe('SARIF against a baseline', () => {
  it("gives each result SARIF's baselineState: unchanged for what failed already, new for the rest", () => {
    const records: RecordResult[] = [
      { ...(notFound(0) as QuoteNotFound), baseline: { state: 'broken', verdict: 'located' } },
      { ...(notFound(1) as QuoteNotFound), baseline: { state: 'still failing', verdict: 'quote not found' } },
      { ...(notFound(2) as QuoteNotFound), baseline: { state: 'new' } },
      notFound(3),
    ];
    const sarif = buildSarif(result(records, [{ ...warning, baseline: 'still failing' }]));
    expect(sarif.runs[0].results.map((r) => r.baselineState)).toEqual([
      'new',
      'unchanged',
      'new',
      undefined,
      'unchanged',
    ]);
    expect(sarifErrors(sarif)).toEqual([]);
  });
});

describe('the SARIF file, written in pieces', () => {
  const text = (r: CheckResult) => [...sarifChunks(r)].join('');
  // The document indented, but each result on one line, as it is written.
  const whole = (r: CheckResult) => {
    const document = buildSarif(r);
    const results = document.runs[0].results;
    if (results.length === 0) return `${JSON.stringify(document, null, 2)}\n`;
    const indented = JSON.stringify({ ...document, runs: [{ ...document.runs[0], results: ['RESULTS'] }] }, null, 2);
    const lines = results.map((x) => `        ${JSON.stringify(x)}`).join(',\n');
    return `${indented.replace('        "RESULTS"', lines)}\n`;
  };
  const odd: RecordResult = {
    ...notFound(7),
    citationId: 'c"results": []',
    quote: 'a "results": [] quote\nover two lines, é 😀 \u2028',
  } as RecordResult;

  it('is the document indented, each result on a line of its own, whatever its results', () => {
    const problems: CheckResult['problems'] = [{ file: 'answers/b.json', line: 3, column: 1, message: 'cannot read' }];
    for (const r of [
      result([]),
      result([notFound(0)]),
      result([odd], [warning], problems),
      result(
        Array.from({ length: 700 }, (_, i) => notFound(i)),
        [warning],
      ),
      result(
        Array.from({ length: MAX_SARIF_RESULTS + 1 }, (_, i) => notFound(i)),
        [warning],
      ),
    ])
      expect(text(r)).toBe(whole(r));
    expect(JSON.parse(text(result([odd]))).runs[0].results[0].message.text).toContain('a \\"results\\": [] quote');
  });

  it('explains only the records it keeps', () => {
    const explained = new Set<number>();
    const records = Array.from({ length: MAX_SARIF_RESULTS + 2 }, (_, i) =>
      onExplained(notFound(i), () => explained.add(i)),
    );
    const chunks = [...sarifChunks(result(records))];
    expect(chunks.length).toBeGreaterThan(2);
    expect(explained.size).toBe(MAX_SARIF_RESULTS);
    expect(explained.has(MAX_SARIF_RESULTS)).toBe(false);
    expect(explained.has(MAX_SARIF_RESULTS + 1)).toBe(false);
  });
});
