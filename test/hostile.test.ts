// The hostile corpus (__fixtures__/hostile/): every case through the bundled
// CLI, as a user would run it, with the checks every case must pass.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, REPO } from './helpers/workspace.js';

const CORPUS = path.join(REPO, '__fixtures__/hostile');
const MARKER = 'TOP-SECRET-MARKER-7f3a';
/** The pin of `_base/sources/good.txt`. */
const GOOD_SHA256 = '7330e0973d3252d03946557d094521e2f266fb529c090fa83a4799f8a8466212';

interface Case {
  what: string;
  args: string[];
  expect: { code: number; stdout: string[]; stderr: string[]; neverLocated?: string[] };
  generate?: Record<string, Generated>;
}

interface Generated {
  nest?: number;
  bigQuote?: number;
  records?: number;
  symlink?: string;
  fifo?: boolean;
  /** `[0,0,…]` with this many zeros. */
  zeros?: number;
  /** A YAML list of this many records. */
  yamlRecords?: number;
  /** With `yamlRecords`: each record names its source by an alias of the first's (`&s`). */
  yamlAliases?: boolean;
  /** A manifest of this many sources of `good.txt`, the first `good-v1`, each `retrieved` by an alias of its date (`&d`). */
  manifestAliases?: number;
  /** `lines` repeated `count` times, one a line. */
  lines?: string;
  count?: number;
  /** `text`, then `fill` repeated `count` times, then `after`, nothing between. */
  fill?: string;
  after?: string;
  /** `count` records citing `source`, each quoting its own marker `m<i> is a marker here.`, with a prefix the source lacks. */
  markers?: { count: number; source: string };
  /** Records of quotes that share every piece: A…AB of `flood` lengths. */
  flood?: number;
  /** Records of quotes of 1 to `contextFlood` !, each with the prefix x. */
  contextFlood?: number;
  /**
   * A manifest of `count` sources whose ids are `length` long, and a `documents` list of as many ids
   * of that length that are none of them.
   */
  nearIds?: { count: number; length: number };
  /** The file's name as bytes (hex, from the workspace), for names that are not UTF-8; `text` is its content. */
  nameHex?: string;
  text?: string;
}

const names = readdirSync(CORPUS)
  .filter((n) => !n.startsWith('_') && existsSync(path.join(CORPUS, n, 'case.json')))
  .sort();
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function generate(root: string, outside: string, file: string, spec: Generated): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (spec.nest !== undefined) writeFileSync(target, '['.repeat(spec.nest) + ']'.repeat(spec.nest));
  if (spec.bigQuote !== undefined) {
    const quote = 'lorem ipsum '.repeat(Math.ceil(spec.bigQuote / 12)).slice(0, spec.bigQuote);
    writeFileSync(target, JSON.stringify([{ citation_id: 'big', source_id: 'good-v1', quote }]));
  }
  if (spec.records !== undefined) {
    const records = Array.from({ length: spec.records }, (_, i) => ({
      citation_id: `r${i}`,
      source_id: 'good-v1',
      quote: i % 2 === 0 ? 'A receipt is required.' : `Quote number ${i} is not there.`,
    }));
    writeFileSync(target, JSON.stringify(records));
  }
  if (spec.symlink !== undefined) symlinkSync(spec.symlink === 'OUTSIDE' ? outside : spec.symlink, target);
  if (spec.fifo) execFileSync('mkfifo', [target]);
  if (spec.zeros !== undefined) writeFileSync(target, `[${Array(spec.zeros).fill('0').join(',')}]`);
  if (spec.yamlRecords !== undefined) {
    writeFileSync(
      target,
      Array.from(
        { length: spec.yamlRecords },
        (_, i) =>
          `- citation_id: y${i}\n  source_id: ${spec.yamlAliases ? (i === 0 ? '&s good-v1' : '*s') : 'good-v1'}\n` +
          '  quote: A receipt is required.\n  claim: You will need the receipt.\n',
      ).join(''),
    );
  }
  if (spec.manifestAliases !== undefined) {
    const sources = Array.from(
      { length: spec.manifestAliases },
      (_, i) =>
        `  ${i === 0 ? 'good-v1' : `s${i}`}:\n    path: sources/good.txt\n    sha256: ${GOOD_SHA256}\n` +
        `    retrieved: ${i === 0 ? '&d 2026-11-02' : '*d'}\n`,
    );
    writeFileSync(target, `version: 1\nsources:\n${sources.join('')}citations:\n  - "answers/**/*.json"\n`);
  }
  if (spec.fill !== undefined)
    writeFileSync(target, (spec.text ?? '') + spec.fill.repeat(spec.count ?? 1) + (spec.after ?? ''));
  else if (spec.text !== undefined && spec.nameHex === undefined) writeFileSync(target, spec.text);
  if (spec.flood !== undefined) {
    writeFileSync(
      target,
      JSON.stringify(
        Array.from({ length: spec.flood }, (_, i) => ({
          citation_id: `f${i}`,
          source_id: 'flood-v1',
          quote: `${'A'.repeat(40 + i)}B`,
        })),
      ),
    );
  }
  if (spec.markers !== undefined) {
    const { count, source } = spec.markers;
    writeFileSync(
      target,
      JSON.stringify(
        Array.from({ length: count }, (_, i) => ({
          citation_id: `c${i}`,
          source_id: source,
          quote: `m${i} is a marker here.`,
          prefix: 'zz',
        })),
      ),
    );
  }
  if (spec.contextFlood !== undefined) {
    writeFileSync(
      target,
      JSON.stringify(
        Array.from({ length: spec.contextFlood }, (_, i) => ({
          citation_id: `b${i}`,
          source_id: 'bangs-v1',
          quote: '!'.repeat(i + 1),
          prefix: 'x',
        })),
      ),
    );
  }
  if (spec.nearIds !== undefined) {
    const { count, length } = spec.nearIds;
    // Far apart: no id is within two edits of another, so each is compared with every source.
    const id = (prefix: string, i: number) => `${prefix}${i}`.padEnd(length, prefix === 's' ? 'x' : 'y');
    const good = { path: 'sources/good.txt', sha256: GOOD_SHA256, retrieved: '2026-11-02' };
    const sources = Array.from({ length: count }, (_, i) => `  ${JSON.stringify(id('s', i))}: ${JSON.stringify(good)}`);
    const documents = Array.from({ length: count }, (_, i) => JSON.stringify(id('d', i)));
    writeFileSync(
      target,
      [
        'version: 1',
        'sources:',
        `  good-v1: ${JSON.stringify(good)}`,
        ...sources,
        'citations:',
        '  - path: answers/**/*.json',
        '    format: anthropic-messages',
        `    documents: [${documents.join(', ')}]`,
        '',
      ].join('\n'),
    );
  }
  if (spec.lines !== undefined) writeFileSync(target, `${spec.lines}\n`.repeat(spec.count ?? 1));
  if (spec.nameHex !== undefined)
    writeFileSync(Buffer.concat([Buffer.from(`${root}/`), Buffer.from(spec.nameHex, 'hex')]), spec.text ?? '');
}

