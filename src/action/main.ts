// The GitHub Action: reads its inputs into one settings object, plans which
// citation files the event asks to check, runs the check session (the same one
// `citegate check` runs), and writes what a workflow sees: annotations, the
// job summary, the reports and the outputs. It fails the step on anything the
// session's outcome fails, and on any error of its own: it never fails open.
import { messageOf } from '../model/escape.js';
import path from 'node:path';
import * as core from '@actions/core';
import { Session, type SessionResult } from '../check/session.js';
import { loadManifest, ManifestError, type Manifest } from '../load/manifest.js';
import { Workspace } from '../load/workspace.js';
import { escapeMessage } from '../model/escape.js';
import { formatProblem } from '../model/problem.js';
import { tally } from '../model/result.js';
import { judged } from '../check/outcome.js';
import { failureText } from '../report/outcome.js';
import { MAX_SARIF_RESULTS, sarifResultsLeftOut } from '../report/sarif.js';
import { buildSummary } from '../report/summary.js';
import { Annotator, logUntrusted } from './annotator.js';
import { type Repository, refuseCheckoutWithoutChanges, repositoryAround } from './checkout.js';
import { committedSourcesOnly } from './committed.js';
import { githubPaths, workspacePaths } from './github-paths.js';
import { type Plan, planFiles } from './plan.js';
import { baseRunOf } from './baseline.js';
import type { Baseline } from '../check/baseline.js';
import { readBaselineFile } from '../load/baseline-file.js';
import { BaselineError } from '../load/report.js';
import {
  annotate,
  describeFile,
  logFailures,
  type Outputs,
  whyNotWritten,
  writeReports,
  writeSummary,
} from './publish.js';
import { InputError, readSettings, type Settings } from './settings.js';

export const REPORT_BUGS = 'https://github.com/citegate/citegate/issues';

/** What went wrong, each a sentence; the step fails with all of them in one message. */
type Failures = string[];

export async function run(): Promise<void> {
  const outputs: Outputs = {
    passed: 'false',
    total: 0,
    located: 0,
    failed: 0,
    problems: 0,
    'failing-findings': 0,
    broken: 0,
    fixed: 0,
    'still-failing': 0,
    report: '',
    sarif: '',
  };
  const annotator = new Annotator();
  const failures: Failures = [];
  let settings: Settings | undefined;
  try {
    settings = readSettings((name) => core.getInput(name));
    await check(settings, outputs, annotator, failures);
  } catch (error) {
    if (error instanceof InputError) failures.push(error.message);
    else if (error instanceof BaselineError) failures.push(`${escapeMessage(error.message)}: the check could not run`);
    else if (error instanceof ManifestError) manifestFailed(error, annotator, failures, settings);
    else {
      const message = messageOf(error);
      failures.push(
        `internal error: ${escapeMessage(message)}. This is a bug in citegate, not in your files: please report it at ${REPORT_BUGS}.`,
      );
      if (error instanceof Error && error.stack) core.debug(error.stack);
    }
  }
  // Whatever failed the step (the outcome, an input, a report not written) fails `passed` too.
  outputs.passed = failures.length === 0 ? 'true' : 'false';
  try {
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  } catch (error) {
    failures.push(
      `The step's outputs cannot be written to ${describeFile(process.env.GITHUB_OUTPUT)} (GITHUB_OUTPUT): ${whyNotWritten(error, process.env.GITHUB_OUTPUT)}.`,
    );
  }
  if (failures.length > 0) annotator.fail(`citegate: ${failures.join(' ')}`);
}

function manifestFailed(
  error: ManifestError,
  annotator: Annotator,
  failures: Failures,
  settings: Settings | undefined,
): void {
  const file = error.problems[0]?.file ?? '';
  if (settings) {
    const workspace = new Workspace(settings.workspace);
    annotator.gitHubPath = githubPaths(settings, workspace, repositoryAround(workspace, file));
  }
  for (const p of error.problems) {
    annotator.annotate(
      'error',
      escapeMessage(p.message),
      { title: 'invalid manifest', file: p.file, ...(p.line > 0 ? { startLine: p.line, startColumn: p.column } : {}) },
      false,
    );
  }
  logUntrusted(error.problems.map((p) => `problem: ${formatProblem(p)}`));
  const overflow = annotator.overflow('Every problem is in the job summary and in the log.');
  const summary = buildSummary(
    judged({ manifest: file, files: [], records: [], sources: [], problems: error.problems, findings: [] }),
    {
      headline: '❌ citegate: the manifest cannot be used — fail',
      notes: overflow ? [overflow] : [],
    },
  );
  const unwritten = writeSummary(summary);
  failures.push(
    `the manifest cannot be used (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}, annotated above): the check could not run`,
  );
  if (unwritten) failures.push(unwritten);
}

