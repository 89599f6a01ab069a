// Writing reports. A report may be asked for at a path inside a checkout of a
// pull request, where any name can be a link the pull request planted: so a
// report is never written through a link, and one inside the workspace must
// stay inside it after following the links of its folders.
import {
  type Stats,
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { RunInput } from '../load/inputs.js';
import { inGitFolder, type Workspace } from '../load/workspace.js';
import { describeFsError } from '../model/fs-error.js';
import { folderEnding, isBelow, NAME_SEPARATORS } from '../model/paths.js';

/** A report file that cannot be written: the user's path, not a bug. */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`cannot write ${file}: ${reason}`);
  }
}

export interface WriteOptions {
  /**
   * Create the file's folder first. The Action does (its paths are the
   * workflow's own); the CLI does not, as a typo in a path should be an error,
   * not a new folder tree.
   */
  readonly createFolder?: boolean;
  /** Add to the end of the file instead of replacing it (a job summary). */
  readonly append?: boolean;
  /**
   * The workspace: a report whose path lies inside it must not leave it
   * through a linked folder.
   */
  readonly workspace?: Workspace;
}

/**
 * Fails early, before any work, when a report could not be written to `file`
 * (its folder is missing, or it is a folder): a long run should not end in
 * a typo. Writing can still fail later (a full disk); writeChunks says so.
 */
export function assertWritable(file: string): void {
  const abs = reportPath(file);
  let folder: Stats;
  try {
    folder = statSync(path.dirname(abs));
  } catch (error) {
    throw new WriteError(file, describeWriteError(error));
  }
  if (!folder.isDirectory()) throw new WriteError(file, 'a folder on the path is a file');
  let target: Stats;
  try {
    target = statSync(abs);
  } catch {
    return; // Not there yet: it will be created.
  }
  if (target.isDirectory()) throw new WriteError(file, 'it is a folder, not a file');
}

/**
 * Refuses a report path that is one of the run's own inputs: the report would
 * replace the manifest, a source or a citation file it checked. Compared as
 * files (device and inode), so another name or a link for one counts too.
 * `inputs` is asked for only when the report's file exists already.
 */
export function assertNotAnInput(file: string, inputs: () => readonly RunInput[]): void {
  let target: Stats;
  try {
    target = statSync(reportPath(file));
  } catch {
    return; // Not there yet, so no input.
  }
  for (const input of inputs()) {
    let stats: Stats;
    try {
      stats = statSync(input.abs);
    } catch {
      continue;
    }
    if (stats.ino === target.ino && stats.dev === target.dev) {
      const instead = input.instead === undefined ? '' : `: ${input.instead}`;
      throw new WriteError(file, `it is ${input.what}, which the run reads: a report there would replace it${instead}`);
    }
  }
}

/** Writes a report to a file piece by piece, so it is never whole in memory. */
export function writeChunks(file: string, chunks: Iterable<string>, options: WriteOptions = {}): void {
  const fd = openReport(file, options);
  try {
    // Only writing is a write error: a report that fails to be made is citegate's own.
    for (const chunk of chunks) {
      try {
        writeSync(fd, chunk);
      } catch (error) {
        throw new WriteError(file, describeWriteError(error));
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The absolute path a report is checked and written at. `..` is taken out
 * first, as path.resolve does, or the system would apply it after following a
 * linked folder (`reports/../r.json`, `reports` a link, would land beside the
 * link's target). A name that ends in a separator (or in `.` or `..` after
 * one) names a folder: refused, since path.resolve would drop that ending and
 * write a file of the name before it.
 */
function reportPath(file: string): string {
  const folder = folderEnding(file, 'name', NAME_SEPARATORS);
  if (folder !== undefined) throw new WriteError(file, folder);
  return path.resolve(file);
}

function openReport(file: string, options: WriteOptions): number {
  let fd: number;
  try {
    const abs = reportPath(file);
    const folder = path.dirname(abs);
    if (options.workspace) assertFolderInside(file, folder, options.workspace);
    if (options.createFolder) mkdirSync(folder, { recursive: true });
    // O_NOFOLLOW: a link at the report's own name is refused, wherever it points.
    // O_NONBLOCK: a FIFO planted there must not hang the run (it is refused below).
    const flags =
      constants.O_WRONLY |
      constants.O_CREAT |
      constants.O_NOFOLLOW |
      constants.O_NONBLOCK |
      (options.append ? constants.O_APPEND : constants.O_TRUNC);
    fd = openSync(abs, flags, 0o666);
  } catch (error) {
    if (error instanceof WriteError) throw error;
    throw new WriteError(file, describeWriteError(error));
  }
  let regular: boolean;
  try {
    regular = fstatSync(fd).isFile();
  } catch (error) {
    closeSync(fd);
    throw new WriteError(file, describeWriteError(error));
  }
  if (!regular) {
    closeSync(fd);
    throw new WriteError(file, 'it is not a regular file');
  }
  return fd;
}

/**
 * A report inside the workspace must stay there: the nearest folder of its path
 * that exists, links followed, must be inside the workspace (folders created
 * below it then are too). Inside means below the workspace as its links
 * resolve, or as it was named (`--root` may be a link to it).
 */
function assertFolderInside(file: string, folder: string, workspace: Workspace): void {
  if (!workspace.contains(folder) && !isBelow(folder, workspace.named)) return; // A path outside the workspace is the user's own.
  let existing = folder;
  for (;;) {
    let real: string;
    try {
      real = realpathSync.native(existing);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = path.dirname(existing);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === existing) throw error;
      existing = parent;
      continue;
    }
    if (!workspace.contains(real)) throw new WriteError(file, 'its folder is a link that leads outside the workspace');
    // Git runs what its folder holds (hooks) and keeps credentials there: no report goes in.
    const below = path.relative(existing, path.join(folder, path.basename(file)));
    if (inGitFolder(workspace.relative(real)) || inGitFolder(below.split(path.sep).join('/')))
      throw new WriteError(file, 'it is in a .git folder: reports are never written there');
    return;
  }
}

function describeWriteError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'ELOOP':
      return 'it is a link: reports are never written through links';
    case 'ENXIO':
      return 'it is not a regular file';
    case 'ENOENT':
      return 'its folder does not exist';
    default:
      return describeFsError(error);
  }
}
