// In a pull request (or push, or merge group), which citation files need
// checking: the ones that changed, and every one that cites a source whose
// file or manifest entry changed, changed or not. Deleted files are skipped.
import type { ChangedFile } from '../api/changed-file.js';
import { sourceIdOf } from '../engine/record.js';
import type { LoadedCitationFile } from '../load/citation-file.js';
import { MAX_MANIFEST_BYTES, MAX_MANIFEST_MARKS, parseManifest, type CheckLevels, type Manifest, type SourceEntry } from '../load/manifest.js';
import { yamlMarks } from '../load/yaml-nodes.js';
import { citationEntryFor, comparePaths, findCitationFiles, refFor, type CitationFileRef } from '../load/select.js';
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
  /** The manifest at the base commit (asked for only when the manifest changed). */
  readonly baseManifest: () => BaseManifest;
  /** Levels of the checks set by the run (over the manifest's), so a change the run overrides does not count. */
  readonly checkOverrides?: Partial<CheckLevels>;
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

  // A path in the manifest may reach its file through a link: a change to the
  // file behind it counts, and so does a change to the link itself.
  const isTouched = (rel: string) => {
    if (touched.has(rel)) return true;
    const resolved = workspace.resolve('', rel, 'file name');
    return resolved.ok && touched.has(workspace.relative(resolved.abs));
  };

  const changedSources = new Set<string>();
  if (isTouched(manifest.file)) {
    const entries = changedEntries(manifest, input.baseManifest(), input.checkOverrides ?? {});
    if (!Array.isArray(entries)) return { files: [], changedFiles: [], changedSources: [], checkAll: entries.checkAll };
    for (const id of entries) changedSources.add(id);
  }
  for (const source of manifest.sources.values()) {
    const paths = [source.path, source.original?.path].filter((p): p is string => p !== undefined);
    for (const p of paths) {
      const resolved = workspace.resolve(manifest.dir, p);
      if (resolved.ok && (touched.has(resolved.rel) || touched.has(workspace.relative(resolved.abs)))) changedSources.add(source.id);
    }
  }

  const selected = new Map<string, CitationFileRef>();
  const changedFiles = new Set<string>();
  let behindLinks: Map<string, string[]> | undefined;
  for (const f of changed) {
    if (f.status === 'removed') continue;
    if (citationEntryFor(manifest, f.path) !== undefined) {
      changedFiles.add(f.path);
      selected.set(f.path, refFor(manifest, f.path));
      continue;
    }
    // Not a citation file by its own name, but perhaps the file behind one
    // (a link, or a pattern's folder that is a link).
    behindLinks ??= citationFilesBehindLinks(workspace, manifest);
    for (const file of behindLinks.get(f.path) ?? []) {
      changedFiles.add(file);
      selected.set(file, refFor(manifest, file));
    }
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
    changedFiles: [...changedFiles].sort(comparePaths),
    changedSources: [...changedSources].sort(comparePaths),
  };
}

/** The citation files whose real path differs from their name, by real path. */
function citationFilesBehindLinks(workspace: Workspace, manifest: Manifest): Map<string, string[]> {
  const byReal = new Map<string, string[]>();
  for (const { file } of findCitationFiles(workspace, manifest).files) {
    const resolved = workspace.resolve('', file, 'file name');
    if (!resolved.ok) continue;
    const real = workspace.relative(resolved.abs);
    if (real === file) continue;
    byReal.set(real, [...(byReal.get(real) ?? []), file]);
  }
  return byReal;
}

/** What the base manifest is: its text, or why there is none to compare with. */
export type BaseManifest =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'new' }
  | { readonly kind: 'unknown'; readonly reason: string };

/** Ids whose entry differs between the base manifest and this one, or why every file must be checked. */
function changedEntries(manifest: Manifest, base: BaseManifest, overrides: Partial<CheckLevels>): string[] | { checkAll: string } {
  if (base.kind === 'unknown') return { checkAll: `the manifest changed and its earlier version cannot be read (${base.reason})` };
  if (base.kind === 'new') return { checkAll: 'the manifest is new (or was moved or copied here)' };
  let before: Manifest;
  // The base manifest is bounded like the manifest itself (the pull request's base may be old and large).
  if (base.text.length > MAX_MANIFEST_BYTES || yamlMarks(base.text) > MAX_MANIFEST_MARKS) {
    return { checkAll: 'the manifest changed and its earlier version is too large to read' };
  }
  try {
    before = parseManifest(base.text.replace(/^\uFEFF/, ''), manifest.file, manifest.dir, { forPin: true });
  } catch {
    return { checkAll: 'the manifest changed and its earlier version is not a valid manifest' };
  }
  // Everything but the sources can change any file's findings (the keys of TOP_KEYS in manifest.ts).
  const patterns = (m: Manifest) => JSON.stringify(m.citations.map((c) => [c.glob.pattern, c.audience ?? null]));
  if (patterns(before) !== patterns(manifest)) return { checkAll: 'the manifest\'s `citations` patterns changed' };
  const levels = (m: Manifest) => JSON.stringify({ ...m.checks, ...overrides });
  if (levels(before) !== levels(manifest)) return { checkAll: 'the manifest\'s `checks` levels changed' };
  const rules = (m: Manifest) => JSON.stringify(m.requirements.map((r) => [r.glob.pattern, r.cite]));
  if (rules(before) !== rules(manifest)) return { checkAll: 'the manifest\'s `require` rules changed' };
  const ids = new Set([...before.sources.keys(), ...manifest.sources.keys()]);
  return [...ids].filter((id) => entryKey(before.sources.get(id)) !== entryKey(manifest.sources.get(id)));
}

function entryKey(entry: SourceEntry | undefined): string {
  if (entry === undefined) return '';
  return JSON.stringify([entry.path, entry.sha256, entry.retrieved, entry.original?.path, entry.original?.sha256, entry.audience ?? null]);
}
