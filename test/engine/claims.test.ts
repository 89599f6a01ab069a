import { isCovered, missingNumbers, splitSentences, statedNumbers } from '../../src/engine/claims.js';

const numbers = (text: string) => statedNumbers(text).map((n) => [n.text, n.values, n.unit ?? null]);

describe('statedNumbers', () => {
  it.each([
    ['within 30 days', [['30 days', [30], 'day']]],
    ['a fee of $20 or 14 %', [['$20', [20], 'USD'], ['14 %', [14], '%']]],
    ['1,000 items and 1.000 units', [['1,000 items', [1000, 1], 'item'], ['1.000', [1000, 1], null]]],
    ['3,5 days', [['3,5 days', [3.5], 'day']]],
    ['€1.234,56', [['€1.234,56', [1234.56], 'EUR']]],
    ['2 weeks', [['2 weeks', [2], 'week']]],
    ['closes at noon', [['noon', [12], 'time of day']]],
    ['٣٠ days', [['٣٠ days', [30], 'day']]],
    ['۱۴ days', [['۱۴ days', [14], 'day']]],
    ['३० दिन', [['३०', [30], null]]],
    ['version x2 and A4', []],
  ])('%s', (text, expected) => {
    expect(numbers(text)).toEqual(expected);
  });
});

describe('missingNumbers', () => {
  it.each([
    ['You have 30 days.', 'within 30 days of delivery', []],
    ['You have 60 days.', 'within 30 days of delivery', ['60 days']],
    ['Refunds take 2 weeks.', 'within 14 days', ['2 weeks']],
    ['Shipping takes 5 business days.', 'takes 3 to 5 days', ['5 business days']],
    ['It costs $20.', 'The fee is 20 dollars.', []],
    ['It costs 1000 dollars.', 'It costs $1,000.', []],
    ['A fee of 15 percent.', 'a fee of 15 %', []],
    ['٣٠ days to return.', 'within 30 days', []],
    ['No numbers here.', 'within 30 days', []],
  ])('claim %j against quote %j', (claim, quote, missing) => {
    expect(missingNumbers(claim, quote).map((m) => m.number.text)).toEqual(missing);
  });
});

describe('sentences and claims', () => {
  it('splits an answer into sentences, keeping common abbreviations whole', () => {
    expect(splitSentences('Mr. Smith paid $20.50 on Jan. 5. The U.S. office closes at noon. Ok!').map((s) => s.text)).toEqual([
      'Mr. Smith paid $20.50 on Jan. 5.', 'The U.S. office closes at noon.', 'Ok!',
    ]);
    expect(splitSentences('  One.\n\nTwo?  ').map((s) => [s.text, s.start])).toEqual([['One.', 2], ['Two?', 8]]);
  });

  it('counts a sentence covered by an equal claim, one that contains it, or one it contains', () => {
    expect(isCovered('A receipt is required.', ['a receipt is required'])).toBe(true);
    expect(isCovered('Returns take 30 days.', ['Returns take 30 days. Refunds take 5.'])).toBe(true);
    expect(isCovered('You can return items within 30 days, with a receipt.', ['You can return items within 30 days'])).toBe(true);
    expect(isCovered('We are sorry.', ['A receipt is required.'])).toBe(false);
  });
});
