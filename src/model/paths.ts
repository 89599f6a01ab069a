// Paths as every layer compares them.
import path from 'node:path';
import { EXCERPT, shorten } from './escape.js';

/** Orders paths by code point, the same on every machine and locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True if path `p` is `folder` or below it (both absolute). */
export function isBelow(p: string, folder: string): boolean {
  const rel = path.relative(folder, p);
  // Not startsWith('..'): a folder may well be named `..drafts`.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** What separates folders in a name given on this system's command line: `/`, and `\` on Windows. */
export const NAME_SEPARATORS = path.sep === '\\' ? /[\\/]/ : /\//;

/**
 * Why a path names a folder, not a file: it ends in a separator, or in `.` or
 * `..` after one, or is one of those; undefined when it does not. Normalizing
 * (path.resolve, path.join) drops that ending and names what is before it,
 * where the system refuses `a.json/` for a file (ENOTDIR). `noun`: what the
 * reason calls the path; `separators`: what separates its folders (each
 * match one character).
 *
 * The ending named is all of it: the last parts that are empty, `.` or `..`,
 * with the separators before them (`a.json//`, `a.json/./`). Without a `..`
 * among them, the reason says to write the path without that ending, which
 * then names the file before it: advice followed once leaves no ending to
 * refuse.
 */
export function folderEnding(p: string, noun: string, separators: RegExp = /\//): string | undefined {
  if (p === '') return undefined;
  const parts = p.split(separators);
  const isFolder = (part: string) => part === '' || part === '.' || part === '..';
  if (!isFolder(parts[parts.length - 1])) return undefined;
  let first = parts.length - 1;
  while (first > 0 && isFolder(parts[first - 1])) first--;
  if (first === 0) return `the ${noun} is ${shorten(p, EXCERPT)}, so it names a folder, not a file`;
  // From the separator before the ending's first part (each separator is one character). Only separators
  // and dots, but of any length in a manifest a pull request wrote: a long one is shown cut, and counted.
  const ending = p.slice(parts.slice(0, first).join('/').length);
  const shown = shorten(ending, EXCERPT);
  const fix = parts.slice(first).includes('..')
    ? ''
    : ` (write it without ${shown === ending ? `the ${ending}` : `its last ${ending.length} characters`})`;
  return `the ${noun} ends in ${shown}, so it names a folder, not a file${fix}`;
}
