// Which citation files a run checks: those the manifest's `citations` globs
// match, or those named explicitly, each with the audience of the first
// `citations` entry that matches it.
import { readdirSync, type Dirent } from 'node:fs';
import type { Manifest } from './manifest.js';
import type { Workspace } from './workspace.js';

export interface CitationFileRef {
  /** Workspace-relative path. */
  readonly file: string;
  /** From the first matching `citations` entry; undefined when none sets one. */
  readonly audience: string | undefined;
}

/** Folders never walked unless a pattern names them: they hold tooling, not answers. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

/** The path of a workspace-relative file relative to the manifest's folder, or undefined if outside it. */
function underManifest(manifest: Manifest, file: string): string | undefined {
  if (manifest.dir === '') return file;
  return file.startsWith(manifest.dir + '/') ? file.slice(manifest.dir.length + 1) : undefined;
}

/** The `citations` entry a file falls under (first match wins), if any. */
export function citationEntryFor(manifest: Manifest, file: string) {
  const rel = underManifest(manifest, file);
  return rel === undefined ? undefined : manifest.citations.find((c) => c.glob.matches(rel));
}

export function refFor(manifest: Manifest, file: string): CitationFileRef {
  return { file, audience: citationEntryFor(manifest, file)?.audience };
}

/** Every file the `citations` globs match, sorted by path. Links to folders are not followed. */
export function findCitationFiles(workspace: Workspace, manifest: Manifest): CitationFileRef[] {
  const found = new Set<string>();
  for (const pattern of manifest.citations) {
    for (const base of pattern.glob.baseFolders()) {
      const start = [manifest.dir, base].filter((p) => p !== '').join('/');
      walk(workspace, start, (file) => {
        const rel = underManifest(manifest, file);
        if (rel !== undefined && pattern.glob.matches(rel)) found.add(file);
      }, (name) => !SKIPPED_FOLDERS.has(name) || pattern.glob.namesFolder(name));
    }
  }
  return [...found].sort(comparePaths).map((file) => refFor(manifest, file));
}

function walk(workspace: Workspace, folder: string, onFile: (rel: string) => void, enter: (name: string) => boolean): void {
  const pending = [folder];
  while (pending.length > 0) {
    const current = pending.pop()!;
    // A base folder given by a pattern may be a link: never list a folder outside.
    const resolved = current === '' ? { ok: true as const, abs: workspace.root } : workspace.resolve('', current);
    if (!resolved.ok) continue;
    let entries: Dirent[];
    try {
      entries = readdirSync(resolved.abs, { withFileTypes: true });
    } catch {
      continue; // A base folder that does not exist simply matches nothing.
    }
    for (const entry of entries) {
      const rel = current === '' ? entry.name : `${current}/${entry.name}`;
      if (entry.isDirectory()) {
        if (enter(entry.name)) pending.push(rel);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        // A link is listed; reading it later refuses one that leads outside.
        onFile(rel);
      }
    }
  }
}

/** Orders paths by code point, the same on every machine and locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
