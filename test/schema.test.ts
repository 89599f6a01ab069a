import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { REPO } from './helpers/workspace.js';
import { VERSION } from '../src/model/version.js';

const load = (file: string) => JSON.parse(readFileSync(path.join(REPO, file), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
const manifestSchema = ajv.compile(load('schema/manifest.schema.json'));
const citationsSchema = ajv.compile(load('schema/citations.schema.json'));

describe('the JSON Schemas', () => {
  it('accept the fixtures', () => {
    for (const file of [
      '__fixtures__/seed/citegate.yml',
      '__fixtures__/seed-fixed/citegate.yml',
      '__fixtures__/answers/citegate.yml',
      '__fixtures__/near-misses/citegate.yml',
      '__fixtures__/anthropic/citegate.yml',
    ]) {
      expect([file, manifestSchema(parse(readFileSync(path.join(REPO, file), 'utf8')))]).toEqual([file, true]);
    }
    for (const file of [
      '__fixtures__/seed/answers/walkthrough.json',
      '__fixtures__/seed-fixed/answers/walkthrough.json',
      '__fixtures__/answers/answers/returns/fully-cited.json',
      '__fixtures__/answers/answers/shipping/changed-numbers.json',
    ]) {
      expect([file, citationsSchema(load(file))]).toEqual([file, true]);
    }
  });

  it('refuse what the loaders refuse', () => {
    expect(
      manifestSchema({ version: 1, sources: { a: { path: 'a.txt', sha256: 'xyz', retrieved: '2026-01-01' } } }),
    ).toBe(false);
    expect(
      manifestSchema({
        version: 1,
        sources: { a: { path: '/etc/passwd', sha256: 'a'.repeat(64), retrieved: '2026-01-01' } },
      }),
    ).toBe(false);
    for (const folder of ['sources/a.txt/', 'sources/', 'sources/a.txt/.', '.'])
      expect(
        manifestSchema({
          version: 1,
          sources: { a: { path: folder, sha256: 'a'.repeat(64), retrieved: '2026-01-01' } },
        }),
      ).toBe(false);
    expect(manifestSchema({ version: 1, sources: {}, colour: 'red' })).toBe(false);
    // Source ids: no control character, no lone surrogate; a pair is a character like any other. The
    // pattern reads so with and without the `u` flag (Ajv's, and a validator's that lacks it).
    const entry = { path: 'a.txt', sha256: 'a'.repeat(64), retrieved: '2026-01-01' };
    const idPattern = new RegExp(load('schema/manifest.schema.json').properties.sources.propertyNames.pattern);
    for (const [id, ok] of [
      ['r-v1', true],
      ['r\u{1F600}', true],
      ['\ud83d\ude00\ud83d\ude00', true],
      ['a\u001b', false],
      ['a\u0085', false],
      ['a\ud800', false],
      ['\ud800', false],
      ['\udc00a', false],
      ['\ude00\ud83d', false],
      ['\ud800\ud800\udc00', false],
    ] as const) {
      expect([id, manifestSchema({ version: 1, sources: { [id]: entry } })]).toEqual([id, ok]);
      expect([id, idPattern.test(id)]).toEqual([id, ok]);
    }
    // `documents` goes with `format: anthropic-messages` only.
    for (const entry of [{ documents: ['a'] }, { format: 'citegate', documents: ['a'] }, { format: 'claude' }])
      expect(manifestSchema({ version: 1, sources: {}, citations: [{ path: 'e/*.json', ...entry }] })).toBe(false);
    expect(
      manifestSchema({
        version: 1,
        sources: {},
        citations: [{ path: 'e/*.json', format: 'anthropic-messages', documents: ['a', null] }],
        checks: { citation_locations: 'fail' },
      }),
    ).toBe(true);
    expect(citationsSchema([{ citation_id: 'c1', source_id: 's' }])).toBe(false);
    expect(citationsSchema([{ citation_id: 'c1', source_id: 's', quote: 'q', claim: 3 }])).toBe(false);
  });
});

describe('the version', () => {
  it('is the one in package.json', () => {
    expect(VERSION).toBe(load('package.json').version);
  });
});
