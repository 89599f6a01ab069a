// Which files the event changed: from the REST API when there is a token,
// otherwise (or when the API refuses) from git, when the checkout has the
// history. When neither can tell, the caller checks everything: a gate that
// cannot see what changed fails closed, never open.
import { messageOf } from '../model/escape.js';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { MalformedResponseError, type ChangedFile, type ChangedFileList } from '../api/changed-file.js';
import { compareCommits } from '../api/compare-commits.js';
import { listPullRequestFiles, PULL_REQUEST_FILES_CAP } from '../api/list-pull-request-files.js';
import type { Workspace } from '../load/workspace.js';
import { gitChangedFiles, hasCommit } from './git.js';
import type { DiffBasis, Settings } from './settings.js';
import { isBelow } from '../model/paths.js';

/**
 * Where the repository the event is about sits in the workspace. The API and
 * git name files from the repository's top folder, which is the workspace
 * root only when actions/checkout used its default `path`.
 */
export class Checkout {
  /** The repository's top folder, links resolved. */
  readonly top: string;

  constructor(
    top: string,
    private readonly workspace: Workspace,
  ) {
    this.top = realpathSync.native(top);
  }

  /** A repository path as a workspace-relative one; undefined when it lies outside the workspace. */
  toWorkspace(repoPath: string): string | undefined {
    const abs = path.join(this.top, ...repoPath.split('/'));
    return this.workspace.contains(abs) ? this.workspace.relative(abs) : undefined;
  }

  /** A workspace-relative path as a repository path; undefined when it is outside the repository. */
  toRepository(wsPath: string): string | undefined {
    const abs = path.join(this.workspace.root, ...wsPath.split('/'));
    const rel = path.relative(this.top, abs);
    if (rel === '' || !isBelow(abs, this.top)) return undefined;
    return rel.split(path.sep).join('/');
  }

  /** The changed files inside the workspace, with workspace-relative paths. */
  mapFiles(files: readonly ChangedFile[]): ChangedFile[] {
    const mapped: ChangedFile[] = [];
    for (const f of files) {
      const at = this.toWorkspace(f.path);
      const before = f.previousPath === undefined ? undefined : this.toWorkspace(f.previousPath);
      // A file outside the workspace can be neither a citation file nor a source.
      if (at === undefined && before === undefined) continue;
      if (at === undefined) {
        // Moved out of the workspace: for what is inside, it was removed.
        mapped.push({ path: before!, status: 'removed' });
        continue;
      }
      mapped.push({ ...f, path: at, ...(before !== undefined ? { previousPath: before } : {}) });
    }
    return mapped;
  }
}

export type ChangeSet =
  | {
      readonly ok: true;
      /** Paths relative to the workspace. */
      readonly list: ChangedFileList;
      /** How many files the event changed, in the workspace or not. */
      readonly count: number;
      readonly via: 'the GitHub API' | 'git';
      readonly base: string;
      readonly head: string;
    }
  | { readonly ok: false; readonly reason: string };

export interface ChangeLog {
  info(message: string): void;
  warning(message: string): void;
}

export async function findChangedFiles(
  settings: Settings,
  diff: Exclude<DiffBasis, { kind: 'none' }>,
  checkout: Checkout,
  log: ChangeLog,
): Promise<ChangeSet> {
  const reasons: string[] = [];
  const found = (list: ChangedFileList, via: 'the GitHub API' | 'git'): ChangeSet => ({
    ok: true,
    list: { files: checkout.mapFiles(list.files), truncated: list.truncated },
    count: list.files.length,
    via,
    base: diff.base,
    head: diff.head,
  });

  if (!settings.token) reasons.push('no token was given');
  else if (!settings.repository) reasons.push('GITHUB_REPOSITORY is not set');
  else if (
    diff.kind === 'pull_request' &&
    diff.changedFiles !== undefined &&
    diff.changedFiles > PULL_REQUEST_FILES_CAP
  ) {
    reasons.push(
      `the pull request changes ${diff.changedFiles} files, more than the ${PULL_REQUEST_FILES_CAP} the API lists`,
    );
  } else {
    try {
      // Imported here, not at the top: @actions/github parses the event file as it loads, and a
      // file that is not JSON would stop the Action before it could say so (the settings read it leniently).
      const { getOctokit } = await import('@actions/github');
      const octokit = getOctokit(settings.token);
      const { owner, repo } = settings.repository;
      const list =
        diff.kind === 'pull_request'
          ? await listPullRequestFiles(octokit, { owner, repo, pullNumber: diff.number })
          : await compareCommits(octokit, { owner, repo, base: diff.base, head: diff.head });
      // U+FFFD is what a name that is not UTF-8 becomes: it may not name the file on disk.
      if (list.files.some((f) => f.path.includes('\ufffd') || (f.previousPath ?? '').includes('\ufffd'))) {
        reasons.push('the API names a changed file with U+FFFD, the mark of a name that is not UTF-8');
      } else if (!list.truncated) return found(list, 'the GitHub API');
      else reasons.push(`the API listed ${list.files.length} files, its limit, so the list may be incomplete`);
    } catch (error) {
      if (error instanceof MalformedResponseError) {
        reasons.push(`the GitHub API gave no usable list of the changed files (${messageOf(error)})`);
      } else {
        const status = (error as { status?: number }).status;
        reasons.push(
          `the GitHub API refused to list the changed files (${status ? `HTTP ${status}` : messageOf(error)})`,
        );
      }
      log.warning(`citegate: ${reasons.at(-1)}; trying git`);
    }
  }

  const cwd = checkout.top;
  const hasBase = hasCommit(cwd, diff.base);
  if (!hasBase || !hasCommit(cwd, diff.head)) {
    reasons.push(
      `the checkout lacks commit ${hasBase ? diff.head : diff.base} (use actions/checkout with fetch-depth: 0)`,
    );
    return { ok: false, reason: reasons.join('; ') };
  }
  try {
    const list = gitChangedFiles(cwd, diff.base, diff.head);
    log.info(`citegate: changed files from git (${reasons.join('; ')})`);
    return found(list, 'git');
  } catch (error) {
    reasons.push(`git diff failed: ${messageOf((error as Error).message.split('\n')[0])}`);
    return { ok: false, reason: reasons.join('; ') };
  }
}
