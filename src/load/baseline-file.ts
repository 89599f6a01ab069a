// Reading a baseline file (an earlier run's JSON report) beside the check:
// a report of 200,000 records is some 80 MB of JSON, and parsing it takes
// a second that the check would otherwise wait for. The file is opened here,
// so that a missing or unreadable one is an error before anything is
// checked; a worker thread reads, hashes and parses it on the other core
// while the check runs, and keeps of each record only what a baseline
// compares. The report is then checked here, field by field, as any other.
import { Buffer, isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, readFileSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { messageOf } from '../model/escape.js';
import { describeFsError } from '../model/fs-error.js';
import { NamedFileError, openNamedFile } from './named-file.js';
import { type RecordColumns, RECORD_FIELDS, recordsOfColumns } from './record-columns.js';
import {
  type Baseline,
  BaselineError,
  baselineReportOf,
  locatedIn,
  parseReportValue,
  ReportError,
  reportText,
} from './report.js';

/**
 * The worker: CommonJS run from this string, so that the bundle needs no
 * second file. It posts { digest, report, packed } or { error } once, then
 * ends; the records go as columns (record-columns.ts). On Linux, where a
 * thread has its own priority, it runs below the check's own threads
 * (garbage collection, reads), and takes the time they leave of the second
 * core. Not at the lowest (19): a thread cannot raise its priority again,
 * and beside another busy process (a shared runner) one at 19 gets about
 * 1.5% of a core, so that a parse of a second could take a minute once the
 * check waits for it; at 10 it gets about 10%. Elsewhere the call would
 * lower the whole process, so it is not made. Keep it in step with
 * readHere below, which does the same in this thread without packing.
 */
/**
 * Whether a parsed value holds values nested more than MAX_NESTING deep. A
 * message between threads cannot carry one nested some thousands deep (it is
 * dropped unread, and the reader seemed to stop for no reason), and a report
 * nests a few levels. Written without closures, so that the worker below
 * runs its source as it is.
 */
function nestedTooDeep(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v as object)) {
      if (child !== null && typeof child === 'object') stack.push(child, depth + 1);
    }
  }
  return false;
}

/** Deeper than this is no citegate report (whose records nest a few levels). */
const MAX_NESTING = 256;

/**
 * Where the elements of a report's top-level `records` array are, so that the
 * worker can parse them one at a time: [open, close, start0, end0, start1,
 * end1, ...], `open` and `close` the array's brackets, each element the text
 * between its separators. Or null, and the whole text is parsed at once as
 * before: when the top-level value has no key that is `records` as written,
 * or has more than one key that means `records`, or nests deeper than
 * `limit` less a margin (the whole parse then refuses it or not, exactly), or
 * is cut short. It reads structure only (strings skipped to their closing
 * quote, brackets counted), not validity: each element and the rest of the
 * text, with `[]` for the array, are then parsed, and any of them not JSON
 * sends the reader to the whole parse, which says what is wrong. A valid text
 * is those pieces joined with its own commas, so both reads give the same value.
 * Written without closures, so that the worker below runs its source as it is.
 */
export function recordSpans(text: string, limit: number): number[] | null {
  const n = text.length;
  let depth = 0;
  /** At depth 1: whether the next string is a key (after `{` or `,`). */
  let keyNext = false;
  let lastKey = '';
  let keyOfValue = '';
  let recordsKeys = 0;
  let open = -1;
  let close = -1;
  let elementFrom = -1;
  const out: number[] = [0, 0];
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let j = text.indexOf('"', i + 1);
      for (;;) {
        if (j < 0) return null;
        let slashes = 0;
        while (text.charCodeAt(j - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        j = text.indexOf('"', j + 1);
      }
      if (depth === 1 && keyNext) {
        lastKey = text.slice(i, j + 1);
        keyNext = false;
        // A second `records` would be the one JSON.parse keeps.
        if (lastKey === '"records"' && ++recordsKeys > 1) return null;
        if (lastKey !== '"records"' && lastKey.includes('\\')) {
          let decoded: unknown;
          try {
            decoded = JSON.parse(lastKey);
          } catch {
            return null;
          }
          if (decoded === 'records') return null;
        }
      }
      i = j;
    } else if (c === 0x3a) {
      if (depth === 1) keyOfValue = lastKey;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit - 8) return null;
      if (depth === 1) keyNext = c === 0x7b;
      else if (depth === 2 && c === 0x5b && keyOfValue === '"records"') {
        if (open >= 0) return null;
        open = i;
        elementFrom = i + 1;
      }
      if (depth === 2) keyOfValue = '';
    } else if (c === 0x7d || c === 0x5d) {
      if (depth === 2 && elementFrom >= 0) {
        if (c !== 0x5d) return null;
        out.push(elementFrom, i);
        close = i;
        elementFrom = -1;
      }
      depth--;
      if (depth < 0) return null;
    } else if (c === 0x2c) {
      if (depth === 1) keyNext = true;
      else if (depth === 2 && elementFrom >= 0) {
        out.push(elementFrom, i);
        elementFrom = i + 1;
      }
    }
  }
  if (open < 0 || close < 0 || depth !== 0) return null;
  out[0] = open;
  out[1] = close;
  return out;
}

