// Command-line parsing on node:util's parseArgs, with the errors said plainly.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad command-line usage: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {
  constructor(message: string, readonly command: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  command: string, args: string[], options: T,
) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message
      .replace(/\. To specify a positional argument starting with a '-'.*$/s, '')
      .replace(/^Unknown option/, 'unknown option')
      .replace(/^Option/, 'option')
      .replace(/\s*\n\s*/g, ' ');
    throw new UsageError(message, command);
  }
}

/** A positive whole number, for options such as --max-source-bytes. */
export function parsePositiveInteger(value: string | undefined, option: string, command: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`${option} takes a positive whole number of bytes, not ${JSON.stringify(value)}`, command);
  }
  return Number(value);
}
