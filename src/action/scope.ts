// In a pull request (or push, or merge group), which citation files need
// checking: the ones that changed, and every one that cites a source whose
// file or manifest entry changed, changed or not. Deleted files are skipped.
//
// A file counts as changed when the change touches any path the system goes
// through to read it: the file, a folder above it (a link, or a submodule,
// changes as one path), each link on the way and where it leads.
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { ChangedFile } from '../api/changed-file.js';
import { sourceIdOf } from '../engine/record.js';
import type { LoadedCitationFile } from '../load/citation-file.js';
import {
  MAX_MANIFEST_BYTES,
  MAX_MANIFEST_MARKS,
  parseManifest,
  type Manifest,
  type SourceEntry,
} from '../load/manifest.js';
import { yamlMarks } from '../load/yaml-nodes.js';
import { citationEntryFor, type findCitationFiles, refFor, type CitationFileRef } from '../load/select.js';
import type { Workspace } from '../load/workspace.js';
import type { CheckLevels } from '../model/levels.js';
import type { Problem } from '../model/problem.js';
import { comparePaths } from '../model/paths.js';

export interface ChangedSelection {
  /** The files to check, sorted by path. */
  readonly files: readonly CitationFileRef[];
  /** The citation files that changed themselves. */
  readonly changedFiles: readonly string[];
  /** Source ids whose file or manifest entry changed (or that were removed). */
  readonly changedSources: readonly string[];
  /** Set when the change touches everything: the reason to check all files. */
  readonly checkAll?: string;
  /** Folders the search for citation files could not list, where the change touches them. */
  readonly problems: readonly Problem[];
}

export interface ChangedInput {
  readonly workspace: Workspace;
  readonly manifest: Manifest;
  /** The manifest's path as the workflow names it, workspace-relative (a linked folder may make it differ from manifest.file). */
  readonly manifestNamed?: string;
  readonly changed: readonly ChangedFile[];
  /** The manifest at the base commit (asked for only when the manifest changed). */
  readonly baseManifest: () => BaseManifest;
  /** Levels of the checks set by the run (over the manifest's), so a change the run overrides does not count. */
  readonly checkOverrides?: Partial<CheckLevels>;
  /** Every citation file the manifest's globs match, loaded (only asked for when a source changed). */
  readonly loadAll: () => ReadonlyMap<string, LoadedCitationFile>;
  /** Every citation file the manifest's globs match, and the folders that could not be listed (asked for once, when needed). */
  readonly listAll: () => ReturnType<typeof findCitationFiles>;
}

const NOTHING: ChangedSelection = { files: [], changedFiles: [], changedSources: [], problems: [] };

/**
 * Paths are compared without case and in NFC: on a file system that ignores
 * them (macOS, Windows), `Data/R.txt` in the manifest reads the file git lists
 * as `data/r.txt`. Upper then lower case folds what lower case alone leaves
 * apart (final ς and σ, ſ and s). Where they count, two names taken for one
 * only check more.
 */
const sameName = (p: string) => p.normalize('NFC').toUpperCase().toLowerCase();

export function selectChanged(input: ChangedInput): ChangedSelection {
  const { workspace, changed } = input;
  const touched = new Set<string>();
  for (const f of changed) {
    touched.add(sameName(f.path));
    if (f.previousPath) touched.add(sameName(f.previousPath));
  }
  // Git lists files, never folders: a folder is changed when anything below it is.
  const touchedFolders = new Set<string>();
  for (const p of touched) {
    for (let cut = p.lastIndexOf('/'); cut > 0; cut = p.lastIndexOf('/', cut - 1)) touchedFolders.add(p.slice(0, cut));
  }
  const way = new PathWalker(workspace);
  // A way too long to follow (links upon links) counts as touched: its file is checked, not skipped.
  // A folder the way enters and leaves by `..` must still be there: a change below it counts.
  // `except`: paths of the way whose own change is judged apart (the manifest file, and the file it is a link to).
  const isTouched = (rel: string, except: readonly string[] = []) => {
    const walked = way.pathsTo(rel);
    const skip = except.map(sameName);
    return (
      walked === undefined ||
      walked.on.some((name) => touched.has(name) && !skip.includes(name)) ||
      walked.left.some((name) => touchedFolders.has(name))
    );
  };
  try {
    return selectTouched(input, isTouched, (rel) => way.pathsTo(rel)?.on.at(-1));
  } catch (error) {
    if (!(error instanceof WaysTooLong)) throw error;
    return { ...NOTHING, checkAll: error.message };
  }
}

