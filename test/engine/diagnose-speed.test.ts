// The closest passage costs about linearly in the quote's length: long quotes
// are aligned in a band that follows the alignment, not against every word of
// a window around them.
import { Buffer } from 'node:buffer';
import { nearestPassage } from '../../src/engine/diagnose/closest.js';
import { SourceView } from '../../src/engine/diagnose/view.js';

/** Deterministic prose-like words: a few common ones and many rarer ones. */
function prose(count: number, seed: number): string[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const rare = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}${'abcdefgh'.slice(0, i % 6)}`);
  const common = ['the', 'a', 'of', 'to', 'and', 'is', 'in', 'it'];
  return Array.from({ length: count }, () => (next() < 0.5 ? common[Math.floor(next() * common.length)] : rare[Math.floor(next() * rare.length)]));
}

describe('closest passage speed', () => {
  const words = prose(40_000, 7);
  const view = new SourceView(Buffer.from(words.join(' '), 'utf8'), 1000);
  /** Quotes of `length` words copied from the source, one word changed in the middle. */
  const misses = (count: number, length: number) => Array.from({ length: count }, (_, k) => {
    const quote = words.slice(k * 37, k * 37 + length);
    quote[length >> 1] = 'zzzz';
    return quote.join(' ');
  });
  /** Milliseconds per quote, best of three rounds (the machine may be busy). */
  const cost = (quotes: string[]) => {
    let best = Infinity;
    for (let round = 0; round < 3; round++) {
      const started = performance.now();
      for (const quote of quotes) expect(nearestPassage(view, quote)!.similarity).toBeGreaterThan(0.95);
      best = Math.min(best, performance.now() - started);
    }
    return best / quotes.length;
  };

  it('grows about linearly with the quote: 4 times the words cost well under 8 times as much', () => {
    expect(view.text.length).toBeGreaterThan(200_000);
    cost(misses(100, 50)); // warm up
    const short = cost(misses(300, 50));
    const long = cost(misses(300, 200));
    // About 2 here; aligning every quote word with every window word made it about 10.
    expect(long / short).toBeLessThan(7);
  });

  it('takes well under a millisecond a miss for quotes of 200 words (1,000 misses in well under a second)', () => {
    expect(cost(misses(300, 200))).toBeLessThan(1);
  });
});
