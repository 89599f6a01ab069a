// `baseline: auto`: the run of the base commit, made in the same step, as the
// baseline of a pull request (push, merge group). The base commit's manifest,
// its sources and the base versions of the citation files checked are read
// from git's objects into a temporary folder (nothing is checked out over
// the workspace) and checked there, as the head's files are checked here.
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Baseline } from '../check/baseline.js';
import { Session } from '../check/session.js';
import { ManifestError, type Manifest, parseManifest } from '../load/manifest.js';
import { refFor } from '../load/select.js';
import { describeFsError } from '../model/fs-error.js';
import { NAME_SEPARATORS } from '../model/paths.js';
import { Workspace } from '../load/workspace.js';
import type { CitationFileRef } from '../load/select.js';
import { Checkout } from './changed-files.js';
import { locateCheckout, type Repository } from './checkout.js';
import { type CommittedFile, filesAt, hasCommit } from './git.js';
import type { Plan } from './plan.js';
import { eventCommits, type Settings } from './settings.js';

export type BaseRun =
  | { readonly ok: true; readonly baseline: Baseline }
  | { readonly ok: false; readonly reason: string };

/** A workspace-relative path written relative to the manifest's folder, or undefined when it leaves the workspace. */
function fromManifest(manifest: Manifest, p: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(manifest.dir === '' ? '.' : manifest.dir, p));
  return joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(p) ? undefined : joined;
}

export function baseRunOf(
  settings: Settings,
  workspace: Workspace,
  manifest: Manifest,
  manifestRepository: () => Repository,
  plan: Plan,
  files: readonly CitationFileRef[],
): BaseRun {
  const diff = settings.diff;
  if (diff.kind === 'none') return { ok: false, reason: diff.reason };
  const checkout = plan.checkout ?? locateCheckout(workspace, manifestRepository(), eventCommits(settings));
  if (!(checkout instanceof Checkout)) return { ok: false, reason: checkout.reason };
  const base = diff.base;
  if (!hasCommit(checkout.top, base))
    return {
      ok: false,
      reason: `the checkout lacks the base commit ${base} (use actions/checkout with fetch-depth: 0)`,
    };
  const from = `the base commit ${base}`;
  const digest = `base:${base}`;

  const manifestAt = checkout.toRepository(manifest.file);
  const manifestFile = manifestAt === undefined ? undefined : filesAt(checkout.top, base, [manifestAt]).get(manifestAt);
  // No manifest at the base: it had no records and no sources, so every record and source is new.
  if (manifestFile === undefined || manifestFile.mode === '120000') {
    const empty = {
      manifest: manifest.file,
      files: [],
      records: [],
      sources: [],
      manifestSources: [],
      problems: [],
      findings: [],
    };
    return { ok: true, baseline: { report: empty, from: `${from}, which has no ${manifest.file}`, digest } };
  }
  let baseManifest: Manifest;
  try {
    baseManifest = parseManifest(manifestFile.bytes.toString('utf8'), manifest.file, manifest.dir);
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    return { ok: false, reason: `its manifest cannot be used (${error.problems.length} problems)` };
  }

  // The base names of the files checked now: a file renamed by the change was its old name there.
  const oldName = new Map([...(plan.renamed ?? [])].map(([before, after]) => [after, before]));
  const renamed = new Map<string, string>();
  const baseFiles = files.map((f) => {
    const before = oldName.get(f.file) ?? f.file;
    if (before !== f.file) renamed.set(before, f.file);
    return before;
  });
  const wanted = new Set<string>([manifest.file, ...baseFiles]);
  for (const source of baseManifest.sources.values()) {
    for (const p of [source.path, source.original?.path]) {
      const rel = p === undefined ? undefined : fromManifest(baseManifest, p);
      if (rel !== undefined) wanted.add(rel);
    }
  }
  const byRepoPath = new Map<string, string>();
  for (const rel of wanted) {
    const at = checkout.toRepository(rel);
    if (at !== undefined) byRepoPath.set(at, rel);
  }
  const found = filesAt(checkout.top, base, [...byRepoPath.keys()]);

  const temp = mkdtempSync(path.join(process.env.RUNNER_TEMP || tmpdir(), 'citegate-base-'));
  try {
    const clash = writeBaseFiles(
      temp,
      [...found].map(([at, file]) => [byRepoPath.get(at)!, file]),
    );
    if (clash !== undefined) return { ok: false, reason: clash };
    const present = baseFiles.filter((f) => found.has(checkout.toRepository(f) ?? ''));
    const baseWorkspace = new Workspace(temp);
    const run = new Session({
      workspace: baseWorkspace,
      manifest: baseManifest,
      selection: { kind: 'chosen', files: present.map((f) => refFor(baseManifest, f)), complete: false },
      checks: settings.checks,
      explain: false,
    }).run();
    return { ok: true, baseline: { report: run, from, digest, renamed } };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Writes the base commit's files (workspace-relative names) into `temp`,
 * never through a link. On Linux a git tree cannot hold both a link `x` and
 * a file `x/y`, but a file system that takes two names for one
 * (case-insensitive, as Windows' and macOS's are by default, or blind to
 * Unicode normalization, as macOS's is) can: `a/y` written after the link `A`
 * would follow it out of the folder. So each folder is made one name at a
 * time and must be a folder, not a link, and a file or link is made only
 * where nothing has its name yet (`wx`), never over what an earlier name
 * wrote. A clash, or a file the system refuses to write, is returned as the
 * reason there is no baseline (a run without one counts every failing
 * record: it fails closed), or undefined when every file was written.
 *
 * `separators`: what the system takes to part folders, `/` and on Windows
 * `\` too. A git tree holds `\` in a name (a Linux one may: `l\x`), which
 * Windows reads as a folder and a file: each folder is looked at, and a
 * name with a part that is empty, `.` or `..` is not written at all.
 */
export function writeBaseFiles(
  temp: string,
  files: readonly (readonly [string, CommittedFile])[],
  separators: RegExp = NAME_SEPARATORS,
): string | undefined {
  for (const [name, file] of files) {
    const parts = name.split(separators);
    if (parts.some((part) => part === '' || part === '.' || part === '..'))
      return `the base commit's ${name} cannot be written: a folder of its name is empty, . or ..`;
    let at = temp;
    try {
      for (const folder of parts.slice(0, -1)) {
        at = path.join(at, folder);
        const found = lstatSync(at, { throwIfNoEntry: false });
        if (found === undefined) mkdirSync(at);
        else if (!found.isDirectory()) return clash(name, 'a folder above it is a file or a link');
      }
      at = path.join(at, parts[parts.length - 1]);
      if (file.mode === '120000') symlinkSync(file.bytes.toString('utf8'), at);
      else writeFileSync(at, file.bytes, { flag: 'wx' });
    } catch (error) {
      const { code, syscall } = error as NodeJS.ErrnoException;
      if (code === 'EEXIST') return clash(name, 'another of its files has that name here');
      // A name longer than the system takes here (the temporary folder's path is not the
      // workspace's), a full disk: no baseline, as for any file that cannot be written.
      if (syscall !== undefined) return `the base commit's ${name} cannot be written: ${describeFsError(error)}`;
      // Node's own refusal quotes what it refuses: the link's target, which the commit wrote.
      if (code === 'ERR_INVALID_ARG_VALUE')
        return `the base commit's ${name} cannot be written: it is a link whose target holds a NUL`;
      throw error;
    }
  }
  return undefined;
}

function clash(name: string, why: string): string {
  return `the base commit's ${name} cannot be written beside its other files: this file system takes two of their names for one (${why})`;
}