describe('the hostile corpus', () => {
  it('has at least 40 cases', () => {
    expect(names.length).toBeGreaterThanOrEqual(40);
  });

  /** The case's workspace, laid out in a fresh temp folder, with a file outside it that nothing may read. */
  function setUp(name: string): { spec: Case; root: string; outside: string } {
    const spec = JSON.parse(readFileSync(path.join(CORPUS, name, 'case.json'), 'utf8')) as Case;
    const top = mkdtempSync(path.join(tmpdir(), 'citegate-hostile-'));
    made.push(top);
    const outside = path.join(top, 'outside-secret.txt');
    writeFileSync(outside, `${MARKER}\nA receipt is required.\n`);
    const root = path.join(top, 'ws');
    cpSync(path.join(CORPUS, '_base'), root, { recursive: true });
    cpSync(path.join(CORPUS, name), root, { recursive: true, filter: (src) => path.basename(src) !== 'case.json' });
    for (const [file, g] of Object.entries(spec.generate ?? {})) generate(root, outside, file, g);
    return { spec, root, outside };
  }

  /** Runs the bundled CLI in a 256 MB heap; checks what every case must give, whatever its outcome. */
  function run(root: string, outside: string, args: string[]) {
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--max-old-space-size=256', CLI, ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
      maxBuffer: 64 << 20,
      env: { PATH: process.env.PATH },
    });
    const seconds = (Date.now() - started) / 1000;
    const both = `${child.stdout}\n${child.stderr}`;
    // No stack trace, nothing from outside the workspace, an answer within seconds.
    expect(both).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|node:internal|RangeError|TypeError|internal error/);
    expect(both).not.toContain(MARKER);
    expect(readFileSync(outside, 'utf8')).toBe(`${MARKER}\nA receipt is required.\n`);
    expect(seconds).toBeLessThan(20);
    // Every problem names its file (and line and column, where there is one), then its level.
    for (const line of child.stderr.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(citegate|[^:\n]+(:\d+:\d+)?): (error|warning): /);
    }
    return child;
  }

  it.each(names)('%s', (name) => {
    const { spec, root, outside } = setUp(name);
    const child = run(root, outside, spec.args);
    expect({ code: child.status, signal: child.signal }).toEqual({ code: spec.expect.code, signal: null });
    const lines = child.stdout.split('\n');
    for (const line of spec.expect.stdout) expect(lines).toContain(line);
    for (const part of spec.expect.stderr) expect(child.stderr).toContain(part);
    for (const id of spec.expect.neverLocated ?? []) {
      expect(lines.filter((l) => l.endsWith(`: ${id}: located`) || l === `${id}: located`)).toEqual([]);
    }
  });

  // The same cases with explanations (the JSON report computes them, as the Action does):
  // the explaining code must survive the same input and change no outcome.
  it.each(names.filter((n) => !n.startsWith('manifest-')))('%s, with explanations', (name) => {
    const { spec, root, outside } = setUp(name);
    if (spec.args[0] !== 'check' || spec.args.includes('--format')) return;
    const child = run(root, outside, [...spec.args, '--format', 'json']);
    expect({ code: child.status, signal: child.signal }).toEqual({ code: spec.expect.code, signal: null });
    if (child.status === 2) return;
    const report = JSON.parse(child.stdout) as { records: { citation_id: unknown; verdict: string }[] };
    // Explaining changes no verdict: the text run's, line by line (the verdict is the last `: ` field).
    const text = run(root, outside, spec.args)
      .stdout.split('\n')
      .filter((l) => l !== '' && !l.startsWith('located='));
    expect(report.records.map((r) => r.verdict)).toEqual(text.map((l) => l.slice(l.lastIndexOf(': ') + 2)));
    for (const id of spec.expect.neverLocated ?? []) {
      expect(report.records.filter((r) => r.citation_id === id && r.verdict === 'located')).toEqual([]);
    }
  });
});
