import fc from 'fast-check';
import { buildSuffixArray, suffixRange } from '../../src/engine/suffix-array.js';

function naiveSuffixArray(text: Uint8Array): number[] {
  const suffixes = Array.from({ length: text.length }, (_, i) => i);
  return suffixes.sort((a, b) => Buffer.compare(Buffer.from(text.subarray(a)), Buffer.from(text.subarray(b))));
}

describe('buildSuffixArray (SA-IS)', () => {
  it('sorts the suffixes of any byte string, repetitive ones included', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.array(fc.constantFrom(97, 98), { maxLength: 300 }).map((a) => Uint8Array.from(a)),
      fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 5 }), fc.nat(60)).map(([unit, times]) => {
        const out = new Uint8Array(unit.length * times);
        for (let i = 0; i < times; i++) out.set(unit, i * unit.length);
        return out;
      }),
    );
    fc.assert(fc.property(bytes, (text) => {
      expect([...buildSuffixArray(text)]).toEqual(naiveSuffixArray(text));
    }), { numRuns: 1500 });
  });

  it('finds the range of suffixes starting with a pattern', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(97, 98, 99), { maxLength: 120 }), fc.array(fc.constantFrom(97, 98, 99), { minLength: 1, maxLength: 4 }), (t, p) => {
      const text = Uint8Array.from(t);
      const pattern = Uint8Array.from(p);
      const sa = buildSuffixArray(text);
      const [from, to] = suffixRange(text, sa, pattern);
      const found = [...sa.subarray(from, to)].sort((a, b) => a - b);
      const expected: number[] = [];
      for (let i = 0; i + pattern.length <= text.length; i++) {
        if (pattern.every((b, k) => text[i + k] === b)) expected.push(i);
      }
      expect(found).toEqual(expected);
    }), { numRuns: 1500 });
  });
});

describe('IndexedSearcher', () => {
  it('finds exactly what scanning finds, word boundaries and limits included', async () => {
    const { IndexedSearcher, ScanSearcher } = await import('../../src/engine/search.js');
    const { normalizeText } = await import('../../src/engine/normalize.js');
    const { prepareQuote } = await import('../../src/engine/match.js');
    const { hostileText } = await import('../helpers/unicode.js');
    fc.assert(fc.property(hostileText(40), hostileText(3), fc.integer({ min: 1, max: 5 }), (source, rawQuote, limit) => {
      const text = Buffer.from(normalizeText(source), 'utf8');
      const quote = normalizeText(rawQuote);
      if (quote === '') return;
      const q = prepareQuote(quote);
      expect(new IndexedSearcher(text).find(q, limit)).toEqual(new ScanSearcher(text).find(q, limit));
    }), { numRuns: 2000 });
  });
});
