// A lone surrogate anywhere in a record (SPEC §2) is found where it was found
// before the walk kept an index per list instead of a place per element: the
// same path, for the first one in the same order, on random nested values
// (lists, objects, YAML mappings with keys that are mappings or lists). And a
// record holding a list of millions is checked in a small heap.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { checkFields } from '../../src/engine/record.js';
import { hasLoneSurrogate } from '../../src/engine/unicode.js';
import { makeWorkspace, runCli } from '../helpers/workspace.js';

/** The walk as it was (every element pushed with its path), for the field `key` (no known field). */
function walkedBefore(key: string, value: unknown): string | undefined {
  if (typeof value === 'string') return hasLoneSurrogate(value) ? key : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const stack: [string, unknown][] = [[key, value]];
  while (stack.length > 0) {
    const [where, v] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasLoneSurrogate(v)) return where;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([`${where}[${i}]`, v[i]]);
    } else if (v !== null && typeof v === 'object') {
      const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [rawKey, member] = entries[i];
        if (typeof rawKey === 'object' && rawKey !== null) stack.push([`a key in ${where}`, rawKey]);
        const k = String(rawKey);
        if (hasLoneSurrogate(k)) return `a key in ${where}`;
        stack.push([`${where}.${k}`, member]);
      }
    }
  }
  return undefined;
}

const text = fc.constantFrom('a', 'ok', '\ud800', 'x\udc00', '\ud83d\ude00', '', 'k');
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4, noNullPrototype: true }),
    fc.array(fc.tuple(fc.oneof(text, tie('value')), tie('value')), { maxLength: 3 }).map((entries) => new Map(entries)),
  ),
}));

const BASE = { citation_id: 'c', source_id: 's', quote: 'q' };

describe('a lone surrogate below a field', () => {
  test('is found where the walk of every element found it', () => {
    fc.assert(
      fc.property(value, (extra) => {
        const check = checkFields({ ...BASE, extra });
        const before = walkedBefore('extra', extra);
        if (before === undefined) expect(check.ok).toBe(true);
        else expect(!check.ok && check.reason).toBe(`${before} holds a lone UTF-16 surrogate (half of a character)`);
      }),
      { numRuns: 3000, seed: 18 },
    );
  });

  test('is looked for in a list of millions within a heap of 256 MB, and the other files are checked', () => {
    const root = makeWorkspace(
      { 'returns-v1': { path: 'sources/returns.txt', text: 'A receipt is required.\n' } },
      { 'answers/good.json': JSON.stringify([{ ...BASE, source_id: 'returns-v1', quote: 'A receipt is required.' }]) },
    );
    // 6 MB of valid JSON: one record, and a field of 3,000,000 numbers.
    const numbers = Array.from({ length: 3_000_000 }, () => '0').join(',');
    writeFileSync(
      path.join(root, 'answers/big.json'),
      `[{"citation_id":"k","source_id":"returns-v1","quote":"A receipt is required.","x":[${numbers},"\\ud800"]}]`,
    );
    const run = runCli(['check'], root, { NODE_OPTIONS: '--max-old-space-size=256' });
    expect(run.stderr).not.toContain('FATAL');
    expect(run.stdout).toBe('answers/big.json:1: k: invalid fields\nanswers/good.json:1: c: located\nlocated=1/2\n');
    expect(run.code).toBe(1);
    runCli(['check', '--format', 'json', '--output', 'report.json'], root, {
      NODE_OPTIONS: '--max-old-space-size=256',
    });
    const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8'));
    expect(report.records[0].reason).toBe('x[3000000] holds a lone UTF-16 surrogate (half of a character)');
  });
});
