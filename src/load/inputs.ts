// The files a run reads: the manifest, every source and original it pins, and
// the citation files. A report must never be written over one of them.
import path from 'node:path';
import type { Manifest } from './manifest.js';
import type { Workspace } from './workspace.js';

export interface RunInput {
  /** Absolute, as the manifest names it (links not followed: comparing the files behind them does). */
  readonly abs: string;
  /** What it is, for a message: "the manifest", "source returns-v1", "citation file answers/a.json". */
  readonly what: string;
  /** Where to write a report instead, when naming another file is not all there is to it. */
  readonly instead?: string;
}

/**
 * A report written where the citation patterns match is read by the next run
 * as a citation file (citation-file.ts says so), and then refused as the
 * report's path: the way out, in both messages, is a path the patterns do
 * not match.
 */
export const NOT_IN_CITATIONS = "write reports where the manifest's `citations` patterns do not match them";

export function runInputs(
  workspace: Workspace,
  manifest: Manifest,
  files: readonly { readonly file: string }[],
): RunInput[] {
  const inputs: RunInput[] = [];
  const add = (base: string, p: string, what: string, instead?: string) =>
    inputs.push({ abs: path.resolve(workspace.root, base, p), what, ...(instead ? { instead } : {}) });
  add('', manifest.file, 'the manifest');
  for (const entry of manifest.sources.values()) {
    add(manifest.dir, entry.path, `source ${entry.id}`);
    if (entry.original) add(manifest.dir, entry.original.path, `the original of source ${entry.id}`);
  }
  for (const ref of files) add('', ref.file, `citation file ${ref.file}`, NOT_IN_CITATIONS);
  return inputs;
}