/** `readAt`: the path, of those on its way, that a path is read at (its name as sameName makes it). */
function selectTouched(
  input: ChangedInput,
  isTouched: (rel: string, except?: readonly string[]) => boolean,
  readAt: (rel: string) => string | undefined,
): ChangedSelection {
  const { workspace, manifest, changed } = input;

  // A change on the way to the manifest, not to the file itself (a linked
  // folder re-pointed), may make the manifest another file altogether.
  const named = input.manifestNamed ?? manifest.file;
  const real = readAt(manifest.file);
  if (isTouched(named, real === undefined ? [manifest.file] : [manifest.file, real])) {
    return { ...NOTHING, checkAll: `a link or a folder on the way to the manifest (${named}) changed` };
  }
  // A manifest that is a link: its file's changes are compared with that file's base version (see baseManifest), but a
  // change to the link itself may point it at another file altogether.
  if (real !== undefined && real !== sameName(manifest.file) && isTouched(manifest.file, [real])) {
    return { ...NOTHING, checkAll: `the manifest (${manifest.file}) is a link, and the link changed` };
  }
  const changedSources = new Set<string>();
  if (isTouched(manifest.file)) {
    const entries = changedEntries(manifest, input.baseManifest(), input.checkOverrides ?? {});
    if (!Array.isArray(entries)) return { ...NOTHING, checkAll: entries.checkAll };
    for (const id of entries) changedSources.add(id);
  }
  for (const source of manifest.sources.values()) {
    const paths = [source.path, source.original?.path].filter((p): p is string => p !== undefined);
    for (const p of paths) {
      // The path as written, whether or not it can be read now: a change that
      // breaks it (a link out of the workspace, or into a loop) counts too.
      const written = workspace.resolve(manifest.dir, p, 'written', false);
      if (written.ok && isTouched(written.rel)) changedSources.add(source.id);
    }
  }

  const selected = new Map<string, CitationFileRef>();
  const changedFiles = new Set<string>();
  const select = (file: string) => {
    changedFiles.add(file);
    selected.set(file, refFor(manifest, file));
  };
  for (const f of changed) {
    if (f.status !== 'removed' && citationEntryFor(manifest, f.path) !== undefined) select(f.path);
  }
  // Any change may lie on the way to citation files named otherwise (a link,
  // a linked folder, a submodule, a file a link leads to, removed or not),
  // and a changed citation file may be read under another name too, which
  // checks it for another audience: look at the way to each one the manifest lists.
  const problems: Problem[] = [];
  if (changed.length > 0) {
    const listed = input.listAll();
    // A search cut short may have missed the very files the change touched: none can be left out.
    const cut = listed.problems.find((p) => p.kind === 'not all listed');
    if (cut)
      return {
        ...NOTHING,
        checkAll: `the search for citation files under ${cut.file} was cut short (links give its folders too many names)`,
      };
    for (const { file } of listed.files) if (!selected.has(file) && isTouched(file)) select(file);
    // A folder it cannot list is a problem of the change when the change made it.
    problems.push(...listed.problems.filter((p) => isTouched(p.file)));
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
    problems,
  };
}

/** Links are followed at most this many times on one path, as the system does (ELOOP). */
const MAX_LINKS_ON_A_PATH = 40;
/** And at most this many names looked at on one path, whatever the links' targets hold. */
const MAX_STEPS_ON_A_PATH = 4096;
/**
 * And on all the paths of a run: links made to lengthen every way would
 * otherwise cost time without end (a review measured 47 s for 20,000 files
 * behind 800 steps each, before the walk kept where each folder led). Past
 * it, every file is checked.
 */
const MAX_STEPS_IN_ALL = 2_000_000;

class WaysTooLong extends Error {
  constructor() {
    super(
      `the ways to the files, through their links, are too long to follow (more than ${MAX_STEPS_IN_ALL.toLocaleString('en-US')} names)`,
    );
  }
}

/** The paths on the way to a file, and the folders the way enters and leaves again by `..`: their names as sameName makes them. */
interface Way {
  readonly on: readonly string[];
  readonly left: readonly string[];
}

/**
 * The workspace-relative paths the system goes through to reach a path, read
 * as it reads them: name by name from the workspace's root, each link's
 * target put in its place (from the link's folder, or from the top of the file
 * system when absolute), `..` taken from the folder reached. So a way that
 * leaves the workspace and comes back in is followed, and every folder on the
 * way, every link and the paths they lead to are listed, as far as they exist
 * and then as written. Undefined when the way is too long to follow. What it
 * learns of each path is kept: many files under a few folders cost one look
 * at each path.
 */
class PathWalker {
  /** Per absolute path: the link's target, null for a file or folder, undefined when there is nothing. */
  private readonly known = new Map<string, string | null | undefined>();
  /** Per folder named on the way (as given): where reading it left off, so files side by side share the way there. */
  private readonly folders = new Map<string, WalkState>();
  private readonly separators = path.sep === '\\' ? /[\\/]/ : /\//;
  private readonly root: string;
  /** The root with its separator (a root such as `/` or `C:\\` ends in one already), as a path below it starts. */
  private readonly prefix: string;
  private readonly prefixName: string;
  private steps = 0;

  constructor(workspace: Workspace) {
    this.root = workspace.root;
    this.prefix = this.root.endsWith(path.sep) ? this.root : this.root + path.sep;
    this.prefixName = sameName(this.prefix);
  }

