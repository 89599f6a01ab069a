// Real git repositories in temp folders, and what the REST API would say about them.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiFile } from './api-server.js';

/** The environment git runs in here: no user or system configuration, a fixed author. */
export function gitEnv(cwd: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: cwd,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
  };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: gitEnv(cwd),
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  }).replace(/\n$/, '');
}

export function initRepo(cwd: string): void {
  git(cwd, 'init', '-q', '-b', 'main');
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '-m', 'base');
}

/** Applies changes (text to write, null to delete) and commits them; returns the new commit. */
export function commit(cwd: string, changes: Record<string, string | null>, message = 'change'): string {
  for (const [file, content] of Object.entries(changes)) {
    const abs = path.join(cwd, file);
    if (content === null) rmSync(abs);
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '-m', message);
  return git(cwd, 'rev-parse', 'HEAD');
}

/** A clone of `source` with one commit of history (actions/checkout's default fetch-depth: 1), at `into`. */
export function shallowClone(source: string, into: string): void {
  mkdirSync(path.dirname(into), { recursive: true });
  git(path.dirname(into), 'clone', '-q', '--depth', '1', '--no-local', `file://${source}`, path.basename(into));
}

const STATUS: Record<string, string> = {
  A: 'added',
  M: 'modified',
  D: 'removed',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

/**
 * What the pull request files and compare APIs list for base...head: status,
 * blob sha, counts, and the `patch` (the unified diff's hunks, no header),
 * as GitHub gives them.
 */
export function apiFiles(root: string, base: string, head: string): ApiFile[] {
  const names = git(root, 'diff', '--no-renames', '--name-status', '-z', `${base}...${head}`)
    .split('\0')
    .filter(Boolean);
  const files: ApiFile[] = [];
  for (let i = 0; i + 1 < names.length; i += 2) {
    const [code, filename] = [names[i], names[i + 1]];
    const status = STATUS[code[0]] ?? 'modified';
    const numstat = git(root, 'diff', '--numstat', `${base}...${head}`, '--', filename).split('\t');
    const [additions, deletions] = [Number(numstat[0]) || 0, Number(numstat[1]) || 0];
    const diff = git(root, 'diff', `${base}...${head}`, '--', filename);
    const at = diff.indexOf('\n@@');
    const sha =
      status === 'removed'
        ? git(root, 'rev-parse', `${base}:${filename}`)
        : git(root, 'rev-parse', `${head}:${filename}`);
    files.push({
      sha,
      filename,
      status,
      additions,
      deletions,
      changes: additions + deletions,
      blob_url: `https://github.com/acme/answers/blob/${head}/${filename}`,
      raw_url: `https://github.com/acme/answers/raw/${head}/${filename}`,
      contents_url: `https://api.github.com/repos/acme/answers/contents/${filename}?ref=${head}`,
      ...(at >= 0 ? { patch: diff.slice(at + 1) } : {}),
    });
  }
  return files;
}
