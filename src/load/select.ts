// Which citation files a run checks: those the manifest's `citations` globs
// match, or those named explicitly, each with the audience of the first
// `citations` entry that matches it.
import { type Buffer, isUtf8 } from 'node:buffer';
import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { DocumentList, Manifest, RecordFormat } from './manifest.js';
import { formatOf } from './citation-file.js';
import { firstInvalidUtf8 } from './text.js';
import type { Problem } from '../model/problem.js';
import { comparePaths, folderEnding, NAME_SEPARATORS } from '../model/paths.js';
import { IN_GIT_FOLDER, inGitFolder, type Workspace } from './workspace.js';
import { describeFsError } from '../model/fs-error.js';

export interface CitationFileRef {
  /** Workspace-relative path. */
  readonly file: string;
  /** From the first matching `citations` entry; undefined when none sets one. */
  readonly audience: string | undefined;
  /** How its records are written, from that entry; undefined: told from the file's shape. */
  readonly format?: RecordFormat;
  /** The source id of each document the requests sent (Messages API responses), from that entry. */
  readonly documents?: DocumentList;
}

/** Folders never walked unless a pattern names them: they hold tooling, not answers (.git is never walked at all). */
const SKIPPED_FOLDERS = new Set(['node_modules']);

/** The path of a workspace-relative file relative to the manifest's folder, or undefined if outside it. */
function underManifest(manifest: Manifest, file: string): string | undefined {
  if (manifest.dir === '') return file;
  return file.startsWith(`${manifest.dir}/`) ? file.slice(manifest.dir.length + 1) : undefined;
}

/** The `citations` entry a file falls under (first match wins), if any. */
export function citationEntryFor(manifest: Manifest, file: string) {
  const rel = underManifest(manifest, file);
  return rel === undefined ? undefined : manifest.citations.find((c) => c.glob.matches(rel));
}

export function refFor(manifest: Manifest, file: string): CitationFileRef {
  const entry = citationEntryFor(manifest, file);
  return {
    file,
    audience: entry?.audience,
    ...(entry?.format !== undefined ? { format: entry.format } : {}),
    ...(entry?.documents !== undefined ? { documents: entry.documents } : {}),
  };
}

/**
 * How a name checks the file it names, as a key: its audience, the `require`
 * rules that match it, its format (`a.json` a link to `a.jsonl`) and how its
 * entry says its records are written. Two names of one file with the same key
 * check it alike.
 */
export function checksOf(manifest: Manifest, file: string): string {
  const rel = underManifest(manifest, file);
  const rules =
    rel === undefined ? [] : manifest.requirements.flatMap((rule, i) => (rule.glob.matches(rel) ? [i] : []));
  const entry = citationEntryFor(manifest, file);
  const key: unknown[] = [entry?.audience ?? null, rules, formatOf(file) ?? null];
  // Only when an entry says so: the key of every other file stays as it was.
  if (entry?.format !== undefined) key.push(entry.format, entry.documents?.ids ?? null);
  return JSON.stringify(key);
}

/**
 * The names to check files named on a command line under (workspace-relative,
 * in the order given): each file under every name the manifest's patterns
 * give it where it really is, as the run over the patterns checks it, so that
 * no name, link or real path can carry it past its folder's audience and
 * `require` rules; and under the name given too when the patterns take that
 * name and it checks the file otherwise (a search cut short may not have come
 * to it), or when the patterns give the file no name. The patterns are
 * searched only when a named file exists; a search cut short is a problem,
 * as in the run over the patterns.
 */
export function refsForNamed(
  workspace: Workspace,
  manifest: Manifest,
  named: readonly string[],
  maxLinkedCost = MAX_LINKED_NAMES_COST,
): CitationFileList {
  const placeOf = (rel: string) => {
    const real = workspace.realPath(path.join(workspace.root, ...rel.split('/')));
    return real.kind === 'inside' ? real.abs : undefined;
  };
  const problems: Problem[] = [];
  let byPlace: Map<string, string[]> | undefined;
  const namesAt = (place: string) => {
    if (!byPlace) {
      byPlace = new Map();
      const listed = findCitationFiles(workspace, manifest, maxLinkedCost);
      problems.push(...listed.problems.filter((p) => p.kind === 'not all listed'));
      for (const { file } of listed.files) {
        const at = placeOf(file);
        if (at !== undefined) byPlace.set(at, [...(byPlace.get(at) ?? []), file]);
      }
    }
    return byPlace.get(place) ?? [];
  };
  const files: CitationFileRef[] = [];
  const seen = new Set<string>();
  for (const rel of named) {
    const place = placeOf(rel);
    const names = place === undefined ? [] : [...namesAt(place)];
    const given = checksOf(manifest, rel);
    if (
      names.length === 0 ||
      (citationEntryFor(manifest, rel) !== undefined && !names.some((n) => checksOf(manifest, n) === given))
    )
      names.push(rel);
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      files.push(refFor(manifest, name));
    }
  }
  return { files, problems };
}

