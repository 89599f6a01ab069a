// The GitHub Action: the same run as `citegate check`, plus what only the
// Action does: read its inputs, find what the event changed, and write
// annotations, the job summary and the outputs. It fails the step on anything
// that is not `located`, and on any error of its own: it never fails open.
import { appendFileSync, existsSync, type PathLike } from 'node:fs';
import { TextDecoder } from 'node:util';
import path from 'node:path';
import * as core from '@actions/core';
import { failingFindings, passed, type CheckResult } from '../check/result.js';
import { runCheck } from '../check/run.js';
import { inShard, runDigest } from '../check/shard.js';
import { loadCitationFile } from '../load/citation-file.js';
import { runInputs, type RunInput } from '../load/inputs.js';
import { loadManifest, ManifestError, MAX_MANIFEST_BYTES, type Manifest } from '../load/manifest.js';
import { formatProblem, type Problem } from '../load/problem.js';
import { findCitationFiles, type CitationFileRef } from '../load/select.js';
import { describeFsError, isBelow, Workspace } from '../load/workspace.js';
import { buildAnnotations } from '../report/annotations.js';
import { escapeMessage } from '../report/escape.js';
import { jsonReportChunks, type JsonReportContext } from '../report/json.js';
import { assertNotAnInput, writeChunks, WriteError } from '../report/write.js';
import { buildSarif, MAX_SARIF_RESULTS, sarifResultsLeftOut } from '../report/sarif.js';
import { buildSummary } from '../report/summary.js';
import { recordLabel } from '../report/text.js';
import { Annotator, logUntrusted, type GitHubPath } from './annotator.js';
import { Checkout, findChangedFiles, type ChangeSet } from './changed-files.js';
import { checkedOutCommit, gitShow, hasCommit, holdsChanges, isOriginOf, repositoryTop } from './git.js';
import { reverseApplyPatch } from './patch.js';
import { selectChanged, type BaseManifest } from './scope.js';
import { eventCommits, InputError, readSettings, type Settings } from './settings.js';

export const REPORT_BUGS = 'https://github.com/citegate/citegate/issues';

interface Outputs {
  total: number;
  located: number;
  failed: number;
  report: string;
  sarif: string;
}

/** What went wrong, each a sentence; the step fails with all of them in one message. */
type Failures = string[];

export async function run(): Promise<void> {
  const outputs: Outputs = { total: 0, located: 0, failed: 0, report: '', sarif: '' };
  const annotator = new Annotator();
  const failures: Failures = [];
  let settings: Settings | undefined;
  try {
    settings = readSettings((name) => core.getInput(name));
    await check(settings, outputs, annotator, failures);
  } catch (error) {
    if (error instanceof InputError) failures.push(error.message);
    else if (error instanceof ManifestError) manifestFailed(error, annotator, failures, settings);
    else {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(
        `internal error: ${escapeMessage(message)}. This is a bug in citegate, not in your files: please report it at ${REPORT_BUGS}.`,
      );
      if (error instanceof Error && error.stack) core.debug(error.stack);
    }
  }
  try {
    for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  } catch (error) {
    failures.push(
      `The step's outputs cannot be written to ${describeFile(process.env.GITHUB_OUTPUT)} (GITHUB_OUTPUT): ${reasonOf(error, process.env.GITHUB_OUTPUT)}.`,
    );
  }
  if (failures.length > 0) annotator.fail(`citegate: ${failures.join(' ')}`);
}

function describeFile(file: string | undefined): string {
  return escapeMessage(JSON.stringify(file ?? ''));
}

