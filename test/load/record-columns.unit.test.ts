// A baseline's records made from columns: valid columns are read without a
// record-by-record check (the point of them), and give what that check
// gives; a column holding anything else sends every record through it.
import { jest } from '@jest/globals';

const real = await import('../../src/load/report.js');
let oneByOne = 0;
jest.unstable_mockModule('../../src/load/report.js', () => ({
  ...real,
  baselineRecord: (v: unknown, i: number) => {
    oneByOne++;
    return real.baselineRecord(v, i);
  },
}));
const { RECORD_FIELDS, recordsOfColumns } = await import('../../src/load/record-columns.js');

/** Records as the worker packs them: each field's values once, and each record's place of its value. */
function columns(records: Record<string, unknown>[]) {
  const values = RECORD_FIELDS.map(() => [] as unknown[]);
  const places = RECORD_FIELDS.map(() => new Int32Array(records.length));
  records.forEach((r, i) => {
    RECORD_FIELDS.forEach((f, k) => {
      if (!(f in r)) places[k][i] = -1;
      else {
        let at = values[k].indexOf(r[f]);
        if (at < 0) at = values[k].push(r[f]) - 1;
        places[k][i] = at;
      }
    });
  });
  return { count: records.length, values, places, odd: [] };
}

const record = (i: number, more: Record<string, unknown> = {}) => ({
  file: `answers/${i % 3}.json`,
  line: i + 1,
  column: 3,
  index: i,
  citation_id: i % 4 === 0 ? null : `c${i}`,
  source_id: 's',
  verdict: i % 2 ? 'located' : 'quote not found',
  ...more,
});

/** What the record-by-record read gives, or the message it refuses with. */
function expected(records: Record<string, unknown>[]) {
  try {
    return { records: records.map((r, i) => real.baselineRecord(r, i)) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function got(records: Record<string, unknown>[]) {
  try {
    return { records: recordsOfColumns(columns(records)) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

beforeEach(() => {
  oneByOne = 0;
});

test('valid columns are read without the record-by-record check, and give what it gives', () => {
  const records = [
    ...Array.from({ length: 40 }, (_, i) => record(i)),
    record(40, { verdict: 'invalid fields', reason: 'no quote' }),
    record(41, { baseline: 'still failing', baseline_verdict: 'quote not found' }),
    record(42, { baseline: 'new' }),
    record(43, { source_id: null }),
  ];
  const read = got(records);
  expect(oneByOne).toBe(0);
  expect(read).toEqual(expected(records));
});

test('a value not as expected sends the records through the check, which says which and why', () => {
  const cases: Record<string, unknown>[] = [
    { line: 1.5 },
    { index: '3' },
    { verdict: 'found' },
    { verdict: 'invalid fields' },
    { file: null },
    { citation_id: 7 },
    { reason: false },
    { baseline: 'gone' },
    { baseline: 'still failing', baseline_verdict: 'nonsense' },
    { baseline: 'still failing', baseline_verdict: 5 },
  ];
  for (const odd of cases) {
    const records = [record(0), record(1, odd), record(2)];
    oneByOne = 0;
    const read = got(records);
    expect(read).toEqual(expected(records));
    expect('error' in read).toBe(true);
    expect(oneByOne).toBeGreaterThan(0);
  }
});

test('a baseline verdict without a baseline state is not read, as the check does not read it', () => {
  const records = [record(0, { baseline_verdict: 'nonsense' }), record(1)];
  const read = got(records);
  expect(oneByOne).toBe(0);
  expect(read).toEqual(expected(records));
  expect('records' in read).toBe(true);
});