/**
 * The citation files named on a command line (as given, from the current
 * folder), under the names refsForNamed() gives them; a name that cannot be
 * read as given (not UTF-8, outside the workspace) is a problem instead.
 */
export function namedCitationFiles(
  workspace: Workspace,
  manifest: Manifest,
  args: readonly string[],
): CitationFileList {
  const problems: Problem[] = [];
  const named: string[] = [];
  for (const arg of args) {
    // Node gives a name that is not UTF-8 with U+FFFD in place of its bad
    // bytes: reading that would read another file, one really named so.
    if (arg.includes('\ufffd')) {
      problems.push({
        file: arg,
        line: 0,
        column: 0,
        message:
          'not read: the name holds U+FFFD, which is what a name that is not valid UTF-8 becomes on a command line: rename the file',
      });
      continue;
    }
    // `a.json/` would resolve to a.json, which the system would refuse to open so.
    const folder = folderEnding(arg, 'name', NAME_SEPARATORS);
    if (folder !== undefined) {
      problems.push({ file: arg, line: 0, column: 0, message: `not read: ${folder}` });
      continue;
    }
    const abs = workspace.citationArgumentPath(arg);
    if (!workspace.contains(abs)) {
      problems.push({
        file: arg,
        line: 0,
        column: 0,
        message: `not read: it is outside the workspace (${workspace.root}); use --root`,
      });
      continue;
    }
    named.push(workspace.relative(abs));
  }
  // A file named twice (a shell glob and its name) is checked once, not
  // counted twice; and under the names the patterns give it.
  const listed = refsForNamed(workspace, manifest, named);
  return { files: listed.files, problems: [...problems, ...listed.problems] };
}

export interface CitationFileList {
  readonly files: CitationFileRef[];
  /** Folders that could not be listed: their files may be missing from `files`. */
  readonly problems: Problem[];
}

/**
 * Every file the `citations` globs match, sorted by path. Links to folders
 * are followed while they stay inside the workspace, but not back to a
 * folder on the way down (a link loop cannot make the walk endless), and
 * within a budget for the names links make; a link that leads out of it, and
 * a walk cut short, are problems, as files would otherwise go unchecked
 * without a word.
 */
export function findCitationFiles(
  workspace: Workspace,
  manifest: Manifest,
  maxLinkedCost = MAX_LINKED_NAMES_COST,
): CitationFileList {
  // Each file once, by where it really is: reached under two names (a folder
  // or file link, two patterns), it keeps the name without a link, else the
  // first in order. But only where the names check it alike: a name gives the
  // file its audience and its `require` rules, and a name whose checks differ
  // is checked too, or a link could carry a file past them.
  // Per real place, its names that check it differently: worked out only
  // where a second name reaches the place (a link), not for every file.
  const byPlace = new Map<string, { rel: string; viaLink: boolean; as?: string }[]>();
  const problems = new Map<string, Problem>();
  for (const pattern of manifest.citations) {
    for (const base of pattern.glob.baseFolders()) {
      const start = [manifest.dir, base].filter((p) => p !== '').join('/');
      const matches = (file: string) => {
        const rel = underManifest(manifest, file);
        return rel !== undefined && pattern.glob.matches(rel);
      };
      walk(workspace, start, maxLinkedCost, {
        onFile: (file, place, viaLink) => {
          if (!matches(file)) return;
          const names = byPlace.get(place);
          if (!names) {
            byPlace.set(place, [{ rel: file, viaLink }]);
            return;
          }
          const as = checksOf(manifest, file);
          const k = names.findIndex((n) => (n.as ??= checksOf(manifest, n.rel)) === as);
          const known = names[k];
          if (!known) names.push({ rel: file, viaLink, as });
          else if ((known.viaLink && !viaLink) || (known.viaLink === viaLink && comparePaths(file, known.rel) < 0))
            names[k] = { rel: file, viaLink, as };
        },
        matches,
        // Only folders where some file could match: links and names elsewhere are none of the run's business.
        enter: (folder, name) => {
          // Never listed: a pattern that names a .git folder is told so, and fails the run.
          if (inGitFolder(name)) {
            if (pattern.glob.namesFolder(name))
              problems.set(folder, {
                file: folder,
                line: 0,
                column: 0,
                message: `folder not listed: ${IN_GIT_FOLDER}`,
              });
            return false;
          }
          const rel = underManifest(manifest, folder);
          return (
            (!SKIPPED_FOLDERS.has(name) || pattern.glob.namesFolder(name)) &&
            rel !== undefined &&
            pattern.glob.mayMatchBelow(rel)
          );
        },
        onProblem: (problem) => problems.set(problem.file, problem),
      });
    }
  }
  const found = new Set([...byPlace.values()].flatMap((names) => names.map((f) => f.rel)));
  return {
    files: [...found].sort(comparePaths).map((file) => refFor(manifest, file)),
    problems: [
      ...[...problems.values()].sort((a, b) => comparePaths(a.file, b.file)),
      ...unmatchedRequirements(manifest, found),
    ],
  };
}

