import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { jest } from '@jest/globals';
import {
  closestPassage,
  compactDiff,
  explainable,
  formatDiff,
  MAX_EXPLAINED_QUOTE,
  nearestPassage,
} from '../../src/engine/diagnose/closest.js';
import { suggestContexts } from '../../src/engine/diagnose/disambiguate.js';
import { baseCharacters, findHints, findHintsAnywhere } from '../../src/engine/diagnose/hints.js';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { engineVerdict } from '../helpers/engine.js';
import { PIECES, WHITESPACE } from '../helpers/unicode.js';

const view = (text: string) => new SourceView(Buffer.from(normalizeText(text), 'utf8'));

describe('closestPassage', () => {
  const source =
    'Shipping is free over $50. Returns are accepted within 30 days of delivery. A receipt is required. Gift cards are final.';

  it.each([
    ['A receipt is not required.', 'A receipt is [+not+] required.', 'A receipt is required.'],
    [
      'Returns are accepted within 60 days of delivery.',
      'Returns are accepted within [-30-] [+60+] days of delivery.',
      'Returns are accepted within 30 days of delivery.',
    ],
    [
      'Returns are accepted within 30 days.',
      'Returns are accepted within 30 [-days-] [+days.+]',
      'Returns are accepted within 30 days',
    ],
    ['Indeed, a receipt is required.', '[-A-] [+Indeed, a+] receipt is required.', 'A receipt is required.'],
  ])('finds the passage nearest %j', (quote, diff, passage) => {
    const v = view(source);
    const found = closestPassage(v, quote)!;
    expect(formatDiff(found.diff)).toBe(diff);
    expect(v.text.slice(found.start, found.end)).toBe(passage);
  });

  it.each([
    ['60 days of delivery.', 'within 30 days of delivery.', '[-30-] [+60+] days of delivery.'],
    ['Refunds are issued within 15', 'Refunds are issued within 14 days.', 'Refunds are issued within [-14-] [+15+]'],
    [
      'Refunds are accepted within 30 days',
      'Returns are accepted within 30 days',
      '[-Returns-] [+Refunds+] are accepted within 30 days',
    ],
    ['Full width text here.', 'Ｆｕｌｌ ｗｉｄｔｈ text here.', '[-Ｆｕｌｌ ｗｉｄｔｈ-] [+Full width+] text here.'],
    ['7 days.', 'within 17 days.', '[-17-] [+7+] days.'],
    ['Cafe prices vary.', 'The Café prices vary.', '[-Café-] [+Cafe+] prices vary.'],
  ])('shows a changed word at an edge of %j against the source word it replaces', (quote, source, diff) => {
    expect(formatDiff(nearestPassage(view(source), quote)!.diff)).toBe(diff);
  });

  it('leaves an added word at an edge unpaired when the source word there is unlike it', () => {
    expect(formatDiff(closestPassage(view('The payment method. Next.'), 'The payment card.')!.diff)).toBe(
      'The payment [+card.+]',
    );
  });

  it('compares all of a long quote: a difference after its 200th word still counts', () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const quote = words
      .slice(0, 250)
      .map((w, i) => (i === 230 ? 'changed' : w))
      .join(' ');
    const found = nearestPassage(view(words.join(' ')), quote)!;
    expect(found.similarity).toBeLessThan(1);
    expect(formatDiff(found.diff)).toContain('w229 [-w230-] [+changed+] w231');
    expect(formatDiff(found.diff).endsWith('w249')).toBe(true);
  });

  it('follows an alignment that drifts: words dropped and added in several places of a long quote', () => {
    const words = Array.from({ length: 600 }, (_, i) => `w${i}`);
    // The quote leaves out 10 words in three places and adds 10 in two, one of them a change of 10 words.
    const quoteWords = [
      ...words.slice(100, 150),
      ...words.slice(160, 250),
      ...Array(10).fill('extra'),
      ...words.slice(250, 300),
      ...words.slice(310, 400),
      ...Array(10).fill('more'),
      ...words.slice(410, 450),
    ];
    const found = nearestPassage(view(words.join(' ')), quoteWords.join(' '))!;
    expect(formatDiff(found.diff)).toBe(
      [
        words.slice(100, 150).join(' '),
        `[-${words.slice(150, 160).join(' ')}-]`,
        words.slice(160, 250).join(' '),
        `[+${Array(10).fill('extra').join(' ')}+]`,
        words.slice(250, 300).join(' '),
        `[-${words.slice(300, 310).join(' ')}-]`,
        words.slice(310, 400).join(' '),
        `[-${words.slice(400, 410).join(' ')}-]`,
        `[+${Array(10).fill('more').join(' ')}+]`,
        words.slice(410, 450).join(' '),
      ].join(' '),
    );
  });

  it.each([
    // Every long word occurs in each copy: the short rare one tells the last copy apart.
    [`${'Ａ “sale” end. naïve 30 Ａ Returns days x '.repeat(6)}z`, 'days x "sale" end. naïve 30 Ａ Returns days z'],
    // The rare word's vote lands a bucket away from the others' (a changed word of another length before it).
    [
      `${'accepted 😀 𝐀𝐁 Returns days are '.repeat(7)}accepted 😀 zzz`,
      'Returns days are accepted 😀 AB Returns days are accepted 😀 zzz',
    ],
  ])('finds the copy of a repeated passage that the quote ends like', (source, quote) => {
    const v = view(source);
    const found = nearestPassage(v, quote)!;
    expect(found.end).toBe(v.text.length);
  });

  it('cuts long runs of shared words around each change, for a line a reviewer reads', () => {
    const same = (n: number, from: number) => ({
      op: 'same' as const,
      text: Array.from({ length: n }, (_, i) => `w${from + i}`).join(' '),
    });
    expect(
      compactDiff(
        [
          same(20, 0),
          { op: 'missing', text: 'a' },
          { op: 'added', text: 'b' },
          same(5, 20),
          { op: 'added', text: 'c' },
          same(20, 25),
        ],
        2,
      ),
    ).toBe('… w18 w19 [-a-] [+b+] w20 w21 w22 w23 w24 [+c+] w25 w26 …');
    expect(compactDiff([same(3, 0), { op: 'added', text: 'not' }, same(3, 3)], 2)).toBe('w0 w1 w2 [+not+] w3 w4 w5');
  });

  it('credits a word that differs only in case as half a match', () => {
    const found = nearestPassage(view(source), 'A RECEIPT IS REQUIRED.')!;
    expect(found.similarity).toBeGreaterThan(0.4);
    expect(formatDiff(found.diff)).toBe('A [-receipt is required.-] [+RECEIPT IS REQUIRED.+]');
  });

  it('says nothing rather than show noise', () => {
    expect(closestPassage(view(source), 'Store credit never expires.')).toBeUndefined();
    expect(closestPassage(view(''), 'anything')).toBeUndefined();
  });

  it('scores similarity from 0 to 1', () => {
    const found = closestPassage(view(source), 'A receipt is not required.')!;
    expect(found.similarity).toBeGreaterThan(0.85);
    expect(found.similarity).toBeLessThan(1);
  });
});

