// Explaining on the machine's other cores. Explanations are most of the time
// of a run that makes them, and the Action's always does. Each depends on its
// record and its source alone (test/engine/company.test.ts), so the records
// of a source can be explained in another thread with the same answer while
// this one goes on checking the next sources and explaining too.
//
// Helpers are worker threads that run the bundle itself: its entry serves
// explanations instead of running the command when it finds itself a helper
// (servedAsHelper). So there are none where the code runs from its sources
// (the tests of src/, unless a test names a bundle), and none on one core.
//
// The run never depends on a helper. Each job posted has a state in shared
// memory that a helper claims before it starts the job; what no helper has
// claimed by the time this thread is done with the sources, this thread takes
// back and explains itself, and so it does a job a helper failed, or one that
// stopped making progress (a helper that died). A helper can make a run
// faster; it cannot change an answer, lose one, or make the run pass. And
// one whose bundle is not the file this thread started from (rebuilt during
// the run) claims nothing.
import { Buffer } from 'node:buffer';
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  isMainThread,
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from 'node:worker_threads';
import { SourceView } from '../engine/diagnose/view.js';
import { quoteContext } from '../engine/match.js';
import { SourceNormalizer } from '../engine/normalize.js';
import type { Decision } from '../engine/verdict.js';
import type { Explanation } from '../model/result.js';
import { explain } from './explain.js';
import type { Pending } from './pending.js';
import { type Placer, placer } from './placer.js';

const ROLE = 'citegate explanation helper';

/**
 * A job's state, in shared memory (see the module's comment). The results
 * come as messages; of the states a helper sets when it is done, this thread
 * reads FAILED only, for a helper that failed to say so.
 */
export const POSTED = 0;
export const CLAIMED = 1;
export const DONE = 2;
export const FAILED = 3;
export const TAKEN_BACK = 4;
/** At most this many helpers, whatever the cores: each costs its own heap and its own copy of the code. */
export const MAX_HELPERS = 3;
/** Slots before the jobs' states: jobs the helpers finished, then records explained so far by each helper. */
export const FINISHED = 0;
export const EXPLAINED_BY = 1;
export const HEADER = EXPLAINED_BY + MAX_HELPERS;
/** Jobs a run can post; past them, this thread explains the rest itself. */
const MAX_JOBS = 1 << 16;
/**
 * Helpers start in a run of at least RUN_RECORDS records, once START_AT of
 * them need explaining. Starting one costs about 10 to 30 MB and a core's
 * time to load the bundle again and warm its code up, which smaller runs do
 * not pay back: with helpers from 256 records on, the JSON runs of cut
 * (10,000 records in 100 sources) were about 5% faster and those of
 * explain-40k (10,000 against one source) no faster, each larger; those of
 * cut-one and cut-medium (50,000) are 15% and 35% faster (docs/benchmarks.md).
 */
const RUN_RECORDS = 16_384;
const START_AT = 256;
/** A helper gets a new job only while it has fewer than this many it has not begun: the rest are done here. */
const QUEUE = 2;
/**
 * A source's records to explain go to threads in jobs of at least this many,
 * and in at most SPLIT jobs. Each thread that explains records of a source
 * makes its own view and indexes of it: a source is split only when it has
 * many (cut-medium's JSON run, about 180 per source: 6.5 s in jobs of 512,
 * 7.5 s in jobs of 128, docs/benchmarks.md).
 */
const CHUNK = 512;
const SPLIT = 16;
/**
 * A source is sent to a helper only when it has a record to explain for
 * every this many bytes of it: the helper copies it and normalizes it again,
 * which for a long source with few records costs more than explaining them.
 */
const BYTES_PER_RECORD = 64 * 1024;
/**
 * Nor a source longer than this: each helper holds its own copy of it, the
 * text normalized and the indexes of it, outside the heap's limits.
 */
const MAX_HELPER_SOURCE = 16 * 1024 * 1024;
/**
 * This thread waits this long for helpers that have stopped explaining
 * records (a record's explanation is bounded far below it) before taking
 * their jobs back: a helper that died never says so to a thread that waits.
 */
const PATIENCE_MS = 30_000;

/** How a run's jobs were done (HelperSettings.onFinish). */
export interface HelperStats {
  readonly posted: number;
  /** Explained by a helper, the results used. */
  readonly byHelpers: number;
  /** Not begun by any helper when this thread was done with the sources, and explained here. */
  readonly takenBack: number;
  /** Failed by a helper, or not finished by one that stopped making progress, and explained here. */
  readonly redone: number;
}

