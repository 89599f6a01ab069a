// Entry point of the GitHub Action (bundled to dist/index.js).
import * as core from '@actions/core';
import { run } from './main.js';
import { servedAsHelper } from '../check/explain-pool.js';
import { stopBaselineReads } from '../load/baseline-file.js';
import { escapeMessage, messageOf } from '../model/escape.js';

// In a thread this step started to explain records on another core, the Action does not run.
if (!servedAsHelper(new URL(import.meta.url))) {
  try {
    await run();
  } catch (error) {
    // run() handles its own errors; this is the last guard against a raw stack trace or a pass.
    core.setFailed(`citegate: internal error: ${escapeMessage(messageOf(error))}`);
  } finally {
    // The step's outcome is set: a baseline still being read (the run ended early) is not waited for.
    stopBaselineReads();
  }
}
