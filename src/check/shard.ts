// Splitting an audit over several jobs (a GitHub Actions matrix): each citation
// file belongs to one shard, by a hash of its path, so the split is the same on
// every run and machine, and a file keeps its shard when others come and go.
import { createHash } from 'node:crypto';
import { comparePaths } from '../model/paths.js';
import type { Shard } from '../model/shard.js';
import { VERSION } from '../model/version.js';

/**
 * What every shard of one run has in common, as a digest the shard's report
 * carries: citegate's version, the manifest's text, the citation files before
 * the split and, in the Action, the event and commits. merge-reports refuses
 * shards whose digests differ: a shard kept from an earlier run (another
 * commit, a file since added) would otherwise stand in for this run's.
 */
export function runDigest(manifestText: string, files: readonly { readonly file: string }[], github?: unknown): string {
  const hash = createHash('sha256');
  // Line ends as git may write them on another machine (autocrlf) are the same manifest.
  const manifest = createHash('sha256').update(manifestText.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
  hash.update(JSON.stringify([VERSION, manifest, github ?? null]));
  // In path order: files named on a command line come in the order given, which a shell may not keep.
  for (const file of files.map((f) => f.file).sort(comparePaths)) hash.update(`\0${file}`, 'utf8');
  return hash.digest('hex').slice(0, 32);
}

/** The shard (1-based) a workspace-relative file belongs to, out of `count`. */
export function shardOf(file: string, count: number): number {
  const digest = createHash('sha256').update(file, 'utf8').digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

export function inShard<T extends { readonly file: string }>(files: readonly T[], shard: Shard | undefined): T[] {
  return shard === undefined ? [...files] : files.filter((f) => shardOf(f.file, shard.count) === shard.index);
}
