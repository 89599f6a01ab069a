// The manifest as it was at the base commit, to tell which of its entries a
// change touched: rebuilt from the API's patch, or read with git.
import { TextDecoder } from 'node:util';
import * as core from '@actions/core';
import { MAX_MANIFEST_BYTES, type Manifest } from '../load/manifest.js';
import type { Workspace } from '../load/workspace.js';
import type { ChangeSet, Checkout } from './changed-files.js';
import { gitShow, hasCommit } from './git.js';
import { reverseApplyPatch } from './patch.js';
import type { BaseManifest } from './scope.js';

/**
 * The manifest as it was at the base commit: rebuilt from the API's patch
 * when there is one (a shallow checkout has no history), else read with git.
 */
export function baseManifest(
  changes: Extract<ChangeSet, { ok: true }>,
  checkout: Checkout,
  workspace: Workspace,
  manifest: Manifest,
): BaseManifest {
  // The file read, which a manifest that is a link leads to: its own changes are that file's.
  const resolved = workspace.resolve('', manifest.file, 'file name');
  const file = resolved.ok ? workspace.relative(resolved.abs) : manifest.file;
  const entry = changes.list.files.find((f) => f.path === file);
  if (entry && ['added', 'copied', 'renamed'].includes(entry.status)) return { kind: 'new' };
  const reasons: string[] = [];
  if (entry?.patch !== undefined) {
    const text = resolved.ok ? unpatch(workspace, resolved.abs, entry.patch) : undefined;
    if (text !== undefined) {
      core.info(`citegate: the manifest at ${changes.base} rebuilt from the patch ${changes.via} gave`);
      return { kind: 'text', text };
    }
    reasons.push(`the patch ${changes.via} gave for it does not apply`);
  } else if (changes.via === 'the GitHub API') {
    reasons.push('the GitHub API gave no patch for it');
  }
  const repoPath = checkout.toRepository(file);
  if (repoPath === undefined) reasons.push('it is not in the repository');
  // A list from git has shown the base commit is there already.
  else if (changes.via !== 'git' && !hasCommit(checkout.top, changes.base))
    reasons.push(`the checkout lacks commit ${changes.base} (use actions/checkout with fetch-depth: 0)`);
  else {
    const text = gitShow(checkout.top, changes.base, repoPath);
    if (text !== undefined) return { kind: 'text', text };
    reasons.push(`git cannot show it at commit ${changes.base}`);
  }
  return { kind: 'unknown', reason: reasons.join('; ') };
}

/** The manifest's base text from its patch, or undefined when the patch does not fit it exactly. `abs`: the file read, its links followed. */
function unpatch(workspace: Workspace, abs: string, patch: string): string | undefined {
  const read = workspace.read(abs, MAX_MANIFEST_BYTES);
  if (!read.ok) return undefined;
  let head: string;
  try {
    // Byte for byte, a leading byte order mark included, as the patch has it.
    head = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(read.bytes);
  } catch {
    return undefined;
  }
  return reverseApplyPatch(head, patch);
}
