// Splitting an audit over several jobs (a GitHub Actions matrix): each citation
// file belongs to one shard, by a hash of its path, so the split is the same on
// every run and machine, and a file keeps its shard when others come and go.
import { createHash } from 'node:crypto';

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** Parses "i/n" (1 ≤ i ≤ n ≤ 1024); undefined for anything else. */
export function parseShard(text: string): Shard | undefined {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index <= count && count <= 1024 ? { index, count } : undefined;
}

/** The shard (1-based) a workspace-relative file belongs to, out of `count`. */
export function shardOf(file: string, count: number): number {
  const digest = createHash('sha256').update(file, 'utf8').digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

export function inShard<T extends { readonly file: string }>(files: readonly T[], shard: Shard | undefined): T[] {
  return shard === undefined ? [...files] : files.filter((f) => shardOf(f.file, shard.count) === shard.index);
}
