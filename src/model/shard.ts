// Splitting an audit over several jobs: which shard of how many (check/shard.ts assigns the files).

export interface Shard {
  /** 1-based. */
  readonly index: number;
  readonly count: number;
}

/** The most shards a run is split into: a matrix of GitHub Actions takes at most 256 jobs. */
export const MAX_SHARDS = 1024;

/** Parses "i/n" (1 ≤ i ≤ n ≤ MAX_SHARDS); undefined for anything else. */
export function parseShard(text: string): Shard | undefined {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index <= count && count <= MAX_SHARDS ? { index, count } : undefined;
}

/** What a shard is written as, for the messages that refuse another value. */
export const SHARD_FORM = `i/n with 1 <= i <= n <= ${MAX_SHARDS} (for example 2/4)`;
