// `citegate merge-reports`: the JSON reports of the shards of a split run, made
// into the one report (and job summary) the unsplit run would have given.
import type { Buffer } from 'node:buffer';
import { closeSync, fstatSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { jsonReportChunks } from '../report/json.js';
import { sarifChunks } from '../report/sarif.js';
import { buildSummary } from '../report/summary.js';
import { assertNotAnInput, assertWritable, writeChunks } from '../report/write.js';
import { InputError, outputFile, parseCommandArgs, UsageError } from './args.js';
import { describeFsError } from '../model/fs-error.js';
import { MERGE_HELP } from './help.js';
import type { CommandIO } from './io.js';
import type { JudgedResult } from '../model/result.js';
import { judged } from '../check/outcome.js';
import { mergeResults, PartsError } from '../check/merge.js';
import { locateInReport, parseJsonReport, ReportError, type ReportPath, reportText } from '../load/report.js';
import type { Position } from '../engine/positions.js';
import { NamedFileError, openNamedFile } from '../load/named-file.js';

export function mergeReportsCommand(args: string[], io: CommandIO): number {
  const { values, positionals } = parseCommandArgs('merge-reports', args, {
    output: { type: 'string' },
    format: { type: 'string', default: 'json' },
    summary: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(MERGE_HELP);
    return 0;
  }
  if (values.format !== 'json' && values.format !== 'sarif') {
    throw new UsageError(`--format takes json or sarif, not ${JSON.stringify(values.format)}`, 'merge-reports');
  }
  if (positionals.length === 0) throw new UsageError('name the JSON reports to merge', 'merge-reports');
  const output = outputFile(values.output);
  // Neither may be a report being merged: the merge would replace it, or the
  // summary's Markdown would be appended to its JSON, and the shard be lost.
  const inputs = () => positionals.map((file) => ({ abs: path.resolve(file), what: `report ${file}` }));
  for (const file of [output, values.summary]) {
    if (file === undefined) continue;
    assertWritable(file);
    assertNotAnInput(file, inputs);
  }
  // What each report's file was when read, to find a value in it again (whereIn).
  const stamps: string[] = [];
  const parts = positionals.map((file) => {
    let bytes: Buffer;
    try {
      const { fd } = openNamedFile(file, process.cwd());
      try {
        stamps.push(stampOf(fd));
        bytes = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if (error instanceof NamedFileError) throw new InputError(`cannot read: ${error.message}`, file);
      throw new InputError(`cannot read: ${describeFsError(error)}`, file);
    }
    try {
      return parseJsonReport(reportText(bytes));
    } catch (error) {
      if (error instanceof ReportError) throw new InputError(error.message, file, error.position);
      throw error;
    }
  });
  let merged: JudgedResult;
  try {
    merged = judged(mergeResults(parts, positionals));
  } catch (error) {
    if (error instanceof PartsError && error.path !== undefined) {
      const file = positionals[error.part];
      const position = whereIn(file, stamps[error.part], error.path);
      if (position !== undefined) throw new InputError(error.message, file, position);
    }
    if (error instanceof ReportError) throw new InputError(error.message);
    throw error;
  }
  // Every report has the same `github`: mergeResults refuses others.
  const github = parts[0].github;
  const chunks =
    values.format === 'sarif' ? sarifChunks(merged) : jsonReportChunks(merged, github !== undefined ? { github } : {});
  if (output !== undefined) writeChunks(output, chunks);
  else for (const chunk of chunks) io.stdout(chunk);
  if (values.summary !== undefined) {
    writeChunks(
      values.summary,
      [buildSummary(merged, { notes: [`Merged from ${parts.length} report${parts.length === 1 ? '' : 's'}.`] })],
      { append: true },
    );
  }
  return merged.outcome.passed ? 0 : 1;
}

/** The file `fd` is, as far as telling that it is still the one read: which file, its length, when written. */
export function stampOf(fd: number): string {
  const stat = fstatSync(fd, { bigint: true });
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/**
 * Where the value at `at` is in the report `file`, read again (reports that
 * do not belong together are rare, and their texts are not kept for them);
 * undefined when the file is no longer the one read (`stamp`) or cannot be
 * read or followed there.
 */
export function whereIn(file: string, stamp: string, at: ReportPath): Position | undefined {
  try {
    const { fd } = openNamedFile(file, process.cwd());
    try {
      return stampOf(fd) === stamp ? locateInReport(reportText(readFileSync(fd)), at) : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
