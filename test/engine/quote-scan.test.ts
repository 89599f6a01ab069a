import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { prepareQuote } from '../../src/engine/match.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { MIN_TABLE_QUOTE, QuoteSet } from '../../src/engine/quote-scan.js';
import { ScanSearcher, ScannedSearcher } from '../../src/engine/search.js';
import { hostileText } from '../helpers/unicode.js';

/** The text at an arbitrary byte offset, so that scanning must cope with unaligned buffers too. */
function placed(text: string, shift: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const room = Buffer.alloc(bytes.length + shift);
  bytes.copy(room, shift);
  return room.subarray(shift);
}

describe('QuoteSet: all quotes in one pass', () => {
  it('finds exactly what searching each quote alone finds: overlaps, word boundaries, caps, short quotes', () => {
    const repeated = fc.tuple(fc.constantFrom('ab ', 'aa', 'Contact support. ', 'x!'), fc.nat(40)).map(([u, n]) => u.repeat(n));
    const source = fc.oneof(hostileText(80), repeated, fc.tuple(hostileText(30), repeated).map(([a, b]) => a + b + a));
    fc.assert(fc.property(source, fc.array(fc.tuple(fc.nat(), fc.nat(60)), { minLength: 1, maxLength: 12 }), fc.nat(7), fc.integer({ min: 1, max: 4 }),
      (raw, picks, shift, cap) => {
        const text = normalizeText(raw);
        const cps = [...text];
        const quotes = [...new Set(picks.map(([a, len]) => normalizeText(cps.slice(a % (cps.length + 1), (a % (cps.length + 1)) + len).join(''))))]
          .filter((q) => q !== '');
        const set = new QuoteSet();
        const ids = quotes.map((q) => set.add(prepareQuote(q), cap));
        const bytes = placed(text, shift);
        const scanned = new ScannedSearcher(bytes, set, set.scan(bytes, new Set(ids)));
        for (const q of quotes) {
          const prepared = prepareQuote(q);
          expect([q, scanned.find(prepared, cap)]).toEqual([q, new ScanSearcher(bytes).find(prepared, cap)]);
        }
      }), { numRuns: 1500 });
  });

  it('searches short quotes only in the sources asked for, long ones everywhere', () => {
    const set = new QuoteSet();
    const short = set.add(prepareQuote('receipt'), 10);
    const long = set.add(prepareQuote('A receipt is required.'), 10);
    expect(Buffer.byteLength('A receipt is required.')).toBeGreaterThanOrEqual(MIN_TABLE_QUOTE);
    const text = Buffer.from('Returns need a receipt. A receipt is required.', 'utf8');
    const hits = set.scan(text, new Set());
    expect([...hits.keys()]).toEqual([long]);
    expect(set.scan(text, new Set([short])).get(short)?.starts).toEqual([15, 26]);
  });
});

describe('QuoteSet regressions', () => {
  // Found by the property test above: two starts found at one aligned position
  // (12 and 9, both at 12) arrived in the wrong order, and a full list dropped
  // the earlier one.
  it('keeps the first matches in text order when two are found at one aligned position', () => {
    const text = Buffer.from('ab ab ab ab ab ab ab ab ab ab', 'utf8');
    const quote = prepareQuote('ab ab ab ab ab ab ab');
    const set = new QuoteSet();
    const id = set.add(quote, 4);
    expect(set.scan(text, new Set([id])).get(id)?.starts).toEqual([0, 3, 6, 9]);
  });
});
