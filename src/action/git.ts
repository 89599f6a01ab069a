// Changed files from the local history, when the API cannot tell: `git diff`
// between the base and head commits, if the checkout holds both. And where the
// repository is checked out in the workspace, to map its paths into it.
import { OUTSIDE_SHOWN, shorten } from '../model/escape.js';
import { isUtf8 } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ChangedFile, ChangedFileList } from '../api/changed-file.js';

const GIT_TIMEOUT_MS = 60_000;

function git(cwd: string, args: string[], ceiling?: string, input?: Buffer): Buffer {
  // safe.bareRepository=explicit: a folder a pull request committed with HEAD, objects/ and refs/ in it is
  // a bare repository to git, whose config and commit it chooses: git must find the checkout's own instead.
  return execFileSync('git', ['-c', 'safe.bareRepository=explicit', ...args], {
    cwd,
    ...(input !== undefined ? { input } : {}),
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input !== undefined ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    // Never let the repository's own settings pick a pager or an external program.
    env: {
      ...process.env,
      GIT_PAGER: 'cat',
      GIT_EXTERNAL_DIFF: '',
      GIT_TERMINAL_PROMPT: '0',
      ...(ceiling !== undefined ? { GIT_CEILING_DIRECTORIES: ceiling } : {}),
    },
  });
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim();
  return shorten((stderr || (error as Error).message || String(error)).split('\n')[0], OUTSIDE_SHOWN);
}

export type RepositoryTop =
  | { readonly ok: true; readonly top: string }
  | { readonly ok: false; readonly reason: string };

/**
 * The top folder of the repository holding `folder`, looked for no higher than
 * `workspace` (a repository around the workspace is not the one checked out).
 */
export function repositoryTop(folder: string, workspace: string): RepositoryTop {
  let top: string;
  try {
    top = git(folder, ['rev-parse', '--show-toplevel'], path.dirname(workspace)).toString('utf8').replace(/\n$/, '');
  } catch (error) {
    return { ok: false, reason: `git cannot find the repository around the manifest (${firstLine(error)})` };
  }
  if (top === '') return { ok: false, reason: 'git names no top folder for the repository around the manifest' };
  try {
    // The event lists a superproject's files, not a submodule's.
    const superproject = git(top, ['rev-parse', '--show-superproject-working-tree']).toString('utf8').trim();
    if (superproject !== '')
      return { ok: false, reason: 'the manifest is in a git submodule, whose files the event does not list' };
  } catch (error) {
    return { ok: false, reason: `git cannot read the repository around the manifest (${firstLine(error)})` };
  }
  return { ok: true, top };
}

/** A file of a commit as `git ls-tree` lists it: its mode, object id and, for a blob, its size. */
export interface TreeEntry {
  readonly mode: string;
  readonly oid: string;
  readonly size: number | undefined;
}

/**
 * Every entry (files, links and submodules' commits) of the commit checked out
 * at `top`, by path from the top folder, or why git cannot list them.
 */
export function committedTree(top: string): Map<string, TreeEntry> | { readonly reason: string } {
  let out: string;
  try {
    out = git(top, ['ls-tree', '-r', '-z', '--full-tree', '--long', 'HEAD']).toString('utf8');
  } catch (error) {
    return { reason: `git cannot list the files of the commit checked out (${firstLine(error)})` };
  }
  const entries = new Map<string, TreeEntry>();
  for (const line of out.split('\0')) {
    // "<mode> <type> <oid> <size>\t<path>", the size padded, "-" for what is not a blob.
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const [mode, , oid, size] = line.slice(0, tab).split(/ +/);
    entries.set(line.slice(tab + 1), { mode, oid, size: size === '-' ? undefined : Number(size) });
  }
  return entries;
}

/** The bytes of a blob, or undefined when git cannot give them. */
export function blobBytes(top: string, oid: string): Buffer | undefined {
  try {
    return git(top, ['cat-file', 'blob', oid]);
  } catch {
    return undefined;
  }
}