/** Why a file could not be written, in words, without a stack trace. */
function reasonOf(error: unknown, file: PathLike | undefined): string {
  if ((error as NodeJS.ErrnoException)?.code) return describeFsError(error);
  // @actions/core refuses a missing file with a message of its own.
  if (file !== undefined && !existsSync(file)) return 'no such file';
  return escapeMessage(error instanceof Error ? error.message : String(error));
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
    { manifest: file, files: [], records: [], sources: [], problems: error.problems, findings: [] },
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
  const beforeSplit = plan.files;
  if (settings.shard) {
    plan.files = inShard(plan.files, settings.shard);
    notes.push(
      `This is shard ${settings.shard.index} of ${settings.shard.count}: ${plan.files.length} of those files (merge the shards' reports with citegate merge-reports).`,
    );
  }
  // Only a full, unsharded run fails for having no records: missing data must
  // not look like success. A shard's emptiness is judged when the shards are
  // merged; a run over changed files may find that the change removed every record.
  const checkedAll = settings.effectiveScope === 'all' || plan.checkedAll;
  const partial = !(checkedAll && settings.shard === undefined);
  const github = {
    event: settings.eventName,
    scope: checkedAll ? 'all' : 'changed',
    ...(settings.diff.kind !== 'none'
      ? { base_sha: settings.diff.base, head_sha: settings.diff.head }
      : settings.headSha
        ? { head_sha: settings.headSha }
        : {}),
  };
  const shard = settings.shard && { ...settings.shard, run: runDigest(manifest.text, beforeSplit, github) };

  if (plan.nothingToCheck) {
    annotator.annotate('notice', `citegate: ${notes.join(' ')}`);
    const empty: CheckResult = {
      manifest: manifest.file,
      files: [],
      records: [],
      sources: [],
      problems: [],
      findings: [],
      partial: true,
    };
    // A later step (upload-artifact, upload-sarif) finds the files it was told to expect.
    const unwrittenReports = writeReports(
      settings,
      workspace,
      manifest,
      empty,
      { github, shard },
      outputs,
      workspacePaths,
    );
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

  core.startGroup(`citegate: checking ${plan.files.length} citation file${plan.files.length === 1 ? '' : 's'}`);
  const started = Date.now();
  let lastLog = started;
  const checked = runCheck({
    workspace,
    manifest,
    files: plan.files,
    preloaded: plan.preloaded,
    problems: plan.problems,
    checks: { ...manifest.checks, ...settings.checks },
    onProgress: (p) => {
      const now = Date.now();
      if (now - lastLog >= 5000 || p.done === p.total) {
        lastLog = now;
        core.info(
          `${p.phase === 'files' ? 'read' : 'verified and searched'} ${p.done}/${p.total} ${p.phase}, ${p.records} records, ${((now - started) / 1000).toFixed(1)} s`,
        );
      }
    },
  });
  core.endGroup();
  const result: CheckResult = partial ? { ...checked, partial } : checked;

  const located = result.records.filter((r) => r.verdict === 'located').length;
  Object.assign(outputs, { total: result.records.length, located, failed: result.records.length - located });
  const ok = passed(result);
  if (partial && result.records.length === 0)
    notes.push(
      `The citation files checked hold no records${settings.shard ? '' : ' (a run over changed files does not fail for that)'}.`,
    );

  const logGroup = logFailures(result);
  const toGitHub = githubPaths(settings, workspace, manifestRepository());
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
  const unwrittenReports = writeReports(settings, workspace, manifest, result, { github, shard }, outputs, toGitHub);
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
            headline: `❌ citegate: ${located} of ${result.records.length} record${result.records.length === 1 ? '' : 's'} located, but a report could not be written — fail`,
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

  if (!ok) {
    const failing = result.records.length - located;
    const why = [
      failing > 0 ? `${failing} of ${result.records.length} records not located` : '',
      result.problems.length > 0
        ? `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'} with the input`
        : '',
      failingFindings(result) > 0
        ? `${failingFindings(result)} failing finding${failingFindings(result) === 1 ? '' : 's'} beyond quotes`
        : '',
      result.records.length === 0 && !partial ? 'no citation records were checked (an empty full run fails)' : '',
    ]
      .filter(Boolean)
      .join('; ');
    failures.push(`${why}. See the annotations and the job summary.`);
  } else {
    core.info(`citegate: ${located} of ${result.records.length} records located.`);
  }
  failures.push(...unwrittenReports);
  if (unwritten) failures.push(unwritten);
}

/**
 * Writes the JSON report and the SARIF file that were asked for, each on its
 * own: one that cannot be written does not keep the other from being. Returns
 * why, for each that could not be.
 */
function writeReports(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  result: CheckResult,
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
    write(settings.sarifPath, 'sarif', () => [
      `${JSON.stringify(buildSarif(result, { repositoryPath: toGitHub }), null, 2)}\n`,
    ])
  ) {
    outputs.sarif = settings.sarifPath;
  }
  return unwritten;
}

