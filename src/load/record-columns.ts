// A baseline's records as the worker of baseline-file.ts sends them: copying
// 200,000 objects between threads costs more than making them, so each field
// goes as a column, its values once and for each record the place of its
// value. Those columns are checked value by value (a report has a few
// hundred files and verdicts, not 200,000) and made into records here; a
// column holding anything not as expected sends every record the slow way,
// one object at a time through report.ts, which says what is wrong and where.
import { BASELINE_STATES, type RecordBaseline } from '../model/baseline.js';
import { needsReason, VERDICTS, type Verdict } from '../model/verdict.js';
import { type BaselineRecord, baselineRecord } from './report.js';

/** What a baseline reads (and checks) of a record; the rest (quote, matches, explanations) is dropped in the worker. */
export const RECORD_FIELDS = [
  'file',
  'line',
  'column',
  'index',
  'citation_id',
  'source_id',
  'verdict',
  'reason',
  'baseline',
  'baseline_verdict',
] as const;

type Field = (typeof RECORD_FIELDS)[number];

/** A report's records as columns. */
export interface RecordColumns {
  readonly count: number;
  /** For each of RECORD_FIELDS, its values, each once. */
  readonly values: readonly (readonly unknown[])[];
  /** For each of RECORD_FIELDS and each record, the place of its value in `values`, or -1 when it has none. */
  readonly places: readonly Int32Array[];
  /** Records sent whole, as [i, record, ...]: those that are no object, or hold a field that is one. */
  readonly odd: readonly unknown[];
}

/** The records, checked as report.ts checks them: made from the columns, or when any is odd, one by one there. */
export function recordsOfColumns(columns: RecordColumns): BaselineRecord[] {
  return (columns.odd.length === 0 && quickRecords(columns)) || unpack(columns).map(baselineRecord);
}

/** The records again, each an object of the RECORD_FIELDS it has. */
function unpack(columns: RecordColumns): unknown[] {
  const records: unknown[] = new Array(columns.count);
  for (let i = 0; i < columns.count; i++) {
    const r: Record<string, unknown> = {};
    for (let k = 0; k < RECORD_FIELDS.length; k++) {
      const at = columns.places[k][i];
      if (at >= 0) r[RECORD_FIELDS[k]] = columns.values[k][at];
    }
    records[i] = r;
  }
  for (let j = 0; j < columns.odd.length; j += 2) records[columns.odd[j] as number] = columns.odd[j + 1];
  return records;
}

const isString = (v: unknown) => typeof v === 'string';
const isVerdict = (v: unknown) => (VERDICTS as readonly unknown[]).includes(v);

/**
 * The records made from the columns, or undefined when a value is not what
 * report.ts's baselineRecord accepts (a record lacking a field it needs, a
 * field of the wrong type): then the slow way finds it and says so.
 */
function quickRecords(columns: RecordColumns): BaselineRecord[] | undefined {
  const { count } = columns;
  const values = (field: Field) => columns.values[RECORD_FIELDS.indexOf(field)];
  const places = (field: Field) => columns.places[RECORD_FIELDS.indexOf(field)];
  /** For each value of a field, 1 when it passes. */
  const passing = (field: Field, test: (v: unknown) => boolean) => Uint8Array.from(values(field), (v) => +test(v));
  const ok = {
    file: passing('file', isString),
    line: passing('line', Number.isInteger),
    column: passing('column', Number.isInteger),
    index: passing('index', Number.isInteger),
    citationId: passing('citation_id', (v) => v === null || isString(v)),
    sourceId: passing('source_id', (v) => v === null || isString(v)),
    verdict: passing('verdict', isVerdict),
    reason: passing('reason', isString),
    baseline: passing('baseline', (v) => (BASELINE_STATES as readonly unknown[]).includes(v)),
    baselineVerdict: passing('baseline_verdict', isVerdict),
  };
  // A verdict that needs a reason (a record without one is an older report's, or edited).
  const saysWhy = passing('verdict', (v) => isVerdict(v) && needsReason(v as Verdict));
  const file = places('file');
  const line = places('line');
  const col = places('column');
  const index = places('index');
  const citationId = places('citation_id');
  const sourceId = places('source_id');
  const verdict = places('verdict');
  const reason = places('reason');
  const state = places('baseline');
  const stateVerdict = places('baseline_verdict');
  const files = values('file');
  const indices = values('index');
  const citationIds = values('citation_id');
  const sourceIds = values('source_id');
  const verdicts = values('verdict');
  const states = values('baseline');
  const stateVerdicts = values('baseline_verdict');
  // One RecordBaseline for each state and verdict it was in, shared by the records that have them.
  const baselines = new Map<number, RecordBaseline>();
  const records: BaselineRecord[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const f = file[i];
    const v = verdict[i];
    const c = citationId[i];
    const s = sourceId[i];
    const b = state[i];
    const bv = stateVerdict[i];
    if (
      f < 0 ||
      !ok.file[f] ||
      line[i] < 0 ||
      !ok.line[line[i]] ||
      col[i] < 0 ||
      !ok.column[col[i]] ||
      index[i] < 0 ||
      !ok.index[index[i]] ||
      (c >= 0 && !ok.citationId[c]) ||
      (s >= 0 && !ok.sourceId[s]) ||
      v < 0 ||
      !ok.verdict[v] ||
      (reason[i] >= 0 ? !ok.reason[reason[i]] : saysWhy[v]) ||
      (b >= 0 && (!ok.baseline[b] || (bv >= 0 && !ok.baselineVerdict[bv])))
    )
      return undefined;
    const record = {
      file: files[f] as string,
      index: indices[index[i]] as number,
      citationId: c >= 0 ? (citationIds[c] as string | null) : null,
      sourceId: s >= 0 ? (sourceIds[s] as string | null) : null,
      verdict: verdicts[v] as BaselineRecord['verdict'],
    };
    if (b < 0) records[i] = record;
    else {
      const key = b * (stateVerdicts.length + 1) + bv + 1;
      let was = baselines.get(key);
      if (was === undefined) {
        const wasState = states[b] as RecordBaseline['state'];
        was =
          bv < 0 ? { state: wasState } : { state: wasState, verdict: stateVerdicts[bv] as RecordBaseline['verdict'] };
        baselines.set(key, was);
      }
      records[i] = { ...record, baseline: was };
    }
  }
  return records;
}
