#!/usr/bin/env node
// Entry point of the citegate command (bundled to dist/cli/index.js).
import { internalError, main } from './main.js';

// A reader that stops early (`citegate check | head`) closes the pipe: stop
// quietly, as other command-line tools do, with the status already decided.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
};

try {
  process.exitCode = main(process.argv.slice(2), io);
} catch (error) {
  process.exitCode = internalError(error, io);
}