interface Plan {
  files: CitationFileRef[];
  /** Folders that could not be listed while looking for citation files. */
  problems?: Problem[];
  preloaded?: ReadonlyMap<string, ReturnType<typeof loadCitationFile>>;
  checkedAll: boolean;
  nothingToCheck: boolean;
}

/** At most `max` ids, then how many more: notes stay short whatever the change. */
function listIds(ids: readonly string[], max = 10): string {
  return ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;
}

async function planFiles(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  manifestRepository: () => Repository,
  notes: string[],
  annotator: Annotator,
): Promise<Plan> {
  // Listed once: the ways to the files, the files citing a changed source and a run of all may each need the list.
  let listed: ReturnType<typeof findCitationFiles> | undefined;
  const listAll = () => (listed ??= findCitationFiles(workspace, manifest));
  const all = (): Plan => {
    const { files, problems } = listAll();
    notes.push(`Checked every citation file the manifest lists (${files.length}).`);
    return { files, problems, checkedAll: true, nothingToCheck: false };
  };
  if (settings.effectiveScope === 'all') return all();
  const cannotTell = (reason: string): Plan => {
    annotator.annotate(
      'notice',
      `citegate: cannot tell which files changed (${reason}), so every citation file is checked.`,
    );
    notes.push(`Could not tell which files changed (${reason}), so every citation file was checked.`);
    return all();
  };

  const diff = settings.diff;
  if (diff.kind === 'none') return cannotTell(diff.reason);
  const checkout = locateCheckout(workspace, manifestRepository(), eventCommits(settings));
  if (!(checkout instanceof Checkout))
    return cannotTell(`cannot place the repository's files in the workspace: ${checkout.reason}`);
  // Its messages may quote git or the API: logged as untrusted text, so that none of it can act as a workflow command.
  const changes = await findChangedFiles(settings, diff, checkout, {
    info: (m) => logUntrusted([m]),
    warning: (m) => annotator.annotate('warning', m),
  });
  if (!changes.ok) return cannotTell(changes.reason);

  let preloaded: Map<string, ReturnType<typeof loadCitationFile>> | undefined;
  const named = path.resolve(settings.workspace, settings.manifest);
  const selection = selectChanged({
    workspace,
    manifest,
    manifestNamed: isBelow(named, workspace.named)
      ? path.relative(workspace.named, named).split(path.sep).join('/')
      : undefined,
    changed: changes.list.files,
    checkOverrides: settings.checks,
    baseManifest: () => baseManifest(changes, checkout, workspace, manifest),
    listAll,
    loadAll: () => {
      preloaded = new Map(listAll().files.map((ref) => [ref.file, loadCitationFile(workspace, ref.file)]));
      return preloaded;
    },
  });
  if (selection.checkAll) {
    annotator.annotate('notice', `citegate: every citation file is checked because ${selection.checkAll}.`);
    notes.push(`Every citation file was checked because ${selection.checkAll}.`);
    const plan = all();
    return { ...plan, preloaded };
  }
  const what = `${changes.count} changed file${changes.count === 1 ? '' : 's'} (from ${changes.via})`;
  if (selection.files.length === 0 && selection.problems.length === 0) {
    notes.push(`No citation file and no cited source changed among the ${what}: nothing to check.`);
    return { files: [], checkedAll: false, nothingToCheck: true };
  }
  const parts = [
    `${selection.changedFiles.length} changed citation file${selection.changedFiles.length === 1 ? '' : 's'}`,
  ];
  if (selection.changedSources.length > 0) {
    const citing = selection.files.length - selection.changedFiles.length;
    parts.push(
      `${citing} more citing the changed source${selection.changedSources.length === 1 ? '' : 's'} ${listIds(selection.changedSources)}`,
    );
  }
  notes.push(`Checked ${parts.join(' and ')}, out of ${what}.`);
  return {
    files: [...selection.files],
    problems: [...selection.problems],
    preloaded,
    checkedAll: false,
    nothingToCheck: false,
  };
}

/**
 * The repository around the manifest, whose top folder the API's and git's
 * paths start from. It must have one of the event's commits checked out: a
 * second repository in the workspace (another actions/checkout with `path:`)
 * would otherwise take the event's paths for its own files, and check those
 * instead of the ones that changed.
 */