export interface HelperSettings {
  /** The file the helpers run: a bundle whose entry calls servedAsHelper() first. */
  readonly script: URL;
  /**
   * The build this thread runs (buildOf its entry, taken when it started):
   * a helper whose entry is another build serves nothing. Unset, helpers do not check.
   */
  readonly build?: string;
  /** How many helpers (default: one per core but this thread's; at most MAX_HELPERS). */
  readonly threads?: number;
  /** Records a run must have for helpers to start (default RUN_RECORDS). */
  readonly runRecords?: number;
  /** Records to explain before they start (default START_AT). */
  readonly startAt?: number;
  readonly patienceMs?: number;
  /** Told how the jobs of each run were done, for the tests. */
  readonly onFinish?: (stats: HelperStats) => void;
}

let settings: HelperSettings | undefined;

/** Lets runs explain on helper threads that run `script` (the bundle's entry says so at start). */
export function useHelperThreads(helpers: HelperSettings | undefined): void {
  settings = helpers;
}

/**
 * What a bundle's entry asks first. In a helper started by ExplainPool: serves
 * explanations and returns true (the entry then runs nothing else). Otherwise
 * lets this process's runs start helpers that run `entry`, and returns false.
 */
export function servedAsHelper(entry: URL): boolean {
  if (!isMainThread && (workerData as { role?: unknown } | null)?.role === ROLE) {
    serveExplanations(entry);
    return true;
  }
  const build = buildOf(entry);
  // An entry that cannot be told apart from another build has no helpers.
  useHelperThreads(build === undefined ? undefined : { script: entry, build });
  return false;
}

/**
 * Which build a file is: its device, inode, size and times. A helper loads
 * the bundle from disk again, so a rebuild or an update while a run goes on
 * would give it other code (explanations of another version, or jobs it
 * misreads) than this thread's. Any write to the file changes its ctime.
 */
export function buildOf(file: URL): string | undefined {
  try {
    const s = statSync(fileURLToPath(file), { bigint: true });
    return [s.dev, s.ino, s.size, s.mtimeNs, s.ctimeNs].join(':');
  } catch {
    return undefined;
  }
}

interface JobMessage {
  readonly id: number;
  readonly sourceId: string;
  readonly lookups: number;
  /** The source's original bytes, with the first job of each source a helper is sent. */
  readonly source?: Uint8Array;
  readonly decisions: readonly SentDecision[];
}

/**
 * A decision as posted: its context's texts without their bytes, which are
 * views of Buffer's shared pool slabs that a message would copy whole.
 */
type SentDecision = Omit<Decision, 'context'> & {
  readonly context?: { readonly candidates: number; readonly given: { prefixText: string; suffixText: string } };
};

function sent(decision: Decision): SentDecision {
  const context = decision.context;
  if (context === undefined) return decision;
  const { prefixText, suffixText } = context.given;
  return { ...decision, context: { candidates: context.candidates, given: { prefixText, suffixText } } };
}

function received(decision: SentDecision): Decision {
  const context = decision.context;
  if (context === undefined) return decision as Decision;
  const given = quoteContext(context.given.prefixText, context.given.suffixText);
  return { ...decision, context: { candidates: context.candidates, given } };
}

/** A source's bytes as read, normalized and made ready to explain against: how a thread that has only the bytes starts. */
function prepared(
  normalizer: SourceNormalizer,
  original: Buffer,
  lookups: number,
): { view: SourceView; place: Placer } {
  const normalized = normalizer.normalize(original);
  return { view: new SourceView(normalized.bytes, lookups), place: placer(original, normalized) };
}

type ResultMessage =
  | { readonly id: number; readonly details: readonly Explanation[] }
  | { readonly id: number; readonly error: string };

/**
 * What a helper thread does: explain the jobs it is sent, claiming each
 * before it starts; unless `entry` is not the build the run's thread runs:
 * then it claims none, and that thread takes them back.
 */
function serveExplanations(entry: URL): void {
  const { port, shared, index, build } = workerData as {
    port: MessagePort;
    shared: SharedArrayBuffer;
    index: number;
    build?: string;
  };
  if (build !== undefined && buildOf(entry) !== build) {
    port.close();
    return;
  }
  const states = new Int32Array(shared);
  const normalizer = new SourceNormalizer();
  let current:
    | { sourceId: string; bytes: Uint8Array; lookups: number; ready?: { view: SourceView; place: Placer } }
    | undefined;
  const settle = (id: number, state: typeof DONE | typeof FAILED) => {
    Atomics.store(states, HEADER + id, state);
    Atomics.add(states, FINISHED, 1);
    Atomics.notify(states, FINISHED);
  };
  port.on('message', (job: JobMessage) => {
    // Kept whether or not this job is claimed: the next jobs of the source come without it.
    if (job.source) current = { sourceId: job.sourceId, bytes: job.source, lookups: job.lookups };
    if (Atomics.compareExchange(states, HEADER + job.id, POSTED, CLAIMED) !== POSTED) return;
    try {
      const source = current;
      if (source?.sourceId !== job.sourceId) throw new Error(`job ${job.id}: not the source it was sent`);
      // The bytes arrive as a plain Uint8Array: a Buffer over them, not a copy.
      const { view, place } = (source.ready ??= prepared(
        normalizer,
        Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.length),
        source.lookups,
      ));
      const details = job.decisions.map((decision) => {
        const detail = explain(received(decision), view, place, job.sourceId);
        Atomics.add(states, EXPLAINED_BY + index, 1);
        return detail;
      });
      port.postMessage({ id: job.id, details } satisfies ResultMessage);
      settle(job.id, DONE);
    } catch (error) {
      // Said if it can be (the job is then done by the thread that posted it); marked failed whatever happens.
      try {
        port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
      } finally {
        settle(job.id, FAILED);
      }
    }
  });
}

