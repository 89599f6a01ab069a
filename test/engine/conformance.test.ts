import { readFileSync } from 'node:fs';
import { engineVerdict } from '../helpers/engine.js';

interface Vector {
  citation_id: string;
  source_id: unknown;
  source: string | null;
  quote: unknown;
  verdict: string;
}

const vectors: Vector[] = readFileSync(new URL('../../__fixtures__/conformance/vectors.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

describe('conformance vectors computed by the reference', () => {
  it('has them all', () => {
    expect(vectors.length).toBe(3000);
  });

  it.each(['scan', 'set'] as const)('gives the reference verdict for every vector (searching by %s)', (search) => {
    const mismatches = vectors
      .map((v) => ({
        v,
        got: engineVerdict(v.source, { citation_id: v.citation_id, source_id: v.source_id, quote: v.quote }, search),
      }))
      .filter(({ v, got }) => got !== v.verdict)
      .map(({ v, got }) => `${v.citation_id}: expected ${v.verdict}, got ${got}`);
    expect(mismatches).toEqual([]);
  });
});
