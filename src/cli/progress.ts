// Progress on a terminal: files and records done, the rate, the time left, on
// one line of standard error that is rewritten in place. Nothing at all when
// standard error is not a terminal (a log, a pipe, CI), and nothing for runs
// shorter than a second.
import type { Progress } from '../check/run.js';

export interface ProgressLine {
  update(progress: Progress): void;
  done(): void;
}

const QUIET: ProgressLine = { update: () => undefined, done: () => undefined };

export function progressLine(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): ProgressLine {
  if (!stream.isTTY) return QUIET;
  // How long to wait before showing anything, and how often to redraw.
  const after = Number(env.CITEGATE_PROGRESS_AFTER_MS ?? 1000);
  const every = Number(env.CITEGATE_PROGRESS_EVERY_MS ?? 100);
  const started = Date.now();
  let last = 0;
  let shown = false;
  let sourcesStarted = 0;
  return {
    update(p) {
      const now = Date.now();
      if (now - started < after || now - last < every) return;
      last = now;
      shown = true;
      let text: string;
      if (p.phase === 'files') {
        text = `citegate: read ${p.done}/${p.total} files, ${p.records.toLocaleString('en-US')} records`;
      } else {
        sourcesStarted ||= now;
        const elapsed = (now - sourcesStarted) / 1000;
        const rate = elapsed > 0 ? p.done / elapsed : 0;
        const left = rate > 0 ? Math.ceil((p.total - p.done) / rate) : undefined;
        text =
          `citegate: checked ${p.done}/${p.total} sources, ${p.records.toLocaleString('en-US')} records` +
          `, ${Math.round(rate * (p.records / Math.max(p.total, 1))).toLocaleString('en-US')} records/s` +
          (left !== undefined ? `, about ${left} s left` : '');
      }
      stream.write(`\r\x1b[K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
