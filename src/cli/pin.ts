// `citegate pin`: records the SHA-256 of sources (and their originals) in the
// manifest. The only command that changes a file of the user's. It edits the hash
// values in place in the manifest's text, so comments, quoting and layout stay
// exactly as they were, and writes nothing unless every requested file could be hashed.
import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isUtf8 } from 'node:buffer';
import {
  DEFAULT_MANIFEST,
  loadManifest,
  type Manifest,
  parseManifest,
  ManifestError,
  type PinnedFile,
} from '../load/manifest.js';
import { DEFAULT_MAX_SOURCE_BYTES, MAX_SOURCE_BYTES, MAX_SOURCE_BYTES_WHY, sha256Hex } from '../load/sources.js';
import type { Position } from '../engine/positions.js';
import { pinCommandLine } from '../model/shell.js';
import type { Workspace } from '../load/workspace.js';
import { parseCommandArgs, parseByteCount, UsageError } from './args.js';
import { PIN_HELP } from './help.js';
import type { CommandIO } from './io.js';
import { manifestGiven, openWorkspace } from './workspace-arg.js';
import { formatDiagnostic, type Problem } from '../model/problem.js';
import { describeFsError } from '../model/fs-error.js';
import { escapeMessage } from '../model/escape.js';

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One reason a hash could not be pinned, at its place in the manifest when it has one. */
export interface PinFailure {
  readonly where: Place | undefined;
  readonly message: string;
}

type Place = Pick<Problem, 'file' | 'line' | 'column'>;

/** A pin that cannot be made: exit 2, nothing written. Each failure is a line of its own, then the message; all are escaped when shown. */
export class PinError extends Error {
  constructor(
    message: string,
    readonly failures: readonly PinFailure[] = [],
  ) {
    super(message);
    this.name = 'PinError';
  }
}

