// Which citation files the Action checks: in a pull request (push, merge
// group), the ones the change touched, and every one that cites a source it
// changed; every file when it cannot tell, or asked to; and why, as notes for
// the job summary.
import path from 'node:path';
import { loadCitationFile } from '../load/citation-file.js';
import type { Manifest } from '../load/manifest.js';
import { type CitationFileRef, findCitationFiles } from '../load/select.js';
import type { Workspace } from '../load/workspace.js';
import type { Problem } from '../model/problem.js';
import { escapeMessage } from '../model/escape.js';
import { isBelow } from '../model/paths.js';
import { type Annotator, logUntrusted } from './annotator.js';
import { baseManifest } from './base-manifest.js';
import { Checkout, findChangedFiles } from './changed-files.js';
import { locateCheckout, type Repository } from './checkout.js';
import { selectChanged } from './scope.js';
import { eventCommits, type Settings } from './settings.js';

export interface Plan {
  files: CitationFileRef[];
  /** Folders that could not be listed while looking for citation files. */
  problems?: Problem[];
  preloaded?: ReadonlyMap<string, ReturnType<typeof loadCitationFile>>;
  checkedAll: boolean;
  nothingToCheck: boolean;
  /** The change's renames, old workspace-relative name to new, when the changed files are known. */
  renamed?: ReadonlyMap<string, string>;
  /** The repository checked out, when the plan found it (a baseline is read from its history). */
  checkout?: Checkout;
}

/** At most `max` ids, then how many more: notes stay short whatever the change. */
function listIds(ids: readonly string[], max = 10): string {
  return ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;
}

export async function planFiles(
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
  const renamed = new Map(
    changes.list.files.flatMap((f) => (f.previousPath !== undefined ? [[f.previousPath, f.path] as const] : [])),
  );

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
      preloaded = new Map(listAll().files.map((ref) => [ref.file, loadCitationFile(workspace, ref.file, ref)]));
      return preloaded;
    },
  });
  if (selection.checkAll) {
    // The reason may name a path of the pull request's: escaped, as every path in a message is.
    annotator.annotate(
      'notice',
      `citegate: every citation file is checked because ${escapeMessage(selection.checkAll)}.`,
    );
    notes.push(`Every citation file was checked because ${selection.checkAll}.`);
    const plan = all();
    return { ...plan, preloaded, renamed, checkout };
  }
  const what = `${changes.count} changed file${changes.count === 1 ? '' : 's'} (from ${changes.via})`;
  if (selection.files.length === 0 && selection.problems.length === 0) {
    notes.push(`No citation file and no cited source changed among the ${what}: nothing to check.`);
    return { files: [], checkedAll: false, nothingToCheck: true, renamed, checkout };
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
    renamed,
    checkout,
  };
}
