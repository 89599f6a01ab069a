// The texts in a folder of the workspace, for `citegate init` to list as
// sources: every regular file under it (links that stay inside the workspace
// followed to their file, hidden names skipped), each read once, with why the
// others cannot be sources.
import { isUtf8 } from 'node:buffer';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../model/fs-error.js';
import type { Workspace } from './workspace.js';

export interface FolderText {
  /** Workspace-relative path, with `/`, as the manifest will write it. */
  readonly file: string;
  /** The file's bytes (valid UTF-8; a byte order mark kept: it is part of what is pinned). */
  readonly bytes: Buffer;
}

export interface FolderTexts {
  readonly texts: readonly FolderText[];
  /** Files under the folder that cannot be sources, and why (not UTF-8, too large, a link out). */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
}

/** More entries than this under the folder: it is not a folder of source texts (a checkout, node_modules). */
export const MAX_FOLDER_ENTRIES = 10_000;

export class SourceFolderError extends Error {}

/** Characters no source path may hold in a manifest written for people: controls, line separators, U+FFFD (a name that was not UTF-8). */
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/;

/**
 * The texts under `folder` (workspace-relative, '' for the root), in path
 * order. Throws SourceFolderError when the folder cannot be listed at all.
 */
export function readSourceFolder(workspace: Workspace, folder: string, maxBytes: number): FolderTexts {
  const texts: FolderText[] = [];
  const skipped: { file: string; reason: string }[] = [];
  let entries = 0;
  const visit = (rel: string, top: boolean) => {
    const resolved = workspace.resolve('', rel === '' ? '.' : rel, 'file name');
    if (!resolved.ok) {
      if (top) throw new SourceFolderError(resolved.reason);
      skipped.push({ file: rel, reason: resolved.reason });
      return;
    }
    let names: { name: string; isDirectory(): boolean; isSymbolicLink(): boolean }[];
    try {
      names = readdirSync(resolved.abs, { withFileTypes: true });
    } catch (error) {
      const reason = describeFsError(error);
      if (top) throw new SourceFolderError(reason === 'no such file' ? 'no such folder' : reason);
      skipped.push({ file: rel, reason });
      return;
    }
    for (const entry of [...names].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.')) continue;
      if (++entries > MAX_FOLDER_ENTRIES) {
        throw new SourceFolderError(
          `it holds more than ${MAX_FOLDER_ENTRIES.toLocaleString('en-US')} files and folders: name the folder of the source texts`,
        );
      }
      const file = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (UNWRITABLE.test(entry.name) || entry.name.includes('\\')) {
        skipped.push({ file, reason: 'its name holds characters a manifest path should not (rename it)' });
        continue;
      }
      // A folder is listed; a link to one is not (it could lead back up).
      if (entry.isDirectory()) {
        visit(file, false);
        continue;
      }
      const at = workspace.resolve('', file, 'file name');
      if (!at.ok) {
        skipped.push({ file, reason: at.reason });
        continue;
      }
      const read = workspace.read(at.abs, maxBytes);
      if (!read.ok) {
        const reason =
          entry.isSymbolicLink() && read.reason === 'it is a folder, not a file'
            ? 'it is a link to a folder: init lists the folders themselves, not links to them'
            : read.reason;
        skipped.push({ file, reason });
        continue;
      }
      if (!isUtf8(read.bytes)) {
        skipped.push({
          file,
          reason:
            'it is not UTF-8 text (a PDF or a document? list its extracted text as the source, and it as its `original`)',
        });
        continue;
      }
      texts.push({ file, bytes: read.bytes });
    }
  };
  visit(folder, true);
  return { texts, skipped };
}

/** The folder's path as `init` names it in messages: workspace-relative, with a trailing `/`. */
export function folderLabel(folder: string): string {
  return folder === '' ? './' : `${folder.split(path.sep).join('/')}/`;
}
