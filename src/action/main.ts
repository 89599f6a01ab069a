// The GitHub Action: the same run as `citegate check`, plus what only the
// Action does: read its inputs, find what the event changed, and write
// annotations, the job summary and the outputs. It fails the step on anything
// that is not `located`, and on any error of its own: it never fails open.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as core from '@actions/core';
import { failingFindings, passed as cliPassed, type CheckResult } from '../check/result.js';
import { runCheck } from '../check/run.js';
import { inShard } from '../check/shard.js';
import { loadCitationFile } from '../load/citation-file.js';
import { loadManifest, ManifestError, type Manifest } from '../load/manifest.js';
import type { Problem } from '../load/problem.js';
import { findCitationFiles, type CitationFileRef } from '../load/select.js';
import { Workspace } from '../load/workspace.js';
import { ANNOTATIONS_SHOWN_PER_STEP, buildAnnotations } from '../report/annotations.js';
import { escapeMessage } from '../report/escape.js';
import { jsonReportChunks } from '../report/json.js';
import { writeChunks, WriteError } from '../report/write.js';
import { buildSarif } from '../report/sarif.js';
import { buildSummary } from '../report/summary.js';
import { recordLabel } from '../report/text.js';
import { findChangedFiles } from './changed-files.js';
import { gitShow, hasCommit } from './git.js';
import { selectChanged } from './scope.js';
import { InputError, readSettings, type Settings } from './settings.js';

export const REPORT_BUGS = 'https://github.com/citegate/citegate/issues';

interface Outputs {
  total: number;
  located: number;
  failed: number;
  report: string;
  sarif: string;
}

