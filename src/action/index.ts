// Entry point of the GitHub Action (bundled to dist/index.js).
import { run } from './main.js';

try {
  await run();
} catch (error) {
  // run() handles its own errors; this is the last guard against a raw stack trace or a pass.
  process.stdout.write(`::error::citegate: internal error: ${String((error as Error)?.message ?? error).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
  process.exitCode = 1;
}
