#!/usr/bin/env node
// Entry point of the citegate command (bundled to dist/cli/index.js).
import { internalError, main } from './main.js';
import { stopBaselineReads } from '../load/baseline-file.js';
import { type LineState, neutralizeCommands, neutralizeLegacyCommands } from '../model/escape.js';
import { describeFsError } from '../model/fs-error.js';
import { servedAsHelper } from '../check/explain-pool.js';

/** Streams whose reader has gone (EPIPE): what is left to write goes nowhere. Declared before any command runs. */
const closed = new Set<NodeJS.WriteStream>();

// In a thread this process started to explain records on another core, no command runs.
if (!servedAsHelper(new URL(import.meta.url))) runCommand();

/** Writes to a stream so that no line of it can act as a workflow command in CI, in either form. */
function guarded(stream: NodeJS.WriteStream): (text: string) => void {
  let state: LineState = 'start';
  let hashes = 0;
  return (text) => {
    const legacy = neutralizeLegacyCommands(text, hashes);
    hashes = legacy.hashes;
    const safe = neutralizeCommands(legacy.text, state);
    state = safe.state;
    if (!closed.has(stream)) stream.write(safe.text);
  };
}

function runCommand(): void {
  // A reader that stops early (`citegate check | head`) closes the pipe: stop
  // quietly, as other command-line tools do, with the status of the records:
  // at once if it is decided, else once the check has decided it (never 0 for
  // a run that had not finished: a gate fails closed).
  // Any other failure to write the output (a full disk) means the check could
  // not deliver its result: exit 2, saying why, whatever the records were.
  for (const [stream, name] of [
    [process.stdout, 'standard output'],
    [process.stderr, 'standard error'],
  ] as const) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') {
        if (process.exitCode !== undefined) process.exit(process.exitCode);
        closed.add(stream);
        return;
      }
      if (stream !== process.stderr) {
        try {
          process.stderr.write(`citegate: error: cannot write to ${name}: ${describeFsError(error)}\n`);
        } catch {
          // Nowhere left to say it: the status says it.
        }
      }
      process.exit(2);
    });
  }

  const io = { stdout: guarded(process.stdout), stderr: guarded(process.stderr) };

  main(process.argv.slice(2), io)
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.exitCode = internalError(error, io);
      },
    )
    // The command is done, its outcome told: a baseline it had no use for (it ended early) is not waited for.
    .finally(stopBaselineReads);
}