  pathsTo(rel: string): Way | undefined {
    const given = rel.split('/');
    // Start from the longest folder of the path already read.
    let from = given.length - 1;
    while (from > 0 && !this.folders.has(given.slice(0, from).join('/'))) from--;
    const cached = from > 0 ? this.folders.get(given.slice(0, from).join('/')) : undefined;
    const state: WalkState = cached
      ? { ...cached, on: [...cached.on], left: [...cached.left] }
      : { current: this.root, on: [], left: [], links: 0, steps: 0, missing: false };
    // The names still to read, the next one last; the given ones are at the bottom.
    const names = given.slice(from).reverse();
    let givenRead = from;
    while (names.length > 0) {
      // A given name comes next: everything before it is read, so the folder so far is worth keeping.
      if (names.length === given.length - givenRead) {
        if (givenRead > from) {
          const folder = given.slice(0, givenRead).join('/');
          if (!this.folders.has(folder))
            this.folders.set(folder, { ...state, on: [...state.on], left: [...state.left] });
        }
        givenRead++;
      }
      if (++state.steps > MAX_STEPS_ON_A_PATH) return undefined;
      if (++this.steps > MAX_STEPS_IN_ALL) throw new WaysTooLong();
      const name = names.pop()!;
      if (name === '' || name === '.') continue;
      if (name === '..') {
        this.note(state.left, state.current);
        state.current = path.dirname(state.current);
        this.note(state.on, state.current);
        continue;
      }
      state.current = state.current.endsWith(path.sep) ? state.current + name : state.current + path.sep + name;
      this.note(state.on, state.current);
      // Past a name that is not there, the rest is read as written.
      if (state.missing) continue;
      const target = this.look(state.current);
      if (target === undefined) state.missing = true;
      if (target === undefined || target === null) continue;
      if (++state.links > MAX_LINKS_ON_A_PATH) return undefined;
      const top = path.parse(target).root;
      state.current = top !== '' ? top : path.dirname(state.current);
      const parts = target.slice(top.length).split(this.separators);
      for (let k = parts.length - 1; k >= 0; k--) names.push(parts[k]);
    }
    return { on: state.on, left: state.left };
  }

  /** Notes an absolute path below the workspace's root, workspace-relative, named as sameName makes it (once: folders' ways are kept). */
  private note(into: string[], abs: string): void {
    if (abs.length <= this.prefix.length) return;
    const head = abs.slice(0, this.prefix.length);
    if (head !== this.prefix && sameName(head) !== this.prefixName) return;
    const rel = abs.slice(this.prefix.length);
    into.push(sameName(path.sep === '/' ? rel : rel.split(path.sep).join('/')));
  }

  private look(abs: string): string | null | undefined {
    if (this.known.has(abs)) return this.known.get(abs);
    let found: string | null | undefined;
    try {
      const stat = lstatSync(abs, { throwIfNoEntry: false });
      found = stat === undefined ? undefined : stat.isSymbolicLink() ? readlinkSync(abs) : null;
    } catch {
      found = undefined;
    }
    this.known.set(abs, found);
    return found;
  }
}

/** How far the reading of a way has come. */
interface WalkState {
  current: string;
  on: string[];
  left: string[];
  links: number;
  steps: number;
  missing: boolean;
}

/** What the base manifest is: its text, or why there is none to compare with. */
export type BaseManifest =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'new' }
  | { readonly kind: 'unknown'; readonly reason: string };

/** Ids whose entry differs between the base manifest and this one, or why every file must be checked. */
function changedEntries(
  manifest: Manifest,
  base: BaseManifest,
  overrides: Partial<CheckLevels>,
): string[] | { checkAll: string } {
  if (base.kind === 'unknown')
    return { checkAll: `the manifest changed and its earlier version cannot be read (${base.reason})` };
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
  // How files are read (`format`, `documents`) changes their records too.
  const patterns = (m: Manifest) =>
    JSON.stringify(
      m.citations.map((c) => [c.glob.pattern, c.audience ?? null, c.format ?? null, c.documents?.ids ?? null]),
    );
  if (patterns(before) !== patterns(manifest)) return { checkAll: "the manifest's `citations` patterns changed" };
  const levels = (m: Manifest) => JSON.stringify({ ...m.checks, ...overrides });
  if (levels(before) !== levels(manifest)) return { checkAll: "the manifest's `checks` levels changed" };
  const rules = (m: Manifest) => JSON.stringify(m.requirements.map((r) => [r.glob.pattern, r.cite]));
  if (rules(before) !== rules(manifest)) return { checkAll: "the manifest's `require` rules changed" };
  const ids = new Set([...before.sources.keys(), ...manifest.sources.keys()]);
  return [...ids].filter((id) => entryKey(before.sources.get(id)) !== entryKey(manifest.sources.get(id)));
}

function entryKey(entry: SourceEntry | undefined): string {
  if (entry === undefined) return '';
  return JSON.stringify([
    entry.path,
    entry.sha256,
    entry.retrieved,
    entry.original?.path,
    entry.original?.sha256,
    entry.audience ?? null,
  ]);
}
