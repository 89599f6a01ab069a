// The workspace: the one folder citegate reads from. Every path from a manifest,
// a command line or a pull request is resolved here, and refused unless it
// stays inside the workspace after following links. Nothing outside is read.
import { Buffer } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeFsError } from '../model/fs-error.js';
import { folderEnding, isBelow } from '../model/paths.js';
import { hasLoneSurrogate, LONE_SURROGATE } from '../engine/unicode.js';

export type Resolved =
  | { readonly ok: true; readonly abs: string; readonly rel: string }
  | { readonly ok: false; readonly reason: string };

export type ReadResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: string };

/** The most bytes one read asks for. */
const READ_PIECE = 1 << 30;

export class Workspace {
  /** The workspace root, links resolved. */
  readonly root: string;

  /** The root as it was named (absolute), which may be a link to `root`. */
  readonly named: string;

  constructor(root: string) {
    this.named = path.resolve(root);
    this.root = realpathSync.native(root);
  }

  /** The workspace-relative path (with `/`) of an absolute path inside it. */
  relative(abs: string): string {
    return path.relative(this.root, abs).split(path.sep).join('/');
  }

  /**
   * The absolute path of a file named on a command line, with links in its
   * folders resolved, so that `/link-to-repo/citegate.yml` is inside a
   * workspace opened as `/repo`: for the manifest, whose paths are relative
   * to the folder it is really in. The name itself stays as given: if it is a
   * link, reading it checks where it leads.
   */
  argumentPath(p: string): string {
    const abs = path.resolve(p);
    const rest = [path.basename(abs)];
    let folder = path.dirname(abs);
    for (;;) {
      try {
        return path.join(realpathSync.native(folder), ...rest);
      } catch {
        const parent = path.dirname(folder);
        if (parent === folder) return abs;
        rest.unshift(path.basename(folder));
        folder = parent;
      }
    }
  }

  /**
   * The absolute path of a citation file named on a command line, as named:
   * inside the workspace its folders stay as written, links and all, since a
   * name decides how its file is checked (with a folder link `answers ->
   * data/answers`, `answers/returns/a.json` is under the rules for
   * `answers/returns/`, as the run over the manifest's patterns has it). A
   * name that reaches the workspace through a link from outside
   * (`/link-to-repo/answers/a.json`) is taken from the first folder on its way
   * that is in the workspace; any other, as argumentPath() takes it.
   */
  citationArgumentPath(p: string): string {
    const abs = path.resolve(p);
    if (this.contains(abs)) return abs;
    const folders: string[] = [];
    for (let folder = path.dirname(abs); ; folder = path.dirname(folder)) {
      folders.unshift(folder);
      if (path.dirname(folder) === folder) break;
    }
    for (const folder of folders) {
      let real: string;
      try {
        real = realpathSync.native(folder);
      } catch {
        break;
      }
      if (this.contains(real)) return path.join(real, path.relative(folder, abs));
    }
    return this.argumentPath(p);
  }

  /** True if the absolute path is the root or below it. */
  contains(abs: string): boolean {
    return isBelow(abs, this.root);
  }

  /**
   * Resolves `p`, relative to the workspace folder `baseRel` ('' for the root).
   * Refused: absolute paths, backslashes, NUL, lone surrogates, `..` that leaves the workspace,
   * and links that lead out of it. A missing file resolves lexically (ok: true)
   * so that the read reports it as missing.
   *
   * `kind`: a path written in the manifest must use `/` so that it means the
   * same on every system, and name a file: not end in `/` (or in `.` or `..`
   * after one), which names a folder; the name of a file that exists (found in
   * a folder, given on the command line, changed in a pull request) may hold
   * a backslash where the system allows one in a name.
   *
   * `follow` false: only the path's own rules, no look at the file system
   * (for naming a path already resolved once); `abs` is then the lexical path.
   */
  resolve(baseRel: string, p: string, kind: 'written' | 'file name' = 'written', follow = true): Resolved {
    if (p === '') return { ok: false, reason: 'the path is empty' };
    if (p.includes('\0')) return { ok: false, reason: 'the path holds a NUL character' };
    // The system would be asked for U+FFFD in its place, another file's name (as a name given on the
    // command line that holds U+FFFD is refused: see select.ts).
    if (hasLoneSurrogate(p))
      return {
        ok: false,
        reason: `the path holds ${LONE_SURROGATE}: no file is named so, and U+FFFD would be read in its place`,
      };
    if (p.includes('\\') && (kind === 'written' || path.sep === '\\')) {
      return { ok: false, reason: 'the path holds a backslash: use / to separate folders' };
    }
    if (path.posix.isAbsolute(p) || /^[A-Za-z]:/.test(p)) {
      return { ok: false, reason: "the path is absolute: paths are relative to the manifest's folder" };
    }
    const joined = path.posix.normalize(path.posix.join(baseRel === '' ? '.' : baseRel, p));
    if (joined === '..' || joined.startsWith('../')) {
      return { ok: false, reason: 'the path leads outside the workspace' };
    }
    // The system refuses `x.txt/` for a file (it is not a folder), but the
    // normalized path loses the `/`, and would read x.txt.
    const folder = kind === 'written' ? folderEnding(p, 'path') : undefined;
    if (folder !== undefined) return { ok: false, reason: folder };
    const lexical = path.join(this.root, ...joined.split('/'));
    if (!follow) return { ok: true, abs: lexical, rel: this.relative(lexical) };
    if (inGitFolder(joined)) return { ok: false, reason: IN_GIT_FOLDER };
    const real = this.realPath(lexical);
    if (real.kind === 'missing') return { ok: true, abs: lexical, rel: this.relative(lexical) };
    if (real.kind === 'refused') return { ok: false, reason: real.reason };
    return { ok: true, abs: real.abs, rel: this.relative(lexical) };
  }