interface Helper {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** Its jobs not yet resolved, in the order posted. */
  readonly jobs: Job[];
  /** The source it was last sent, so that the next job of the same source goes without it. */
  lastSource?: Uint8Array;
}

interface Job {
  readonly id: number;
  readonly sourceId: string;
  readonly lookups: number;
  /** A copy of the source's original bytes (the loader reuses its buffer), to explain the job here if need be. */
  readonly original: Buffer;
  readonly items: readonly (readonly [Pending, Decision])[];
  resolved: boolean;
}

/** The explaining of one run: here, and on helpers when the bundle allows and the run is worth it. */
export class ExplainPool {
  private readonly settings = settings;
  private helpers: Helper[] | undefined;
  private states: Int32Array | undefined;
  private posted = 0;
  /** Records given to explain so far. */
  private seen = 0;
  private readonly done = { byHelpers: 0, takenBack: 0, redone: 0 };
  /** For jobs explained here after all: its own, as the run's normalizer is in use. */
  private normalizer: SourceNormalizer | undefined;
  /** The source of the last job explained here, normalized: the next is often of the same source. */
  private last: { original: Buffer; view: SourceView; place: Placer } | undefined;

  /** `records`: how many the run checks. */
  constructor(private readonly records: number) {}

  /**
   * Explains the records of one verified source (`normalized`, `place`: valid
   * until the run normalizes the next source; `original`: its bytes as read).
   */
  explainSource(
    sourceId: string,
    original: Buffer,
    normalized: { readonly bytes: Buffer },
    place: Placer,
    items: readonly (readonly [Pending, Decision])[],
  ): void {
    const lookups = items.length;
    let view: SourceView | undefined;
    const settings = this.settings;
    // A helper copies the source and normalizes it again: not worth it for a long source with few records.
    const sendable = original.length <= MAX_HELPER_SOURCE && original.length <= items.length * BYTES_PER_RECORD;
    const size = Math.max(CHUNK, Math.ceil(items.length / SPLIT));
    let copy: Buffer | undefined;
    this.seen += items.length;
    if (
      this.helpers === undefined &&
      settings &&
      this.records >= (settings.runRecords ?? RUN_RECORDS) &&
      this.seen >= (settings.startAt ?? START_AT)
    )
      this.start(settings);
    this.collect();
    for (let k = 0; k < items.length; k += size) {
      const chunk = items.slice(k, k + size);
      const helper = sendable && this.helpers?.length ? this.withRoom() : undefined;
      if (helper === undefined) {
        view ??= new SourceView(normalized.bytes, lookups);
        for (const [r, decision] of chunk) r.detail = explain(decision, view, place, sourceId);
        continue;
      }
      copy ??= Buffer.from(original);
      this.post(helper, { id: this.posted, sourceId, lookups, original: copy, items: chunk, resolved: false });
    }
  }

  /** Every record explained: the helpers' results, and what they did not do, done here. Then the helpers stop. */
  finish(): void {
    const helpers = this.helpers ?? [];
    const states = this.states;
    try {
      if (states === undefined) return;
      // What no helper has begun is done here, at once.
      for (const helper of helpers)
        for (const job of helper.jobs)
          if (!job.resolved && Atomics.compareExchange(states, HEADER + job.id, POSTED, TAKEN_BACK) === POSTED) {
            this.here(job);
            this.done.takenBack++;
          }
      // What they have begun, they finish, unless one stops explaining records for `patience`: then it is
      // taken for gone (a helper that died cannot say so to a thread that waits) and its jobs are done here.
      const patience = this.settings?.patienceMs ?? PATIENCE_MS;
      const progress = helpers.map((_, k) => ({
        explained: Atomics.load(states, EXPLAINED_BY + k),
        at: performance.now(),
      }));
      for (;;) {
        const finished = Atomics.load(states, FINISHED);
        this.collect();
        let left = false;
        helpers.forEach((helper, k) => {
          if (helper.jobs.length === 0) return;
          const explained = Atomics.load(states, EXPLAINED_BY + k);
          if (explained !== progress[k].explained) progress[k] = { explained, at: performance.now() };
          else if (performance.now() - progress[k].at > patience) this.redo(helper.jobs);
          left ||= helper.jobs.some((job) => !job.resolved);
        });
        if (!left) break;
        Atomics.wait(states, FINISHED, finished, Math.min(patience, 1000));
      }
    } finally {
      this.settings?.onFinish?.({ posted: this.posted, ...this.done });
      this.close();
    }
  }

