import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { findMatches, prepareQuote } from '../../src/engine/match.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { checkFields, checkFileRecords } from '../../src/engine/record.js';
import { engineVerdict } from '../helpers/engine.js';
import { hostileText } from '../helpers/unicode.js';

const RETURNS = 'Returns are accepted within 30 days.\nA receipt is required.';
const HELP = 'Contact support. Read the guide. Contact support.';
const CAFE = 'Café orders close at noon.';
const verdict = (source: string | null, sourceId: unknown, quote: unknown) =>
  engineVerdict(source, { citation_id: 'c', source_id: sourceId, quote });

describe('the walkthrough (seed.txt) edge checks', () => {
  it.each([
    ['composed and decomposed accents', CAFE, 'Cafe\u0301 orders close at noon.', 'located'],
    ['a tab for a space', RETURNS, 'within\t30 days.', 'located'],
    ['0 days inside 30 days', RETURNS, '0 days', 'quote not found'],
    ['letter case', RETURNS, 'a receipt is required.', 'quote not found'],
    ['punctuation', RETURNS, 'A receipt is required!', 'quote not found'],
    ['whitespace-only quote', RETURNS, '\t\n', 'empty quote'],
    ['a passage twice', HELP, 'Contact support.', 'ambiguous quote'],
    ['7 days in 17 days', '17 days unpaid', '7 days', 'quote not found'],
    ['paid in unpaid', '17 days unpaid', 'paid', 'quote not found'],
    ['overlapping matches', '!!!', '!!', 'ambiguous quote'],
    ['the corrected c1', RETURNS, 'Returns are accepted within 30 days.', 'located'],
    ['the corrected c2', CAFE, 'Café orders close at noon.', 'located'],
  ])('%s', (_name, source, quote, expected) => {
    expect(verdict(source, 'returns-v1', quote)).toBe(expected);
  });

  it('refuses a quote that is not a string, and a source id that is not one', () => {
    expect(verdict(RETURNS, 'returns-v1', null)).toBe('invalid fields');
    expect(verdict(RETURNS, [], 'anything')).toBe('invalid fields');
  });

  it('calls an id that is not in the manifest unknown, even one that looks like a URL', () => {
    expect(verdict(null, 'missing-v1', 'A receipt is required.')).toBe('unknown source');
    expect(verdict(null, 'https://example.com/returns', 'A receipt is required.')).toBe('unknown source');
  });
});

describe('word boundaries are judged per code point', () => {
  it.each([
    ['an astral letter before', '𝐀𝐁 days', '𝐁 days', 'quote not found'],
    ['an astral letter after', 'days 𝐀𝐁', 'days 𝐀', 'quote not found'],
    ['an astral digit after', 'x 1𝟏', 'x 1', 'quote not found'],
    ['an emoji is not a word code point', '😀days', 'days', 'located'],
    ['a combining mark is not a word code point', 'q\u0308x x', 'x', 'ambiguous quote'],
    ['underscore is a word code point', 'a_b', 'b', 'quote not found'],
    ['a CJK ideograph is a letter', '漢字', '字', 'quote not found'],
    ['Arabic-Indic digits are digits', '٣٠ days', '٠ days', 'quote not found'],
    ['punctuation at the edges needs no boundary', 'x!!y', '!!', 'located'],
  ])('%s', (_name, source, quote, expected) => {
    expect(verdict(source, 's', quote)).toBe(expected);
  });
});