export function pinCommand(args: string[], io: CommandIO): number {
  const { values, positionals } = parseCommandArgs('pin', args, {
    manifest: { type: 'string' },
    root: { type: 'string' },
    'max-source-bytes': { type: 'string' },
    check: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(PIN_HELP);
    return 0;
  }
  const maxBytes =
    parseByteCount(values['max-source-bytes'], '--max-source-bytes', 'pin', {
      bytes: MAX_SOURCE_BYTES,
      why: MAX_SOURCE_BYTES_WHY,
    }) ?? DEFAULT_MAX_SOURCE_BYTES;
  const workspace = openWorkspace(values.root, 'pin');
  const manifest = loadManifest(workspace, values.manifest ?? path.join(workspace.root, DEFAULT_MANIFEST), {
    forPin: true,
    edit: true,
    given: manifestGiven(values.manifest, values.root),
  });

  for (const id of positionals) {
    if (!manifest.sources.has(id)) throw new UsageError(`no source ${JSON.stringify(id)} in ${manifest.file}`, 'pin');
  }
  const ids = positionals.length > 0 ? [...new Set(positionals)] : [...manifest.sources.keys()];
  if (ids.length === 0) throw new UsageError(`${manifest.file} lists no sources to pin`, 'pin');

  // By place: two sources whose entry is one mapping (`b: *a`) write one hash there.
  const edits = new Map<string, Edit>();
  const written = new Map<string, string>();
  const report: string[] = [];
  const failures: PinFailure[] = [];
  const at = (position: Position | undefined): Place | undefined =>
    position === undefined ? undefined : { file: manifest.file, ...position };
  if (values.check) return checkPins(workspace, manifest, ids, maxBytes, at, io);
  const eol = manifest.text.includes('\r\n')
    ? '\r\n'
    : /\r(?!\n)/.test(manifest.text) && !manifest.text.includes('\n')
      ? '\r'
      : '\n';
  for (const id of ids) {
    const entry = manifest.sources.get(id)!;
    const files: [string, PinnedFile][] = [[`${id}`, entry]];
    if (entry.original) files.push([`${id} original`, entry.original]);
    for (const [label, file] of files) {
      if (file.sha256NotEditable !== undefined) {
        failures.push({ where: at(file.sha256Position), message: `${label}: ${file.sha256NotEditable}` });
        continue;
      }
      const hashed = hashFile(workspace, manifest.dir, file.path, maxBytes, file === entry);
      if (!hashed.ok) {
        failures.push({ where: at(file.pathPosition), message: `${label}: ${file.path}: ${hashed.reason}` });
        continue;
      }
      if (hashed.sha256 === file.sha256) {
        report.push(`${label}: unchanged (${hashed.sha256.slice(0, 12)}…)`);
        continue;
      }
      const place = placeOf(file)!;
      edits.set(place, editFor(manifest.text, file, hashed.sha256, eol));
      written.set(place, hashed.sha256);
      report.push(`${label}: ${pinShown(file)} -> ${hashed.sha256.slice(0, 12)}…`);
    }
  }
  if (failures.length > 0) {
    throw new PinError(
      `nothing written: ${failures.length === 1 ? 'a hash' : `${failures.length} hashes`} could not be pinned`,
      failures,
    );
  }

  if (edits.size > 0) {
    // The text between the edits and the edits, in order, joined once: cutting the whole text again at each
    // edit took 90 s for a manifest of 40,000 sources without a hash.
    const pieces: string[] = [];
    let from = 0;
    for (const edit of [...edits.values()].sort((a, b) => a.start - b.start)) {
      pieces.push(manifest.text.slice(from, edit.start), edit.text);
      from = edit.end;
    }
    pieces.push(manifest.text.slice(from));
    const text = pieces.join('');
    // The edited manifest must load before it replaces the old one: strictly
    // when every source was pinned; when only some were, the others may still
    // lack a hash, as they did before. And it must read as the old one with
    // the new hashes, each where it was written.
    try {
      const pinned = parseManifest(text, manifest.file, manifest.dir, { forPin: positionals.length > 0 });
      const wrong = readsBack(manifest, pinned, written);
      if (wrong.length > 0) {
        throw new PinError(
          `nothing written: ${wrong.length === 1 ? 'a hash' : `${wrong.length} hashes`} would not read back as written in place`,
          wrong,
        );
      }
    } catch (error) {
      if (error instanceof ManifestError) {
        throw new PinError(
          'nothing written: the pinned manifest would not load (the lines are those it would have)',
          error.problems.map((p) => ({ where: p, message: p.message })),
        );
      }
      throw error;
    }
    const resolved = workspace.resolve('', manifest.file, 'file name');
    if (!resolved.ok) throw new PinError(`nothing written: ${resolved.reason}`);
    // A byte order mark is encoding, not text (the manifest's text has none): it stays as it was.
    writeAtomically(resolved.abs, (manifest.byteOrderMark ? '\ufeff' : '') + text);
  }
  io.stdout(
    report.map(escapeMessage).join('\n') +
      '\n' +
      (edits.size > 0
        ? `wrote ${escapeMessage(manifest.file)} (${edits.size} ${edits.size === 1 ? 'hash' : 'hashes'} changed)\n`
        : 'nothing to change\n'),
  );
  return 0;
}

/**
 * `pin --check`: every pin of the sources named (default: all of them, cited
 * or not) against its file, sources and originals alike. Prints each pin
 * that is stale (or missing) with both hashes, at its place in the manifest,
 * then how many were checked; writes nothing. Exit 1 on a stale pin, 2 when a
 * file cannot be hashed (as pin would refuse it), 0 when every pin holds.
 */
function checkPins(
  workspace: Workspace,
  manifest: Manifest,
  ids: readonly string[],
  maxBytes: number,
  at: (position: Position | undefined) => Place | undefined,
  io: CommandIO,
): number {
  const stale: string[] = [];
  const unreadable: string[] = [];
  const toPin = new Set<string>();
  let checked = 0;
  for (const id of ids) {
    const entry = manifest.sources.get(id)!;
    const files: [string, PinnedFile][] = [[id, entry]];
    if (entry.original) files.push([`${id} original`, entry.original]);
    for (const [label, file] of files) {
      checked++;
      const hashed = hashFile(workspace, manifest.dir, file.path, maxBytes, file === entry);
      if (!hashed.ok) {
        unreadable.push(formatDiagnostic(at(file.pathPosition), 'error', `${label}: ${file.path}: ${hashed.reason}`));
        continue;
      }
      if (hashed.sha256 === file.sha256) continue;
      toPin.add(id);
      stale.push(
        formatDiagnostic(
          at(file.sha256Position ?? file.pathPosition),
          'error',
          file.sha256 !== undefined
            ? `${label}: stale pin: the manifest has ${file.sha256}, ${file.path} has ${hashed.sha256}`
            : file.sha256Position === undefined
              ? `${label}: not pinned: the manifest has no sha256, ${file.path} has ${hashed.sha256}`
              : `${label}: not pinned: its sha256 is not 64 hexadecimal digits, ${file.path} has ${hashed.sha256}`,
        ),
      );
    }
  }
  const pins = `${checked} ${checked === 1 ? 'pin' : 'pins'}`;
  const parts = [
    ...(stale.length > 0 ? [`${stale.length} of ${pins} stale`] : []),
    ...(unreadable.length > 0 ? [`${unreadable.length} of ${pins} could not be checked (see standard error)`] : []),
  ];
  const summary =
    parts.length === 0
      ? `${pins} checked: each matches its file`
      : `${parts.join(', ')}${stale.length > 0 ? `: review the new text, then run \`${pinCommandLine(toPin)}\`` : ''}`;
  io.stdout(`${[...stale, summary].map(escapeMessage).join('\n')}\n`);
  if (unreadable.length > 0) {
    io.stderr(`${unreadable.map(escapeMessage).join('\n')}\n`);
    return 2;
  }
  return stale.length > 0 ? 1 : 0;
}

function hashFile(
  workspace: Workspace,
  dir: string,
  file: string,
  maxBytes: number,
  mustBeText: boolean,
): { ok: true; sha256: string } | { ok: false; reason: string } {
  const resolved = workspace.resolve(dir, file);
  if (!resolved.ok) return resolved;
  const read = workspace.read(resolved.abs, maxBytes);
  if (!read.ok) return read;
  if (mustBeText && !isUtf8(read.bytes)) return { ok: false, reason: 'not valid UTF-8: a source must be UTF-8 text' };
  return { ok: true, sha256: sha256Hex(read.bytes) };
}

/** The pin a file had, as pin's report shows it: a value that is no SHA-256 (a placeholder) is not "none". */
function pinShown(file: PinnedFile): string {
  if (file.sha256) return `${file.sha256.slice(0, 12)}…`;
  // No sha256 key, or one with no value at all (`sha256:`, `? sha256`): none.
  const empty =
    file.sha256Position === undefined ||
    file.sha256Insert?.pair === false ||
    (file.sha256Span !== undefined && file.sha256Span.start === file.sha256Span.end);
  return empty ? '(none)' : '(not a SHA-256)';
}

/** Where pin writes a file's hash, one place for entries that are one mapping; undefined where it cannot. */
export function placeOf(file: PinnedFile): string | undefined {
  if (file.sha256Span) return `value at ${file.sha256Span.start}`;
  return file.sha256Insert ? `after ${file.sha256Insert.after}` : undefined;
}

/**
 * What of the pinned manifest does not read as `before` with the hashes
 * `written` (by place, placeOf): a source's path, date, audience or original
 * changed, or a sha256 that is not the hash written there, or is where none
 * was. Each is a hash pin would have written somewhere the YAML reads
 * otherwise: it is written by hand instead.
 */
export function readsBack(before: Manifest, after: Manifest, written: ReadonlyMap<string, string>): PinFailure[] {
  const failures: PinFailure[] = [];
  for (const [id, entry] of before.sources) {
    const now = after.sources.get(id);
    const files: [string, PinnedFile, PinnedFile | undefined][] = [[id, entry, now]];
    if (entry.original) files.push([`${id} original`, entry.original, now?.original]);
    const same =
      now !== undefined &&
      now.retrieved === entry.retrieved &&
      JSON.stringify(now.audience) === JSON.stringify(entry.audience) &&
      (now.original === undefined) === (entry.original === undefined);
    for (const [label, file, read] of files) {
      const hash = written.get(placeOf(file) ?? '');
      if (same && read?.path === file.path && read.sha256 === (hash ?? file.sha256)) continue;
      failures.push({
        where: { file: before.file, ...(file.sha256Position ?? file.pathPosition) },
        message:
          hash === undefined
            ? `${label}: the hashes written in place would change how it reads: write them by hand`
            : `${label}: its hash written in place would not read back as written: write \`sha256: ${hash}\` in its entry by hand`,
      });
    }
  }
  return failures;
}

