// Paths as every layer compares them.
import path from 'node:path';

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
 * reason calls the path; `separators`: what separates its folders.
 */
export function folderEnding(p: string, noun: string, separators: RegExp = /\//): string | undefined {
  if (p === '') return undefined;
  const parts = p.split(separators);
  const last = parts[parts.length - 1];
  if (last !== '' && last !== '.' && last !== '..') return undefined;
  if (parts.length === 1) return `the ${noun} is ${p}, so it names a folder, not a file`;
  const ending = p.slice(p.length - last.length - 1);
  const fix = last === '' ? ` (write it without the ${ending})` : '';
  return `the ${noun} ends in ${ending}, so it names a folder, not a file${fix}`;
}
