// What claimCoverage asks of the automaton of claims: a claim longer than
// every sentence still to judge is in none of them, and must not be made a
// pattern (200,000 claims of 300 characters, with two short sentences left,
// took 17 s and a gigabyte to make into one).
import { jest } from '@jest/globals';

const real = await import('../../src/engine/patterns.js');
const made: string[][] = [];
jest.unstable_mockModule('../../src/engine/patterns.js', () => ({
  ...real,
  PatternSet: class extends real.PatternSet {
    constructor(patterns: readonly string[]) {
      super(patterns);
      made.push([...patterns]);
    }
  },
}));
const { claimCoverage } = await import('../../src/engine/sentences.js');

describe('claimCoverage', () => {
  beforeEach(() => {
    made.length = 0;
  });

  it('makes no pattern of a claim longer than every sentence left', () => {
    const long = 'Returns are accepted within thirty days of delivery, and refunds are issued in five days.';
    const covered = claimCoverage(
      [long, 'thirty days', 'We ship to every country in the world today'],
      ['Returns are accepted within thirty days of delivery, and refunds are issued in five days.', 'Hope this helps!'],
    );
    expect(covered).toEqual([true, false]);
    // The sentences left, then the claims short enough to be in one: "hope this helps" has 15 characters.
    expect(made).toEqual([['hope this helps'], ['thirty days']]);
  });

  it('still finds the claims a sentence left holds', () => {
    const covered = claimCoverage(
      ['a receipt is required', 'for every return', 'This claim is far longer than the sentence it would cover.'],
      ['A receipt is required for every return.'],
    );
    expect(covered).toEqual([true]);
    expect(made.at(-1)).toEqual(['a receipt is required', 'for every return']);
  });

  it('makes no automaton of claims when every sentence is covered', () => {
    expect(claimCoverage(['Returns take 30 days.'], ['Returns take 30 days.'])).toEqual([true]);
    expect(made).toEqual([]);
  });
});
