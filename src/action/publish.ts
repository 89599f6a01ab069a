// What the Action leaves behind for a run: the log group of failures, the
// annotations, the JSON report and SARIF file asked for, and the job summary.
// Each that cannot be written says why; none keeps the others from being written.
import { appendFileSync, existsSync, type PathLike } from 'node:fs';
import * as core from '@actions/core';
import { runInputs, type RunInput } from '../load/inputs.js';
import type { Manifest } from '../load/manifest.js';
import type { Workspace } from '../load/workspace.js';
import { escapeMessage, messageOf } from '../model/escape.js';
import { describeFsError } from '../model/fs-error.js';
import { formatProblem } from '../model/problem.js';
import { type CheckResult, type FailingRecord, isLocated, type JudgedResult, reasonOf } from '../model/result.js';
import { planAnnotations } from '../report/annotations.js';
import { jsonReportChunks, type JsonReportContext } from '../report/json.js';
import { sarifChunks } from '../report/sarif.js';
import { recordName } from '../report/text.js';
import { assertNotAnInput, WriteError, writeChunks } from '../report/write.js';
import { type Annotator, type GitHubPath, logUntrusted } from './annotator.js';
import type { Settings } from './settings.js';

/** The step's outputs. */
export interface Outputs {
  /** Set last, from whether anything failed the step. */
  passed: 'true' | 'false';
  total: number;
  located: number;
  failed: number;
  problems: number;
  'failing-findings': number;
  /** Against a baseline: records broken by the change, fixed by it, and failing in both. */
  broken: number;
  fixed: number;
  'still-failing': number;
  /** Absolute paths, as the inputs resolve from the workspace; empty when not written. */
  report: string;
  sarif: string;
}

export function describeFile(file: string | undefined): string {
  return escapeMessage(JSON.stringify(file ?? ''));
}

/** Why a file could not be written, in words, without a stack trace. */
export function whyNotWritten(error: unknown, file: PathLike | undefined): string {
  if ((error as NodeJS.ErrnoException)?.code) return describeFsError(error);
  // @actions/core refuses a missing file with a message of its own.
  if (file !== undefined && !existsSync(file)) return 'no such file';
  return escapeMessage(messageOf(error));
}

/**
 * Writes the JSON report and the SARIF file that were asked for, each on its
 * own: one that cannot be written does not keep the other from being. Returns
 * why, for each that could not be.
 */
export function writeReports(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  result: JudgedResult,
  context: JsonReportContext,
  outputs: Outputs,
  toGitHub: GitHubPath,
): string[] {
  const unwritten: string[] = [];
  let inputs: RunInput[] | undefined;
  const write = (file: string, input: string, chunks: () => Iterable<string>): boolean => {
    try {
      assertNotAnInput(
        file,
        () =>
          (inputs ??= runInputs(
            workspace,
            manifest,
            result.files.map((f) => ({ file: f })),
          )),
      );
      writeChunks(file, chunks(), { createFolder: true, workspace });
      return true;
    } catch (error) {
      if (!(error instanceof WriteError)) throw error;
      unwritten.push(`${escapeMessage(error.message)} (the \`${input}\` input).`);
      return false;
    }
  };
  if (settings.reportPath && write(settings.reportPath, 'report', () => jsonReportChunks(result, context))) {
    outputs.report = settings.reportPath;
  }
  if (
    settings.sarifPath &&
    write(settings.sarifPath, 'sarif', () => sarifChunks(result, { repositoryPath: toGitHub }))
  ) {
    outputs.sarif = settings.sarifPath;
  }
  return unwritten;
}

export function annotate(result: CheckResult, annotator: Annotator): void {
  for (const planned of planAnnotations(result)) {
    // Not shown ones are in the log group already: they are counted, not made.
    annotator.annotateMade(
      planned.level,
      () => {
        const a = planned.make();
        return [
          a.message,
          { title: a.title, file: a.file, ...(a.line ? { startLine: a.line, startColumn: a.column } : {}) },
        ];
      },
      false,
    );
  }
}

/**
 * Every failure (and every finding) in the log, with command processing
 * stopped so no line of it can act as a workflow command. Returns the group's
 * title, or undefined when there is nothing to list.
 */
export function logFailures(result: CheckResult): string | undefined {
  const failing = result.records.filter((r): r is FailingRecord => !isLocated(r));
  if (failing.length === 0 && result.problems.length === 0 && result.findings.length === 0) return undefined;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const title = `citegate: ${count(failing.length, 'failing record')}, ${count(result.problems.length, 'problem')}, ${count(result.findings.length, 'finding')}`;
  core.startGroup(title);
  logUntrusted([
    ...result.problems.map((p) => `problem: ${formatProblem(p)}`),
    ...failing.map(
      (r) => `record: ${r.file}:${r.line}: ${recordName(r)}: ${r.verdict}${reasonOf(r) ? ` (${reasonOf(r)})` : ''}`,
    ),
    ...result.findings.map(
      (f) =>
        `finding (${f.level}): ${f.file}:${f.line}: ${f.kind}${f.citationId !== undefined ? `: ${f.citationId}` : ''}: ${f.message}`,
    ),
  ]);
  core.endGroup();
  return title;
}

/** Appends to the job summary; a message saying why, when it cannot. */
export function writeSummary(text: string): string | undefined {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return undefined;
  try {
    appendFileSync(file, text);
    return undefined;
  } catch (error) {
    return `The job summary cannot be written to ${describeFile(file)} (GITHUB_STEP_SUMMARY): ${whyNotWritten(error, file)}.`;
  }
}
