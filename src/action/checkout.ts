// Which checkout the event's paths name, and the checkouts a pull request's
// check must refuse: the repository around the manifest must have one of the
// event's commits checked out, or its files are not the ones that changed.
import path from 'node:path';
import type { Workspace } from '../load/workspace.js';
import { Checkout } from './changed-files.js';
import { checkedOutCommit, hasCommit, holdsChanges, isOriginOf, repositoryTop } from './git.js';
import { eventCommits, InputError, type Settings } from './settings.js';

/**
 * The repository around the manifest, whose top folder the API's and git's
 * paths start from. It must have one of the event's commits checked out: a
 * second repository in the workspace (another actions/checkout with `path:`)
 * would otherwise take the event's paths for its own files, and check those
 * instead of the ones that changed.
 */
export function locateCheckout(
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
export type Repository =
  | { readonly ok: true; readonly top: string; readonly commit: string | undefined }
  | { readonly ok: false; readonly reason: string };

/** `file`: the manifest, workspace-relative. */
export function repositoryAround(workspace: Workspace, file: string): Repository {
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
export function refuseCheckoutWithoutChanges(settings: Settings, manifestRepository: () => Repository): void {
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
