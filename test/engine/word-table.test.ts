// The closest passage found through a source's word table (made when many
// quotes are explained against it) must be the one found by cutting each
// window's words from the text: the same windows, the same passage, whatever
// quotes were aligned against the table before.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { nearestPassage } from '../../src/engine/diagnose/closest.js';
import { SourceView, WordTable, windowOf } from '../../src/engine/diagnose/view.js';
import { normalizeText } from '../../src/engine/normalize.js';

const VOCABULARY = [
  'the',
  'The',
  'returns',
  'Returns',
  'RETURNS',
  'are',
  'accepted',
  'within',
  '30',
  '60',
  'days',
  'days.',
  '(see',
  'note)',
  'don’t',
  'dont',
  'café',
  'cafe',
  'ﬁnal',
  'final',
  '–',
  '—',
  '(',
  ')',
  '"',
  '...',
  '§',
  '"quoted"',
  'a',
  'of',
  'delivery,',
  'receipt',
];

/** Normalized texts of 400 to 900 words: long enough that one lookup does not pay for a word table. */
const texts = fc
  .array(fc.constantFrom(...VOCABULARY), { minLength: 400, maxLength: 900 })
  .map((words) => normalizeText(words.join(' ')));

/** A quote cut from the text at any character, sometimes with a word put in or changed. */
function quotesOf(text: string, picks: readonly [number, number, number, number][]): string[] {
  return picks.map(([at, length, edit, word]) => {
    const start = at % text.length;
    // Most of a sentence or two; one in eight long enough to grow align's arrays (over 256 words).
    const span = length % 8 === 0 ? 1500 + (length % 2000) : 8 + (length % 160);
    let quote = text.slice(start, start + span);
    const words = quote.split(' ');
    const k = edit % (words.length + 1);
    if (edit % 3 === 1) words.splice(k, 0, VOCABULARY[word % VOCABULARY.length]);
    if (edit % 3 === 2 && k < words.length) words[k] = VOCABULARY[word % VOCABULARY.length];
    quote = normalizeText(words.join(' '));
    return quote === '' ? 'receipt' : quote;
  });
}

test('the closest passage through a word table is the one through windows cut from the text', () => {
  fc.assert(
    fc.property(
      texts,
      fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 }),
      (text, picks) => {
        const bytes = Buffer.from(text, 'utf8');
        // Many lookups expected: a table, shared by every quote in turn.
        const tabled = new SourceView(bytes, 1_000_000);
        expect(tabled.wordTable()).toBeDefined();
        for (const quote of quotesOf(text, picks)) {
          // One lookup against a text of thousands of characters: windows cut from the text.
          const cut = new SourceView(bytes, 1);
          expect(cut.wordTable()).toBeUndefined();
          expect(nearestPassage(tabled, quote)).toEqual(nearestPassage(cut, quote));
        }
      },
    ),
    { numRuns: 150, seed: 18 },
  );
});

test('a window from the word table has the words cut from the text, for every stretch', () => {
  // Not normalized: spaces doubled, leading and trailing, other white space, pairs of surrogates.
  const pieces = fc.constantFrom('a', 'bc', 'déf', '😀x', 'g😀', ' ', ' ', '  ', '\n', '\u00a0', '–');
  fc.assert(
    fc.property(fc.array(pieces, { maxLength: 14 }), (parts) => {
      const text = parts.join('');
      const table = new WordTable(text);
      for (let from = 0; from <= text.length; from++)
        for (let to = from; to <= text.length; to++) {
          const cut = windowOf(text, from, to);
          const taken = windowOf(text, from, to, table);
          expect([taken.words, taken.starts]).toEqual([cut.words, cut.starts]);
          if (taken.words.length > 0) expect(taken.starts[0]).toBe(table.starts[taken.offset!]);
        }
    }),
    { numRuns: 300, seed: 18 },
  );
});

test('the stamps hold across the wrap of the serial numbers', () => {
  // Words that differ only in case: a quote word stamped wrong counts as near, not the same.
  const words = ['the', 'The', 'THE', 'cat', 'Cat', 'sat', 'Sat', 'mat', 'on', 'On', 'a', 'A'];
  let seed = 7;
  const pick = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  let compared = 0;
  for (let run = 0; run < 300; run++) {
    const textWords = Array.from({ length: 200 }, () => words[pick(words.length)]);
    const bytes = Buffer.from(textWords.join(' '), 'utf8');
    const tabled = new SourceView(bytes, 1_000_000);
    // Just short of the largest serial: this text's quotes cross it.
    (tabled.wordTable() as unknown as { serials: number }).serials = 0x7fffffff - 2;
    for (let k = 0; k < 5; k++) {
      const at = pick(190);
      const quote = textWords
        .slice(at, at + 3 + pick(8))
        .map((w) => (pick(3) > 0 ? w : words[pick(words.length)]))
        .join(' ');
      expect(nearestPassage(tabled, quote)).toEqual(nearestPassage(new SourceView(bytes, 1), quote));
      compared++;
    }
  }
  expect(compared).toBe(1500);
});

test('a view that expects few quotes makes its table once enough are aligned', () => {
  // 5,120 characters: the table pays from the tenth quote aligned (one per 512 characters).
  const text = 'abcd '.repeat(1024).trim();
  const few = new SourceView(Buffer.from(text, 'utf8'), 1);
  for (let k = 1; k < 10; k++) expect(few.wordTable()).toBeUndefined();
  expect(few.wordTable()).toBeDefined();
  // A fifth of the quotes expected would pay for it: at once.
  expect(new SourceView(Buffer.from(text, 'utf8'), 50).wordTable()).toBeDefined();
});

test('windows at the edges of words and of the text', () => {
  const text = normalizeText('Returns are accepted within 30 days of delivery. A receipt is required.');
  const bytes = Buffer.from(text, 'utf8');
  const tabled = new SourceView(bytes);
  expect(tabled.wordTable()).toBeDefined();
  for (const quote of ['eturns are accepted', 'Returns are', 'is required.', 'quired.', 'A receipt is not required.'])
    expect(nearestPassage(tabled, quote)).toEqual(nearestPassage(new SourceView(bytes, 0), quote));
});

test('each word has the id of its text, one id per distinct text, past the table growing', () => {
  // Thousands of distinct words (the table of ids grows several times), each several times, with
  // words that one character, or case, or a pair of surrogates tells apart.
  const distinct = Array.from({ length: 5000 }, (_, i) => [`w${i}`, `W${i}`, `w${i}😀`, `😀${i}`][i % 4]);
  const words = Array.from({ length: 20_000 }, (_, k) => distinct[(k * 7919) % distinct.length]);
  const text = `  ${words.join(' ')}\u00a0x `;
  const table = new WordTable(text);
  const cut = windowOf(text, 0, text.length);
  expect(table.ids.length).toBe(cut.words.length);
  expect(new Set(table.texts).size).toBe(table.texts.length);
  for (let k = 0; k < table.ids.length; k++) {
    const word = text.slice(table.starts[k], table.ends[k]);
    expect(word).toBe(cut.words[k]);
    expect(table.texts[table.ids[k]]).toBe(word);
    expect(table.idOf(word)).toBe(table.ids[k]);
  }
  for (const absent of ['w', 'w5000', 'x ', '', 'W0😀', '😀']) expect(table.idOf(absent)).toBeUndefined();
});