const WORKER = `(() => {
const { workerData, parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { fd, fields } = workerData;
if (process.platform === 'linux') {
  try {
    require('node:os').setPriority(10);
  } catch {}
}
let bytes;
try {
  bytes = readFileSync(fd);
} catch (error) {
  parentPort.postMessage({ error: 'read', code: error && error.code, message: String(error && error.message) });
  return;
}
const digest = createHash('sha256').update(bytes).digest('hex');
const nestedTooDeep = ${nestedTooDeep.toString()};
if (!require('node:buffer').isUtf8(bytes)) {
  parentPort.postMessage({ error: 'utf8', bytes });
  return;
}
const recordSpans = ${recordSpans.toString()};
let whole = bytes.toString('utf8');
bytes = undefined;
let text = whole.charCodeAt(0) === 0xfeff ? whole.slice(1) : whole;
/** The records as columns, each record handed over in turn (then dropped). */
const columns = (count) => {
  const values = fields.map(() => []);
  const places = fields.map(() => new Int32Array(count));
  const seen = fields.map(() => new Map());
  const odd = [];
  const add = (i, r) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) {
      odd.push(i, r);
      return;
    }
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k];
      if (!(f in r)) {
        places[k][i] = -1;
        continue;
      }
      const v = r[f];
      if (v !== null && typeof v === 'object') {
        const kept = {};
        for (const g of fields) if (g in r) kept[g] = r[g];
        odd.push(i, kept);
        break;
      }
      let at = seen[k].get(v);
      if (at === undefined) {
        at = values[k].length;
        seen[k].set(v, at);
        values[k].push(v);
      }
      places[k][i] = at;
    }
  };
  return { add, packed: { count, values, places, odd } };
};
// A record at a time: the parsed records, their explanations most of all, are never all held at once
// (parsed whole, a report of 200,000 records took 370 MB here and slowed the check on the other core).
const spans = recordSpans(text, ${MAX_NESTING});
if (spans !== null) {
  try {
    // The rest of the report, its records an empty list.
    const value = JSON.parse(text.slice(0, spans[0] + 1) + text.slice(spans[1]));
    const count = (spans.length - 2) / 2;
    const made = columns(count);
    for (let i = 0; i < count; i++) made.add(i, JSON.parse(text.slice(spans[2 + 2 * i], spans[3 + 2 * i])));
    parentPort.postMessage({ digest, report: value, packed: made.packed });
    return;
  } catch {
    // Not JSON somewhere: the whole parse below says so, as it would have.
  }
}
let value;
try {
  value = JSON.parse(text);
} catch (error) {
  parentPort.postMessage({ error: 'json', text: whole });
  return;
}
text = undefined;
whole = undefined;
if (nestedTooDeep(value, ${MAX_NESTING})) {
  parentPort.postMessage({ error: 'deep' });
  return;
}
if (!value || typeof value !== 'object' || !Array.isArray(value.records)) {
  parentPort.postMessage({ digest, report: value });
  return;
}
const records = value.records;
value.records = [];
const made = columns(records.length);
for (let i = 0; i < records.length; i++) made.add(i, records[i]);
parentPort.postMessage({ digest, report: value, packed: made.packed });
})();
`;

type Reply =
  | { readonly digest: string; readonly report: unknown; readonly packed?: RecordColumns }
  | { readonly error: 'read'; readonly code?: string; readonly message: string }
  | { readonly error: 'utf8'; readonly bytes: Uint8Array }
  | { readonly error: 'json'; readonly text: string }
  | { readonly error: 'deep' };

/**
 * Starts reading the baseline `file`; the promise gives it once read and
 * checked. Throws a BaselineError at once when the file cannot be opened
 * (see openNamedFile: `root` is the workspace).
 */
