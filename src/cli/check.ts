// `citegate check`: reads its options into one settings object, runs the
// check session, and writes the report it was asked for.
import path from 'node:path';
import { Session, type SessionResult } from '../check/session.js';
import { runInputs } from '../load/inputs.js';
import { DEFAULT_MANIFEST, loadManifest } from '../load/manifest.js';
import { MAX_SOURCE_BYTES, MAX_SOURCE_BYTES_WHY } from '../load/sources.js';
import { readBaselineFile } from '../load/baseline-file.js';
import { FAIL_ON, type FailOn } from '../model/baseline.js';
import { LevelError, readLevelOverrides, type CheckLevels } from '../model/levels.js';
import { parseShard, SHARD_FORM, type Shard } from '../model/shard.js';
import { jsonReportChunks } from '../report/json.js';
import { sarifChunks } from '../report/sarif.js';
import { baselineLine, diagnosticsChunks, textReportChunks } from '../report/text.js';
import { assertNotAnInput, assertWritable, writeChunks } from '../report/write.js';
import { outputFile, parseCommandArgs, parseByteCount, UsageError } from './args.js';
import { CHECK_HELP } from './help.js';
import type { CommandIO } from './io.js';
import { progressLine } from './progress.js';
import { manifestGiven, openWorkspace } from './workspace-arg.js';

const OPTIONS = {
  manifest: { type: 'string' },
  root: { type: 'string' },
  format: { type: 'string', default: 'text' },
  output: { type: 'string' },
  'max-source-bytes': { type: 'string' },
  explain: { type: 'boolean' },
  'only-failures': { type: 'boolean' },
  shard: { type: 'string' },
  'uncited-claims': { type: 'string' },
  'required-sources': { type: 'string' },
  'claim-numbers': { type: 'string' },
  'citation-locations': { type: 'string' },
  baseline: { type: 'string' },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Everything `check` was told, read and checked in one place. */
interface CheckCommandSettings {
  readonly manifest: string | undefined;
  readonly root: string | undefined;
  readonly format: 'text' | 'json' | 'sarif';
  /** undefined: standard output. */
  readonly output: string | undefined;
  readonly explain: boolean;
  /** The text report lists only the records not located (and counts them all). */
  readonly onlyFailures: boolean;
  readonly maxSourceBytes: number | undefined;
  readonly shard: Shard | undefined;
  readonly checks: Partial<CheckLevels>;
  /** The files named, or none: every file the manifest lists. */
  readonly files: readonly string[];
  /** An earlier run's JSON report to judge this run against. */
  readonly baseline: string | undefined;
  readonly failOn: FailOn;
}

function readSettings(args: string[]): CheckCommandSettings | 'help' {
  const { values, positionals } = parseCommandArgs('check', args, OPTIONS);
  if (values.help) return 'help';
  if (values.format !== 'text' && values.format !== 'json' && values.format !== 'sarif') {
    throw new UsageError(`--format takes text, json or sarif, not ${JSON.stringify(values.format)}`, 'check');
  }
  if (values['only-failures'] && values.format !== 'text') {
    // The JSON report is evidence merge-reports checks whole: it keeps every record.
    throw new UsageError(
      values.format === 'json'
        ? '--only-failures is for the text report: the JSON report keeps every record (filter it with jq)'
        : '--only-failures is for the text report: SARIF holds only what is not located already',
      'check',
    );
  }
  const maxSourceBytes = parseByteCount(values['max-source-bytes'], '--max-source-bytes', 'check', {
    bytes: MAX_SOURCE_BYTES,
    why: MAX_SOURCE_BYTES_WHY,
  });
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.shard !== undefined && shard === undefined) {
    throw new UsageError(`--shard takes ${SHARD_FORM}, not ${JSON.stringify(values.shard)}`, 'check');
  }
  let checks: Partial<CheckLevels>;
  try {
    checks = readLevelOverrides((name) => values[name as 'uncited-claims']);
  } catch (error) {
    if (error instanceof LevelError) throw new UsageError(`--${error.message}`, 'check');
    throw error;
  }
  const failOn = values['fail-on'] ?? (values.baseline !== undefined ? 'new' : 'any');
  if (!(FAIL_ON as readonly string[]).includes(failOn)) {
    throw new UsageError(`--fail-on takes ${FAIL_ON.join(' or ')}, not ${JSON.stringify(failOn)}`, 'check');
  }
  if (failOn === 'new' && values.baseline === undefined) {
    throw new UsageError('--fail-on new needs --baseline: what is new is judged against an earlier report', 'check');
  }
  return {
    baseline: values.baseline,
    failOn: failOn as FailOn,
    manifest: values.manifest,
    root: values.root,
    format: values.format,
    output: outputFile(values.output),
    explain: values.explain === true,
    onlyFailures: values['only-failures'] === true,
    maxSourceBytes,
    shard,
    checks,
    files: positionals,
  };
}

export async function checkCommand(args: string[], io: CommandIO): Promise<number> {
  const settings = readSettings(args);
  if (settings === 'help') {
    io.stdout(CHECK_HELP);
    return 0;
  }
  const { output } = settings;
  if (output !== undefined) assertWritable(output);
  const workspace = openWorkspace(settings.root, 'check');
  const manifest = loadManifest(workspace, settings.manifest ?? path.join(workspace.root, DEFAULT_MANIFEST), {
    given: manifestGiven(settings.manifest, settings.root),
  });
  // Read beside the check, on the other core; a file that cannot be opened is an error before it.
  const baseline = settings.baseline === undefined ? undefined : readBaselineFile(settings.baseline, workspace.root);
  const progress = progressLine(process.stderr);
  const session = new Session({
    workspace,
    manifest,
    selection: settings.files.length === 0 ? { kind: 'manifest' } : { kind: 'named', names: settings.files },
    shard: settings.shard,
    checks: settings.checks,
    maxSourceBytes: settings.maxSourceBytes,
    // The plain text report shows verdicts only: explaining them would be wasted work.
    explain: settings.format !== 'text' || settings.explain,
    failOn: settings.failOn,
    onProgress: (p) => progress.update(p),
  });
  if (output !== undefined) assertNotAnInput(output, () => runInputs(workspace, manifest, session.selected));
  const checked = session.check();
  progress.done();
  const result = session.finish(checked, await baseline);

  const chunks = reportChunks(result, settings);
  if (output !== undefined) writeChunks(output, chunks, { workspace });
  else for (const chunk of chunks) io.stdout(chunk);
  for (const chunk of diagnosticsChunks(result, {
    named: settings.files.length > 0,
    shard: settings.shard,
    noPatterns: manifest.citations.length === 0,
  }))
    io.stderr(chunk);
  if (result.baseline) io.stderr(`${baselineLine(result, result.outcome.passed ? 'warning' : 'error')}\n`);
  return result.outcome.passed ? 0 : 1;
}

function reportChunks(result: SessionResult, settings: CheckCommandSettings): Iterable<string> {
  switch (settings.format) {
    case 'json':
      return jsonReportChunks(result, result.shard ? { shard: result.shard } : {});
    case 'sarif':
      // The Action's SARIF, with the workspace's paths: the CLI knows no repository.
      return sarifChunks(result);
    case 'text':
      return textReportChunks(result, { explain: settings.explain, onlyFailures: settings.onlyFailures });
  }
}
