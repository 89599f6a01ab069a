// Runs a command line that citegate suggests as a user would paste it into
// bash, with `citegate` the bundle, or a stand-in that prints its arguments.
import { spawnSync } from 'node:child_process';
import { CLI } from './workspace.js';

/** The body of a `citegate` that writes each argument followed by NUL (read with `argumentsOf`). */
export const PRINT_ARGUMENTS = `printf '%s\\0' "$@"`;

export interface BashOptions {
  readonly cwd?: string;
  /** The body of the `citegate` function (default: the bundled CLI). */
  readonly citegate?: string;
  /** LC_ALL (default C: the escapes must not depend on a UTF-8 locale). */
  readonly locale?: string;
}

export function bash(command: string, options: BashOptions = {}) {
  const citegate = options.citegate ?? `"${process.execPath}" "${CLI}" "$@"`;
  return spawnSync('bash', ['-c', `citegate() { ${citegate}; }; ${command}`], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, LC_ALL: options.locale ?? 'C' },
    // Not a socket (as Node's pipes are), which Debian's bash takes for ssh's and reads ~/.bashrc.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The arguments PRINT_ARGUMENTS wrote, each as its bytes. */
export function argumentsOf(stdout: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let from = 0; from < stdout.length; ) {
    const end = stdout.indexOf(0, from);
    out.push(stdout.subarray(from, end));
    from = end + 1;
  }
  return out;
}
