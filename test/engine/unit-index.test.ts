import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { findMatches, prepareQuote } from '../../src/engine/match.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { suffixArray } from '../../src/engine/suffix-array.js';
import { UnitIndex } from '../../src/engine/unit-index.js';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { hostileText } from '../helpers/unicode.js';

/** The suffix array by sorting the suffixes. */
function sortedSuffixes(s: number[]): number[] {
  const n = s.length;
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    for (let k = 0; a + k < n && b + k < n; k++) if (s[a + k] !== s[b + k]) return s[a + k] - s[b + k];
    return n - a - (n - b);
  });
}

describe('suffixArray (SA-IS)', () => {
  it('orders the suffixes of any integer string as sorting them does', () => {
    const small = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 300 });
    const wide = fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 100 });
    const periodic = fc
      .tuple(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }), fc.nat(60))
      .map(([unit, n]) => Array.from({ length: unit.length * n }, (_, i) => unit[i % unit.length]));
    fc.assert(
      fc.property(fc.oneof(small, wide, periodic), (s) => {
        const upper = s.reduce((a, b) => Math.max(a, b), 0);
        expect(Array.from(suffixArray(Int32Array.from(s), upper))).toEqual(sortedSuffixes(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('sorts a long run of one value and a long period', () => {
    const run = new Int32Array(100000);
    const sa = suffixArray(run, 0);
    expect(sa[0]).toBe(99999);
    expect(sa[99999]).toBe(0);
    const period = Int32Array.from({ length: 6000 }, (_, i) => i % 3);
    expect(Array.from(suffixArray(period, 2))).toEqual(sortedSuffixes(Array.from(period)));
  });
});

describe('UnitIndex', () => {
  it('finds exactly the matches of SPEC §4: overlapping ones, word boundaries, per code point', () => {
    fc.assert(
      fc.property(
        hostileText(60),
        fc.array(fc.tuple(fc.nat(), fc.nat(12)), { minLength: 1, maxLength: 8 }),
        hostileText(6),
        (raw, picks, other) => {
          const text = normalizeText(raw);
          const bytes = Buffer.from(text, 'utf8');
          const index = new UnitIndex(bytes);
          const cps = [...text];
          const quotes = picks.map(([a, len]) =>
            normalizeText(cps.slice(a % (cps.length + 1), (a % (cps.length + 1)) + len).join('')),
          );
          quotes.push(normalizeText(other));
          for (const q of quotes) {
            if (q === '') continue;
            const expected = findMatches(bytes, prepareQuote(q), Number.POSITIVE_INFINITY);
            const range = index.range(Buffer.from(q, 'utf8'));
            expect([q, Array.from(index.allMatches(range))]).toEqual([q, expected]);
            expect([q, index.firstMatches(range, 2)]).toEqual([q, expected.slice(0, 2)]);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('selects the first matches of a large range by position', () => {
    const text = Buffer.from(
      Array.from({ length: 5000 }, (_, i) => (i % 7 === 3 ? 'the end' : 'the')).join(' '),
      'utf8',
    );
    const index = new UnitIndex(text);
    const q = prepareQuote('the');
    const range = index.range(q.bytes);
    expect(range.hi - range.lo).toBe(findMatches(text, q, 1e9).length);
    expect(index.firstMatches(range, 100)).toEqual(findMatches(text, q, 100));
  });

  it('reads no more of a long run of letters than the quote has, to compare it with one', () => {
    // A text of one 200,000-letter word: each comparison once read all of it (2,000 lookups in a
    // word of 1 MiB took 2.5 s).
    const text = Buffer.from(`${'A'.repeat(200000)} end`, 'utf8');
    const index = new UnitIndex(text);
    let reads = 0;
    const counted = new Proxy(text, {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    Object.defineProperty(index, 'text', { value: counted });
    for (const quote of ['AAAB', `${'A'.repeat(50)}B`, `${'A'.repeat(50)} end`, 'end']) {
      reads = 0;
      const q = prepareQuote(quote);
      const range = index.range(q.bytes);
      expect([quote, range.hi - range.lo]).toEqual([quote, findMatches(text, q, 10).length]);
      expect(reads).toBeLessThan(20 * (q.bytes.length + 8));
    }
  });
});

describe('SourceView.matches', () => {
  it('gives what findMatches gives, searched or looked up in the index', () => {
    fc.assert(
      fc.property(hostileText(50), fc.nat(), fc.nat(10), fc.integer({ min: 1, max: 5 }), (raw, a, len, limit) => {
        const text = normalizeText(raw);
        const cps = [...text];
        const at = a % (cps.length + 1);
        const quote = normalizeText(cps.slice(at, at + len).join(''));
        if (quote === '') return;
        const bytes = Buffer.from(text, 'utf8');
        const all = findMatches(bytes, prepareQuote(quote), Number.POSITIVE_INFINITY);
        for (const matches of ['searched', 'indexed'] as const)
          expect(new SourceView(bytes, undefined, { matches }).matches(quote, limit)).toEqual(all.slice(0, limit));
      }),
      { numRuns: 1000 },
    );
  });

  it('switches from searching to the index after many searches, with the same answers', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `w${i % 50} is here`).join(' ');
    const bytes = Buffer.from(text, 'utf8');
    const view = new SourceView(bytes);
    // Each search reads the whole text (every quote has 40 matches, fewer than asked): past about 64 × 64 KiB, the index.
    for (let round = 0; round < 5; round++)
      for (let i = 0; i < 50; i++) {
        const quote = `w${i} is here`;
        const limit = round === 4 ? 3 : 1000;
        expect(view.matches(quote, limit)).toEqual(findMatches(bytes, prepareQuote(quote), limit));
      }
  });
});