function editFor(text: string, file: PinnedFile, sha256: string, eol: string): Edit {
  if (file.sha256Span) {
    const { start, end } = file.sha256Span;
    const quote = text[start] === '"' || text[start] === "'" ? text[start] : '';
    // An empty value needs a space before it, after the colon (`sha256:` then
    // the line's end) or a tag (`sha256: !!str`), and one after it before a
    // comment (`sha256: # todo`): YAML reads `x#` as part of a plain scalar.
    // A block scalar (`|`, `>`) ends with its line break, which stays.
    const space = text[start - 1] === ' ' || text[start - 1] === '\t' ? '' : ' ';
    const lineBreak = /\r?\n$/.exec(text.slice(start, end))?.[0] ?? '';
    const block = text[start] === '|' || text[start] === '>';
    const beforeComment = start === end && text[end] === '#' ? ' ' : '';
    return { start, end, text: `${space}${quote}${sha256}${quote}${block ? lineBreak : ''}${beforeComment}` };
  }
  const insert = file.sha256Insert;
  if (insert === undefined) throw new Error('the manifest was not loaded for editing');
  const { after, pair } = insert;
  // A new pair, or the value of a `sha256` key that has none (`? sha256`, `{sha256}`).
  if (insert.flow) return { start: after, end: after, text: `${pair ? ', sha256: ' : ': '}${sha256}` };
  const line = `${' '.repeat(insert.column - 1)}${pair ? 'sha256: ' : ': '}${sha256}`;
  // A block scalar ends after its line break: the new line goes right there.
  const ended = /(?:\r\n|\r|\n)$/.exec(text.slice(Math.max(0, after - 2), after));
  if (ended) return { start: after, end: after, text: `${line}${ended[0]}` };
  // Else on a line of its own after the node's, past any comment on it, its
  // line ending as that one does: at LF, CRLF or a lone CR, as the manifest is read.
  const lineBreak = /\r\n|\r|\n/g;
  lineBreak.lastIndex = after;
  const found = lineBreak.exec(text);
  const lineEnd = found ? found.index : text.length;
  return { start: lineEnd, end: lineEnd, text: `${found?.[0] ?? eol}${line}` };
}

/** Writes a temporary file next to the manifest and renames it over it: all or nothing. */
function writeAtomically(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.citegate-${process.pid}.tmp`);
  let created = false;
  try {
    const mode = statSync(file).mode & 0o7777;
    writeFileSync(temp, text, { flag: 'wx' });
    created = true;
    chmodSync(temp, mode);
    renameSync(temp, file);
  } catch (error) {
    if (created) rmSync(temp, { force: true });
    throw new PinError(`nothing written: cannot replace ${path.basename(file)}: ${describeFsError(error)}`);
  }
}