function locateCheckout(
  workspace: Workspace,
  repository: Repository,
  known: readonly string[],
): Checkout | { reason: string } {
  if (!repository.ok) return { reason: repository.reason };
  const checkout = new Checkout(repository.top, workspace);
  const commit = repository.commit;
  if (commit === undefined || !known.includes(commit)) {
    const folder = workspace.contains(checkout.top) ? workspace.relative(checkout.top) || '.' : checkout.top;
    return {
      reason:
        `the repository around the manifest (${folder}) has ${commit ?? 'no commit'} checked out, not the event's ${known.join(' or ')}: ` +
        "it may be another repository, or a later commit, whose files the event's paths do not name",
    };
  }
  return checkout;
}

/** The repository around the manifest, and the commit it has checked out (undefined when it has none). */
type Repository =
  | { readonly ok: true; readonly top: string; readonly commit: string | undefined }
  | { readonly ok: false; readonly reason: string };

/** `file`: the manifest, workspace-relative. */
function repositoryAround(workspace: Workspace, file: string): Repository {
  const resolved = workspace.resolve('', file, 'file name');
  if (!resolved.ok) return { ok: false, reason: resolved.reason };
  const top = repositoryTop(path.dirname(resolved.abs), workspace.root);
  return top.ok ? { ...top, commit: checkedOutCommit(top.top) } : top;
}

/**
 * A pull request's check of files without its changes would pass it unseen:
 * pull_request_target runs at the base branch's last commit, and that is what
 * actions/checkout checks out for it unless told otherwise; a workflow may
 * also check out the base branch by name, which has moved on since. Whatever
 * the scope, the step fails, saying what to check out, when the repository
 * around the manifest has the base commit checked out, or another commit that
 * does not hold the pull request's changes (see holdsChanges), or, in the
 * event's repository, one of which git cannot tell. A run that cannot tell
 * what is checked out, or is in another repository, goes on as it would
 * without git.
 */
function refuseCheckoutWithoutChanges(settings: Settings, manifestRepository: () => Repository): void {
  const diff = settings.diff;
  if (diff.kind !== 'pull_request') return;
  const repository = manifestRepository();
  if (!repository.ok) return;
  const commit = repository.commit;
  if (commit === undefined || eventCommits(settings).includes(commit)) return;
  const checkOut = `Check out the pull request's head (actions/checkout with ref: \${{ github.event.pull_request.head.sha }}${diff.target ? ', which a pull_request_target workflow needs' : ''}).`;
  const baseCommits = [diff.base, ...(diff.target && settings.workflowSha !== undefined ? [settings.workflowSha] : [])];
  if (baseCommits.includes(commit)) {
    throw new InputError(
      `the workspace has the pull request's base commit ${commit} checked out, not its changes: checking it would pass the pull request unseen. ${checkOut}`,
    );
  }
  const holds = holdsChanges(repository.top, commit, diff.base, diff.head);
  if (holds === true) return;
  if (holds === false) {
    throw new InputError(
      `the workspace has commit ${commit} checked out, which does not hold the pull request's changes (files it changed differ from its head ${diff.head}): ` +
        `checking it would pass the pull request unseen. ${checkOut}`,
    );
  }
  // Git cannot tell. Another repository (a second checkout with `path:`) is not this one's to judge: it is checked whole, saying why.
  if (!hasCommit(repository.top, diff.base) && !isOriginOf(repository.top, settings.repository)) return;
  throw new InputError(
    `the workspace has commit ${commit} of this repository checked out, which is not the pull request's head ${diff.head}, and ${holds.unknown}, ` +
      `so git cannot tell whether it holds the changes: checking it could pass the pull request unseen (the base branch checked out by name, say). ${checkOut} ` +
      'If the pull request has moved on since this event, the run of its newer event checks it.',
  );
}

/**
 * The manifest as it was at the base commit: rebuilt from the API's patch
 * when there is one (a shallow checkout has no history), else read with git.
 */
