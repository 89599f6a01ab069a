// Explaining is bounded like deciding: a file of records made to ask for a
// search of the whole source each gets no more than SEARCHES_PER_SOURCE of them.
import { Buffer } from 'node:buffer';
import { quoteMatches, SEARCHES_PER_SOURCE } from '../../src/check/explain.js';
import { SourceView } from '../../src/engine/diagnose/view.js';

test('a source is searched for at most SEARCHES_PER_SOURCE quotes alone, each once', () => {
  const text = Array.from({ length: 100 }, (_, i) => `m${i} is a marker here.`).join(' ');
  const view = new SourceView(Buffer.from(text, 'utf8'));
  for (let i = 0; i < SEARCHES_PER_SOURCE; i++) expect(quoteMatches(view, `m${i} is a marker here.`)).toHaveLength(1);
  // Asked again: the search made before, not a new one.
  expect(quoteMatches(view, 'm0 is a marker here.')).toHaveLength(1);
  // A new quote past the bound: no search, so no explanation that needs one.
  expect(quoteMatches(view, `m${SEARCHES_PER_SOURCE} is a marker here.`)).toBeUndefined();
  // Another source has its own allowance.
  expect(quoteMatches(new SourceView(Buffer.from(text, 'utf8')), 'm99 is a marker here.')).toHaveLength(1);
});
