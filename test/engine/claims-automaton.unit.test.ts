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
      // Without the marks of where a claim may start and end (U+037E, see edged() in sentences.ts).
      made.push(patterns.map((p) => p.replaceAll('\u037e', '')));
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
      'automaton',
    );
    expect(covered).toEqual([true, false]);
    // The sentences left, then the claims short enough to be in one: "hope this helps" has 15 characters.
    expect(made).toEqual([['hope this helps'], ['thirty days']]);
  });

  it('still finds the claims a sentence left holds', () => {
    const covered = claimCoverage(
      ['a receipt is required', 'for every return', 'This claim is far longer than the sentence it would cover.'],
      ['A receipt is required for every return.'],
      'automaton',
    );
    expect(covered).toEqual([true]);
    expect(made.at(-1)).toEqual(['a receipt is required', 'for every return']);
  });

  // Found in review: one long sentence left beside 200,000 claims took 20 s and 1.2 GB as an automaton.
  it('searches for the claims in the sentences left when that costs less than an automaton of them', () => {
    const claims = Array.from({ length: 2000 }, (_, i) => `claim number ${i} of many, written out in full here`);
    const sentence = `${claims[7]}, and then some more.`;
    expect(claimCoverage(claims, [sentence, 'Hope this helps!'])).toEqual([true, false]);
    // The automaton of the sentences left (read through each claim) only: none of the claims.
    expect(made).toHaveLength(1);
    expect(made[0]).toHaveLength(2);
    // Many sentences left against the claims: the automaton of the claims is made.
    const many = Array.from({ length: 400 }, (_, i) => `sentence ${i} holds ${claims[i]} inside it`);
    made.length = 0;
    expect(claimCoverage(claims, many).every(Boolean)).toBe(true);
    expect(made.at(-1)).toHaveLength(2000);
  });

  it('makes no automaton of claims when every sentence is covered', () => {
    expect(claimCoverage(['Returns take 30 days.'], ['Returns take 30 days.'])).toEqual([true]);
    expect(made).toEqual([]);
  });
});
