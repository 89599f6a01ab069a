// Every range the diagnostics report maps back to the original file: the
// original text there, normalized, is the passage they name. Sources whose
// normalized length is at or near a multiple of 64 UTF-16 units exercise the
// view's byte checkpoints at the very end of the text.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { explainIn, sliceAt } from '../helpers/diagnose.js';
import { hostileText } from '../helpers/unicode.js';
import type { MatchPosition } from '../../src/model/result.js';

const WORDS = [
  'Returns',
  'are',
  'accepted',
  'within',
  '30',
  'days',
  'café',
  'naïve',
  '😀',
  'Ａ',
  'end.',
  'x',
  'ﬁnal',
  '“sale”',
  'İstanbul',
  're\u00adfund',
  '𝐀𝐁',
];
const SPACES = [' ', '  ', '\r\n', '\t', '\u00a0', '\n \n'];

/** Words whose normalized text (one space between them) is exactly `length` UTF-16 units. */
function wordsOfLength(picks: number[], length: number): string[] {
  const words: string[] = [];
  let size = -1;
  for (let k = 0; size + 1 + 2 < length; k++) {
    const word = WORDS[picks[k % picks.length] % WORDS.length];
    if (size + 1 + word.length > length - 2) break;
    words.push(word);
    size += 1 + word.length;
  }
  // Pad with one last ASCII word to the exact length.
  words.push('z'.repeat(length - size - 1));
  return words;
}

describe('diagnostic positions', () => {
  it('map every explained range back to the original, whatever the source length around multiples of 64', () => {
    const lengths = fc.integer({ min: 1, max: 5 }).chain((k) => fc.integer({ min: 64 * k - 3, max: 64 * k + 3 }));
    fc.assert(
      fc.property(
        lengths,
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('change', 'case', 'plain', 'repeat'),
        (length, picks, gaps, a, b, how) => {
          const words = wordsOfLength(picks, length);
          expect(words.join(' ').length).toBe(length);
          if (how === 'repeat') words.push(...words.slice(-2));
          const original = words
            .map((w, i) => (i === 0 ? '' : SPACES[gaps[i % gaps.length] % SPACES.length]) + w)
            .join('');
          // The quote ends at the source's last word, where the checkpoints were wrong.
          const from = a % words.length;
          const quoteWords = words.slice(from);
          const k = b % quoteWords.length;
          if (how === 'change') quoteWords[k] = 'qqq';
          if (how === 'case') quoteWords[k] = quoteWords[k].toUpperCase();
          // Ligatures, full width, typographic quotes and soft hyphens made plain: hints that fold either side.
          if (how === 'plain')
            quoteWords[k] = quoteWords[k]
              .normalize('NFKC')
              .replace(/[“”]/g, '"')
              .replace(/\u00ad/g, '');
          const quote = how === 'repeat' ? words.slice(-2).join(' ') : quoteWords.join(' ');
          const { detail } = explainIn(original, { quote });
          if (how === 'plain' && quote !== words.slice(from).join(' ') && !detail.hints)
            throw new Error(`no hint for ${JSON.stringify(quote)}`);
          const ranges: [MatchPosition, string][] = [];
          if (detail.closest) ranges.push([detail.closest.at, detail.closest.passage]);
          for (const h of detail.hints ?? []) ranges.push([h.at, h.passage]);
          for (const s of detail.suggestions ?? []) ranges.push([s.at, normalizeText(quote)]);
          for (const [at, passage] of ranges) expect(normalizeText(sliceAt(original, at))).toBe(passage);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('never throw on hostile text, and every range they name maps back to its passage', () => {
    fc.assert(
      fc.property(
        hostileText(60),
        hostileText(12),
        fc.option(hostileText(4)),
        fc.option(hostileText(4)),
        fc.boolean(),
        (text, quote, prefix, suffix, fold) => {
          // The loader drops a leading BOM before the text gets here.
          const source = text.replace(/^\ufeff/, '');
          // Half the quotes are a piece of the source with one of its differences folded away (hints), half anything.
          const words = normalizeText(source).split(' ');
          const piece = fold
            ? words
                .slice(words.length >> 2, (words.length >> 2) + 4)
                .join(' ')
                .normalize('NFKC')
                .toLowerCase()
            : quote;
          if (!piece.isWellFormed() || !source.isWellFormed()) return;
          const { detail } = explainIn(source, {
            quote: piece,
            ...(prefix !== null ? { prefix } : {}),
            ...(suffix !== null ? { suffix } : {}),
          });
          const ranges: [MatchPosition, string][] = [];
          if (detail.closest) ranges.push([detail.closest.at, detail.closest.passage]);
          for (const h of detail.hints ?? []) ranges.push([h.at, h.passage]);
          for (const s of detail.suggestions ?? []) ranges.push([s.at, normalizeText(piece)]);
          for (const o of detail.context?.occurrences ?? []) ranges.push([o.at, normalizeText(piece)]);
          for (const [at, passage] of ranges) {
            const found = normalizeText(sliceAt(source, at));
            // Where NFC changed the source, the offset map knows only whole clusters, which may reach back a character or two.
            if (source.normalize('NFC') !== source && found !== passage) expect(found).toContain(passage);
            else expect(found).toBe(passage);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('explains a source of exactly 64 units with a changed number (it used to fail with an internal error)', () => {
    const source = 'Returns are accepted within 30 days of delivery, with a receipt!';
    expect(source.length).toBe(64);
    const { verdict, detail } = explainIn(source, { quote: source.replace('30', '45') });
    expect(verdict).toBe('quote not found');
    expect(detail.closest).toMatchObject({ at: { line: 1, column: 1, endLine: 1, endColumn: 65 }, passage: source });
  });

  it('converts between string indices and byte offsets at every code point boundary', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.constantFrom('a', 'é', '😀', '中', ' '), { maxLength: 20 }),
        (n, tail) => {
          const text = normalizeText('a'.repeat(n) + tail.join('')) || 'a';
          const view = new SourceView(Buffer.from(text, 'utf8'));
          for (let i = 0; i <= text.length; i++) {
            const c = text.charCodeAt(i);
            if (c >= 0xdc00 && c <= 0xdfff) continue;
            const b = Buffer.byteLength(text.slice(0, i));
            expect([i, view.byteOffset(i)]).toEqual([i, b]);
            expect([b, view.charIndex(b)]).toEqual([b, i]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
