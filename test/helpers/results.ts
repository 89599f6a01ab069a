// Records as a run's result holds them, for the tests of reports and annotations.
import type { RecordResult } from '../../src/model/result.js';

/** The i-th record of answers/a.json: its quote not found in s-v1. */
export const notFound = (i: number): RecordResult => ({
  file: 'answers/a.json',
  line: i + 2,
  column: 3,
  index: i,
  citationId: `c${i}`,
  sourceId: 's-v1',
  quote: `quote ${i}`,
  claim: null,
  verdict: 'quote not found',
});

/** The record, calling `explained` when its explanation is written (explainRecord reads its `tooLong`). */
export function onExplained(record: RecordResult, explained: () => void): RecordResult {
  return Object.defineProperty(record, 'tooLong', {
    enumerable: true,
    get: () => {
      explained();
      return undefined;
    },
  });
}
