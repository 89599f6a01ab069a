// The text report of `citegate check` (SPEC §5). For one citation file it is
// exactly the reference's output: `id: verdict` per record, then
// `located=N/M`. For several files each line starts with `file:line: ` so that
// a person can jump to it and a script can split it (the verdict is always the
// last `: `-separated field; escaping keeps ids on one line).
import { explainRecord } from './explain-text.js';
import { type CheckResult, type RecordResult, reasonOf, tally } from '../model/result.js';
import { formatDiagnostic, type Level } from '../model/problem.js';
import { escapeMessage, escapeValue } from '../model/escape.js';

/** A record as its verdict line names it: its citation_id as the reference prints it (SPEC §5), even an empty one. */
export function recordLabel(record: RecordResult): string {
  return record.citationId === null ? `(record ${record.index + 1})` : escapeValue(record.citationId);
}

/** A record as messages, annotations and summaries name it: an empty citation_id by its place, as a missing one. */
export function recordName(record: RecordResult): string {
  return record.citationId === '' ? `(record ${record.index + 1})` : recordLabel(record);
}

/**
 * Standard output: one line per record (with `onlyFailures`, per record not
 * located), then the count of all. With `explain`, each record is followed by
 * lines indented by two spaces saying why (so a script that reads the verdict
 * lines can skip them).
 */
export function* textReportChunks(
  result: CheckResult,
  options: { explain?: boolean; onlyFailures?: boolean } = {},
): Generator<string> {
  const several = result.files.length > 1;
  // Written in blocks: a run of a few hundred thousand records never holds its
  // whole report, nor one small string per line.
  let lines: string[] = [];
  let located = 0;
  for (const r of result.records) {
    if (r.verdict === 'located') {
      located++;
      // Counted all the same: the last line says how many of all were located.
      if (options.onlyFailures) continue;
    }
    lines.push(
      several ? `${escapeValue(r.file)}:${r.line}: ${recordLabel(r)}: ${r.verdict}` : `${recordLabel(r)}: ${r.verdict}`,
    );
    if (options.explain) {
      const reason = reasonOf(r);
      if (reason) lines.push(`  ${escapeMessage(reason)}`);
      if (r.baseline)
        lines.push(`  baseline: ${r.baseline.state}${r.baseline.verdict ? ` (was ${r.baseline.verdict})` : ''}`);
      for (const line of explainRecord(r)) lines.push(`  ${escapeMessage(line)}`);
    }
    if (lines.length >= 4096) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  lines.push(`located=${located}/${result.records.length}`);
  yield `${lines.join('\n')}\n`;
}

/**
 * Standard error: what is wrong with the input, `file:line:column: level: message`.
 * Records with invalid fields are input errors too, so their reasons are here;
 * other verdicts are results and stay on standard output alone. Written in
 * blocks, like the report: a file of a hundred thousand bad records makes as
 * many lines.
 */
export function* diagnosticsChunks(
  result: CheckResult,
  options: { named?: boolean; shard?: { readonly index: number; readonly count: number }; noPatterns?: boolean } = {},
): Generator<string> {
  let lines: string[] = [];
  const flush = function* () {
    if (lines.length >= 4096) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  };
  for (const p of result.problems) {
    lines.push(escapeMessage(formatDiagnostic(p, 'error', p.message)));
    yield* flush();
  }
  // With --fail-on new, what was failing in the baseline already does not fail the run: a warning.
  const onChange = result.baseline?.failOn === 'new';
  for (const f of result.findings) {
    const who = f.citationId !== undefined ? `${escapeValue(f.citationId)}: ` : '';
    const old = onChange && f.level === 'fail' && f.baseline === 'still failing';
    const level = f.level === 'fail' && !old ? 'error' : 'warning';
    lines.push(escapeMessage(formatDiagnostic(f, level, `${f.kind}: ${who}${f.message}${old ? STILL_FAILING : ''}`)));
    yield* flush();
  }
  for (const r of result.records) {
    if (r.verdict !== 'invalid fields') continue;
    const old = onChange && r.baseline?.state === 'still failing';
    lines.push(
      escapeMessage(
        formatDiagnostic(
          r,
          old ? 'warning' : 'error',
          `${recordName(r)}: invalid fields: ${r.reason}${old ? STILL_FAILING : ''}`,
        ),
      ),
    );
    yield* flush();
  }
  if (result.records.length === 0 && options.shard) {
    // Not a failure: the merge judges the whole run. Worth a look all the same (too many shards?).
    lines.push(
      formatDiagnostic(
        undefined,
        'warning',
        `shard ${options.shard.index} of ${options.shard.count} holds no citation ${result.files.length > 0 ? 'records' : 'files'}; merge-reports judges the whole run`,
      ),
    );
  } else if (result.records.length === 0) {
    lines.push(
      formatDiagnostic(
        undefined,
        'error',
        result.files.length > 0
          ? 'no citation records in the files checked (an empty run fails)'
          : options.named
            ? 'none of the files named could be checked (an empty run fails)'
            : options.noPatterns
              ? 'no citation files to check: the manifest has no `citations` patterns; add some, or name the files to check (an empty run fails)'
              : "no citation files to check: the manifest's `citations` patterns match no file (an empty run fails)",
      ),
    );
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

/** After a line on standard error about what the baseline had already, and --fail-on new does not count. */
const STILL_FAILING = ' (still failing since the baseline, not counted)';

/** At most this many source ids named per list; the rest counted. */
const IDS_NAMED = 10;

function ids(list: readonly string[]): string {
  const named = list.slice(0, IDS_NAMED).map((id) => escapeValue(id));
  return list.length > IDS_NAMED ? `${named.join(', ')} and ${list.length - IDS_NAMED} more` : named.join(', ');
}

/**
 * What changed since the baseline, in one line for standard error (the `id:
 * verdict` lines stay the reference's), at the level of the run's outcome:
 * `error` when it fails, `warning` when it passes (what it does not count is
 * worth a look).
 */
export function baselineLine(result: CheckResult, level: Level): string {
  const b = result.baseline;
  const counts = tally(result).baseline;
  if (!b || !counts) return '';
  let newFailing = 0;
  for (const r of result.records) if (r.baseline?.state === 'new' && r.verdict !== 'located') newFailing++;
  const notCounted = b.failOn === 'new' ? ' (not counted)' : '';
  const parts = [
    `${counts.broken} broken`,
    `${newFailing} new not located`,
    `${counts.fixed} fixed`,
    `${counts['still failing']} still failing${notCounted}`,
    `${counts.unchanged} unchanged`,
    `${counts.new - newFailing} new located`,
    `${counts.removed} removed`,
  ];
  const findings = counts.findings;
  if (findings.new + findings['still failing'] + findings.fixed > 0)
    parts.push(
      `findings: ${findings.new} new, ${findings['still failing']} still failing${notCounted}, ${findings.fixed} fixed`,
    );
  const { added, removed, repinned } = b.sources;
  const sources = [
    added.length > 0 ? `added ${ids(added)}` : '',
    removed.length > 0 ? `removed ${ids(removed)}` : '',
    repinned.length > 0 ? `re-pinned ${ids(repinned)} (their records judged against the new text)` : '',
  ].filter(Boolean);
  return escapeMessage(
    formatDiagnostic(
      undefined,
      level,
      `against the baseline ${b.from} (fail on ${b.failOn}): ${parts.join(', ')}` +
        (sources.length > 0 ? `; manifest sources since the baseline: ${sources.join('; ')}` : ''),
    ),
  );
}
