// An explanation depends on its record and its source alone (issue 18, item 6):
// whatever a run shares between the records of a source (the view of it, its
// indexes, what its folds have cost), a quote gets the same closest passage and
// the same hints alone, in any batch, and in any order within one.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { explainMiss } from '../../src/engine/diagnose/miss.js';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { findMatches, prepareQuote } from '../../src/engine/match.js';
import { normalizeText } from '../../src/engine/normalize.js';

const WORDS = [
  'Returns',
  'returns',
  'are',
  'accepted',
  'within',
  '30',
  '17',
  'days.',
  'days',
  'A',
  'receipt',
  'is',
  'required.',
  '# Angstrom)d',
  'ANGSTROM',
  'Ångström',
  'Zürich',
  'Zurich',
  'ﬁnal',
  'final',
  '“final',
  'sale”',
  '"final',
  'sale"',
  're\u00adfund',
  'refund',
  'equip-',
  'ment',
  'equipment',
  'don’t',
  'co-op',
  'a_b',
  'x/y',
  'the',
  'of',
  'the',
  'and',
  'İstanbul',
  'Contact',
  'support.',
];

const source = fc
  .array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 120 })
  .map((w) => normalizeText(w.join(' ')));

/** Quotes made from the source: spans of it, changed in one of the ways a near miss is. */
function quotesOf(text: string, picks: [number, number, number][]): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  for (const [a, len, change] of picks) {
    const from = a % words.length;
    const span = words.slice(from, from + 1 + (len % 12));
    switch (change % 9) {
      case 0:
        span[span.length >> 1] = 'not';
        break;
      case 1:
        span[0] = span[0].toUpperCase();
        break;
      case 2:
        span.splice(span.length >> 1, 0, 'never');
        break;
      case 3:
        span[0] = span[0].slice(1) || 'x';
        break;
      case 4:
        for (let k = 0; k < span.length; k++) span[k] = span[k].normalize('NFKD');
        break;
      case 5:
        span[span.length - 1] += 's';
        break;
      case 6:
        // Upper case, and the punctuation at the words' edges left out.
        for (let k = 0; k < span.length; k++) span[k] = span[k].toUpperCase().replace(/^\P{L}+|\P{L}+$/gu, '') || '#';
        break;
      case 7:
        // Made up of the source's words, far from any passage of it.
        span.reverse();
        span.push('zebra', 'quantum', 'nowhere');
        break;
      default:
        // The last word's first run of letters, in upper case ("ANGSTROM" of "Angstrom)d").
        span[span.length - 1] = (span[span.length - 1].match(/\p{L}+/u)?.[0] ?? 'x').toUpperCase();
    }
    out.push(normalizeText(span.join(' ')));
  }
  return out.filter((q) => q !== '' && findMatches(Buffer.from(text, 'utf8'), prepareQuote(q), 1).length === 0);
}

describe('an explanation depends on its record and its source alone', () => {
  it('gives a quote the same explanation alone and in any batch, in any order', () => {
    const pick = fc.tuple(fc.nat(), fc.nat(), fc.nat());
    fc.assert(
      fc.property(
        source,
        fc.array(pick, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.nat(24),
        (text, picks, order, madeUp) => {
          // Quotes with nothing close too, many of them: each folds the source to look for hints.
          const quotes = [
            ...quotesOf(text, picks),
            ...Array.from({ length: madeUp }, (_, k) => `Zebra ${k} quantum nowhere`),
          ];
          if (quotes.length === 0) return;
          const bytes = Buffer.from(text, 'utf8');
          const alone = quotes.map((q) => explainMiss(new SourceView(Buffer.from(bytes), 1), q));
          // One view for the batch, as a run makes one per source, told how many quotes it explains.
          const shared = new SourceView(Buffer.from(bytes), quotes.length);
          const shuffled = quotes.map((_, k) => k);
          order.forEach((r, k) => {
            const j = k % shuffled.length;
            const i = r % shuffled.length;
            [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
          });
          for (const k of shuffled) expect([quotes[k], explainMiss(shared, quotes[k])]).toEqual([quotes[k], alone[k]]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the case hint of "# ANGSTROM" against "# Angstrom)d" alone and among eight other misses', () => {
    const text = normalizeText('Units: # Angstrom)d and more text here, then the end of it.');
    const bytes = Buffer.from(text, 'utf8');
    const quote = '# ANGSTROM';
    const alone = explainMiss(new SourceView(Buffer.from(bytes), 1), quote);
    expect(alone.hints.map((h) => h.kind)).toContain('case');
    const shared = new SourceView(Buffer.from(bytes), 9);
    for (let k = 0; k < 8; k++) explainMiss(shared, `Nothing ${k} like it`);
    expect(explainMiss(shared, quote)).toEqual(alone);
  });
});
