// A quote that is the source's own text cut inside a word (the bench's cut
// corpus: 80% of its misses) is explained from where that text is: found by
// looking up one inner word, not by seeding and aligning at candidates.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { formatDiff, verbatimPassage } from '../../src/engine/diagnose/closest.js';
import { insideLongerWords } from '../../src/engine/diagnose/hints.js';
import { explainMiss } from '../../src/engine/diagnose/miss.js';
import { KEY_PLACES, SourceView } from '../../src/engine/diagnose/view.js';
import { normalizeText } from '../../src/engine/normalize.js';

const view = (text: string) => new SourceView(Buffer.from(normalizeText(text), 'utf8'));

describe('SourceView.verbatim', () => {
  const words = fc.constantFrom('Returns', 'are', 'accepted', 'within', '30', 'days.', 'Zürich', 'don’t', 'a', 'the');

  it('is where the quote first is in the text, or -1, whenever it answers', () => {
    fc.assert(
      fc.property(
        fc.array(words, { minLength: 1, maxLength: 80 }),
        fc.nat(),
        fc.nat(60),
        fc.boolean(),
        (list, from, length, changed) => {
          const text = list.join(' ');
          const a = from % text.length;
          let quote = normalizeText(text.slice(a, a + 1 + length));
          if (changed) quote = quote.replace(' ', ' not ');
          if (quote === '') return;
          const found = view(text).verbatim(quote);
          if (found !== undefined) expect(found).toBe(text.indexOf(quote));
          // A quote cut from the text with an inner word under KEY_PLACES places is always told.
          if (!changed && quote.split(' ').length >= 3) expect(found).toBe(text.indexOf(quote));
        },
      ),
    );
  });

  it('finds a long quote from a rare inner word, far into the text', () => {
    const text = `${'Returns are accepted within 30 days. '.repeat(500)}Refunds go to the original payment method.`;
    const quote = 'funds go to the original payment meth';
    expect(view(text).verbatim(quote)).toBe(text.indexOf(quote));
    expect(view(text).verbatim('funds go to the original card meth')).toBe(-1);
  });

  it('looks a repeated inner word up once, and goes on to the next', () => {
    const text = `${'commonword filler '.repeat(KEY_PLACES + 5)}next commonword commonword rare commonword commonword tail`;
    // Its longest inner word, four times, has too many places to look at; the next one, rare, tells.
    const quote = 'xt commonword commonword rare commonword commonword ta';
    expect(view(text).verbatim(quote)).toBe(text.indexOf(quote));
  });

  it('does not tell when every inner word is too common to look at', () => {
    const text = 'the '.repeat(KEY_PLACES + 5).trim();
    // Longer than a short quote, its inner words all "the": more places than are looked at.
    expect(view(text).verbatim('he the the the the the the th')).toBeUndefined();
  });
});

describe('verbatimPassage', () => {
  it.each([
    [
      'Refunds go to the original payment method.',
      'funds go to the original payment',
      '[-Refunds-] [+funds+] go to the original payment',
    ],
    // A cut word that looks like no version of the word it is part of stays out of the passage.
    ['Call xyzqwk go to the store now.', 'k go to the sto', '[+k+] go to the [-store-] [+sto+]'],
    // Alike but for edge punctuation: near.
    [
      'We said: (returns) are accepted here.',
      'returns) are accepted he',
      '[-(returns)-] [+returns)+] are accepted [-here.-] [+he+]',
    ],
  ])('in %j, %j', (source, quote, diff) => {
    const v = view(source);
    const passage = verbatimPassage(v, quote, insideLongerWords(v, quote)!)!;
    expect(formatDiff(passage.diff)).toBe(diff);
  });

  it('gives nothing for a quote inside one word', () => {
    const v = view('An unremarkable day.');
    expect(verbatimPassage(v, 'remark', insideLongerWords(v, 'remark')!)).toBeUndefined();
  });
});

describe('explainMiss of a quote cut inside words', () => {
  // The quote's inner words are also, whole, at the start: seeding chose that passage, which leaves the cut
  // words out and so scored higher, and the hint was looked for around it, far from where the quote is.
  const pad = 'Nothing here concerns the matter at hand, and it goes on for a while longer. '.repeat(3);
  const source = `Contact support for help. ${pad}In Zürich our. Contact support for help. Oungzotly said so.`;
  const quote = 'ürich our. Contact support for help. Oungzotl';

  it('shows the passage where the quote is, and the word boundary alone', () => {
    const v = view(source);
    const miss = explainMiss(v, quote);
    expect(formatDiff(miss.closest!.diff)).toBe(
      '[-Zürich-] [+ürich+] our. Contact support for help. [-Oungzotly-] [+Oungzotl+]',
    );
    expect(v.text.slice(miss.closest!.start, miss.closest!.end)).toBe(
      'Zürich our. Contact support for help. Oungzotly',
    );
    expect(miss.hints.map((h) => [h.kind, h.difference])).toEqual([
      [
        'word boundary',
        'the quote is found only inside longer words, as in "Zürich our. Contact support for help. Oungzotly"',
      ],
    ]);
  });
});

describe('explainMiss of a quote cut inside words, with a folded match elsewhere', () => {
  // The quote's text is in the source only inside longer words, and whole but folded elsewhere: both are said.
  it.each([
    ['Returns within 17 days. Returns within 7 Days.', '7 days.', 'case'],
    [
      'XRefunds go to the original payment method. Refunds go to the Original payment method.',
      'Refunds go to the original payment method.',
      'case',
    ],
    ['Paid in AZurich francs, or in Zürich francs.', 'Zurich francs', 'accents'],
    ['Seen in Berlinx, and in Berlin\u0323.', 'Berlin', 'accents'],
    // The folded match overlaps the quote's own copy: both are counted.
    ['Paid in XZurich Zurich Zürich.', 'Zurich Zurich', 'accents'],
    // NFD moves U+0334 (class 1) before the voicing mark of が (class 8): the match is still seen.
    ['Paid in XZurich \u304c and in Z\u00fcrich \u304c\u0334.', 'Zurich \u304c', 'accents'],
  ])('in %j, %j is told %j', (source, quote, kind) => {
    const hints = explainMiss(view(source), normalizeText(quote)).hints;
    expect(hints.map((h) => h.kind)).toContain('word boundary');
    expect(hints.map((h) => h.kind)).toContain(kind);
  });
});