/** A `require` rule that no citation file matches checks nothing: a problem, so that a mistyped glob cannot pass unseen. */
function unmatchedRequirements(manifest: Manifest, files: ReadonlySet<string>): Problem[] {
  const rels = [...files].map((file) => underManifest(manifest, file)!);
  return manifest.requirements
    .filter((rule) => !rels.some((rel) => rule.glob.matches(rel)))
    .map((rule) => ({
      file: manifest.file,
      ...rule.filesPosition,
      kind: 'manifest rule' as const,
      message:
        `the \`require\` rule \`files: ${rule.pattern}\` matches none of the citation files, so it checks nothing` +
        (/[*?[{]|\/$/.test(rule.pattern) ? '' : ` (for every file under a folder, write ${rule.pattern}/)`),
    }));
}

interface Walker {
  /** A file: its name in the workspace, where it is (links resolved), and whether a link (to it, or to a folder above it) led to it. */
  onFile(rel: string, place: string, viaLink: boolean): void;
  /** Whether a file of this name would be checked (a name citegate cannot read is a problem only then). */
  matches(rel: string): boolean;
  /** Whether to search this folder (its name in the workspace, and its own name). */
  enter(rel: string, name: string): boolean;
  onProblem(problem: Problem): void;
}

/**
 * A folder's place on the way the walk took to it: its real path, and the
 * folders above it. A link back to one of them is a loop, and is not entered.
 */
interface WayDown {
  readonly abs: string;
  readonly up: WayDown | undefined;
}

function isOnTheWay(way: WayDown | undefined, abs: string): boolean {
  for (let w = way; w !== undefined; w = w.up) if (w.abs === abs) return true;
  return false;
}

/**
 * What one walk may spend on names it reaches through links, counted in the
 * characters of their folders' names and a little per name. Links can make
 * one folder appear under many names (two links from each folder to the
 * next, twenty deep, make a million), and long ones, each searched, since a
 * name may check its files differently; the real folders are the
 * repository's own and are not counted. Past it the walk stops, as a
 * problem: the run fails, in seconds, not passes short.
 */
export const MAX_LINKED_NAMES_COST = 50_000_000;

function walk(workspace: Workspace, folder: string, maxLinkedCost: number, walker: Walker): void {
  // The base folder comes from a pattern and may pass through a link: list it
  // only if it really is inside.
  const base = workspace.realPath(folder === '' ? workspace.root : path.join(workspace.root, ...folder.split('/')));
  if (base.kind === 'missing') return; // A base folder that does not exist matches nothing.
  if (base.kind === 'refused') {
    walker.onProblem({ file: folder, line: 0, column: 0, message: notListed(base.reason) });
    return;
  }
  // Every name a folder has here is searched, through links too: the name
  // decides how its files are checked (their audience, their `require` rules),
  // and the caller keeps one name for each file where they check it alike.
  // A link back to a folder on the way down is a loop, and not followed.
  const baseViaLink = base.abs !== path.join(workspace.root, ...folder.split('/').filter(Boolean));
  const pending: [rel: string, abs: string, viaLink: boolean, way: WayDown][] = [
    [folder, base.abs, baseViaLink, { abs: base.abs, up: undefined }],
  ];
  let linkedCost = 0;
  for (;;) {
    const next = pending.pop();
    if (next === undefined) break;
    const [current, abs, viaLink, way] = next;
    let entries: Dirent<Buffer>[];
    try {
      // Names as bytes: a name that is not UTF-8 would be read as U+FFFD, and
      // two such files, or one and a file really named so, would become one.
      entries = readdirSync(abs, { withFileTypes: true, encoding: 'buffer' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (current === folder && code === 'ENOTDIR') return; // The base is a file: it names no folder.
      walker.onProblem({ file: current, line: 0, column: 0, message: `folder not listed: ${describeFsError(error)}` });
      continue;
    }
    if (viaLink) {
      linkedCost += entries.length * (current.length + 16);
      if (linkedCost > maxLinkedCost) {
        walker.onProblem({
          file: folder === '' ? '.' : folder,
          line: 0,
          column: 0,
          kind: 'not all listed',
          message:
            'not all listed: links give its folders more names than citegate follows; some citation files may be missing',
        });
        return;
      }
    }
    const folders: [string, string, boolean, WayDown][] = [];
    const named = entries
      .map((entry) => ({ entry, name: entry.name.toString('utf8') }))
      .sort((a, b) => comparePaths(a.name, b.name));
    for (const { entry, name } of named) {
      const rel = current === '' ? name : `${current}/${name}`;
      const isLink = entry.isSymbolicLink();
      const isFolder = entry.isDirectory() || (isLink && isFolderLink(path.join(abs, name)));
      if (!isUtf8(entry.name)) {
        if (isFolder ? walker.enter(rel, name) : walker.matches(rel)) {
          const shown = current === '' ? bytesShown(entry.name) : `${current}/${bytesShown(entry.name)}`;
          walker.onProblem({
            file: shown,
            line: 0,
            column: 0,
            message: 'not read: the name is not valid UTF-8, so citegate cannot name it; rename it',
          });
        }
        continue;
      }
      if (isFolder) {
        if (!walker.enter(rel, name)) continue;
        if (!isLink) {
          const sub = path.join(abs, name);
          // Below a link, a real folder may be one the way came down through already.
          if (viaLink && isOnTheWay(way, sub)) continue;
          folders.push([rel, sub, viaLink, { abs: sub, up: way }]);
          continue;
        }
        const target = workspace.realPath(path.join(abs, name));
        if (target.kind !== 'inside') {
          walker.onProblem({
            file: rel,
            line: 0,
            column: 0,
            message: notListed(target.kind === 'refused' ? target.reason : 'no such folder'),
          });
          continue;
        }
        if (isOnTheWay(way, target.abs)) continue; // A loop.
        folders.push([rel, target.abs, true, { abs: target.abs, up: way }]);
      } else if (isLink) {
        // A link to a file is placed where it leads, so that a file reached
        // under its own name too is known as one (the caller checks it once
        // where the names check it alike); one that leads nowhere or outside
        // is listed as it is, and reading it refuses it.
        const target = walker.matches(rel) ? workspace.realPath(path.join(abs, name)) : undefined;
        walker.onFile(rel, target?.kind === 'inside' ? target.abs : path.join(abs, name), true);
      } else {
        // Anything else that is not a folder (a FIFO, a socket) is listed too:
        // reading it is refused, as a problem, rather than the file passing unseen.
        walker.onFile(rel, path.join(abs, name), viaLink);
      }
    }
    // In name order, so that the walk is the same on every machine.
    for (let k = folders.length - 1; k >= 0; k--) pending.push(folders[k]);
  }
}

/** A name that is not UTF-8, its bad bytes written as \\xHH. */
function bytesShown(name: Buffer): string {
  let shown = '';
  let from = 0;
  while (from < name.length) {
    const bad = from + firstInvalidUtf8(name.subarray(from));
    shown += name.toString('utf8', from, bad);
    if (bad < name.length) shown += `\\x${name[bad].toString(16).toUpperCase().padStart(2, '0')}`;
    from = bad + 1;
  }
  return shown;
}

/** Whether a link leads to a folder (wherever that is: the caller checks). */
function isFolderLink(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/** A folder the walk could not list, and why ("the path is a link…" reads "it is a link…" here). */
function notListed(reason: string): string {
  return `folder not listed: ${reason.replace(/^the path is/, 'it is')}`;
}
