// Calls into the engine that must end, made on a worker thread. Jest cannot
// stop a test that runs synchronously: a call that came back to looping
// forever would hang CI, and one that came back to hours of work (a quadratic
// normalization) would pass after them, unnoticed. On a thread, the test
// stops it past a bound far beyond what the call takes and fails. The bound
// tells a call that ends from one that does not; it measures no speed.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { makeTree, REPO } from './workspace.js';

/** How long a call may take on its thread: far beyond the second or so each takes, well within a test's time. */
export const ENDS_WITHIN_MS = 20_000;

/**
 * What `call` returns on a worker thread, given the module `module` of the
 * engine (a path under src/engine/ without `.ts`, as JavaScript transpiled by
 * scripts/bench/engine.mjs, as the benchmark runs it) and `data`. `call` is
 * the source of a function `(module, data) => answer`, run as written there:
 * it may use nothing from the test's scope. Its answer comes back as a
 * message (structured clone). Rejects, after stopping the thread, when it
 * has not answered within `ms`.
 */
export async function inEngineThread<T>(
  module: string,
  call: string,
  data: unknown,
  what: string,
  ms = ENDS_WITHIN_MS,
): Promise<T> {
  // Imported by a computed path: plain JavaScript, which TypeScript does not read.
  const bench = pathToFileURL(path.join(REPO, 'scripts/bench/engine.mjs')).href;
  const { engineDir } = (await import(bench)) as { engineDir(dir: string): Promise<string> };
  const url = pathToFileURL(path.join(await engineDir(makeTree({})), `${module}.js`)).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.url).then((engine) => parentPort.postMessage((${call})(engine, workerData.data)));`,
    { eval: true, workerData: { url, data } },
  );
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      // Not waited for: a thread inside one long call of the runtime (ICU's normalize) stops only when it returns.
      worker.unref();
      void worker.terminate();
      reject(new Error(`${what} had not returned after ${ms / 1000} s, where it takes a second or less`));
    }, ms);
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${what}: its thread exited (code ${code}) without answering`)));
  });
  try {
    const value = await answer;
    await worker.terminate();
    return value;
  } finally {
    clearTimeout(timer);
  }
}