  /** Where an absolute path really leads: somewhere inside, nowhere (it does not exist), or refused and why. */
  realPath(abs: string): { kind: 'inside'; abs: string } | { kind: 'missing' } | { kind: 'refused'; reason: string } {
    let real: string;
    try {
      // The native realpath: one call, where the JavaScript one lstats every folder on the way.
      real = realpathSync.native(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
      return { kind: 'refused', reason: describeFsError(error) };
    }
    if (!this.contains(real)) return { kind: 'refused', reason: 'the path is a link that leads outside the workspace' };
    if (inGitFolder(this.relative(real))) {
      return { kind: 'refused', reason: inGitFolder(this.relative(abs)) ? IN_GIT_FOLDER : LEADS_INTO_GIT_FOLDER };
    }
    return { kind: 'inside', abs: real };
  }

  /**
   * Reads a regular file found by resolve(), at most `maxBytes` long. `into` is
   * reused when it is large enough (the returned bytes are then a view of it).
   */
  read(abs: string, maxBytes: number, into?: Buffer): ReadResult {
    // The last guard, whatever found the path: nothing in a .git folder is read.
    if (inGitFolder(path.relative(this.root, abs).split(path.sep).join('/')))
      return { ok: false, reason: IN_GIT_FOLDER };
    const opened = openRegularFile(abs, maxBytes);
    if (!opened.ok) return opened;
    const { fd, size } = opened;
    try {
      const buffer = into && into.length >= size ? into : Buffer.allocUnsafe(size);
      let done = 0;
      while (done < size) {
        // In pieces: one read takes at most 2 GiB - 1 bytes.
        const n = readSync(fd, buffer, done, Math.min(size - done, READ_PIECE), done);
        if (n === 0) break;
        done += n;
      }
      // A file that grew while being read is refused rather than half-read.
      if (done !== size || readSync(fd, Buffer.alloc(1), 0, 1, size) !== 0) {
        return { ok: false, reason: 'it changed while it was being read' };
      }
      return { ok: true, bytes: buffer.subarray(0, size) };
    } catch (error) {
      return { ok: false, reason: describeFsError(error) };
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * Opens a path already resolved and checked, for reading, as a regular file
 * of at most `maxBytes`: its descriptor (the caller closes it) and size, or
 * why not. The sources and the files a user names (named-file.ts) are opened
 * so, under their own checks of where the path leads.
 */
export function openRegularFile(
  abs: string,
  maxBytes: number,
): { ok: true; fd: number; size: number } | { ok: false; reason: string } {
  let fd: number;
  try {
    // O_NOFOLLOW: where the path leads was checked; a link swapped in since is refused.
    // O_NONBLOCK: opening a FIFO must not hang the run.
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP' && leadsNowhere(abs))
      return { ok: false, reason: 'it is a link that leads to no file' };
    return { ok: false, reason: describeFsError(error) };
  }
  let reason: string;
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size <= maxBytes) return { ok: true, fd, size: stat.size };
    reason = stat.isDirectory()
      ? 'it is a folder, not a file'
      : !stat.isFile()
        ? 'it is not a regular file'
        : `it is ${stat.size} bytes long, over the limit of ${maxBytes} bytes`;
  } catch (error) {
    reason = describeFsError(error);
  }
  closeSync(fd);
  return { ok: false, reason };
}

/**
 * Whether a workspace-relative path (with `/`) is a `.git` folder or file, or
 * below one, by any name a file system takes for it (isGitName). Nothing
 * there is ever read, listed or written: actions/checkout keeps the token it
 * checked out with in `.git/config`, and a pull request can name any path,
 * or add a link to one.
 */
export function inGitFolder(rel: string): boolean {
  // A backslash parts names on Windows; elsewhere a name holding one is refused only if a part is .git's.
  return rel.split(/[\\/]/).some(isGitName);
}

/** What HFS+ leaves out of a name when it compares names (as git's is_hfs_dotgit): `.g\u200cit` is `.git` there. */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * Whether a name is one that some file system takes for `.git`, as git's own
 * checks of the names it checks out (is_ntfs_dotgit, is_hfs_dotgit): in any
 * case, compared in upper case (so a letter whose upper case is one of
 * `.GIT`'s, such as the dotless `ı`, counts too); with the code points HFS+ ignores left
 * out; and, as on NTFS, followed by dots or spaces (dropped there), or by a
 * `:` and a stream's name, or as the short name `git~1` (another number when
 * names collide). A name that is none of these on one system, but is on
 * another, is refused everywhere: it names nothing a citation file needs.
 */
export function isGitName(name: string): boolean {
  return /^(?:\.GIT|GIT~\d+)[. ]*(?::.*)?$/s.test(name.replace(HFS_IGNORED, '').toUpperCase());
}

export const IN_GIT_FOLDER = 'it is in a .git folder, which citegate never reads (git keeps credentials there)';
const LEADS_INTO_GIT_FOLDER =
  'it is a link into a .git folder, which citegate never reads (git keeps credentials there)';

/** Whether a link leads to nothing that exists (resolve() finds no file there, and leaves the link as it is). */
function leadsNowhere(abs: string): boolean {
  try {
    statSync(abs);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}