/** What the Action's report says of the event: its name, the scope checked, the commits compared. */
function githubRun(settings: Settings, checkedAll: boolean) {
  return {
    event: settings.eventName,
    scope: checkedAll ? 'all' : 'changed',
    ...(settings.diff.kind !== 'none'
      ? { base_sha: settings.diff.base, head_sha: settings.diff.head }
      : settings.headSha
        ? { head_sha: settings.headSha }
        : {}),
  };
}

async function check(settings: Settings, outputs: Outputs, annotator: Annotator, failures: Failures): Promise<void> {
  const workspace = new Workspace(settings.workspace);
  const manifest = loadManifest(workspace, path.resolve(settings.workspace, settings.manifest), {
    given: 'the `manifest` input, from the workspace',
  });
  // Asked of git once, when first needed: by the base-commit check, then to map the changed paths.
  let repository: Repository | undefined;
  const manifestRepository = () => (repository ??= repositoryAround(workspace, manifest.file));
  refuseCheckoutWithoutChanges(settings, manifestRepository);
  const notes: string[] = [];
  const plan = await planFiles(settings, workspace, manifest, manifestRepository, notes, annotator);
  const checkedAll = settings.effectiveScope === 'all' || plan.checkedAll;
  const session = openSession(settings, workspace, manifest, plan, checkedAll, manifestRepository);
  if (settings.shard) {
    notes.push(
      `This is shard ${settings.shard.index} of ${settings.shard.count}: ${session.files.length} of those files (merge the shards' reports with citegate merge-reports).`,
    );
  }

  if (plan.nothingToCheck) {
    // A baseline file that cannot be used fails the step here too, as it does once there is something to
    // check: a wrong path or a report that is none must not pass until the change that needs it.
    if (settings.baseline.kind === 'file') await readBaselineFile(settings.baseline.path, workspace.root);
    annotator.annotate('notice', `citegate: ${escapeMessage(notes.join(' '))}`);
    const empty = session.run();
    // A later step (upload-artifact, upload-sarif) finds the files it was told to expect.
    const unwrittenReports = writeReports(settings, workspace, manifest, empty, empty, outputs, workspacePaths);
    failures.push(...unwrittenReports);
    const unwritten = writeSummary(
      buildSummary(empty, {
        headline:
          unwrittenReports.length === 0
            ? '✅ citegate: nothing to check — pass'
            : '❌ citegate: nothing to check, but a report could not be written — fail',
        notes: [...notes, ...unwrittenReports],
      }),
    );
    if (unwritten) failures.push(unwritten);
    return;
  }

  const baseline = baselineOf(settings, workspace, manifest, manifestRepository, plan, session, notes, annotator);
  core.startGroup(`citegate: checking ${session.files.length} citation file${session.files.length === 1 ? '' : 's'}`);
  const checked = session.check();
  core.endGroup();
  const result = session.finish(checked, await baseline);
  publish(settings, workspace, manifest, result, manifestRepository(), notes, outputs, annotator, failures);
}

/**
 * The baseline the inputs ask for: a JSON report (read beside the check), or
 * the run of the base commit. One that cannot be made leaves the run judged
 * on every record (fail-on any), saying why: stricter, never looser.
 */
function baselineOf(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  manifestRepository: () => Repository,
  plan: Plan,
  session: Session,
  notes: string[],
  annotator: Annotator,
): Baseline | Promise<Baseline> | undefined {
  switch (settings.baseline.kind) {
    case 'none':
      return undefined;
    case 'file':
      return readBaselineFile(settings.baseline.path, workspace.root);
    case 'auto': {
      core.startGroup('citegate: checking the base commit, for the baseline');
      const base = baseRunOf(settings, workspace, manifest, manifestRepository, plan, session.files);
      core.endGroup();
      if (base.ok) return base.baseline;
      annotator.annotate(
        'notice',
        `citegate: no baseline (${base.reason}), so every record that is not located counts.`,
      );
      notes.push(`No baseline: ${base.reason}. Every record that is not located counts, as with fail-on any.`);
      return undefined;
    }
  }
}

