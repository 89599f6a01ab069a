// Which files the event changed: from the REST API when there is a token,
// otherwise (or when the API refuses) from git, when the checkout has the
// history. When neither can tell, the caller checks everything: a gate that
// cannot see what changed fails closed, never open.
import { getOctokit } from '@actions/github';
import type { ChangedFileList } from '../api/changed-file.js';
import { compareCommits } from '../api/compare-commits.js';
import { listPullRequestFiles, PULL_REQUEST_FILES_CAP } from '../api/list-pull-request-files.js';
import { gitChangedFiles, hasCommit } from './git.js';
import type { Settings } from './settings.js';

export type ChangeSet =
  | { readonly ok: true; readonly list: ChangedFileList; readonly via: 'the GitHub API' | 'git'; readonly base: string; readonly head: string }
  | { readonly ok: false; readonly reason: string };

export interface ChangeLog {
  info(message: string): void;
  warning(message: string): void;
}

export async function findChangedFiles(settings: Settings, log: ChangeLog): Promise<ChangeSet> {
  const diff = settings.diff;
  if (diff.kind === 'none') return { ok: false, reason: diff.reason };
  const reasons: string[] = [];

  if (!settings.token) reasons.push('no token was given');
  else if (!settings.repository) reasons.push('GITHUB_REPOSITORY is not set');
  else if (diff.kind === 'pull_request' && diff.changedFiles !== undefined && diff.changedFiles > PULL_REQUEST_FILES_CAP) {
    reasons.push(`the pull request changes ${diff.changedFiles} files, more than the ${PULL_REQUEST_FILES_CAP} the API lists`);
  } else {
    try {
      const octokit = getOctokit(settings.token);
      const { owner, repo } = settings.repository;
      const list = diff.kind === 'pull_request'
        ? await listPullRequestFiles(octokit, { owner, repo, pullNumber: diff.number })
        : await compareCommits(octokit, { owner, repo, base: diff.base, head: diff.head });
      if (!list.truncated) return { ok: true, list, via: 'the GitHub API', base: diff.base, head: diff.head };
      reasons.push(`the API listed ${list.files.length} files, its limit, so the list may be incomplete`);
    } catch (error) {
      const status = (error as { status?: number }).status;
      reasons.push(`the GitHub API refused to list the changed files (${status ? `HTTP ${status}` : (error as Error).message})`);
      log.warning(`citegate: ${reasons.at(-1)}; trying git`);
    }
  }

  if (!hasCommit(settings.workspace, diff.base) || !hasCommit(settings.workspace, diff.head)) {
    reasons.push(`the checkout lacks commit ${hasCommit(settings.workspace, diff.base) ? diff.head : diff.base} (use actions/checkout with fetch-depth: 0)`);
    return { ok: false, reason: reasons.join('; ') };
  }
  try {
    const list = gitChangedFiles(settings.workspace, diff.base, diff.head);
    log.info(`citegate: changed files from git (${reasons.join('; ')})`);
    return { ok: true, list, via: 'git', base: diff.base, head: diff.head };
  } catch (error) {
    reasons.push(`git diff failed: ${(error as Error).message.split('\n')[0]}`);
    return { ok: false, reason: reasons.join('; ') };
  }
}
