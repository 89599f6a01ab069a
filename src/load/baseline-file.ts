// Reading a baseline file (an earlier run's JSON report) beside the check:
// a report of 200,000 records is some 80 MB of JSON, and parsing it takes
// a second that the check would otherwise wait for. The file is opened here,
// so that a missing or unreadable one is an error before anything is
// checked; a worker thread reads, hashes and parses it on the other core
// while the check runs, and keeps of each record only what a baseline
// compares. The report is then checked here, field by field, as any other.
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { messageOf } from '../model/escape.js';
import { describeFsError } from '../model/fs-error.js';
import { type Baseline, BaselineError, baselineReportOf, notJson, ReportError } from './report.js';

/** What a baseline reads of a record; the rest (matches, explanations) is dropped in the worker. */
const RECORD_FIELDS = ['file', 'index', 'citation_id', 'source_id', 'verdict', 'baseline', 'baseline_verdict'];

/**
 * The worker: CommonJS run from this string, so that the bundle needs no
 * second file. It posts { digest, report } or { error } once, then ends.
 * Keep it in step with readHere below, which does the same in this thread.
 */
const WORKER = `(() => {
const { workerData, parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { fd, fields } = workerData;
let bytes;
try {
  bytes = readFileSync(fd);
} catch (error) {
  parentPort.postMessage({ error: 'read', message: String(error && error.message) });
  return;
}
const digest = createHash('sha256').update(bytes).digest('hex');
let value;
try {
  const text = bytes.toString('utf8');
  bytes = undefined;
  value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
} catch (error) {
  parentPort.postMessage({ error: 'json', message: String(error && error.message) });
  return;
}
if (value && typeof value === 'object' && Array.isArray(value.records)) {
  value.records = value.records.map((r) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return r;
    const kept = {};
    for (const f of fields) if (f in r) kept[f] = r[f];
    return kept;
  });
}
parentPort.postMessage({ digest, report: value });
})();
`;

type Reply =
  | { readonly digest: string; readonly report: unknown }
  | { readonly error: 'read' | 'json'; readonly message: string };

/**
 * Starts reading the baseline `file`; the promise gives it once read and
 * checked. Throws a BaselineError at once when the file cannot be opened.
 */
export function readBaselineFile(file: string): Promise<Baseline> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new BaselineError(`cannot read the baseline ${file}: ${describeFsError(error)}`);
  }
  try {
    if (fstatSync(fd).isDirectory()) throw new BaselineError(`cannot read the baseline ${file}: it is a folder`);
  } catch (error) {
    closeSync(fd);
    throw error instanceof BaselineError
      ? error
      : new BaselineError(`cannot read the baseline ${file}: ${describeFsError(error)}`);
  }
  // The file is this thread's to close (the worker only reads it), once read.
  const read = replyOf(fd)
    .finally(() => closeSync(fd))
    .then(
      (reply) => baselineOf(file, reply),
      (error) => {
        // Out of memory, most likely: a reason, not a pass.
        throw new BaselineError(`cannot read the baseline ${file}: ${messageOf(error)}`);
      },
    );
  // Awaited after the check; if the check fails first, its error is the one to tell, not an unhandled rejection.
  read.catch(() => {});
  return read;
}

/** The worker's reply; or, with no worker to be had (a runtime without threads), the same read here. */
function replyOf(fd: number): Promise<Reply> {
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { fd, fields: RECORD_FIELDS } });
  } catch {
    return Promise.resolve().then(() => readHere(fd));
  }
  return new Promise<Reply>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the baseline's reader stopped (exit ${code})`)));
  });
}

/** What the worker does, in this thread. */
function readHere(fd: number): Reply {
  let bytes: Buffer;
  try {
    bytes = readFileSync(fd);
  } catch (error) {
    return { error: 'read', message: describeFsError(error) };
  }
  const digest = createHash('sha256').update(bytes).digest('hex');
  try {
    const text = bytes.toString('utf8');
    return { digest, report: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch (error) {
    return { error: 'json', message: messageOf(error) };
  }
}

function baselineOf(file: string, reply: Reply): Baseline {
  if ('error' in reply) {
    if (reply.error === 'read')
      throw new BaselineError(`cannot read the baseline ${file}: ${messageOf(reply.message)}`);
    throw new BaselineError(`the baseline ${file} cannot be used: ${notJson(messageOf(reply.message))}`);
  }
  try {
    return { report: baselineReportOf(reply.report), from: file, digest: reply.digest };
  } catch (error) {
    if (error instanceof ReportError) throw new BaselineError(`the baseline ${file} cannot be used: ${error.message}`);
    throw error;
  }
}