describe('findMatches', () => {
  it('counts every start, overlapping ones included, up to the limit', () => {
    const text = Buffer.from('aaaa', 'utf8');
    expect(findMatches(text, prepareQuote('!'), 5)).toEqual([]);
    expect(findMatches(Buffer.from('!!!!', 'utf8'), prepareQuote('!!'), 5)).toEqual([0, 1, 2]);
    expect(findMatches(Buffer.from('!!!!', 'utf8'), prepareQuote('!!'), 2)).toEqual([0, 1]);
  });

  it('agrees with a brute-force count over code points', () => {
    fc.assert(
      fc.property(hostileText(25), hostileText(4), (source, rawQuote) => {
        const text = normalizeText(source);
        const quote = normalizeText(rawQuote);
        if (quote === '') return true;
        const cps = [...text];
        const q = [...quote];
        const word = (ch: string | undefined) => ch !== undefined && /^[\p{L}\p{N}_]$/u.test(ch);
        let expected = 0;
        for (let i = 0; i + q.length <= cps.length; i++) {
          if (q.some((ch, k) => cps[i + k] !== ch)) continue;
          if (word(q[0]) && word(cps[i - 1])) continue;
          if (word(q[q.length - 1]) && word(cps[i + q.length])) continue;
          expected++;
        }
        return findMatches(Buffer.from(text, 'utf8'), prepareQuote(quote), 1000).length === expected;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('field validation (verdict 1)', () => {
  const record = (fields: Record<string, unknown>) => checkFields(new Map(Object.entries(fields)));
  const base = { citation_id: 'c1', source_id: 's', quote: 'q' };

  it.each([
    [{ source_id: 's', quote: 'q' }, 'citation_id is missing'],
    [{ ...base, citation_id: 7 }, 'citation_id must be a string, not a number'],
    [{ ...base, citation_id: '' }, 'citation_id is empty'],
    [{ ...base, quote: null }, 'quote must be a string, not null'],
    [{ ...base, claim: 3 }, 'claim must be a string when present, not a number'],
    [{ ...base, prefix: [] }, 'prefix must be a string when present, not an array'],
    [{ ...base, quote: 'half \ud800 a pair' }, 'quote holds a lone UTF-16 surrogate (half of a character)'],
    [{ ...base, claim: '\udc00' }, 'claim holds a lone UTF-16 surrogate (half of a character)'],
    // SPEC §2: any string of the record, whatever its field or depth, keys included.
    [{ ...base, note: 'bad \ud800' }, 'note holds a lone UTF-16 surrogate (half of a character)'],
    [{ ...base, '\udc00': 'x' }, 'the key "\\udc00" holds a lone UTF-16 surrogate (half of a character)'],
    [{ ...base, meta: { list: ['ok', '\udc00'] } }, 'meta.list[1] holds a lone UTF-16 surrogate (half of a character)'],
    [
      { ...base, meta: new Map([['deep', new Map([['\ud800', 1]])]]) },
      'a key in meta.deep holds a lone UTF-16 surrogate (half of a character)',
    ],
    [{ note: '\ud800', ...base, quote: '\udc00' }, 'quote holds a lone UTF-16 surrogate (half of a character)'],
    // Found in review: a YAML key that is itself a mapping was read as "[object Map]".
    [
      { ...base, meta: new Map([[new Map([['k', '\ud800']]), 'x']]) },
      'a key in meta.k holds a lone UTF-16 surrogate (half of a character)',
    ],
  ])('refuses %j', (fields, reason) => {
    const check = record(fields);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.reason).toBe(reason);
  });

  it('refuses a lone surrogate in a plain object from JSON.parse too', () => {
    const check = checkFields(JSON.parse('{"citation_id":"c","source_id":"s","quote":"q","extra":["\\ud800"]}'));
    expect(!check.ok && check.reason).toBe('extra[0] holds a lone UTF-16 surrogate (half of a character)');
  });

  it('refuses a record that is not an object', () => {
    const check = checkFields(['c1', 's', 'q']);
    expect(!check.ok && check.reason).toBe('a record must be an object, not an array');
  });

  // Found in review: `<<: *common` in a YAML record gave "source_id is missing" and no word of the merge key.
  it("says a YAML record's `<<` merge key is not read when a field it would bring is missing", () => {
    const check = checkFields(
      new Map<string, unknown>([
        ['citation_id', 'c1'],
        ['<<', new Map([['source_id', 's']])],
        ['quote', 'q'],
      ]),
    );
    expect(!check.ok && check.reason).toBe(
      'source_id is missing (its `<<` is a YAML 1.1 merge key, which citegate does not read: write the fields out)',
    );
  });

  it.each([
    [{ citation_id: 'c1', source_id: 's', qoute: 'q' }, 'quote is missing (did you mean "quote", not "qoute"?)'],
    [
      { citationId: 'c1', source_id: 's', quote: 'q' },
      'citation_id is missing (did you mean "citation_id", not "citationId"?)',
    ],
    [
      { 'citation-id': 'c1', source_id: 's', quote: 'q' },
      'citation_id is missing (did you mean "citation_id", not "citation-id"?)',
    ],
    [{ citation_id: 'c1', source: 's', quote: 'q' }, 'source_id is missing (did you mean "source_id", not "source"?)'],
    [
      { citation_id: 'c1', Source_ID: 's', quote: 'q' },
      'source_id is missing (did you mean "source_id", not "Source_ID"?)',
    ],
    // The key is quoted as JSON: a newline in it stays on the line.
    [{ citation_id: 'c1', source_id: 's', 'quo\nte': 'q' }, 'quote is missing (did you mean "quote", not "quo\\nte"?)'],
    // Another of its usual names.
    [{ citation_id: 'c1', source_id: 's', text: 'q' }, 'quote is missing (did you mean "quote", not "text"?)'],
    [
      { citation_id: 'c1', source_id: 's', Cited_Text: 'q' },
      'quote is missing (did you mean "quote", not "Cited_Text"?)',
    ],
    // Every field missing is named at once, each with the key it seems to be written as.
    [
      { id: 'c1', source: 's', text: 'q' },
      'citation_id, source_id and quote are missing (did you mean "citation_id", not "id"; "source_id", not "source"; "quote", not "text"?)',
    ],
    [
      { id: 'c1', passage: 'q' },
      'citation_id, source_id and quote are missing (did you mean "citation_id", not "id"; "quote", not "passage"?)',
    ],
    [{ source_id: 's' }, 'citation_id and quote are missing'],
    // A missing field is told before one of the wrong type.
    [{ citation_id: 1, quote: 'q' }, 'source_id is missing'],
    // Nothing like it: no guess.
    [{ citation_id: 'c1', source_id: 's', words: 'q' }, 'quote is missing'],
    [{ citation_id: 'c1', source_id: 's', [`q${'u'.repeat(60)}ote`]: 'q' }, 'quote is missing'],
  ])('names a near-miss key of %j', (fields, reason) => {
    const check = record(fields);
    expect(!check.ok && check.reason).toBe(reason);
  });

  it('accepts well-formed pairs and unknown extra fields', () => {
    expect(record({ ...base, quote: '😀 𝐀', extra: 1 }).ok).toBe(true);
  });

  it('refuses a citation_id used before in the same file, keeping the first', () => {
    const checks = checkFileRecords(
      [
        new Map(Object.entries(base)),
        new Map(Object.entries({ ...base, quote: 'other' })),
        new Map(Object.entries({ ...base, citation_id: 'c2' })),
      ],
      (i) => `in record ${i + 1}`,
    );
    expect(checks.map((c) => c.ok)).toEqual([true, false, true]);
    expect(!checks[1].ok && checks[1].reason).toBe('duplicate citation_id (first used in record 1)');
  });
});