function baseManifest(
  changes: Extract<ChangeSet, { ok: true }>,
  checkout: Checkout,
  workspace: Workspace,
  manifest: Manifest,
): BaseManifest {
  // The file read, which a manifest that is a link leads to: its own changes are that file's.
  const resolved = workspace.resolve('', manifest.file, 'file name');
  const file = resolved.ok ? workspace.relative(resolved.abs) : manifest.file;
  const entry = changes.list.files.find((f) => f.path === file);
  if (entry && ['added', 'copied', 'renamed'].includes(entry.status)) return { kind: 'new' };
  const reasons: string[] = [];
  if (entry?.patch !== undefined) {
    const text = resolved.ok ? unpatch(workspace, resolved.abs, entry.patch) : undefined;
    if (text !== undefined) {
      core.info(`citegate: the manifest at ${changes.base} rebuilt from the patch ${changes.via} gave`);
      return { kind: 'text', text };
    }
    reasons.push(`the patch ${changes.via} gave for it does not apply`);
  } else if (changes.via === 'the GitHub API') {
    reasons.push('the GitHub API gave no patch for it');
  }
  const repoPath = checkout.toRepository(file);
  if (repoPath === undefined) reasons.push('it is not in the repository');
  // A list from git has shown the base commit is there already.
  else if (changes.via !== 'git' && !hasCommit(checkout.top, changes.base))
    reasons.push(`the checkout lacks commit ${changes.base} (use actions/checkout with fetch-depth: 0)`);
  else {
    const text = gitShow(checkout.top, changes.base, repoPath);
    if (text !== undefined) return { kind: 'text', text };
    reasons.push(`git cannot show it at commit ${changes.base}`);
  }
  return { kind: 'unknown', reason: reasons.join('; ') };
}

/** The manifest's base text from its patch, or undefined when the patch does not fit it exactly. `abs`: the file read, its links followed. */
function unpatch(workspace: Workspace, abs: string, patch: string): string | undefined {
  const read = workspace.read(abs, MAX_MANIFEST_BYTES);
  if (!read.ok) return undefined;
  let head: string;
  try {
    // Byte for byte, a leading byte order mark included, as the patch has it.
    head = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(read.bytes);
  } catch {
    return undefined;
  }
  return reverseApplyPatch(head, patch);
}

const workspacePaths: GitHubPath = (file) => file;

/**
 * Paths as GitHub names the files of the event's repository: from its top
 * folder, which is not the workspace when the workflow checks it out into a
 * folder of it (actions/checkout with \`path:\`). Annotations, the SARIF file
 * and the summary's links need these; a file outside that repository has
 * none. When git cannot say which repository holds the manifest, or it is
 * not the event's (neither one of its commits checked out nor its \`origin\`),
 * paths stay the workspace's, as they were.
 */
function githubPaths(settings: Settings, workspace: Workspace, repository: Repository): GitHubPath {
  if (!repository.ok) return workspacePaths;
  const checkout = new Checkout(repository.top, workspace);
  if (checkout.top === workspace.root) return workspacePaths;
  const commits = [...eventCommits(settings), settings.workflowSha, settings.headSha];
  const events =
    (repository.commit !== undefined && commits.includes(repository.commit)) ||
    isOriginOf(repository.top, settings.repository);
  return events ? (file) => checkout.toRepository(file) : workspacePaths;
}

function annotate(result: CheckResult, annotator: Annotator): void {
  for (const a of buildAnnotations(result)) {
    // Not shown ones are in the log group already.
    annotator.annotate(
      a.level,
      a.message,
      { title: a.title, file: a.file, ...(a.line ? { startLine: a.line, startColumn: a.column } : {}) },
      false,
    );
  }
}

/**
 * Every failure (and every finding) in the log, with command processing
 * stopped so no line of it can act as a workflow command. Returns the group's
 * title, or undefined when there is nothing to list.
 */
function logFailures(result: CheckResult): string | undefined {
  const failing = result.records.filter((r) => r.verdict !== 'located');
  if (failing.length === 0 && result.problems.length === 0 && result.findings.length === 0) return undefined;
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const title = `citegate: ${count(failing.length, 'failing record')}, ${count(result.problems.length, 'problem')}, ${count(result.findings.length, 'finding')}`;
  core.startGroup(title);
  logUntrusted([
    ...result.problems.map((p) => `problem: ${formatProblem(p)}`),
    ...failing.map(
      (r) => `record: ${r.file}:${r.line}: ${recordLabel(r)}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}`,
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
function writeSummary(text: string): string | undefined {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return undefined;
  try {
    appendFileSync(file, text);
    return undefined;
  } catch (error) {
    return `The job summary cannot be written to ${describeFile(file)} (GITHUB_STEP_SUMMARY): ${reasonOf(error, file)}.`;
  }
}
