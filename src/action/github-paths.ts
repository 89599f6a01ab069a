// How GitHub names the files a run reports on: from the top folder of the
// event's repository, which need not be the workspace.
import type { Workspace } from '../load/workspace.js';
import type { GitHubPath } from './annotator.js';
import { Checkout } from './changed-files.js';
import type { Repository } from './checkout.js';
import { isOriginOf } from './git.js';
import { eventCommits, type Settings } from './settings.js';

export const workspacePaths: GitHubPath = (file) => file;

/**
 * Paths as GitHub names the files of the event's repository: from its top
 * folder, which is not the workspace when the workflow checks it out into a
 * folder of it (actions/checkout with \`path:\`). Annotations, the SARIF file
 * and the summary's links need these; a file outside that repository has
 * none. When git cannot say which repository holds the manifest, or it is
 * not the event's (neither one of its commits checked out nor its \`origin\`),
 * paths stay the workspace's, as they were.
 */
export function githubPaths(settings: Settings, workspace: Workspace, repository: Repository): GitHubPath {
  if (!repository.ok) return workspacePaths;
  const checkout = new Checkout(repository.top, workspace);
  if (checkout.top === workspace.root) return workspacePaths;
  const commits = [...eventCommits(settings), settings.workflowSha, settings.headSha];
  const events =
    (repository.commit !== undefined && commits.includes(repository.commit)) ||
    isOriginOf(repository.top, settings.repository);
  return events ? (file) => checkout.toRepository(file) : workspacePaths;
}