export async function run(): Promise<void> {
  const outputs: Outputs = { total: 0, located: 0, failed: 0, report: '', sarif: '' };
  try {
    const settings = readSettings((name) => core.getInput(name));
    await check(settings, outputs);
  } catch (error) {
    if (error instanceof InputError) core.setFailed(`citegate: ${error.message}`);
    else if (error instanceof WriteError) core.setFailed(`citegate: ${escapeMessage(error.message)} (the \`report\` or \`sarif\` input)`);
    else if (error instanceof ManifestError) {
      for (const p of error.problems) {
        core.error(escapeMessage(p.message), { title: 'invalid manifest', file: p.file, ...(p.line > 0 ? { startLine: p.line, startColumn: p.column } : {}) });
      }
      core.setFailed(`citegate: the manifest cannot be used (${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}, annotated above): the check could not run`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      core.setFailed(`citegate: internal error: ${escapeMessage(message)}. This is a bug in citegate, not in your files: please report it at ${REPORT_BUGS}.`);
      if (error instanceof Error && error.stack) core.debug(error.stack);
    }
  } finally {
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  }
}

async function check(settings: Settings, outputs: Outputs): Promise<void> {
  const workspace = new Workspace(settings.workspace);
  const manifest = loadManifest(workspace, path.resolve(settings.workspace, settings.manifest));
  const notes: string[] = [];
  const plan = await planFiles(settings, workspace, manifest, notes);
  if (settings.shard) {
    plan.files = inShard(plan.files, settings.shard);
    notes.push(`This is shard ${settings.shard.index} of ${settings.shard.count}: ${plan.files.length} of those files (merge the shards' reports with citegate merge-reports).`);
  }

  if (plan.nothingToCheck) {
    core.notice(`citegate: ${notes.join(' ')}`);
    await writeSummary(`## ✅ citegate: nothing to check — pass\n\n${notes.join('\n\n')}\n`);
    return;
  }

  core.startGroup(`citegate: checking ${plan.files.length} citation file${plan.files.length === 1 ? '' : 's'}`);
  const started = Date.now();
  let lastLog = started;
  const result = runCheck({
    workspace, manifest, files: plan.files, preloaded: plan.preloaded, problems: plan.problems, checks: { ...manifest.checks, ...settings.checks },
    onProgress: (p) => {
      const now = Date.now();
      if (now - lastLog >= 5000 || p.done === p.total) {
        lastLog = now;
        core.info(`${p.phase === 'files' ? 'read' : 'verified and searched'} ${p.done}/${p.total} ${p.phase}, ${p.records} records, ${((now - started) / 1000).toFixed(1)} s`);
      }
    },
  });
  core.endGroup();

  const located = result.records.filter((r) => r.verdict === 'located').length;
  Object.assign(outputs, { total: result.records.length, located, failed: result.records.length - located });
  // A shard may hold no file at all: its emptiness is judged when the shards are merged.
  const full = (settings.effectiveScope === 'all' || plan.checkedAll) && settings.shard === undefined;
  // In a full run an empty set of records fails (missing data must not look like success);
  // in a run over changed files it just means the change removed every record.
  const ok = full ? cliPassed(result) : result.problems.length === 0 && failingFindings(result) === 0 && result.records.every((r) => r.verdict === 'located');
  if (!full && result.records.length === 0 && ok) notes.push('The changed citation files hold no records.');

  logFailures(result);
  annotate(result);
  await writeSummary(buildSummary(result, {
    serverUrl: settings.serverUrl,
    repository: settings.repository,
    headSha: settings.headSha,
    notes,
    fullReportHint: settings.reportPath
      ? 'Every record is in the JSON report (the `report` output) and in the log.'
      : 'Every failing record is in the log; set the `report` input for a JSON report.',
  }));

  const github = {
    event: settings.eventName,
    scope: settings.effectiveScope === 'all' || plan.checkedAll ? 'all' : 'changed',
    ...(settings.diff.kind !== 'none' ? { base_sha: settings.diff.base, head_sha: settings.diff.head } : settings.headSha ? { head_sha: settings.headSha } : {}),
  };
  if (settings.reportPath) {
    writeChunks(settings.reportPath, jsonReportChunks(result, { github, shard: settings.shard }), { createFolder: true, workspace });
    outputs.report = settings.reportPath;
  }
  if (settings.sarifPath) {
    writeChunks(settings.sarifPath, [JSON.stringify(buildSarif(result), null, 2) + '\n'], { createFolder: true, workspace });
    outputs.sarif = settings.sarifPath;
  }

  if (!ok) {
    const failing = result.records.length - located;
    const why = [
      failing > 0 ? `${failing} of ${result.records.length} records not located` : '',
      result.problems.length > 0 ? `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} with the input` : '',
      failingFindings(result) > 0 ? `${failingFindings(result)} failing finding${failingFindings(result) === 1 ? '' : 's'} beyond quotes` : '',
      result.records.length === 0 && full ? 'no citation records were checked (an empty full run fails)' : '',
    ].filter(Boolean).join('; ');
    core.setFailed(`citegate: ${why}. See the annotations and the job summary.`);
  } else {
    core.info(`citegate: ${located} of ${result.records.length} records located.`);
  }
}

interface Plan {
  files: CitationFileRef[];
  /** Folders that could not be listed while looking for citation files. */
  problems?: Problem[];
  preloaded?: ReadonlyMap<string, ReturnType<typeof loadCitationFile>>;
  checkedAll: boolean;
  nothingToCheck: boolean;
}

async function planFiles(settings: Settings, workspace: Workspace, manifest: Manifest, notes: string[]): Promise<Plan> {
  const all = (): Plan => {
    const { files, problems } = findCitationFiles(workspace, manifest);
    notes.push(`Checked every citation file the manifest lists (${files.length}).`);
    return { files, problems, checkedAll: true, nothingToCheck: false };
  };
  if (settings.effectiveScope === 'all') return all();

  const changes = await findChangedFiles(settings, { info: (m) => core.info(m), warning: (m) => core.warning(m) });
  if (!changes.ok) {
    core.notice(`citegate: cannot tell which files changed (${changes.reason}), so every citation file is checked.`);
    notes.push(`Could not tell which files changed (${changes.reason}), so every citation file was checked.`);
    return all();
  }
  let preloaded: Map<string, ReturnType<typeof loadCitationFile>> | undefined;
  const selection = selectChanged({
    workspace,
    manifest,
    changed: changes.list.files,
    baseManifestText: hasCommit(settings.workspace, changes.base)
      ? gitShow(settings.workspace, changes.base, manifest.file)
      : null,
    loadAll: () => {
      preloaded = new Map(findCitationFiles(workspace, manifest).files.map((ref) => [ref.file, loadCitationFile(workspace, ref.file)]));
      return preloaded;
    },
  });
  if (selection.checkAll) {
    notes.push(`Every citation file was checked because ${selection.checkAll}.`);
    const plan = all();
    return { ...plan, preloaded };
  }
  const what = `${changes.list.files.length} changed file${changes.list.files.length === 1 ? '' : 's'} (from ${changes.via})`;
  if (selection.files.length === 0) {
    notes.push(`No citation file and no cited source changed among the ${what}: nothing to check.`);
    return { files: [], checkedAll: false, nothingToCheck: true };
  }
  const parts = [`${selection.changedFiles.length} changed citation file${selection.changedFiles.length === 1 ? '' : 's'}`];
  if (selection.changedSources.length > 0) {
    const citing = selection.files.length - selection.changedFiles.length;
    parts.push(`${citing} more citing the changed source${selection.changedSources.length === 1 ? '' : 's'} ${selection.changedSources.join(', ')}`);
  }
  notes.push(`Checked ${parts.join(' and ')}, out of ${what}.`);
  return { files: [...selection.files], preloaded, checkedAll: false, nothingToCheck: false };
}

function annotate(result: CheckResult): void {
  const annotations = buildAnnotations(result);
  const errors = annotations.filter((a) => a.level === 'error');
  const warnings = annotations.filter((a) => a.level === 'warning');
  const props = (a: (typeof annotations)[number]) => ({ title: a.title, file: a.file, ...(a.line ? { startLine: a.line, startColumn: a.column } : {}) });
  for (const a of errors.slice(0, ANNOTATIONS_SHOWN_PER_STEP)) core.error(a.message, props(a));
  // One warning is kept for the note below when errors overflow.
  const overflow = errors.length > ANNOTATIONS_SHOWN_PER_STEP;
  for (const a of warnings.slice(0, ANNOTATIONS_SHOWN_PER_STEP - (overflow ? 1 : 0))) core.warning(a.message, props(a));
  const more = errors.length - ANNOTATIONS_SHOWN_PER_STEP;
  if (more > 0) {
    core.warning(`citegate: ${more} more finding${more === 1 ? ' is' : 's are'} not annotated: GitHub shows at most ${ANNOTATIONS_SHOWN_PER_STEP} error annotations per step. Every one is listed in the job summary and in the log above.`);
  }
}

/** Every failure in the log, with command processing stopped so no line of it can act as a workflow command. */
function logFailures(result: CheckResult): void {
  const failing = result.records.filter((r) => r.verdict !== 'located');
  if (failing.length === 0 && result.problems.length === 0) return;
  core.startGroup(`citegate: ${failing.length} failing record${failing.length === 1 ? '' : 's'}, ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  const token = randomUUID();
  process.stdout.write(`::stop-commands::${token}\n`);
  for (const p of result.problems) core.info(`problem: ${escapeMessage(p.line > 0 ? `${p.file}:${p.line}:${p.column}: ${p.message}` : `${p.file}: ${p.message}`)}`);
  for (const r of failing) {
    core.info(`record: ${escapeMessage(r.file)}:${r.line}: ${recordLabel(r)}: ${r.verdict}${r.reason ? ` (${escapeMessage(r.reason)})` : ''}`);
  }
  process.stdout.write(`::${token}::\n`);
  core.endGroup();
}

async function writeSummary(text: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  await core.summary.addRaw(text).write();
}