/** The commit checked out in the repository at `top`, or undefined when there is none. */
export function checkedOutCommit(top: string): string | undefined {
  try {
    return git(top, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).toString('utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function hasCommit(cwd: string, sha: string): boolean {
  try {
    git(cwd, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the commit checked out holds a pull request's changes: it is the
 * head, has it as a parent (read from the commit itself, which a shallow
 * clone keeps: a merge commit fetched alone shows the head it merged) or in
 * its history, or has the head's content in every file the pull request
 * changed (the head rebased onto a later base). When git cannot tell, why.
 */
export function holdsChanges(
  cwd: string,
  commit: string,
  base: string,
  head: string,
): boolean | { readonly unknown: string } {
  if (commit === head) return true;
  try {
    const raw = git(cwd, ['cat-file', '-p', `${commit}^{commit}`]).toString('utf8');
    // The header ends at the first blank line; a message line that reads `parent …` is not one.
    if (raw.split('\n\n')[0].split('\n').includes(`parent ${head}`)) return true;
  } catch (error) {
    return { unknown: `git cannot read commit ${commit}: ${firstLine(error)}` };
  }
  if (!hasCommit(cwd, head)) return { unknown: `the clone lacks the head ${head}` };
  try {
    git(cwd, ['merge-base', '--is-ancestor', head, commit]);
    return true;
  } catch {
    // Not in its history: compare the content below.
  }
  const paths = (...args: string[]) =>
    new Set(
      git(cwd, ['diff', '--no-renames', '--name-only', '-z', ...args])
        .toString('utf8')
        .split('\0')
        .filter(Boolean),
    );
  try {
    const differing = paths(head, commit);
    if (!hasCommit(cwd, base)) return differing.size === 0;
    let changed: Set<string>;
    try {
      changed = paths(`${base}...${head}`);
    } catch {
      // No merge base in a shallow clone: the files that differ between the two.
      changed = paths(base, head);
    }
    return ![...changed].some((file) => differing.has(file));
  } catch (error) {
    return { unknown: `git cannot compare it with the head ${head}: ${firstLine(error)}` };
  }
}

/** Whether the repository's `origin` is the GitHub repository owner/repo, as actions/checkout sets it (any host, with or without credentials or `.git`). */
export function isOriginOf(
  cwd: string,
  repository: { readonly owner: string; readonly repo: string } | undefined,
): boolean {
  if (repository === undefined) return false;
  let url: string;
  try {
    url = git(cwd, ['config', '--get', 'remote.origin.url']).toString('utf8').trim();
  } catch {
    return false;
  }
  const name = `${repository.owner}/${repository.repo}`.toLowerCase();
  const bare = url
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  return bare.endsWith(`/${name}`) || bare.endsWith(`:${name}`);
}

const STATUS: Record<string, string> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

/** The files changed from the merge base of `base` and `head` to `head` (paths from the repository's top), as the pull request files API counts them. */
export function gitChangedFiles(cwd: string, base: string, head: string): ChangedFileList {
  const out = git(cwd, [
    'diff',
    '--no-ext-diff',
    '--no-textconv',
    '--name-status',
    '-z',
    '-M',
    `${base}...${head}`,
    '--',
  ]);
  const parts: string[] = [];
  for (let from = 0; from <= out.length; ) {
    let end = out.indexOf(0, from);
    if (end < 0) end = out.length;
    const name = out.subarray(from, end);
    // Read as UTF-8, a name that is not would become U+FFFD and could stand for
    // another file: then the list cannot say what changed (the caller checks everything).
    if (!isUtf8(name)) throw new Error("a changed file's name is not valid UTF-8");
    parts.push(name.toString('utf8'));
    from = end + 1;
  }
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < parts.length; ) {
    const code = parts[i];
    const status = STATUS[code[0]] ?? 'changed';
    if (code[0] === 'R' || code[0] === 'C') {
      files.push({ path: parts[i + 2], status, previousPath: parts[i + 1] });
      i += 3;
    } else {
      files.push({ path: parts[i + 1], status });
      i += 2;
    }
  }
  return { files, truncated: false };
}

/** A file's text at a commit (its path from the repository's top), or undefined when it is not there. */
export function gitShow(top: string, sha: string, file: string): string | undefined {
  try {
    return git(top, ['show', '--no-textconv', `${sha}:${file}`]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A file as a commit holds it: its mode (100644, 100755, 120000 for a link) and its bytes (a link's: its target). */
export interface CommittedFile {
  readonly mode: string;
  readonly bytes: Buffer;
}

/**
 * The files at these repository paths in a commit, read from git's objects
 * (nothing is checked out): two git calls however many files. A path the
 * commit does not hold as a file is absent from the map.
 */
export function filesAt(top: string, commit: string, paths: readonly string[]): Map<string, CommittedFile> {
  const found = new Map<string, CommittedFile>();
  if (paths.length === 0) return found;
  const entries: { path: string; mode: string; sha: string }[] = [];
  // Pathspecs are read literally (a name may hold * or [), given a few thousand at a time.
  for (let from = 0; from < paths.length; from += 2000) {
    const out = git(top, [
      '--literal-pathspecs',
      'ls-tree',
      '-z',
      '--full-tree',
      commit,
      '--',
      ...paths.slice(from, from + 2000),
    ]);
    for (const line of out.toString('utf8').split('\0')) {
      const m = /^(\d{6}) blob ([0-9a-f]+)\t(.*)$/s.exec(line);
      if (m) entries.push({ mode: m[1], sha: m[2], path: m[3] });
    }
  }
  if (entries.length === 0) return found;
  const out = git(top, ['cat-file', '--batch'], undefined, Buffer.from(entries.map((e) => `${e.sha}\n`).join('')));
  let at = 0;
  for (const entry of entries) {
    const headerEnd = out.indexOf(0x0a, at);
    const header = out.toString('utf8', at, headerEnd).split(' ');
    const size = Number(header[2]);
    at = headerEnd + 1;
    if (header[1] === 'blob' && Number.isSafeInteger(size))
      found.set(entry.path, { mode: entry.mode, bytes: out.subarray(at, at + size) });
    at += (Number.isSafeInteger(size) ? size : 0) + 1;
  }
  return found;
}
