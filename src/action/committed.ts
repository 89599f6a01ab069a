// In the Action, a source (and an original) must be committed text: a file
// of the repository around the manifest, at the commit checked out, whose
// bytes are that commit's. The manifest pins committed, reviewed text; a
// file a previous step left in the workspace (an .env, a cache, a download),
// or changed after the checkout (a secret written into a tracked config, a
// file decrypted in place), is none, and neither is a file of another
// repository checked out beside it or inside it (a submodule, a second
// checkout), which the pull request's author may have no right to read.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { SourcePolicy } from '../load/sources.js';
import { blobBytes, committedTree, type RepositoryTop, type TreeEntry } from './git.js';

const CHECK_WITH_THE_CLI = 'the Action checks only committed sources: commit it, or check it with the CLI';

/** What the policy knows of the repository around the manifest, or why it cannot tell. */
type Repository =
  | { readonly top: string; readonly realTop: string; readonly tree: Map<string, TreeEntry> }
  | { readonly reason: string };

/** Modes of a file's blob in a tree: plain and executable (links are followed to a file of their own). */
const FILE_MODES = new Set(['100644', '100755']);

/**
 * A policy that admits a source only when it is a file of the repository
 * around the manifest (`around`, asked when first needed), at the commit
 * checked out, with the bytes read being that commit's. Git is asked once
 * for the whole tree, however many sources.
 */
export function committedSourcesOnly(around: () => RepositoryTop): SourcePolicy {
  let repository: Repository | undefined;
  return (abs, bytes) => {
    repository ??= repositoryOf(around());
    if ('reason' in repository) return `${repository.reason}: ${CHECK_WITH_THE_CLI}`;
    const rel = path.relative(repository.realTop, abs).split(path.sep).join('/');
    if (rel.startsWith('../') || path.isAbsolute(rel))
      return `it is outside the repository around the manifest; ${CHECK_WITH_THE_CLI}`;
    const entry = repository.tree.get(rel);
    if (entry === undefined || !FILE_MODES.has(entry.mode)) {
      const inner = submoduleOf(repository.tree, rel);
      return inner !== undefined
        ? `it is in the submodule ${inner}, another repository: the Action admits files of the repository around the manifest only; ${CHECK_WITH_THE_CLI}`
        : `it is not committed: git tracks no such file at the checked-out commit; ${CHECK_WITH_THE_CLI}`;
    }
    if (!isCommittedText(repository.top, entry, bytes))
      return (
        'its text is not the committed text: the file was changed after the checkout (by an earlier ' +
        `step, or by git's line-end or filter settings); ${CHECK_WITH_THE_CLI}`
      );
    return undefined;
  };
}

function repositoryOf(found: RepositoryTop): Repository {
  if (!found.ok) return { reason: `it is not in a git repository (${found.reason})` };
  const tree = committedTree(found.top);
  if (!(tree instanceof Map)) return { reason: tree.reason };
  let realTop: string;
  try {
    realTop = realpathSync.native(found.top);
  } catch {
    realTop = found.top;
  }
  return { top: found.top, realTop, tree };
}

/** The submodule (a commit in the tree) that a path lies in, if any. */
function submoduleOf(tree: Map<string, TreeEntry>, rel: string): string | undefined {
  for (let at = rel.indexOf('/'); at >= 0; at = rel.indexOf('/', at + 1)) {
    const folder = rel.slice(0, at);
    if (tree.get(folder)?.mode === '160000') return folder;
  }
  return undefined;
}

/**
 * Whether the bytes are the committed blob's: git's id of them (SHA-1, or
 * SHA-256 in a repository of that object format) is the blob's. Or, for a
 * file Git LFS keeps, whose blob is a pointer, that the pointer names these
 * bytes (their SHA-256 and size). Bytes git converted on checkout (line ends
 * made CRLF, a smudge filter) are not the blob's, and are refused: the pins
 * are of committed text.
 */
function isCommittedText(top: string, entry: TreeEntry, bytes: Uint8Array): boolean {
  const algorithm = entry.oid.length === 64 ? 'sha256' : 'sha1';
  const id = createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  if (id === entry.oid) return true;
  if (entry.size === undefined || entry.size > LFS_POINTER_MAX) return false;
  const pointer = blobBytes(top, entry.oid);
  const named = pointer && LFS_POINTER.exec(pointer.toString('latin1'));
  return (
    named !== null &&
    named !== undefined &&
    Number(named[2]) === bytes.length &&
    createHash('sha256').update(bytes).digest('hex') === named[1]
  );
}

/** A Git LFS pointer file (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md), small by definition. */
const LFS_POINTER_MAX = 1024;
const LFS_POINTER =
  /^version https:\/\/git-lfs\.github\.com\/spec\/v1\noid sha256:([0-9a-f]{64})\nsize (0|[1-9][0-9]{0,15})\n$/;
