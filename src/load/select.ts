// Which citation files a run checks: those the manifest's `citations` globs
// match, or those named explicitly, each with the audience of the first
// `citations` entry that matches it.
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Manifest } from './manifest.js';
import type { Problem } from './problem.js';
import { describeFsError, type Workspace } from './workspace.js';

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

export interface CitationFileList {
  readonly files: CitationFileRef[];
  /** Folders that could not be listed: their files may be missing from `files`. */
  readonly problems: Problem[];
}

/**
 * Every file the `citations` globs match, sorted by path. A pattern's base
 * folder may be a link inside the workspace; links to folders below it are
 * not followed (a link loop cannot make the walk endless).
 */
export function findCitationFiles(workspace: Workspace, manifest: Manifest): CitationFileList {
  const found = new Set<string>();
  const problems = new Map<string, Problem>();
  for (const pattern of manifest.citations) {
    for (const base of pattern.glob.baseFolders()) {
      const start = [manifest.dir, base].filter((p) => p !== '').join('/');
      walk(workspace, start, (file) => {
        const rel = underManifest(manifest, file);
        if (rel !== undefined && pattern.glob.matches(rel)) found.add(file);
      }, (name) => !SKIPPED_FOLDERS.has(name) || pattern.glob.namesFolder(name), (problem) => problems.set(problem.file, problem));
    }
  }
  return {
    files: [...found].sort(comparePaths).map((file) => refFor(manifest, file)),
    problems: [...[...problems.values()].sort((a, b) => comparePaths(a.file, b.file)), ...unmatchedRequirements(manifest, found)],
  };
}

/** A `require` rule that no citation file matches checks nothing: a problem, so that a mistyped glob cannot pass unseen. */
function unmatchedRequirements(manifest: Manifest, files: ReadonlySet<string>): Problem[] {
  const rels = [...files].map((file) => underManifest(manifest, file)!);
  return manifest.requirements.filter((rule) => !rels.some((rel) => rule.glob.matches(rel))).map((rule) => ({
    file: manifest.file, ...rule.filesPosition,
    message: `the \`require\` rule \`files: ${rule.pattern}\` matches none of the citation files, so it checks nothing` +
      (/[*?[{]|\/$/.test(rule.pattern) ? '' : ` (for every file under a folder, write ${rule.pattern}/)`),
  }));
}

function walk(
  workspace: Workspace,
  folder: string,
  onFile: (rel: string) => void,
  enter: (name: string) => boolean,
  onProblem: (problem: Problem) => void,
): void {
  // The base folder comes from a pattern and may pass through a link: list it
  // only if it really is inside. The folders found below it are real folders.
  const base = workspace.realPath(folder === '' ? workspace.root : path.join(workspace.root, ...folder.split('/')));
  if (base.kind === 'missing') return; // A base folder that does not exist matches nothing.
  if (base.kind === 'refused') {
    onProblem({ file: folder, line: 0, column: 0, message: `folder not listed: ${base.reason.replace(/^the path is/, 'it is')}` });
    return;
  }
  const pending: [rel: string, abs: string][] = [[folder, base.abs]];
  while (pending.length > 0) {
    const [current, abs] = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (current === folder && code === 'ENOTDIR') return; // The base is a file: it names no folder.
      onProblem({ file: current, line: 0, column: 0, message: `folder not listed: ${describeFsError(error)}` });
      continue;
    }
    for (const entry of entries) {
      const rel = current === '' ? entry.name : `${current}/${entry.name}`;
      if (entry.isDirectory()) {
        if (enter(entry.name)) pending.push([rel, path.join(abs, entry.name)]);
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
