import { closeSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../load/workspace.js';

/** A report file that cannot be written: the user's path, not a bug. */
export class WriteError extends Error {
  constructor(readonly file: string, reason: string) {
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
}

/**
 * Fails early, before any work, when a report could not be written to `file`
 * (its folder is missing, or it is a folder): a long run should not end in
 * a typo. Writing can still fail later (a full disk); writeChunks says so.
 */
export function assertWritable(file: string): void {
  let folder;
  try {
    folder = statSync(path.dirname(path.resolve(file)));
  } catch (error) {
    throw new WriteError(file, describeWriteError(error));
  }
  if (!folder.isDirectory()) throw new WriteError(file, 'a folder on the path is a file');
  let target;
  try {
    target = statSync(file);
  } catch {
    return; // Not there yet: it will be created.
  }
  if (target.isDirectory()) throw new WriteError(file, 'it is a folder, not a file');
}

/** Writes a report to a file piece by piece, so it is never whole in memory. */
export function writeChunks(file: string, chunks: Iterable<string>, options: WriteOptions = {}): void {
  let fd: number;
  try {
    if (options.createFolder) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fd = openSync(file, options.append ? 'a' : 'w');
  } catch (error) {
    throw new WriteError(file, describeWriteError(error));
  }
  try {
    for (const chunk of chunks) writeSync(fd, chunk);
  } catch (error) {
    throw new WriteError(file, describeWriteError(error));
  } finally {
    closeSync(fd);
  }
}

function describeWriteError(error: unknown): string {
  switch ((error as NodeJS.ErrnoException)?.code) {
    case 'ENOENT': return 'its folder does not exist';
    case 'ENOSPC': return 'no space left on the device';
    case 'EROFS': return 'the file system is read-only';
    default: return describeFsError(error);
  }
}
