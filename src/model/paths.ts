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
