// Real folders in the system's temp directory, and the bundled CLI run as a
// child process, the way a user runs it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(REPO, 'dist/cli/index.js');

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp folder holding the given files (text or bytes). */
export function makeTree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'citegate-test-'));
  made.push(root);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

/** A temp folder holding a copy of a folder of this repository (a fixture). */
export function copyOfFixture(folder: string): string {
  const root = makeTree({});
  cpSync(path.join(REPO, folder), root, { recursive: true });
  return root;
}

export function sha256(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

export interface SourceSpec {
  readonly path: string;
  readonly text: string | Uint8Array;
  readonly audience?: string[];
}

/** Manifest YAML for sources whose files are written alongside, pinned to their bytes. */
export function manifestFor(
  sources: Record<string, SourceSpec>,
  citations: string[] = ['answers/**/*.json', 'answers/**/*.jsonl', 'answers/**/*.yaml'],
): string {
  const lines = ['version: 1', 'sources:'];
  for (const [id, s] of Object.entries(sources)) {
    lines.push(
      `  ${JSON.stringify(id)}:`,
      `    path: ${JSON.stringify(s.path)}`,
      `    sha256: ${sha256(s.text)}`,
      '    retrieved: 2026-11-02',
    );
    if (s.audience) lines.push(`    audience: [${s.audience.join(', ')}]`);
  }
  lines.push('citations:', ...citations.map((c) => `  - ${JSON.stringify(c)}`));
  return `${lines.join('\n')}\n`;
}

/** A workspace with pinned sources, a manifest and citation files. */
export function makeWorkspace(
  sources: Record<string, SourceSpec>,
  files: Record<string, string | Uint8Array>,
  citations?: string[],
): string {
  const tree: Record<string, string | Uint8Array> = { 'citegate.yml': manifestFor(sources, citations), ...files };
  for (const s of Object.values(sources)) tree[s.path] = s.text;
  return makeTree(tree);
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
    timeout: 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
