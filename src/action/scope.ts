// In a pull request (or push, or merge group), which citation files need
// checking: the ones that changed, and every one that cites a source whose
// file or manifest entry changed, changed or not. Deleted files are skipped.
import type { ChangedFile } from '../api/changed-file.js';
import { sourceIdOf } from '../engine/record.js';
import type { LoadedCitationFile } from '../load/citation-file.js';
import { parseManifest, type Manifest, type SourceEntry } from '../load/manifest.js';
import { citationEntryFor, comparePaths, refFor, type CitationFileRef } from '../load/select.js';
import type { Workspace } from '../load/workspace.js';

export interface ChangedSelection {
  /** The files to check, sorted by path. */
  readonly files: readonly CitationFileRef[];
  /** The citation files that changed themselves. */
  readonly changedFiles: readonly string[];
  /** Source ids whose file or manifest entry changed (or that were removed). */
  readonly changedSources: readonly string[];
  /** Set when the change touches everything: the reason to check all files. */
  readonly checkAll?: string;
}

export interface ChangedInput {
  readonly workspace: Workspace;
  readonly manifest: Manifest;
  readonly changed: readonly ChangedFile[];
  /** The manifest's text at the base commit: undefined when it did not exist, null when it cannot be read. */
  readonly baseManifestText: string | undefined | null;
  /** Every citation file the manifest's globs match, loaded (only asked for when a source changed). */
  readonly loadAll: () => ReadonlyMap<string, LoadedCitationFile>;
}

export function selectChanged(input: ChangedInput): ChangedSelection {
  const { workspace, manifest, changed } = input;
  const touched = new Set<string>();
  for (const f of changed) {
    touched.add(f.path);
    if (f.previousPath) touched.add(f.previousPath);
  }

  const changedSources = new Set<string>();
  if (touched.has(manifest.file)) {
    const entries = changedEntries(manifest, input.baseManifestText);
    if (entries === 'citations') return { files: [], changedFiles: [], changedSources: [], checkAll: 'the manifest\'s `citations` patterns changed' };
    if (entries === 'unknown') return { files: [], changedFiles: [], changedSources: [], checkAll: 'the manifest changed and its earlier version cannot be read' };
    for (const id of entries) changedSources.add(id);
  }
  for (const source of manifest.sources.values()) {
    const paths = [source.path, source.original?.path].filter((p): p is string => p !== undefined);
    for (const p of paths) {
      const resolved = workspace.resolve(manifest.dir, p);
      if (resolved.ok && touched.has(resolved.rel)) changedSources.add(source.id);
    }
  }

  const selected = new Map<string, CitationFileRef>();
  const changedFiles: string[] = [];
  for (const f of changed) {
    if (f.status === 'removed') continue;
    if (citationEntryFor(manifest, f.path) === undefined) continue;
    changedFiles.push(f.path);
    selected.set(f.path, refFor(manifest, f.path));
  }
  if (changedSources.size > 0) {
    for (const [file, loaded] of input.loadAll()) {
      if (selected.has(file)) continue;
      const cites = loaded.records.some((r) => {
        const id = sourceIdOf(r.value);
        return id !== undefined && changedSources.has(id);
      });
      if (cites) selected.set(file, refFor(manifest, file));
    }
  }
  return {
    files: [...selected.values()].sort((a, b) => comparePaths(a.file, b.file)),
    changedFiles: changedFiles.sort(comparePaths),
    changedSources: [...changedSources].sort(comparePaths),
  };
}

/** Ids whose entry differs between the base manifest and this one, or 'citations' / 'unknown'. */
function changedEntries(manifest: Manifest, baseText: string | undefined | null): string[] | 'citations' | 'unknown' {
  if (baseText === null) return 'unknown';
  if (baseText === undefined) {
    // The manifest is new: every source and every pattern is new.
    return 'citations';
  }
  let base: Manifest;
  try {
    base = parseManifest(baseText, manifest.file, manifest.dir, { forPin: true });
  } catch {
    return 'unknown';
  }
  const patterns = (m: Manifest) => JSON.stringify(m.citations.map((c) => [c.glob.pattern, c.audience ?? null]));
  if (patterns(base) !== patterns(manifest)) return 'citations';
  const ids = new Set([...base.sources.keys(), ...manifest.sources.keys()]);
  return [...ids].filter((id) => entryKey(base.sources.get(id)) !== entryKey(manifest.sources.get(id)));
}

function entryKey(entry: SourceEntry | undefined): string {
  if (entry === undefined) return '';
  return JSON.stringify([entry.path, entry.sha256, entry.retrieved, entry.original?.path, entry.original?.sha256, entry.audience ?? null]);
}
