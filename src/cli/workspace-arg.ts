import { statSync } from 'node:fs';
import path from 'node:path';
import { Workspace } from '../load/workspace.js';
import { UsageError } from './args.js';

/** The workspace of --root (default: the current folder), or a usage error saying why not. */
export function openWorkspace(root: string | undefined, command: string): Workspace {
  const dir = path.resolve(root ?? '.');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`--root ${JSON.stringify(root ?? '.')} is not a folder`, command);
  return new Workspace(dir);
}

/** How --manifest named the manifest, for the message when it is not there: a path from the current folder. */
export function manifestGiven(manifest: string | undefined, root: string | undefined): string | undefined {
  if (manifest === undefined) return undefined;
  return root === undefined
    ? '--manifest is a path from the current folder'
    : '--manifest is a path from the current folder, not from --root';
}
