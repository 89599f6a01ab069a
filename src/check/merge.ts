// Merging the reports of a sharded run into the result the unsharded run
// would have given, refusing parts that do not make one run.
import { type ReadReport, ReportError, type ReportPath, canonical } from '../load/report.js';
import type { BaselineInfo } from '../model/baseline.js';
import { comparePaths } from '../model/paths.js';
import type { Problem } from '../model/problem.js';
import type { CheckResult, SourceResult } from '../model/result.js';
import { shardOf as shardOfFile } from './shard.js';

/**
 * Parts that do not belong together, for the value at `path` in the report
 * `part` (an index of the parts) that differs from the others': the caller,
 * which has the reports' files, finds where it is (locateInReport).
 */
export class PartsError extends ReportError {
  constructor(
    message: string,
    readonly part: number,
    path: ReportPath,
  ) {
    super(message, undefined, path);
  }
}

/**
 * Where in `b` (at `path` in its report) the first value is that differs
 * from `a`'s, down the keys and items both have: `path` itself when `b` lacks
 * one that `a` has, or the two are not alike (the object that lacks a key is
 * blamed, as for any value a report leaves out).
 */
function whereDiffers(a: unknown, b: unknown, path: ReportPath): ReportPath {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Array.isArray(b) ? b.map((_, i) => i) : Object.keys(b);
  const key = keys.find((k) => canonical(x[k]) !== canonical(y[k]));
  return key === undefined ? path : whereDiffers(x[key], y[key], [...path, key]);
}

/**
 * Refuses parts that do not make one run: shards of different splits or
 * runs, a shard missing or given twice, a file (and so its records) in two
 * parts or in a shard it does not belong to. Merging such parts would count
 * records twice or silently leave some out. `names`: the reports' file names.
 */
function checkPartsBelongTogether(parts: readonly ReadReport[], names: readonly string[]): void {
  // The Action's reports say which event and commits they checked, and how.
  const event = canonical(parts[0].github ?? null);
  parts.forEach((p, i) => {
    if (canonical(p.github ?? null) !== event)
      throw new PartsError(
        `${names[0]} and ${names[i]} are reports of different runs: their events, commits or scopes differ`,
        i,
        whereDiffers(parts[0].github, p.github, ['github']),
      );
  });
  // Judged against one baseline, the same way, or their states do not add up.
  const against = (p: ReadReport) =>
    p.baseline ? { from: p.baseline.from, digest: p.baseline.digest, fail_on: p.baseline.failOn } : undefined;
  parts.forEach((p, i) => {
    if (canonical(against(p) ?? null) !== canonical(against(parts[0]) ?? null))
      throw new PartsError(
        `${names[0]} and ${names[i]} were checked against different baselines (or one against none, or with another --fail-on)`,
        i,
        whereDiffers(against(parts[0]), against(p), ['baseline']),
      );
  });
  const sharded = parts.filter((p) => p.shard !== undefined);
  if (sharded.length > 0) {
    if (sharded.length < parts.length) {
      const whole = parts.findIndex((p) => p.shard === undefined);
      const shard = parts.indexOf(sharded[0]);
      throw new PartsError(
        `some reports are shards of a split run and some are not (${names[shard]} is a shard, ${names[whole]} is not)`,
        shard,
        ['shard'],
      );
    }
    const first = sharded[0].shard!;
    const given = new Map<number, number[]>();
    parts.forEach((p, i) => {
      const shard = p.shard!;
      if (shard.count !== first.count) {
        throw new PartsError(
          `the reports are shards of different splits (${names[0]} of ${first.count}, ${names[i]} of ${shard.count})`,
          i,
          ['shard', 'count'],
        );
      }
      if (shard.run !== first.run) {
        throw new PartsError(
          `${names[0]} and ${names[i]} are shards of different runs: their manifests, citation files, events or citegate versions differ`,
          i,
          ['shard', 'run'],
        );
      }
      given.set(shard.index, [...(given.get(shard.index) ?? []), i]);
      p.files.forEach((file, k) => {
        const belongs = shardOfFile(file, shard.count);
        if (belongs !== shard.index)
          throw new PartsError(
            `${names[i]} holds ${file}, which belongs to shard ${belongs} of ${shard.count}, not ${shard.index}`,
            i,
            ['files', k],
          );
      });
    });
    for (const [index, at] of [...given].sort((a, b) => a[0] - b[0])) {
      if (at.length > 1)
        throw new PartsError(
          `shard ${index} of ${first.count} is given more than once (${at.map((i) => names[i]).join(', ')})`,
          at[1],
          ['shard', 'index'],
        );
    }
    const missing = Array.from({ length: first.count }, (_, i) => i + 1).filter((i) => !given.has(i));
    if (missing.length > 0) {
      const shown =
        missing.length > 20 ? `${missing.slice(0, 20).join(', ')} and ${missing.length - 20} more` : missing.join(', ');
      throw new ReportError(
        `shard ${shown} of ${first.count} ${missing.length === 1 ? 'is' : 'are'} missing: merging without ${missing.length === 1 ? 'it' : 'them'} would leave ${missing.length === 1 ? 'its' : 'their'} files unchecked`,
      );
    }
  }
  const owner = new Map<string, number>();
  parts.forEach((p, i) => {
    p.files.forEach((file, k) => {
      const other = owner.get(file);
      if (other !== undefined && other !== i)
        throw new PartsError(`${file} is in ${names[other]} and in ${names[i]}: its records would count twice`, i, [
          'files',
          k,
        ]);
      owner.set(file, i);
    });
    // A record given twice within a report was refused as it was read (checkComplete).
    p.records.forEach((r, k) => {
      if (owner.get(r.file) !== i)
        throw new PartsError(`${names[i]} holds a record of ${r.file} but does not list that file`, i, [
          'records',
          k,
          'file',
        ]);
    });
  });
}

