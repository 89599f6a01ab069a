// normalizeUnicode must be String.prototype.normalize, in linear time: the
// same answer for every text and form, with its own ordering of long runs of
// marks forced on (longRun 0 or 1) as well as left to the runtime, and its
// pieces as short as one code unit.
import fc from 'fast-check';
import { LONG_MARK_RUN, type NormalForm, normalizeUnicode, PIECE } from '../../src/engine/unicode-normalize.js';
import { inEngineThread } from '../helpers/engine-thread.js';

const FORMS: NormalForm[] = ['NFC', 'NFD', 'NFKC', 'NFKD'];

/** Starters, letters with and without decompositions, marks of many classes (astral ones too), compatibility characters. */
const PIECES = [
  'a',
  'e',
  'A',
  ' ',
  'é',
  'e\u0301',
  '\u1e69', // ṩ: s, dot below (220), dot above (230)
  '\u1ea0', // Ạ
  '\u0301', // acute, 230
  '\u0300', // grave, 230
  '\u0316', // grave below, 220
  '\u0323', // dot below, 220
  '\u0334', // tilde overlay, 1
  '\u0345', // ypogegrammeni, 240
  '\u0344', // dialytika tonos: 0308 0301
  '\u031b', // horn, 216
  '\u0f73', // Tibetan: 0f71 0f72, composition exclusion
  '\u0f71',
  '\u0f72',
  '\u05b0', // Hebrew sheva, 10
  '\u0591',
  '\u3099', // voiced sound mark, 8
  '\uff9e', // half-width voiced sound mark: U+3099 in NFKD
  '\u034f', // combining grapheme joiner, class 0
  '\ufb01', // ﬁ
  '\u2460', // ①
  '\uac00', // 가
  '\u1100\u1161',
  '\u0958', // composition exclusion, 0915 093c
  '\u093c', // nukta, 7
  '\ud834\udd65', // musical stem, 216
  '\ud834\udd6d', // augmentation dot, 226
  '\ud834\udd5e', // half note: a decomposition with marks
  '\ud800', // lone surrogates
  '\udc00',
  '\u11a8', // Hangul final consonant: joins the syllable before it
  // Starters that join the one before them, in chains (U+16D63 U+16D67 U+16D67 is U+16D6A).
  '\u{16d67}',
  '\u{16d63}',
  '\u{16d68}',
  '\u{16d69}',
  '\u{113c2}',
  '\u{113b8}',
  '\u{113c9}',
  '\u{1138b}',
  '\u{1611e}',
  '\u{1611f}',
  '\u{16121}',
  '\u{16129}',
];

describe('normalizeUnicode', () => {
  it('is the runtime normalize, with long runs ordered here or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
        fc.constantFrom(...FORMS),
        fc.constantFrom(0, 1, 3, LONG_MARK_RUN),
        fc.constantFrom(1, 2, 7, PIECE),
        (parts, form, longRun, piece) => {
          const text = parts.join('');
          expect(normalizeUnicode(text, form, longRun, piece)).toBe(text.normalize(form));
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('gives the runtime answer for a long run of marks out of order, in every form', () => {
    // Long enough to be ordered here, short enough for the runtime's own answer to come quickly.
    const text = `a${'\u0301\u0316\u0334\u0345\ud834\udd65'.repeat(300)}b\u0301${'\uff9e\u0334'.repeat(200)}`;
    for (const form of FORMS) expect(normalizeUnicode(text, form)).toBe(text.normalize(form));
  });

  // On a thread of their own (engine-thread.ts): the runtime alone takes minutes on each of these texts, and
  // were the work left to it again, the test would fail rather than pass after them.
  it('normalizes 200,000 marks after one letter, half of a class above the other', async () => {
    // In canonical order (220 before 230) the runtime answers at once: that is the answer.
    const ordered = `a${'\u0316'.repeat(200_000)}${'\u0301'.repeat(200_000)}`;
    const same = await inEngineThread<boolean[]>(
      'unicode-normalize',
      `({ normalizeUnicode }, { ordered, nfc }) => {
        const text = 'a' + '\u0301'.repeat(200000) + '\u0316'.repeat(200000);
        return [normalizeUnicode(text, 'NFC') === nfc, normalizeUnicode(text, 'NFKD') === ordered];
      }`,
      { ordered, nfc: ordered.normalize('NFC') },
      'normalizing 400,000 marks',
    );
    expect(same).toEqual([true, true]);
  });

  it('normalizes 2,000,000 starters that join the one before them', async () => {
    const pair = '\u{16d67}\u{16d67}'.normalize('NFC');
    expect(pair).toBe('\u{16d68}');
    const same = await inEngineThread<boolean[]>(
      'unicode-normalize',
      `({ normalizeUnicode }, pair) => {
        const run = '\u{16d67}'.repeat(2000000);
        return [
          normalizeUnicode('x' + run, 'NFC') === 'x' + pair.repeat(1000000),
          // After U+16D63 the first two join it (U+16D6A), and the rest pair up from there.
          normalizeUnicode('\u{16d63}' + run + '!', 'NFC') === '\u{16d6a}' + pair.repeat(999999) + '!',
          normalizeUnicode(run, 'NFD') === run,
        ];
      }`,
      pair,
      'normalizing 2,000,000 of U+16D67',
    );
    expect(same).toEqual([true, true, true]);
  });
});