function openSession(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  plan: Plan,
  checkedAll: boolean,
  manifestRepository: () => Repository,
): Session {
  const started = Date.now();
  let lastLog = started;
  return new Session({
    workspace,
    manifest,
    selection: {
      kind: 'chosen',
      files: plan.files,
      problems: plan.problems,
      preloaded: plan.preloaded,
      complete: checkedAll,
    },
    shard: settings.shard,
    checks: settings.checks,
    explain: true,
    failOn: settings.failOn,
    sourcePolicy: committedSourcesOnly(manifestRepository),
    github: githubRun(settings, checkedAll),
    onProgress: (p) => {
      // The log notes files read and sources finished: not the steps within a source.
      if (!p.finished) return;
      const now = Date.now();
      if (now - lastLog >= 5000 || p.done === p.total) {
        lastLog = now;
        const files = p.phase === 'files';
        core.info(
          `${files ? 'read' : 'verified and searched'} ${p.done}/${p.total} ${files ? 'files' : 'sources'}, ${p.records} records, ${((now - started) / 1000).toFixed(1)} s`,
        );
      }
    },
  });
}

/** Writes the outputs, the log group, the annotations, the reports and the summary of a run, and fails the step as its outcome says. */
function publish(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  result: SessionResult,
  repository: Repository,
  notes: string[],
  outputs: Outputs,
  annotator: Annotator,
  failures: Failures,
): void {
  const counts = tally(result);
  Object.assign(outputs, {
    total: counts.total,
    located: counts.located,
    failed: counts.failed,
    problems: counts.problems,
    'failing-findings': counts.findings.fail,
    broken: counts.baseline?.broken ?? 0,
    fixed: counts.baseline?.fixed ?? 0,
    'still-failing': counts.baseline?.['still failing'] ?? 0,
  });
  if (result.partial && counts.total === 0)
    notes.push(
      `The citation files checked hold no records${settings.shard ? '' : ' (a run over changed files does not fail for that)'}.`,
    );

  const logGroup = logFailures(result);
  const toGitHub = githubPaths(settings, workspace, repository);
  annotator.gitHubPath = toGitHub;
  annotate(result, annotator);
  const where = [
    'Every failing record, problem and finding is in the job summary',
    logGroup ? ` and in the log (the group "${logGroup}")` : '',
    settings.reportPath
      ? ', and every record is in the JSON report (the `report` output).'
      : '; set the `report` input for a JSON report of every record.',
  ].join('');
  const overflow = annotator.overflow(where);
  if (overflow) notes.unshift(overflow);

  // The reports before the summary, which must say so when one cannot be written.
  const unwrittenReports = writeReports(settings, workspace, manifest, result, result, outputs, toGitHub);
  const leftOut = outputs.sarif !== '' ? sarifResultsLeftOut(result) : 0;
  if (leftOut > 0) {
    notes.push(
      `The SARIF file holds ${MAX_SARIF_RESULTS.toLocaleString('en-US')} of the ${(MAX_SARIF_RESULTS + leftOut).toLocaleString('en-US')} results, ` +
        `errors first: GitHub code scanning refuses a file with more. ${outputs.report !== '' ? 'Every record is in the JSON report.' : 'Set the `report` input for a JSON report of every record.'}`,
    );
  }
  const unwritten = writeSummary(
    buildSummary(result, {
      ...(unwrittenReports.length > 0
        ? {
            headline: `❌ citegate: ${counts.located} of ${counts.total} record${counts.total === 1 ? '' : 's'} located, but a report could not be written — fail`,
          }
        : {}),
      serverUrl: settings.serverUrl,
      repository: settings.repository,
      headSha: settings.headSha,
      repositoryPath: toGitHub,
      notes: [...unwrittenReports, ...notes],
      fullReportHint: settings.reportPath
        ? 'Every record is in the JSON report (the `report` output) and every failure is in the log.'
        : 'Every failure is in the log; set the `report` input for a JSON report.',
    }),
  );

  if (!result.outcome.passed) failures.push(`${failureText(result.outcome)}. See the annotations and the job summary.`);
  else core.info(`citegate: ${counts.located} of ${counts.total} records located.`);
  failures.push(...unwrittenReports);
  if (unwritten) failures.push(unwritten);
}