/**
 * The result of the whole run from the results of its shards: files in path
 * order, each file's records in order, sources in manifest order (counts
 * summed, unverified if any shard found it so), problems with files first, then
 * those of sources, each once.
 */
export function mergeResults(
  parts: readonly ReadReport[],
  names: readonly string[] = parts.map((_, i) => `report ${i + 1}`),
): CheckResult {
  if (parts.length === 0) throw new ReportError('no reports to merge');
  checkPartsBelongTogether(parts, names);
  const manifest = parts[0].manifest;
  parts.forEach((p, i) => {
    if (p.manifest !== manifest)
      throw new PartsError(
        `the reports come from different manifests (${manifest} in ${names[0]}, ${p.manifest} in ${names[i]})`,
        i,
        ['manifest'],
      );
  });
  const manifestSources = sameManifestSources(parts, names);
  const files = [...new Set(parts.flatMap((p) => p.files))].sort(comparePaths);
  const fileOrder = new Map(files.map((f, i) => [f, i]));
  const records = parts
    .flatMap((p) => p.records)
    .sort((a, b) => fileOrder.get(a.file)! - fileOrder.get(b.file)! || a.index - b.index);

  const sources = new Map<string, SourceResult>();
  for (const s of parts.flatMap((p) => p.sources)) {
    const known = sources.get(s.id);
    if (!known) {
      sources.set(s.id, s);
      continue;
    }
    const unverified = known.status === 'unverified' ? known : s.status === 'unverified' ? s : undefined;
    sources.set(s.id, { ...(unverified ?? known), citedBy: known.citedBy + s.citedBy });
  }

  // Every shard reports what it found while listing the files (a folder it
  // cannot read, a name that is not UTF-8), and each source it verified:
  // those are said once. A checked file's problems are in its shard's report only.
  const seen = new Set<string>();
  const once = (x: Problem) => {
    const key = `${x.file}\0${x.line}:${x.column}:${x.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const fileProblems = parts
    .flatMap((p) => p.problems.filter((x) => x.file !== manifest))
    .filter((x) => fileOrder.has(x.file) || once(x))
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (fileOrder.get(a.x.file) ?? -1) - (fileOrder.get(b.x.file) ?? -1) || a.i - b.i)
    .map(({ x }) => x);
  const sourceProblems = parts
    .flatMap((p) => p.problems.filter((x) => x.file === manifest))
    .filter(once)
    .sort((a, b) => a.line - b.line || a.column - b.column);

  const findings = parts
    .flatMap((p) => p.findings)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => fileOrder.get(a.f.file)! - fileOrder.get(b.f.file)! || a.i - b.i)
    .map(({ f }) => f);

  // The shards of a run over changed files make a run over changed files,
  // which does not fail for holding no records (the change may remove them
  // all). Every part has the same `github` (checkPartsBelongTogether).
  const github = parts[0].github;
  const changed = typeof github === 'object' && github !== null && (github as { scope?: unknown }).scope === 'changed';
  return {
    manifest,
    files,
    records,
    sources: [...sources.values()].sort((a, b) => a.line - b.line || a.column - b.column),
    ...(manifestSources !== undefined ? { manifestSources } : {}),
    problems: [...fileProblems, ...sourceProblems],
    findings,
    ...(changed ? { partial: true } : {}),
    ...(parts[0].baseline ? { baseline: mergeBaselines(parts.map((p) => p.baseline!)) } : {}),
  };
}

/**
 * The manifest's sources the parts list, which are those of one manifest
 * (the shards of a run check with one; runs merged otherwise must have had
 * the same sources and pins, or their records were judged against different
 * texts), or undefined when a part does not list them (an older citegate's).
 */
function sameManifestSources(parts: readonly ReadReport[], names: readonly string[]) {
  const listed = parts[0].manifestSources;
  if (listed === undefined || parts.some((p) => p.manifestSources === undefined)) return undefined;
  const held = canonical(listed);
  parts.forEach((p, i) => {
    if (canonical(p.manifestSources) !== held)
      throw new PartsError(
        `${names[0]} and ${names[i]} come from different versions of the manifest (its sources or pins differ)`,
        i,
        whereDiffers(listed, p.manifestSources, ['manifest_sources']),
      );
  });
  return listed;
}

/**
 * One baseline block of the parts' (checkPartsBelongTogether has made sure
 * they were judged against one, and sameManifestSources that they had one
 * manifest, so that they name the same sources added, removed and re-pinned):
 * the records and fixed findings each counted for its own files.
 */
function mergeBaselines(infos: readonly BaselineInfo[]): BaselineInfo {
  const first = infos[0];
  return {
    ...first,
    removed: infos.flatMap((b) => b.removed).sort((a, b) => comparePaths(a.file, b.file)),
    findingsFixed: infos.reduce((n, b) => n + b.findingsFixed, 0),
  };
}