  /** Stops the helpers (a run that ended early, too). */
  close(): void {
    for (const helper of this.helpers ?? []) {
      helper.port.close();
      void helper.worker.terminate();
    }
    this.helpers = [];
    this.last = undefined;
  }

  private start(helpers: HelperSettings): void {
    this.helpers = [];
    const count = Math.min(helpers.threads ?? availableParallelism() - 1, MAX_HELPERS);
    if (count <= 0) return;
    const shared = new SharedArrayBuffer(4 * (HEADER + MAX_JOBS));
    this.states = new Int32Array(shared);
    for (let k = 0; k < count; k++) {
      const { port1, port2 } = new MessageChannel();
      let worker: Worker;
      try {
        worker = new Worker(helpers.script, {
          workerData: { role: ROLE, port: port2, shared, index: k, build: helpers.build },
          transferList: [port2],
          // Explaining makes short-lived garbage, which a young generation of this size collects as fast as
          // the one Node 24 grows to: cut-medium's JSON run peaked at 660 MB with it, 830 MB without, in the
          // same time (docs/benchmarks.md).
          resourceLimits: { maxYoungGenerationSizeMb: 16 },
          // A helper writes nothing; were it to, nothing it wrote could reach a workflow's log.
          stdout: true,
          stderr: true,
        });
      } catch {
        port1.close();
        break;
      }
      // Events reach this thread only after the run (it does not return to the event loop before): a helper
      // that fails to start or dies is found out by its jobs, taken back or redone (finish).
      worker.on('error', () => {});
      worker.unref();
      this.helpers.push({ worker, port: port1, jobs: [] });
    }
  }

  /** The helper with the fewest jobs not begun, if it has fewer than QUEUE. */
  private withRoom(): Helper | undefined {
    if (this.posted >= MAX_JOBS) return undefined;
    const states = this.states!;
    let best: Helper | undefined;
    let bestWaiting = QUEUE;
    for (const helper of this.helpers!) {
      let waiting = 0;
      for (const job of helper.jobs) if (!job.resolved && Atomics.load(states, HEADER + job.id) === POSTED) waiting++;
      if (waiting < bestWaiting) {
        best = helper;
        bestWaiting = waiting;
      }
    }
    return best;
  }

  private post(helper: Helper, job: Job): void {
    this.posted++;
    const message: JobMessage = {
      id: job.id,
      sourceId: job.sourceId,
      lookups: job.lookups,
      ...(helper.lastSource !== job.original ? { source: job.original } : {}),
      decisions: job.items.map(([, decision]) => sent(decision)),
    };
    helper.lastSource = job.original;
    helper.jobs.push(job);
    helper.port.postMessage(message);
  }

  /** Takes in the results the helpers have sent, and redoes the jobs they failed. */
  private collect(): void {
    const states = this.states;
    for (const helper of this.helpers ?? []) {
      for (let m = receiveMessageOnPort(helper.port); m !== undefined; m = receiveMessageOnPort(helper.port)) {
        const result = m.message as ResultMessage;
        const job = helper.jobs.find((j) => j.id === result.id);
        if (job === undefined || job.resolved) continue;
        if ('details' in result && result.details.length === job.items.length) {
          job.items.forEach(([r], i) => {
            r.detail = result.details[i];
          });
          job.resolved = true;
          this.done.byHelpers++;
        } else this.redo([job]);
      }
      // A job marked failed whose message never came (the helper could not send it).
      for (const job of helper.jobs)
        if (!job.resolved && states && Atomics.load(states, HEADER + job.id) === FAILED) this.redo([job]);
      // Resolved jobs leave the list: it stays as short as the helper's queue.
      for (let i = helper.jobs.length - 1; i >= 0; i--) if (helper.jobs[i].resolved) helper.jobs.splice(i, 1);
    }
  }

  private redo(jobs: readonly Job[]): void {
    for (const job of jobs)
      if (!job.resolved) {
        this.here(job);
        this.done.redone++;
      }
  }

  /** A job explained in this thread after all. */
  private here(job: Job): void {
    if (this.last?.original !== job.original)
      this.last = {
        original: job.original,
        ...prepared((this.normalizer ??= new SourceNormalizer()), job.original, job.lookups),
      };
    const { view, place } = this.last;
    for (const [r, decision] of job.items) r.detail = explain(decision, view, place, job.sourceId);
    job.resolved = true;
  }
}