/** Hints as the run finds them: around the nearest passage, and in all of the source when nothing is close. */
function hintsFor(v: SourceView, quote: string) {
  const near = nearestPassage(v, quote);
  const hints = near ? findHints(v, quote, near) : [];
  if (!closestPassage(v, quote))
    for (const h of findHintsAnywhere(v, quote)) if (!hints.some((k) => k.kind === h.kind)) hints.push(h);
  return hints;
}

describe('findHints', () => {
  it.each([
    [
      'A Receipt Is Required.',
      'A receipt is required.',
      'case',
      'the quote has "receipt" where the source has "Receipt"; "is" where it has "Is"; "required." where it has "Required."',
    ],
    [
      'Returns are accepted within 30 DAYS.',
      'Returns are accepted within 30 days.',
      'case',
      'the quote has "days." where the source has "DAYS."',
    ],
    [
      'Café orders close at noon.',
      'Cafe orders close at noon.',
      'accents',
      'the quote has "Cafe" where the source has "Café"',
    ],
    [
      'Send your resume to us.',
      'Send your résumé to us.',
      'accents',
      'the quote has "résumé" where the source has "resume"',
    ],
    // A mark NFC cannot compose stays a mark of its own, and folds to nothing.
    ['The q\u0307 sign.', 'The q sign.', 'accents', 'the quote has "q" where the source has "q\u0307"'],
    // NFD of the source moves U+0334 (class 1) before the voicing mark of が (class 8); the fold does not.
    [
      'Paid in Z\u00fcrich \u304c\u0334 now.',
      'Paid in Zurich \u304c',
      'accents',
      'the quote has "Zurich" where the source has "Z\u00fcrich"',
    ],
    [
      'Items marked “final sale” can’t be returned.',
      'Items marked "final sale" can\'t be returned.',
      'quotes',
      'the quote has " (U+0022) where the source has “ (U+201C), in "“final", and ” (U+201D), in "sale”"; ' +
        'the quote has \' (U+0027) where the source has ’ (U+2019), in "can’t"',
    ],
    ["It's due.", 'It’s due.', 'quotes', 'the quote has ’ (U+2019) where the source has \' (U+0027), in "It’s"'],
    [
      'Prices from 10–20 dollars.',
      'Prices from 10-20 dollars.',
      'quotes',
      'the quote has - (U+002D) where the source has – (U+2013), in "10–20"',
    ],
    [
      'The ﬁnal decision is ours.',
      'The final decision is ours.',
      'compatibility',
      'the source has ﬁ (U+FB01, a ligature) where the quote has "fi", in "ﬁnal"',
    ],
    [
      'Our ﬁnancial ofﬁce handles refunds.',
      'Our financial office handles refunds.',
      'compatibility',
      'the source has ﬁ (U+FB01, a ligature) where the quote has "fi", in "ﬁnancial" and "ofﬁce"',
    ],
    [
      'Ｆｕｌｌ width text here.',
      'Full width text here.',
      'compatibility',
      'the source has 3 full-width characters (Ｆ U+FF26, ｕ U+FF55, ｌ U+FF4C) where the quote has plain ones, in "Ｆｕｌｌ"',
    ],
    [
      'A re\u00adfund is due.',
      'A refund is due.',
      'invisible',
      'the source has a soft hyphen (U+00AD) in "re\u00adfund"',
    ],
    [
      'A receipt is required.',
      'A re\u200bceipt is required.',
      'invisible',
      'the quote has a zero-width space (U+200B) in "re\u200bceipt"',
    ],
    [
      'zero\u200bwidth joiners',
      'zerowidth joiners',
      'invisible',
      'the source has a zero-width space (U+200B) in "zero\u200bwidth"',
    ],
    [
      'electronic equip- ment',
      'electronic equipment',
      'hyphenation',
      'the source has "equip- ment" where the quote has "equipment"',
    ],
    [
      'electronic equipment',
      'electronic equip- ment',
      'hyphenation',
      'the quote has "equip- ment" where the source has "equipment"',
    ],
    [
      'electronic equip- ment for two years',
      'electronic equip-ment for two years',
      'hyphenation',
      'the source has "equip- ment" where the quote has "equip-ment"',
    ],
    [
      'Returns are accepted within **30 days** of delivery.',
      'Returns are accepted within 30 days of delivery.',
      'markup',
      'the quote has "30" where the source has "**30"; "days" where it has "days**"',
    ],
    [
      'Items marked _final sale_ cannot be returned.',
      'Items marked final sale cannot be returned.',
      'markup',
      'the quote has "final" where the source has "_final"; "sale" where it has "sale_"',
    ],
    [
      'Use the `returns` form to start.',
      'Use the returns form to start.',
      'markup',
      'the quote has "returns" where the source has "`returns`"',
    ],
    [
      'See the [refund policy](https://example.com/r) first.',
      'See the refund policy first.',
      'markup',
      'the quote has "refund" where the source has "[refund"; "policy" where it has "policy](https://example.com/r)"',
    ],
    [
      'Returns are accepted within 30 days of delivery.',
      'Returns are accepted within *30 days* of delivery.',
      'markup',
      'the quote has "*30" where the source has "30"; "days*" where it has "days"',
    ],
    [
      'within 17 days. Unpaid orders are cancelled.',
      '7 days.',
      'word boundary',
      'the quote is found only inside longer words, as in "17 days."',
    ],
    [
      'within 17 days. Unpaid orders are cancelled.',
      'paid orders are cancelled.',
      'word boundary',
      'the quote is found only inside longer words, as in "Unpaid orders are cancelled."',
    ],
  ])('in %j, %j hints at %s and names the difference', (source, quote, kind, difference) => {
    const hints = hintsFor(view(source), normalizeText(quote));
    expect(hints.map((h) => [h.kind, h.difference])).toEqual([[kind, difference]]);
  });

  it.each([
    // Folded, the quote is found only inside a longer word: two differences, no hint.
    ['Returns within 17 DAYS.', '7 days.'],
    ['Items marked “final sale” cannot be returned.', 'nal sale" cannot be returned.'],
    ['A receipt is required.', 'A RECEIPT is “required”!'],
    // The overlay that negates a symbol is no accent: = for ≠ says the opposite.
    ['The result x ≠ 0 for all inputs.', 'The result x = 0 for all inputs.'],
    ['Store credit ∉ refunds here.', 'Store credit ∈ refunds here.'],
    // Struck-out text is not markup to drop: without its marks it says the opposite.
    ['Returns are ~~not~~ accepted after 30 days.', 'Returns are not accepted after 30 days.'],
    // An underscore inside a word is part of it, not emphasis.
    ['Set the max_refund_days field.', 'Set the maxrefunddays field.'],
  ])('in %j, gives %j no hint: no single difference explains the miss', (source, quote) => {
    expect(hintsFor(view(source), quote)).toEqual([]);
  });

  // Found by the differential test: a quote of nothing but markup (a link's target is markup too) folded to '',
  // and counting '' in the source's stretch never ended.
  it.each(['](Returns)', '[](accepted)', '](delivery) **', '** __'])(
    'explains the quote %j, all or nearly all markup, and ends',
    (quote) => {
      const v = view('Returns are accepted within **30 days** of `delivery` and [more](x) _here_ **.');
      expect(hintsFor(v, normalizeText(quote)).filter((h) => h.kind === 'markup')).toEqual([]);
    },
  );

  it('names where the folded quote matches', () => {
    const v = view('Intro. A Receipt Is Required. End.');
    const [hint] = hintsFor(v, 'A receipt is required.');
    expect(v.text.slice(hint.start, hint.end)).toBe('A Receipt Is Required.');
  });

  it.each([
    ['a quote of ligatures', 'It is the final office.', 'ﬁnal ofﬁce', 'compatibility', 'final office'],
    ['a source of ligatures', 'It is the ﬁnal ofﬁce.', 'final office', 'compatibility', 'ﬁnal ofﬁce'],
    [
      'a full-width quote',
      'Returns are accepted within 30 days.',
      'Ｒｅｔｕｒｎｓ ａｒｅ ａｃｃｅｐｔｅｄ',
      'compatibility',
      'Returns are accepted',
    ],
    [
      'soft hyphens in every word',
      'Returns need the receipt required by law.',
      're\u00adceipt re\u00adquired',
      'invisible',
      'receipt required',
    ],
    [
      'zero-width spaces in every word',
      'Keep the receipt safe.',
      're\u200bceipt sa\u200bfe',
      'invisible',
      'receipt safe',
    ],
    [
      'a source with zero-width spaces in every word',
      'Keep the re\u200bceipt sa\u200bfe.',
      'receipt safe',
      'invisible',
      're\u200bceipt sa\u200bfe',
    ],
    [
      'a quote that lost every accent',
      'Événements à Zürich : réunion légère.',
      'Evenements a Zurich',
      'accents',
      'Événements à Zürich',
    ],
  ])(
    'finds the difference when every word carries it (%s), folding all of the source',
    (_, source, quote, kind, passage) => {
      const v = view(source);
      expect(closestPassage(v, quote)).toBeUndefined();
      const hints = hintsFor(v, quote);
      expect(hints.map((h) => h.kind)).toEqual([kind]);
      expect(v.text.slice(hints[0].start, hints[0].end)).toBe(passage);
    },
  );

  it('folds a source once, and only when a quote with nothing close needs it', () => {
    const v = view(`It is the ﬁnal ofﬁce. ${'Other ﬁne words follow here. '.repeat(2000)}`);
    const spy = jest.spyOn(String.prototype, 'normalize');
    expect(findHintsAnywhere(v, 'final office')).toHaveLength(1);
    // Folding the source's 2,000 ligatures, one by one.
    expect(spy.mock.calls.length).toBeGreaterThan(2000);
    spy.mockClear();
    expect(findHintsAnywhere(v, 'final office')).toHaveLength(1);
    // The second quote folds itself and the stretch around its passage, not the source again.
    expect(spy.mock.calls.length).toBeLessThan(200);
    spy.mockRestore();
  });

  it('finds an accents hint where the mark stood between two characters that would compose without it', () => {
    // 가 U+0301 ᆨ is NFC; without the accent, 각 composes to 각 but the fold keeps them apart.
    const v = view('Café 가\u0301\u11a8 ok, and more words after it.');
    expect(hintsFor(v, 'Cafe 가').map((h) => h.kind)).toContain('accents');
  });

  it('does not search a whole source for each quote with nothing close, and finds the folded quote all the same', () => {
    const v = view(`Événements à Zürich. ${'Les réunions ont lieu le mardi. '.repeat(50)}`);
    const spy = jest.spyOn(String.prototype, 'includes');
    const looks = () => spy.mock.contexts.filter((text) => String(text).length >= v.text.length).length;
    for (let k = 0; k < 4; k++) expect(findHintsAnywhere(v, `Nothing like this ${k} is written there`)).toEqual([]);
    const after4 = looks();
    for (let k = 4; k < 20; k++) expect(findHintsAnywhere(v, `Nothing like this ${k} is written there`)).toEqual([]);
    // What it looks at whole, it looks at once per source, not once per quote.
    expect(looks()).toBe(after4);
    spy.mockRestore();
    expect(findHintsAnywhere(v, 'Evenements a Zurich').map((h) => h.kind)).toEqual(['accents']);
    expect(findHintsAnywhere(v, 'Les reunions ont lieu').map((h) => h.kind)).toEqual(['accents']);
  });

  it('does not fold a long source whole for accents: that would cost a copy of it and an index of its words', () => {
    const filler = 'Les réunions ont lieu le mardi. '.repeat(140_000);
    const short = view(`Événements à Zürich. ${filler.slice(0, 64)}`);
    const long = view(`Événements à Zürich. ${filler}`);
    expect(long.text.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(findHintsAnywhere(short, 'Evenements a Zurich').map((h) => h.kind)).toEqual(['accents']);
    expect(findHintsAnywhere(long, 'Evenements a Zurich')).toEqual([]);
  });
});

describe('suggestContexts', () => {
  const text = 'Hours: Contact support. Refunds: Contact support. Refunds: Contact support. Today.';
  const quote = 'Contact support.';
  const starts = [7, 33, 59];

  it('suggests contexts that, given as prefix or suffix, locate exactly that match', () => {
    const suggestions = suggestContexts(text, starts, quote.length);
    expect(suggestions.map((s) => s.match)).toEqual([0, 1, 2]);
    for (const s of suggestions) {
      for (const field of ['prefix', 'suffix'] as const) {
        if (s[field] === undefined) continue;
        expect([
          s.match,
          field,
          engineVerdict(text, { citation_id: 'c', source_id: 's', quote, [field]: s[field] }),
        ]).toEqual([s.match, field, 'located']);
      }
    }
  });

  it('takes as few words as it can', () => {
    expect(suggestContexts(text, starts, quote.length)).toEqual([
      { match: 0, prefix: 'Hours:', suffix: 'Refunds: Contact support. Refunds:' },
      { match: 1, prefix: 'Hours: Contact support. Refunds:', suffix: 'Refunds: Contact support. Today.' },
      { match: 2, prefix: 'Refunds: Contact support. Refunds:', suffix: 'Today.' },
    ]);
  });
});

describe('prefix and suffix (SPEC §1)', () => {
  const source = 'Hours: Contact support. Refunds: Contact support. Shipping: Contact support.';
  const verdict = (fields: Record<string, unknown>) =>
    engineVerdict(source, { citation_id: 'c', source_id: 's', quote: 'Contact support.', ...fields });

  it.each([
    [{}, 'ambiguous quote'],
    [{ prefix: 'Refunds:' }, 'located'],
    [{ prefix: '  Refunds: ' }, 'located'],
    [{ prefix: 'funds:' }, 'located'],
    [{ suffix: 'Refunds:' }, 'located'],
    [{ suffix: 'Shipping: Contact' }, 'located'],
    [{ prefix: 'Returns:' }, 'quote not found'],
    [{ prefix: 'support.' }, 'quote not found'],
    [{ prefix: 'Refunds:', suffix: 'Shipping:' }, 'located'],
    [{ prefix: 'Refunds:', suffix: 'Hours:' }, 'quote not found'],
    [{ prefix: '' }, 'ambiguous quote'],
  ])('%j gives %s', (fields, expected) => {
    expect(verdict(fields)).toBe(expected);
  });
});

describe('a quote too long to explain', () => {
  it('gets no closest passage and no hints past MAX_EXPLAINED_QUOTE, without aligning it', () => {
    const text = 'Returns are accepted within 30 days. A receipt is required. '.repeat(50);
    const v = new SourceView(Buffer.from(normalizeText(text), 'utf8'));
    const unit = 'Returns are accepted within 60 days. ';
    const near = normalizeText(unit.repeat(Math.floor(MAX_EXPLAINED_QUOTE / unit.length)));
    expect(explainable(near)).toBe(true);
    expect(nearestPassage(v, near)).toBeDefined();
    const long = normalizeText(unit.repeat(Math.ceil((MAX_EXPLAINED_QUOTE + 1) / unit.length) + 1));
    expect(explainable(long)).toBe(false);
    const started = Date.now();
    expect(nearestPassage(v, long)).toBeUndefined();
    expect(findHints(v, long, { start: 0, end: 10 })).toEqual([]);
    expect(findHintsAnywhere(v, long)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('the closest passage when every word is common', () => {
  // Prose of 40 words, 30,000 of them: each word occurs hundreds of times, so no word points anywhere.
  const vocabulary = (
    'the a of to and in is it that for on with as at by this be are or from ' +
    'return refund order item days store card policy receipt credit customer within after before must may'
  ).split(' ');
  let x = 7;
  const words = Array.from({ length: 30000 }, () => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    return vocabulary[x % vocabulary.length];
  });
  const text = words.join(' ');
  const v = new SourceView(Buffer.from(text, 'utf8'), 100);

  it.each([2000, 15000, 29000])('finds a changed passage at word %i, far past the first occurrences', (at) => {
    const quote = [...words.slice(at, at + 6), 'never', ...words.slice(at + 7, at + 14)].join(' ');
    const near = nearestPassage(v, quote);
    expect(near).toBeDefined();
    const start = words.slice(0, at).join(' ').length + 1;
    expect(Math.abs(near!.start - start)).toBeLessThan(40);
    expect(near!.similarity).toBeGreaterThan(0.8);
  });
});

describe('baseCharacters', () => {
  // What it is, a character at a time: the text decomposed whole, without its marks and the accents' ranges.
  const wholeText = (text: string) =>
    text.normalize('NFD').replace(/\p{M}|[\u0300-\u0333\u0339-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\ufe20-\ufe2f]/gu, '');

  it('is the whole text decomposed without its marks, on text of any script', () => {
    const pieces = [
      ...PIECES,
      ...WHITESPACE,
      // A pair that decomposes (U+1D15E), marks NFD reorders (U+0334 above U+3099), lone surrogates.
      '\u{1d15e}',
      'が\u0334',
      'a\u0334\u0301',
      '\u0344',
      '\u0f73',
      'ǖ',
      '\ud800',
      '\udc00',
      'Ł',
      'привет',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        expect(baseCharacters(text)).toBe(wholeText(text));
      }),
      { numRuns: 5000 },
    );
    expect(baseCharacters('\u{1d15e} café')).toBe('\u{1d157} cafe');
  });

  it('drops every code point of a canonical class above 0, the only ones NFD moves', () => {
    // A class in 1..229 moves before U+0301 (230); one in 221..255 moves U+0316 (220) before it.
    const movesInNfd = (ch: string) =>
      `a\u0301${ch}`.normalize('NFD') !== `a\u0301${ch}` || `a${ch}\u0316`.normalize('NFD') !== `a${ch}\u0316`;
    const kept: string[] = [];
    for (let c = 0x300; c < 0x110000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (ch.normalize('NFD') === ch && movesInNfd(ch) && baseCharacters(ch) !== '') kept.push(c.toString(16));
    }
    expect(kept).toEqual([]);
  });
});
