#!/usr/bin/env node
// Entry point of the citegate command (bundled to dist/cli/index.js).
import { internalError, main } from './main.js';

const io = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
};

try {
  process.exitCode = main(process.argv.slice(2), io);
} catch (error) {
  process.exitCode = internalError(error, io);
}
