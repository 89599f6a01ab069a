// Every annotation the step makes goes through here, so that what GitHub
// shows is chosen, not cut at random. GitHub shows at most 10 error and 10
// warning annotations per step (and 50 per job): one error is kept for the
// step's own failure message (core.setFailed is an error annotation too), one
// warning for the note saying how many more there are. Notices are capped at
// 10 as well, so a step makes at most 30 annotations, within the job's 50.
import { randomUUID } from 'node:crypto';
import * as core from '@actions/core';
import { escapeMessage } from '../model/escape.js';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** GitHub shows at most this many annotations of each level per step (and 50 per job). */
export const SHOWN_PER_STEP: Readonly<Record<AnnotationLevel, number>> = { error: 10, warning: 10, notice: 10 };
/** Kept back: the failure message (error), the overflow note (warning). */
const RESERVED: Readonly<Record<AnnotationLevel, number>> = { error: 1, warning: 1, notice: 0 };

export type AnnotationProperties = core.AnnotationProperties;

/** A workspace-relative path as GitHub names the file; undefined for a file GitHub does not know. */
export type GitHubPath = (file: string) => string | undefined;

export class Annotator {
  /** How GitHub names the files annotated (set once the repository is known): as the workspace does, until then. */
  gitHubPath: GitHubPath = (file) => file;
  private readonly used: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  readonly dropped: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  private failed = false;
  private noted = false;

  /** How many of this level can still be shown. */
  room(level: AnnotationLevel): number {
    return SHOWN_PER_STEP[level] - RESERVED[level] - this.used[level];
  }

  /**
   * Annotates if there is room; false when it was not shown. A message not
   * shown goes to the log only when `logIfDropped` (records, problems and
   * findings are all in the log already).
   */
  annotate(
    level: AnnotationLevel,
    message: string,
    properties: AnnotationProperties = {},
    logIfDropped = true,
  ): boolean {
    return this.annotateMade(level, () => [message, properties], logIfDropped);
  }

  /**
   * As annotate(), the message and its properties made by `make` only when
   * they are shown (or logged): a run's failing records are tens of
   * thousands, and each one's message is its explanation.
   */
  annotateMade(
    level: AnnotationLevel,
    make: () => readonly [message: string, properties: AnnotationProperties],
    logIfDropped: boolean,
  ): boolean {
    if (this.room(level) <= 0) {
      this.dropped[level]++;
      if (logIfDropped) logUntrusted([`${level}: ${make()[0]}`]);
      return false;
    }
    this.used[level]++;
    const [message, properties] = make();
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the three levels are core.error, core.warning and core.notice
    core[level](...placed(message, properties, this.gitHubPath));
    return true;
  }

  /** How many annotations were not shown, or 0. */
  get droppedCount(): number {
    return this.dropped.error + this.dropped.warning + this.dropped.notice;
  }

  /** The one warning saying what was not shown and where to see it (its reserved slot), once. */
  overflow(where: string): string | undefined {
    if (this.droppedCount === 0 || this.noted) return undefined;
    this.noted = true;
    const parts = (['error', 'warning', 'notice'] as const)
      .filter((level) => this.dropped[level] > 0)
      .map((level) => `${this.dropped[level]} ${level}${this.dropped[level] === 1 ? '' : 's'}`);
    const text = `${parts.join(', ')} not annotated: GitHub shows at most ${SHOWN_PER_STEP.error} error and ${SHOWN_PER_STEP.warning} warning annotations per step. ${where}`;
    core.warning(`citegate: ${text}`);
    return text;
  }

  /** Fails the step, once, with the error annotation kept for it. */
  fail(message: string): void {
    if (this.failed) return;
    this.failed = true;
    core.setFailed(message);
  }
}

/**
 * The message and properties of an annotation as the runner may be given them,
 * its file named as GitHub names it (`gitHubPath`). @actions/core encodes what
 * would end a property (`%`, CR, LF, `:`, `,`), and the runner decodes it, so
 * a file name holding a line break still names its file; any other control or
 * bidi character would reach the log raw, and escaped it would name a file
 * GitHub cannot find. An annotation on such a file, or on one GitHub does not
 * know (outside the event's repository: it would be shown on whatever file of
 * it has that name), is put on the run instead, its message naming the file,
 * escaped, as the workspace names it.
 */
function placed(
  message: string,
  properties: AnnotationProperties,
  gitHubPath: GitHubPath,
): [string, AnnotationProperties] {
  const file = properties.file;
  if (file === undefined) return [message, properties];
  const named = gitHubPath(file);
  const withoutBreaks = named?.replace(/[\r\n]/g, '');
  if (named !== undefined && escapeMessage(withoutBreaks!) === withoutBreaks)
    return [message, { ...properties, file: named }];
  const at = properties.startLine ? `:${properties.startLine}` : '';
  return [`${escapeMessage(file)}${at}: ${message}`, properties.title === undefined ? {} : { title: properties.title }];
}

/**
 * Writes lines that may hold untrusted text to the log with workflow commands
 * stopped, so that no line of it can act as one, each escaped onto one line.
 */
export function logUntrusted(lines: readonly string[]): void {
  const token = randomUUID();
  process.stdout.write(`::stop-commands::${token}\n`);
  for (const line of lines) process.stdout.write(`${escapeMessage(line)}\n`);
  process.stdout.write(`::${token}::\n`);
}