export function readBaselineFile(file: string, root: string): Promise<Baseline> {
  let fd: number;
  try {
    ({ fd } = openNamedFile(file, root));
  } catch (error) {
    if (error instanceof NamedFileError) throw new BaselineError(`cannot read the baseline ${file}: ${error.message}`);
    throw error;
  }
  // The file is this thread's to close (the worker only reads it), once read and checked: a value
  // refused is looked for in its text, read again.
  const read = replyOf(fd)
    .then(
      (reply) => baselineOf(file, reply, (digest) => readAgain(fd, digest)),
      (error) => {
        // Out of memory, most likely: a reason, not a pass.
        throw new BaselineError(`cannot read the baseline ${file}: ${messageOf(error)}`);
      },
    )
    .finally(() => closeSync(fd));
  // Awaited after the check; if the check fails first, its error is the one to tell, not an unhandled rejection.
  read.catch(() => {});
  return read;
}

/** The workers still reading, for stopBaselineReads. */
const reading = new Set<Worker>();

/**
 * Stops every baseline still being read: a command that ended early (a
 * usage error once the baseline was opened, an internal error in the
 * check) does not need it, and would otherwise wait for the worker to parse
 * it all before the process exits. Their reads reject, unheard.
 */
export function stopBaselineReads(): void {
  for (const worker of reading) void worker.terminate();
  reading.clear();
}

/** The worker's reply; or, with no worker to be had (a runtime without threads), the same read here. */
function replyOf(fd: number): Promise<Reply> {
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { fd, fields: RECORD_FIELDS } });
  } catch {
    return Promise.resolve().then(() => readHere(fd));
  }
  reading.add(worker);
  return new Promise<Reply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the baseline's reader stopped (exit ${code})`)));
  }).finally(() => reading.delete(worker));
}

/** What the worker does, in this thread. */
function readHere(fd: number): Reply {
  let bytes: Buffer;
  try {
    bytes = readFileSync(fd);
  } catch (error) {
    return { error: 'read', code: (error as NodeJS.ErrnoException).code, message: messageOf(error) };
  }
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (!isUtf8(bytes)) return { error: 'utf8', bytes };
  const text = bytes.toString('utf8');
  let report: unknown;
  try {
    report = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return { error: 'json', text };
  }
  return nestedTooDeep(report, MAX_NESTING) ? { error: 'deep' } : { digest, report };
}

/**
 * The text of the open file `fd`, read again from its start (the reader left
 * it at its end), to find where a value it refused is; undefined unless its
 * bytes are still those whose `digest` the reader took (JSON.parse read
 * them), or when it cannot be read again.
 */
function readAgain(fd: number, digest: string): string | undefined {
  try {
    const bytes = Buffer.alloc(fstatSync(fd).size);
    for (let got = 0; got < bytes.length; ) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) return undefined;
      got += n;
    }
    return createHash('sha256').update(bytes).digest('hex') === digest ? bytes.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

/** The baseline of the reader's `reply`; `text(digest)`: the file's text again, if still those bytes. */
function baselineOf(file: string, reply: Reply, text: (digest: string) => string | undefined): Baseline {
  try {
    if ('error' in reply) {
      if (reply.error === 'read') {
        // Worded as any other file error, whichever thread met it.
        const error = Object.assign(new Error(reply.message), { code: reply.code });
        throw new BaselineError(`cannot read the baseline ${file}: ${describeFsError(error)}`);
      }
      if (reply.error === 'deep')
        throw new BaselineError(
          `the baseline ${file} cannot be used: not a citegate JSON report (its values are nested more than ${MAX_NESTING} deep)`,
        );
      // Read again here, which refuses it with what is wrong and where (the reader only tells that it is).
      if (reply.error === 'utf8')
        reportText(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length));
      else parseReportValue(reply.text);
      throw new BaselineError(`the baseline ${file} cannot be used: not JSON`);
    }
    const { report, packed } = reply;
    const read = packed ? () => recordsOfColumns(packed) : undefined;
    return { report: baselineReportOf(report, read), from: file, digest: reply.digest };
  } catch (caught) {
    const error = 'digest' in reply ? locatedIn(caught, () => text(reply.digest)) : caught;
    if (error instanceof ReportError) {
      const at = error.position ? `${file}:${error.position.line}:${error.position.column}` : file;
      throw new BaselineError(`the baseline ${at} cannot be used: ${error.message}`);
    }
    throw error;
  }
}
