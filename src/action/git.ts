// Changed files from the local history, when the API cannot tell: `git diff`
// between the base and head commits, if the checkout holds both.
import { execFileSync } from 'node:child_process';
import type { ChangedFile, ChangedFileList } from '../api/changed-file.js';

const GIT_TIMEOUT_MS = 60_000;

function git(cwd: string, args: string[]): Buffer {
  return execFileSync('git', args, {
    cwd,
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Never let the repository's own settings pick a pager or an external program.
    env: { ...process.env, GIT_PAGER: 'cat', GIT_EXTERNAL_DIFF: '', GIT_TERMINAL_PROMPT: '0' },
  });
}

export function hasCommit(cwd: string, sha: string): boolean {
  try {
    git(cwd, ['cat-file', '-e', `${sha}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

const STATUS: Record<string, string> = { A: 'added', D: 'removed', M: 'modified', R: 'renamed', C: 'copied', T: 'changed' };

/** The files changed from the merge base of `base` and `head` to `head`, as the pull request files API counts them. */
export function gitChangedFiles(cwd: string, base: string, head: string): ChangedFileList {
  const out = git(cwd, ['diff', '--no-ext-diff', '--no-textconv', '--name-status', '-z', '-M', `${base}...${head}`, '--']).toString('utf8');
  const parts = out.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < parts.length;) {
    const code = parts[i];
    const status = STATUS[code[0]] ?? 'changed';
    if (code[0] === 'R' || code[0] === 'C') {
      files.push({ path: parts[i + 2], status, previousPath: parts[i + 1] });
      i += 3;
    } else {
      files.push({ path: parts[i + 1], status });
      i += 2;
    }
  }
  return { files, truncated: false };
}

/** A file's text at a commit, or undefined when it is not there. */
export function gitShow(cwd: string, sha: string, file: string): string | undefined {
  try {
    return git(cwd, ['show', '--no-textconv', `${sha}:./${file}`]).toString('utf8');
  } catch {
    return undefined;
  }
}
