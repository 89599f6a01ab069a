// A file named by the user rather than by the manifest (a baseline, the reports
// of a split run's shards). The name is the workflow's, but the file may be in
// the workspace a pull request wrote, which can put a link or a FIFO there: so
// it is opened under the workspace's rules where it is in the workspace, never
// in a .git folder anywhere, only as a regular file, and only up to a size.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../model/fs-error.js';
import { folderEnding, isBelow, NAME_SEPARATORS } from '../model/paths.js';
import { IN_GIT_FOLDER, inGitFolder, openRegularFile } from './workspace.js';

/**
 * The longest file read whole as JSON: V8's longest string is 2^29 − 24 code
 * units, and a file's UTF-8 has at least as many bytes as its text has code
 * units, so a longer file could not be parsed anyway.
 */
export const MAX_NAMED_FILE_BYTES = 2 ** 29 - 24;

/** Why a named file cannot be read, in words a user reads. */
export class NamedFileError extends Error {}

/**
 * Opens `file` for reading and gives its descriptor and size; the caller
 * closes it. `root` is the workspace: a name in it whose links lead out of
 * it is refused. Throws NamedFileError.
 */
export function openNamedFile(file: string, root: string): { fd: number; size: number } {
  // path.resolve would drop the `/` of `r.json/`, and open r.json, which the system refuses so.
  const folder = folderEnding(file, 'name', NAME_SEPARATORS);
  if (folder !== undefined) throw new NamedFileError(folder);
  const abs = path.resolve(file);
  let real: string;
  let workspace: string;
  try {
    real = realpathSync.native(abs);
    workspace = realpathSync.native(root);
  } catch (error) {
    throw new NamedFileError(describeFsError(error));
  }
  const parts = (p: string) => p.split(/[\\/]/).join('/');
  if (inGitFolder(parts(abs)) || inGitFolder(parts(real))) throw new NamedFileError(IN_GIT_FOLDER);
  if ((isBelow(abs, path.resolve(root)) || isBelow(abs, workspace)) && !isBelow(real, workspace))
    throw new NamedFileError('the path is a link that leads outside the workspace');
  const opened = openRegularFile(real, MAX_NAMED_FILE_BYTES);
  if (!opened.ok) throw new NamedFileError(opened.reason);
  return { fd: opened.fd, size: opened.size };
}
