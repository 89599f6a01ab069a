// Progress on a terminal: the phase (reading citation files, hashing sources,
// checking them, explaining), how far it is, the rate and the time left, on
// one line of standard error that is rewritten in place. Nothing at all when
// standard error is not a terminal (a log, a pipe, CI), and nothing for runs
// shorter than a second.
import type { Progress } from '../check/run.js';

export interface ProgressLine {
  update(progress: Progress): void;
  done(): void;
}

const QUIET: ProgressLine = { update: () => undefined, done: () => undefined };

const count = (n: number) => n.toLocaleString('en-US');

/** A time still to wait, rounded up, in the unit a person reads it in. */
export function timeLeft(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `about ${s} s left`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 90) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** The rate of `done` things over `seconds`, and the time the rest would take at it; empty until there is one. */
function pace(done: number, total: number, seconds: number, unit: string): string {
  if (done === 0 || seconds <= 0) return '';
  const rate = done / seconds;
  const shown = rate >= 10 ? count(Math.round(rate)) : rate.toFixed(1);
  return `, ${shown} ${unit}/s${done < total ? `, ${timeLeft((total - done) / rate)}` : ''}`;
}

/**
 * The progress line for an event, `seconds` into its stage (reading the files,
 * or the sources: hashing and checking take turns source by source, and share
 * one rate, in records checked).
 */
export function progressText(p: Progress, seconds: number): string {
  switch (p.phase) {
    case 'files':
      return `citegate: reading citation files: ${count(p.done)}/${count(p.total)}, ${count(p.records)} records${pace(p.done, p.total, seconds, 'files')}`;
    case 'hashing':
    case 'checking': {
      const checked = p.recordsChecked ?? 0;
      const toCheck = p.recordsToCheck ?? 0;
      const what = p.phase === 'hashing' ? 'hashing' : 'checking';
      // While a source is hashed or checked, it is the one shown: one more than those done.
      const source = p.finished ? p.done : p.done + 1;
      return (
        `citegate: ${what} sources: ${count(source)}/${count(p.total)}, ${count(checked)}/${count(toCheck)} records checked` +
        pace(checked, toCheck, seconds, 'records')
      );
    }
    case 'explaining':
      return 'citegate: explaining: looking for the lost quotes in the other sources';
  }
}

export function progressLine(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): ProgressLine {
  if (!stream.isTTY) return QUIET;
  // How long to wait before showing anything, and how often to redraw.
  const after = Number(env.CITEGATE_PROGRESS_AFTER_MS ?? 1000);
  const every = Number(env.CITEGATE_PROGRESS_EVERY_MS ?? 100);
  const started = Date.now();
  let last = 0;
  let shown = false;
  let stage: 'files' | 'sources' | 'explaining' | undefined;
  let stageStarted = started;
  return {
    update(p) {
      const now = Date.now();
      const current = p.phase === 'files' ? 'files' : p.phase === 'explaining' ? 'explaining' : 'sources';
      if (current !== stage) {
        stage = current;
        stageStarted = now;
      }
      if (now - started < after || (now - last < every && p.phase !== 'explaining')) return;
      last = now;
      shown = true;
      let text = progressText(p, (now - stageStarted) / 1000);
      // One line: a line that wraps cannot be rewritten in place.
      if (stream.columns > 1 && text.length > stream.columns - 1) text = `${text.slice(0, stream.columns - 2)}…`;
      stream.write(`\r\x1b[K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
