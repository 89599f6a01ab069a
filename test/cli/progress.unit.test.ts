// The progress line's text, for each phase, from the events a run gives.
import { progressText, timeLeft } from '../../src/cli/progress.js';

const sources = (phase: 'hashing' | 'checking', done: number, checked: number, finished = false) => ({
  phase,
  done,
  total: 30,
  records: 12_000,
  recordsChecked: checked,
  recordsToCheck: 12_000,
  finished,
});

describe('the progress line', () => {
  it('says which files it reads, how many records, the rate and the time left', () => {
    expect(progressText({ phase: 'files', done: 0, total: 400, records: 0, finished: true }, 0)).toBe(
      'citegate: reading citation files: 0/400, 0 records',
    );
    expect(progressText({ phase: 'files', done: 100, total: 400, records: 3_210, finished: true }, 2)).toBe(
      'citegate: reading citation files: 100/400, 3,210 records, 50 files/s, about 6 s left',
    );
    // Done: no time left to say.
    expect(progressText({ phase: 'files', done: 400, total: 400, records: 12_000, finished: true }, 8)).toBe(
      'citegate: reading citation files: 400/400, 12,000 records, 50 files/s',
    );
  });

  it('says which source it hashes or checks, the records checked, their rate and the time left', () => {
    expect(progressText(sources('hashing', 0, 0), 0)).toBe('citegate: hashing sources: 1/30, 0/12,000 records checked');
    expect(progressText(sources('checking', 9, 3_000), 1.5)).toBe(
      'citegate: checking sources: 10/30, 3,000/12,000 records checked, 2,000 records/s, about 5 s left',
    );
    expect(progressText(sources('hashing', 10, 3_000), 2)).toBe(
      'citegate: hashing sources: 11/30, 3,000/12,000 records checked, 1,500 records/s, about 6 s left',
    );
    expect(progressText(sources('checking', 30, 12_000, true), 6)).toBe(
      'citegate: checking sources: 30/30, 12,000/12,000 records checked, 2,000 records/s',
    );
    expect(progressText(sources('checking', 1, 3, true), 2)).toBe(
      'citegate: checking sources: 1/30, 3/12,000 records checked, 1.5 records/s, about 2 h 14 min left',
    );
    expect(progressText({ phase: 'explaining', done: 0, total: 0, records: 5, finished: false }, 0)).toBe(
      'citegate: explaining: looking for the lost quotes in the other sources',
    );
  });

  it('rounds the time left up, in seconds, minutes, or hours and minutes', () => {
    expect([0.2, 1, 59.1, 89, 90, 61 * 60, 89 * 60, 90 * 60, 3 * 3600 + 61].map(timeLeft)).toEqual([
      'about 1 s left',
      'about 1 s left',
      'about 60 s left',
      'about 89 s left',
      'about 2 min left',
      'about 61 min left',
      'about 89 min left',
      'about 1 h 30 min left',
      'about 3 h 2 min left',
    ]);
  });
});
