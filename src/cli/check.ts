// `citegate check`: wires the loaders, the run and the reports.
import path from 'node:path';
import { passed } from '../check/result.js';
import { runCheck } from '../check/run.js';
import { inShard, parseShard, runDigest } from '../check/shard.js';
import {
  CHECK_LEVELS,
  CHECK_NAMES,
  DEFAULT_MANIFEST,
  loadManifest,
  type CheckLevel,
  type CheckLevels,
} from '../load/manifest.js';
import { runInputs } from '../load/inputs.js';
import { findCitationFiles, refsForNamed, type CitationFileRef } from '../load/select.js';
import type { Problem } from '../load/problem.js';
import { jsonReportChunks } from '../report/json.js';
import { assertNotAnInput, assertWritable, writeChunks } from '../report/write.js';
import { diagnosticsChunks, textReportChunks } from '../report/text.js';
import { outputFile, parseCommandArgs, parsePositiveInteger, UsageError } from './args.js';
import { CHECK_HELP } from './help.js';
import type { CommandIO } from './io.js';
import { progressLine } from './progress.js';
import { manifestGiven, openWorkspace } from './workspace-arg.js';

export function checkCommand(args: string[], io: CommandIO): number {
  const { values, positionals } = parseCommandArgs('check', args, {
    manifest: { type: 'string' },
    root: { type: 'string' },
    format: { type: 'string', default: 'text' },
    output: { type: 'string' },
    'max-source-bytes': { type: 'string' },
    explain: { type: 'boolean' },
    shard: { type: 'string' },
    'uncited-claims': { type: 'string' },
    'required-sources': { type: 'string' },
    'claim-numbers': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(CHECK_HELP);
    return 0;
  }
  if (values.format !== 'text' && values.format !== 'json') {
    throw new UsageError(`--format takes text or json, not ${JSON.stringify(values.format)}`, 'check');
  }
  const maxSourceBytes = parsePositiveInteger(values['max-source-bytes'], '--max-source-bytes', 'check');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.shard !== undefined && shard === undefined) {
    throw new UsageError(
      `--shard takes i/n with 1 <= i <= n (for example 2/4), not ${JSON.stringify(values.shard)}`,
      'check',
    );
  }
  const overrides: Partial<Record<keyof CheckLevels, CheckLevel>> = {};
  for (const [field, name] of Object.entries(CHECK_NAMES) as [keyof CheckLevels, string][]) {
    const option = name.replace(/_/g, '-');
    const value = values[option as 'uncited-claims'];
    if (value === undefined) continue;
    if (!(CHECK_LEVELS as readonly string[]).includes(value)) {
      throw new UsageError(`--${option} takes ${CHECK_LEVELS.join(', ')}, not ${JSON.stringify(value)}`, 'check');
    }
    overrides[field] = value as CheckLevel;
  }
  const output = outputFile(values.output);
  if (output !== undefined) assertWritable(output);
  const workspace = openWorkspace(values.root, 'check');
  const manifest = loadManifest(workspace, values.manifest ?? path.join(workspace.root, DEFAULT_MANIFEST), {
    given: manifestGiven(values.manifest, values.root),
  });
  const checks: CheckLevels = { ...manifest.checks, ...overrides };

  let files: CitationFileRef[];
  const problems: Problem[] = [];
  if (positionals.length === 0) {
    const listed = findCitationFiles(workspace, manifest);
    files = listed.files;
    problems.push(...listed.problems);
  } else {
    const named: string[] = [];
    for (const arg of positionals) {
      // Node gives a name that is not UTF-8 with U+FFFD in place of its bad
      // bytes: reading that would read another file, one really named so.
      if (arg.includes('\ufffd')) {
        problems.push({
          file: arg,
          line: 0,
          column: 0,
          message:
            'not read: the name holds U+FFFD, which is what a name that is not valid UTF-8 becomes on a command line: rename the file',
        });
        continue;
      }
      const abs = workspace.citationArgumentPath(arg);
      if (!workspace.contains(abs)) {
        problems.push({
          file: arg,
          line: 0,
          column: 0,
          message: `not read: it is outside the workspace (${workspace.root}); use --root`,
        });
        continue;
      }
      named.push(workspace.relative(abs));
    }
    // A file named twice (a shell glob and its name) is checked once, not
    // counted twice; and under the names the patterns give it.
    const listed = refsForNamed(workspace, manifest, named);
    files = listed.files;
    problems.push(...listed.problems);
  }

  if (output !== undefined) assertNotAnInput(output, () => runInputs(workspace, manifest, files));

  // The plain text report shows verdicts only: explaining them would be wasted work.
  const diagnose = values.format === 'json' || values.explain === true;
  const progress = progressLine(process.stderr);
  const checked = runCheck({
    workspace,
    manifest,
    files: inShard(files, shard),
    maxSourceBytes,
    diagnose,
    checks,
    problems,
    onProgress: (p) => progress.update(p),
  });
  // A shard is part of a run: one that holds no records does not fail for that (merge-reports judges the whole).
  const result = shard ? { ...checked, partial: true } : checked;
  progress.done();

  const chunks =
    values.format === 'json'
      ? jsonReportChunks(result, shard ? { shard: { ...shard, run: runDigest(manifest.text, files) } } : {})
      : textReportChunks(result, { explain: values.explain });
  if (output !== undefined) writeChunks(output, chunks, { workspace });
  else for (const chunk of chunks) io.stdout(chunk);
  for (const chunk of diagnosticsChunks(result, {
    named: positionals.length > 0,
    shard,
    noPatterns: manifest.citations.length === 0,
  }))
    io.stderr(chunk);
  return passed(result) ? 0 : 1;
}
