// The command-line front end: picks the command, turns every kind of failure
// into its exit status and message, and never shows a stack trace for a user error.
import { messageOf } from '../model/escape.js';
import { ManifestError } from '../load/manifest.js';
import { BaselineError } from '../load/report.js';
import { WriteError } from '../report/write.js';
import { InputError, nearestName, UsageError } from './args.js';
import { checkCommand } from './check.js';
import { CHECK_HELP, INIT_HELP, MAIN_HELP, MERGE_HELP, PIN_HELP } from './help.js';
import { initCommand } from './init.js';
import { mergeReportsCommand } from './merge-reports.js';
import type { CommandIO } from './io.js';
import { PinError, pinCommand } from './pin.js';
import { formatDiagnostic } from '../model/problem.js';
import { escapeMessage } from '../model/escape.js';
import { VERSION } from '../model/version.js';

export const REPORT_BUGS = 'https://github.com/citegate/citegate/issues';

const COMMANDS: Record<string, { run: (args: string[], io: CommandIO) => number | Promise<number>; help: string }> = {
  init: { run: initCommand, help: INIT_HELP },
  check: { run: checkCommand, help: CHECK_HELP },
  pin: { run: pinCommand, help: PIN_HELP },
  'merge-reports': { run: mergeReportsCommand, help: MERGE_HELP },
};

export async function main(argv: string[], io: CommandIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '-h' || command === '--help') {
      io.stdout(MAIN_HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-V') {
      io.stdout(`citegate ${VERSION}\n`);
      return 0;
    }
    if (command === 'help') {
      const topic = rest[0];
      io.stdout(topic === undefined ? MAIN_HELP : commandNamed(topic).help);
      return 0;
    }
    return await commandNamed(command).run(rest, io);
  } catch (error) {
    // Every line in the one form of standard error: `file:line:column: error: message`, or `citegate: error: message`.
    if (error instanceof UsageError) {
      const help = error.command ? `citegate ${error.command} --help` : 'citegate --help';
      io.stderr(`${escapeMessage(formatDiagnostic(undefined, 'error', `${error.message}; see ${help}`))}\n`);
      return 2;
    }
    if (error instanceof InputError) {
      const where = error.file === undefined ? undefined : { file: error.file, line: 0, column: 0, ...error.position };
      io.stderr(`${escapeMessage(formatDiagnostic(where, 'error', error.message))}\n`);
      return 2;
    }
    if (error instanceof ManifestError) {
      io.stderr(`${error.problems.map((p) => escapeMessage(formatDiagnostic(p, 'error', p.message))).join('\n')}\n`);
      return 2;
    }
    if (error instanceof BaselineError) {
      io.stderr(`${escapeMessage(formatDiagnostic(undefined, 'error', error.message))}\n`);
      return 2;
    }
    if (error instanceof WriteError) {
      io.stderr(`${escapeMessage(formatDiagnostic(undefined, 'error', error.message))}\n`);
      return 2;
    }
    if (error instanceof PinError) {
      const lines = [
        ...error.failures.map((f) => formatDiagnostic(f.where, 'error', f.message)),
        formatDiagnostic(undefined, 'error', error.message),
      ];
      io.stderr(`${lines.map(escapeMessage).join('\n')}\n`);
      return 2;
    }
    return internalError(error, io);
  }
}

/**
 * The command of this name, for running it or for its help; a usage error
 * naming the one likely meant when there is none (an own key only: not
 * `constructor`).
 */
function commandNamed(name: string): (typeof COMMANDS)[string] {
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name];
  const near = nearestName(name, Object.keys(COMMANDS));
  throw new UsageError(`unknown command ${JSON.stringify(name)}${near ? ` (did you mean ${near}?)` : ''}`, '');
}

/** An error citegate did not expect fails closed: exit 2, a message, where to report it. */
export function internalError(error: unknown, io: CommandIO): number {
  const message = messageOf(error);
  io.stderr(
    `${escapeMessage(
      formatDiagnostic(
        undefined,
        'error',
        `internal error: ${message}. This is a bug in citegate, not in your files: please report it at ${REPORT_BUGS} with the command you ran` +
          `${process.env.CITEGATE_DEBUG ? '' : ' (set CITEGATE_DEBUG=1 to print the stack trace)'}`,
      ),
    )}\n`,
  );
  if (process.env.CITEGATE_DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
  return 2;
}
