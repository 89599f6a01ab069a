// In the Action, a source (and an original) must be a file git tracks at the
// checked-out commit: the manifest pins committed, reviewed text, and a file
// a previous step left in the workspace (an .env, a cache, a download) is none.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { SourcePolicy } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import { committedFiles, gitTopOf, type RepositoryTop } from './git.js';

const CHECK_WITH_THE_CLI = 'the Action checks only committed sources: commit it, or check it with the CLI';

/** A policy that admits a source only where git tracks it at the commit checked out in its repository. */
export function committedSourcesOnly(workspace: Workspace): SourcePolicy {
  // Asked of git once per folder and once per repository, however many sources.
  const tops = new Map<string, RepositoryTop>();
  const listed = new Map<string, Set<string> | { readonly reason: string }>();
  return (abs) => {
    const folder = path.dirname(abs);
    let top = tops.get(folder);
    if (top === undefined) tops.set(folder, (top = gitTopOf(folder, workspace.root)));
    if (!top.ok) return `it is not in a git repository (${top.reason}): ${CHECK_WITH_THE_CLI}`;
    let files = listed.get(top.top);
    if (files === undefined) listed.set(top.top, (files = committedFiles(top.top)));
    if (!(files instanceof Set)) return `${files.reason}: ${CHECK_WITH_THE_CLI}`;
    let realTop: string;
    try {
      realTop = realpathSync.native(top.top);
    } catch {
      realTop = top.top;
    }
    const rel = path.relative(realTop, abs).split(path.sep).join('/');
    return files.has(rel)
      ? undefined
      : `it is not committed: git tracks no such file at the checked-out commit; ${CHECK_WITH_THE_CLI}`;
  };
}
