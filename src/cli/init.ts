// `citegate init`: starts citegate in a repository with a folder of source
// texts. Writes citegate.yml (every text listed, pinned, retrieved today, and
// a `citations` pattern) and answers/example.json (one record that passes),
// checks that the example passes, then says what to do next. It writes over
// nothing: if either file is there, it writes neither.
import { lstatSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INIT_EXAMPLE, INIT_MANIFEST, InitError, planInit } from '../check/init.js';
import { Session } from '../check/session.js';
import { loadManifest } from '../load/manifest.js';
import { folderLabel, readSourceFolder, SourceFolderError } from '../load/source-folder.js';
import { DEFAULT_MAX_SOURCE_BYTES } from '../load/sources.js';
import { escapeMessage } from '../model/escape.js';
import { describeFsError } from '../model/fs-error.js';
import { formatDiagnostic } from '../model/problem.js';
import { shellWord } from '../model/shell.js';
import { InputError, parseCommandArgs, UsageError } from './args.js';
import { INIT_HELP } from './help.js';
import type { CommandIO } from './io.js';
import { openWorkspace } from './workspace-arg.js';

/** The folder of source texts when --sources does not name one. */
export const DEFAULT_SOURCES = 'sources';

export function initCommand(args: string[], io: CommandIO): number {
  const { values, positionals } = parseCommandArgs('init', args, {
    sources: { type: 'string' },
    root: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  if (positionals.length > 0) {
    throw new UsageError(`init takes no ${JSON.stringify(positionals[0])}: name the folder with --sources`, 'init');
  }
  const workspace = openWorkspace(values.root, 'init');
  const folderAbs =
    values.sources === undefined ? path.join(workspace.root, DEFAULT_SOURCES) : workspace.argumentPath(values.sources);
  if (!workspace.contains(folderAbs)) {
    throw new UsageError(
      `--sources ${JSON.stringify(values.sources)} is outside the repository (${workspace.root}): use --root`,
      'init',
    );
  }
  const folder = workspace.relative(folderAbs);
  const label = folderLabel(folder);

  // Refused before anything is read: nothing is written over.
  const there = [INIT_MANIFEST, INIT_EXAMPLE].filter((file) => exists(path.join(workspace.root, file)));
  if (there.length > 0) {
    io.stderr(
      `${[
        ...there.map((file) =>
          formatDiagnostic({ file, line: 0, column: 0 }, 'error', 'it is there already, and init writes over nothing'),
        ),
        formatDiagnostic(
          undefined,
          'error',
          `nothing written: move ${there.length === 1 ? 'it' : 'them'} away to start afresh, or edit ${there.length === 1 ? 'it' : 'them'} by hand`,
        ),
      ]
        .map(escapeMessage)
        .join('\n')}\n`,
    );
    return 2;
  }

  let listed: ReturnType<typeof readSourceFolder>;
  try {
    listed = readSourceFolder(workspace, folder, DEFAULT_MAX_SOURCE_BYTES);
  } catch (error) {
    if (!(error instanceof SourceFolderError)) throw error;
    throw new InputError(
      values.sources === undefined && error.message === 'no such folder'
        ? `no folder ${label} to list the sources from: put the reviewed texts there, or name their folder with --sources`
        : `cannot list the sources: ${error.message}`,
      values.sources === undefined && error.message === 'no such folder' ? undefined : label,
    );
  }
  for (const s of listed.skipped) {
    io.stderr(
      `${escapeMessage(formatDiagnostic({ file: s.file, line: 0, column: 0 }, 'warning', `not listed: ${s.reason}`))}\n`,
    );
  }
  const today = localDate(new Date());
  let plan: ReturnType<typeof planInit>;
  try {
    plan = planInit(listed.texts, folder, today, label);
  } catch (error) {
    if (error instanceof InitError) throw new InputError(`nothing written: ${error.message}`);
    throw error;
  }

  // The folders they go in must be the repository's: never a link that leads out of it.
  for (const file of [INIT_MANIFEST, INIT_EXAMPLE]) {
    const dir = path.posix.dirname(file);
    const resolved = dir === '.' ? undefined : workspace.resolve('', dir, 'file name');
    if (resolved !== undefined && !resolved.ok) throw new InputError(`nothing written: ${dir}: ${resolved.reason}`);
  }
  const undo = writeAll(workspace.root, [
    [INIT_MANIFEST, plan.manifest],
    [INIT_EXAMPLE, plan.example],
  ]);
  // The example must pass as the check reads it: if it does not, nothing is left behind.
  try {
    const manifest = loadManifest(workspace, path.join(workspace.root, INIT_MANIFEST));
    const result = new Session({
      workspace,
      manifest,
      selection: { kind: 'named', names: [path.join(workspace.root, INIT_EXAMPLE)] },
      explain: false,
    }).run();
    if (!result.outcome.passed)
      throw new Error(`init: the example it wrote does not pass (${result.records[0]?.verdict})`);
  } catch (error) {
    undo();
    throw error;
  }

  const root = values.root === undefined ? '' : ` --root ${shellWord(values.root)}`;
  const n = plan.sources.length;
  io.stdout(
    `${[
      `wrote ${INIT_MANIFEST}: ${n === 1 ? '1 source' : `${n} sources`} from ${label}, ${n === 1 ? 'pinned' : 'each pinned'} to the SHA-256 of its file, retrieved ${today}`,
      `wrote ${INIT_EXAMPLE}: one record, quoting ${plan.quoted}`,
      '',
      'Next:',
      `  1. Review each source: its pin says "this is the text we checked". Put its`,
      '     version in its id (returns-v1, then returns-v2), and set `retrieved` to',
      '     when the text was consulted.',
      `  2. citegate check${root}`,
      `     checks ${INIT_EXAMPLE}, which passes.`,
      `  3. Have your assistant's tests or pipeline write its answers under answers/`,
      `     as ${INIT_EXAMPLE} shows (JSON; JSON Lines and YAML too), then delete it.`,
      `  4. citegate pin --check${root}`,
      '     in CI or a pre-commit hook verifies every pin, cited or not.',
      '  5. Add the workflow that gates pull requests:',
      '     https://github.com/citegate/citegate#add-citegate-to-your-repository',
    ]
      .map(escapeMessage)
      .join('\n')}\n`,
  );
  return 0;
}

/** Whether anything is at the path (a link too, even one that leads nowhere; a path through a file counts). */
function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * Writes the files, each only where nothing is (`wx`), creating a missing
 * folder for them; on a failure removes what it wrote and says so. Returns
 * what undoes it.
 */
function writeAll(root: string, files: readonly [string, string][]): () => void {
  const written: string[] = [];
  const created: string[] = [];
  const undo = () => {
    for (const abs of written.splice(0)) rmSync(abs, { force: true });
    for (const dir of created.splice(0).reverse()) {
      try {
        rmdirSync(dir);
      } catch {
        // Something else was put there since: it stays.
      }
    }
  };
  for (const [file, text] of files) {
    const abs = path.join(root, file);
    try {
      const dir = path.dirname(abs);
      if (!exists(dir)) {
        mkdirSync(dir);
        created.push(dir);
      }
      writeFileSync(abs, text, { flag: 'wx' });
      written.push(abs);
    } catch (error) {
      undo();
      throw new InputError(`nothing written: cannot write ${file}: ${describeFsError(error)}`);
    }
  }
  return undo;
}

/** A date as YYYY-MM-DD in the local time zone: "today" where the command runs. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
