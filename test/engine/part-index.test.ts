// A source's words are looked up (SourceView.occurrences) by searching its
// text for a few quotes, and through an index of the parts of its words for
// many: the answer must be the same either way, for any key, however many
// places it has and however many parts share a hash.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { KEY_PLACES, SourceView, wordKey } from '../../src/engine/diagnose/view.js';
import { inEngineThread } from '../helpers/engine-thread.js';

const WORDS = [
  'the',
  'The',
  'THE',
  'returns',
  'Angstrom)d',
  'angstrom',
  '(angstrom',
  'don’t',
  'don',
  't',
  'a-b-c-d-e-f-g-h-i-j',
  'b-c',
  'x.y.z',
  'Zürich',
  'zürich',
  '30',
  '30%',
  '§4',
  '—',
  '...',
  'naïve',
  '𝐀bc',
  'abc',
  // Case folding that changes length: İ lower-cased is i and U+0307 (not a
  // letter), so the key of a quote's "İ" ends in a character that is not one.
  'İ',
  'İstanbul',
  'i\u0307',
  'i\u0307stanbul',
  'i\u0307)',
  'Ki\u0307',
  'istanbul',
  'i',
  'ß',
  'STRASSE',
  'straße',
  'ﬁ',
  'ﬁne',
  'ǰ',
  'ǰ-ǰ',
];
/** Words of the text: without İ, whose lower case moves indices (every lookup is then of whole words). */
const SAME_LENGTH_WORDS = WORDS.filter((w) => w.toLowerCase().length === w.length);

/** One view that searches (a single lookup expected) and one that indexes at once, of the same text. */
function views(text: string): [SourceView, SourceView] {
  const bytes = Buffer.from(text, 'utf8');
  return [new SourceView(bytes, 1), new SourceView(bytes, Number.POSITIVE_INFINITY)];
}

describe('SourceView.occurrences', () => {
  it('is the same through the index of parts as by searching the text', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(fc.constantFrom(WORDS), fc.constantFrom(SAME_LENGTH_WORDS))
          .chain((words) => fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 120 })),
        fc.array(
          fc.oneof(
            fc.constantFrom(...WORDS, 'absent', 'c-d', 'y.z', 'ngstrom').map(wordKey),
            // Keys no word gives (wordKey): punctuation at an edge or alone, a space.
            fc.constantFrom('(angstrom', ')d', 'i\u0307)', '—', '...', 'the returns', 'don’'),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom(0, 1, 3, KEY_PLACES),
        (list, keys, cap) => {
          const text = list.join(' ');
          for (const key of keys) {
            if (key === '') continue;
            // A fresh searching view for each key: searching stops once it has read the text too often.
            const [searched, indexed] = views(text);
            expect(indexed.occurrences(key, cap)).toEqual(searched.occurrences(key, cap));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers for a common word past the table growing, and for words that are rare', () => {
    // Thousands of distinct words make the table of hashes grow several times while entries are made.
    const list: string[] = [];
    for (let i = 0; i < 6000; i++) list.push(`w${i}`, i % 7 === 0 ? 'common' : `x${i % 500}-y${i % 13}`);
    const text = list.join(' ');
    const [searched, indexed] = views(text);
    for (const key of ['common', 'w0', 'w5999', 'x499-y5', 'y12', 'x7', 'nothing']) {
      expect(indexed.occurrences(key, KEY_PLACES)).toEqual(searched.occurrences(key, KEY_PLACES));
      expect(indexed.occurrences(key, 10_000)).toEqual(views(text)[0].occurrences(key, 10_000));
    }
  });
});

describe('SourceView.occurrences of the empty key', () => {
  it('is no place, searched for or looked up, and ends', async () => {
    // No word has the empty key (wordKey gives it to words without a letter or digit, which are never kept).
    // Before it was defined so, searching "a" for it with a cap of 1 never returned: the lookups run on a
    // thread of their own, stopped if they have not answered (engine-thread.ts).
    const answers = await inEngineThread<{ places: number[] }[]>(
      'diagnose/view',
      `({ KEY_PLACES, SourceView }, texts) => {
        const answers = [];
        for (const text of texts)
          for (const cap of [0, 1, KEY_PLACES])
            for (const lookups of [1, Number.POSITIVE_INFINITY]) {
              const places = new SourceView(Buffer.from(text, 'utf8'), lookups).occurrences('', cap);
              answers.push({ text, cap, lookups, places });
            }
        return answers;
      }`,
      ['a', '', 'a b', '— ...', 'the returns the'],
      "occurrences('')",
    );
    expect(answers).toHaveLength(5 * 3 * 2);
    expect(answers.filter((a) => a.places.length > 0)).toEqual([]);
  });
});
