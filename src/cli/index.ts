#!/usr/bin/env node
// Entry point of the citegate command (bundled to dist/cli/index.js).
import { type LineState, neutralizeCommands } from '../report/escape.js';
import { internalError, main } from './main.js';

// A reader that stops early (`citegate check | head`) closes the pipe: stop
// quietly, as other command-line tools do, with the status already decided.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** Writes to a stream so that no line of it can act as a workflow command in CI. */
function guarded(stream: NodeJS.WriteStream): (text: string) => void {
  let state: LineState = 'start';
  return (text) => {
    const safe = neutralizeCommands(text, state);
    state = safe.state;
    stream.write(safe.text);
  };
}

const io = { stdout: guarded(process.stdout), stderr: guarded(process.stderr) };

try {
  process.exitCode = main(process.argv.slice(2), io);
} catch (error) {
  process.exitCode = internalError(error, io);
}
