// The problem matcher (.github/citegate-matcher.json) that a workflow running
// the CLI in a `run:` step registers with `::add-matcher::`, applied as GitHub's
// runner applies one (actions/toolkit, docs/problem-matchers.md): each matcher's
// pattern is an ECMAScript regular expression tried on every line of the
// step's output, and the groups it names give the annotation's file, line,
// column, severity and message. The lines are real output of the bundle.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeWorkspace, REPO, runCli } from '../helpers/workspace.js';

interface Pattern {
  regexp: string;
  file?: number;
  fromPath?: number;
  line?: number;
  column?: number;
  severity?: number;
  code?: number;
  message?: number;
  loop?: boolean;
}
interface Matcher {
  owner: string;
  severity?: string;
  pattern: Pattern[];
}
interface Annotation {
  owner: string;
  severity: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

const FILE = path.join(REPO, '.github/citegate-matcher.json');
const GROUPS = ['file', 'fromPath', 'line', 'column', 'severity', 'code', 'message'] as const;

/** The matchers of a file, refused unless they keep to the documented format. */
function readMatchers(text: string): Matcher[] {
  const top = JSON.parse(text) as { problemMatcher?: unknown };
  expect(Object.keys(top)).toEqual(['problemMatcher']);
  const matchers = top.problemMatcher as Matcher[];
  expect(Array.isArray(matchers) && matchers.length > 0).toBe(true);
  for (const m of matchers) {
    expect(Object.keys(m).every((k) => ['owner', 'severity', 'pattern'].includes(k))).toBe(true);
    expect(typeof m.owner === 'string' && m.owner !== '').toBe(true);
    if (m.severity !== undefined) expect(['error', 'warning']).toContain(m.severity.toLowerCase());
    expect(Array.isArray(m.pattern) && m.pattern.length > 0).toBe(true);
    m.pattern.forEach((p, i) => {
      expect(
        Object.keys(p).every((k) => k === 'regexp' || k === 'loop' || (GROUPS as readonly string[]).includes(k)),
      ).toBe(true);
      expect(typeof p.regexp).toBe('string');
      // Group numbers must name groups the expression has.
      const groups = new RegExp(`${p.regexp}|`).exec('')!.length - 1;
      for (const g of GROUPS)
        if (p[g] !== undefined) expect(Number.isInteger(p[g]) && p[g]! >= 1 && p[g]! <= groups).toBe(true);
      if (p.loop) expect(i).toBe(m.pattern.length - 1);
    });
    expect(m.pattern.some((p) => p.message !== undefined)).toBe(true);
    // These are one-line matchers: each line of output stands alone.
    expect(m.pattern).toHaveLength(1);
  }
  expect(new Set(matchers.map((m) => m.owner)).size).toBe(matchers.length);
  return matchers;
}

/** The annotations the matchers make of one line of output. */
function annotate(matchers: Matcher[], line: string): Annotation[] {
  return matchers.flatMap((m) => {
    const [p] = m.pattern;
    const found = new RegExp(p.regexp).exec(line);
    if (!found) return [];
    const group = (n: number | undefined) => (n === undefined ? undefined : found[n]);
    const message = group(p.message);
    if (!message) return [];
    const a: Annotation = {
      owner: m.owner,
      severity: (group(p.severity) ?? m.severity ?? 'error').toLowerCase(),
      message,
    };
    if (group(p.file)) a.file = group(p.file);
    if (group(p.line)) a.line = Number(group(p.line));
    if (group(p.column)) a.column = Number(group(p.column));
    return [a];
  });
}

const matchers = readMatchers(readFileSync(FILE, 'utf8'));
const lines = (text: string) => text.split('\n').filter(Boolean);

const RETURNS = {
  path: 'sources/returns-v1.txt',
  text: 'Returns are accepted within 30 days.\nA receipt is required.\n',
};

describe('the problem matcher', () => {
  it('turns every kind of line on standard error into one annotation at its place', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/broken.json': '[\n  {"citation_id": "a1",}\n]\n',
        'answers/empty.jsonl': '',
        'answers/with space.json': JSON.stringify({
          answer: 'Returns are accepted within 30 days. We ship worldwide.',
          citations: [
            {
              citation_id: 'w1',
              source_id: 'returns-v1',
              quote: 'Returns are accepted within 30 days.',
              claim: 'Returns are accepted within 30 days.',
            },
            { citation_id: 'w2', source_id: 'returns-v1', qoute: 'A receipt is required.' },
          ],
        }),
      },
    );
    writeFileSync(path.join(root, RETURNS.path), 'changed\n');
    const run = runCli(['check'], root);
    expect(run.code).toBe(1);
    const annotations = lines(run.stderr).map((line) => annotate(matchers, line));
    expect(annotations).toEqual([
      [
        {
          owner: 'citegate',
          severity: 'error',
          file: 'answers/broken.json',
          line: 2,
          column: 23,
          message: 'trailing comma before }',
        },
      ],
      [
        {
          owner: 'citegate',
          severity: 'error',
          file: 'answers/empty.jsonl',
          message: 'the file is empty: it holds no citation records',
        },
      ],
      [
        {
          owner: 'citegate',
          severity: 'error',
          file: 'citegate.yml',
          line: 3,
          column: 3,
          message: expect.stringMatching(/^source returns-v1 is unverified: sources\/returns-v1\.txt has SHA-256 /),
        },
      ],
      [
        {
          owner: 'citegate',
          severity: 'warning',
          file: 'answers/with space.json',
          line: 1,
          column: 49,
          message: 'uncited claim: no record\'s claim covers this sentence of the answer: "We ship worldwide."',
        },
      ],
      [
        {
          owner: 'citegate',
          severity: 'error',
          file: 'answers/with space.json',
          line: 1,
          column: 222,
          message: 'w2: invalid fields: quote is missing (did you mean "quote", not "qoute"?)',
        },
      ],
    ]);
  });

  it('annotates a line about no file without one, and only once', () => {
    const root = makeWorkspace({ 'returns-v1': RETURNS }, {});
    for (const args of [['check'], ['check', '--frmat', 'json']]) {
      const run = runCli(args, root);
      const [line, ...more] = lines(run.stderr);
      expect(more).toEqual([]);
      expect(annotate(matchers, line)).toEqual([
        { owner: 'citegate-run', severity: 'error', message: line.replace(/^citegate: error: /, '') },
      ]);
    }
  });

  it("annotates the baseline's summary as the run's outcome says: an error when it fails", () => {
    const run = runCli(['check', '--baseline', 'baseline.json'], path.join(REPO, '__fixtures__/baseline'));
    expect(run.code).toBe(1);
    const last = lines(run.stderr).at(-1)!;
    expect(annotate(matchers, last)).toEqual([
      {
        owner: 'citegate-run',
        severity: 'error',
        message: expect.stringMatching(/^against the baseline baseline\.json /),
      },
    ]);
  });

  it('annotates what pin cannot pin at its manifest line', () => {
    const root = makeWorkspace({ 'returns-v1': RETURNS }, {});
    writeFileSync(
      path.join(root, 'citegate.yml'),
      readFileSync(path.join(root, 'citegate.yml'), 'utf8').replace(RETURNS.path, 'sources/gone.txt'),
    );
    const run = runCli(['pin'], root);
    expect(run.code).toBe(2);
    expect(lines(run.stderr).map((line) => annotate(matchers, line))).toEqual([
      [
        {
          owner: 'citegate',
          severity: 'error',
          file: 'citegate.yml',
          line: 4,
          column: 11,
          message: 'returns-v1: sources/gone.txt: no such file',
        },
      ],
      [{ owner: 'citegate-run', severity: 'error', message: 'nothing written: a hash could not be pinned' }],
    ]);
  });

  it('leaves the report on standard output alone, explanations included', () => {
    const run = runCli(['check', '--manifest', '__fixtures__/near-misses/citegate.yml', '--explain'], REPO);
    expect(lines(run.stdout).length).toBeGreaterThan(20);
    expect(lines(run.stdout).flatMap((line) => annotate(matchers, line))).toEqual([]);
    const seed = runCli(['check', '--manifest', '__fixtures__/seed/citegate.yml'], REPO);
    expect(lines(seed.stdout).flatMap((line) => annotate(matchers, line))).toEqual([]);
  });
});
