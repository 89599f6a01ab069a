// Command-line parsing on node:util's parseArgs, with the errors said plainly.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { editDistance } from '../engine/edit-distance.js';
import type { Position } from '../engine/positions.js';

/** Bad command-line usage: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * An input given on the command line that cannot be used (a report that is
 * not one, or that does not belong with the others): exit 2 with the message,
 * at the file when it is about one, and no pointer to --help.
 */
export class InputError extends Error {
  constructor(
    message: string,
    readonly file?: string,
    readonly position?: Position,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: T,
) {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const raw = (error as Error).message;
    // "--root -x": Node asks whether -x was meant as the value; say what to write, in one line.
    const ambiguous = /^Option '([^']+)' argument is ambiguous\..*use '([^']*)'\.?$/s.exec(raw);
    if (ambiguous)
      throw new UsageError(
        `${ambiguous[1]} needs a value, and the argument after it starts with a dash: if it is the value, write ${ambiguous[2]}`,
        command,
      );
    const message = raw
      .replace(/\. To specify a positional argument starting with a '-'.*$/s, '')
      .replace(/^Unknown option/, 'unknown option')
      .replace(/^Option/, 'option')
      .replace(/\s*\n\s*/g, ' ');
    const unknown = /^unknown option '([^']*)'/.exec(message)?.[1];
    const near = unknown === undefined ? undefined : nearestName(unknown.replace(/=.*$/s, ''), optionNames(options));
    throw new UsageError(near === undefined ? message : `${message} (did you mean ${near}?)`, command);
  }
  // An empty value is most often a variable that was not set ("--root $DIR"):
  // read as the current folder or a file named "", it would check or write
  // something else than meant.
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === '') throw new UsageError(`--${name} is empty (an unset variable?): give it a value`, command);
  }
  if (parsed.positionals.includes('')) throw new UsageError('an argument is empty (an unset variable?)', command);
  return parsed;
}

/** `--output -` names standard output, as it does for most command-line tools; `./-` is a file named "-". */
export function outputFile(output: string | undefined): string | undefined {
  return output === '-' ? undefined : output;
}

/** A positive whole number of bytes up to `max` (why `max`, in words), for options such as --max-source-bytes. */
export function parseByteCount(
  value: string | undefined,
  option: string,
  command: string,
  max: { readonly bytes: number; readonly why: string },
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a positive whole number of bytes, not ${JSON.stringify(value)}`, command);
  }
  const bytes = Number(value);
  if (bytes > max.bytes)
    throw new UsageError(`${option} takes at most ${max.bytes} bytes (${max.why}), not ${value}`, command);
  return bytes;
}

/** A command's options as they are typed: `--format`, and `-h` for a short one. */
function optionNames(options: NonNullable<ParseArgsConfig['options']>): string[] {
  return Object.entries(options).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short ? [`-${option.short}`] : []),
  ]);
}

/**
 * The name a mistyped one was most likely meant to be: the nearest within two
 * edits (`--frmat`, `--explian`), or the one name it starts (`--expl`); none
 * when two are as near, or none is. For options and commands alike.
 */
export function nearestName(given: string, names: readonly string[]): string | undefined {
  if (given.length > 64) return undefined;
  const starting = names.filter((n) => given.length >= 3 && n.startsWith(given));
  if (starting.length === 1) return starting[0];
  let best: string | undefined;
  let bestDistance = 3;
  let tie = false;
  for (const name of names) {
    const d = editDistance(given, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  // A short option (`-x`) is within two edits of every other: guess only when the name has more to go on.
  return best !== undefined && !tie && given.replace(/^-+/, '').length > 2 ? best : undefined;
}
