// Commands a message tells the user to run: ids and paths come from the
// manifest, so each word is quoted as a shell reads it back, and a word that
// starts with `-` comes after `--`, where no option is parsed.
//
// A word holding a character that no output shows raw (a control, a line or
// paragraph separator, a bidi control: UNSAFE) is written in ANSI-C quotes,
// `$'…'`, that character as the `\x` escapes of its UTF-8 bytes: the command
// stays plain ASCII there, safe in a log, and pasted into bash, zsh or another
// shell with POSIX.1-2024's `$'…'` it passes the word itself. Not `\u`, which
// POSIX lacks and bash reads only in a UTF-8 locale (and not before 4.2, as
// macOS's bash is). dash (0.5.12) has no `$'…'` and reads another word. A lone
// surrogate cannot be passed at all (no bytes decode to it), nor can NUL,
// which ends an argument.
import { UNSAFE } from './escape.js';

/**
 * A word no shell changes unquoted. Not one that starts with `=`: zsh reads
 * `=ls` as the path of the command ls (its EQUALS option, on by default).
 */
const PLAIN = /^[A-Za-z0-9_./@%+:,-][A-Za-z0-9_./@%+=:,-]*$/;
const IN_ANSI_C = new RegExp(`\\\\|'|${UNSAFE.source}`, 'gu');
const HEX_DIGIT = /^[0-9A-Fa-f]$/;
const UTF8 = new TextEncoder();

/** Whether a command line can pass the word: not one that holds a lone surrogate or NUL. */
export function canPass(word: string): boolean {
  return word.isWellFormed() && !word.includes('\0');
}

/**
 * Where a word is cut into pieces quoted apart, which a shell joins back: between
 * the two `#` of each `##[`. A runner reads `##[` anywhere in a line as a workflow
 * command, so every output writes its `[` as `\u{005B}` (neutralizeLegacyCommands),
 * and a command holding one would name another word.
 */
const LEGACY_COMMAND = /(?<=#)(?=#\[)/;

/** A word as a shell reads it back, holding no `##[`. Throws for a word no command line can pass (see canPass). */
export function shellWord(word: string): string {
  return word.includes('##[') ? word.split(LEGACY_COMMAND).map(quoted).join('') : quoted(word);
}

/** A word as a shell reads it back. */
function quoted(word: string): string {
  if (PLAIN.test(word)) return word;
  if (word.search(UNSAFE) < 0) return `'${word.replace(/'/g, `'\\''`)}'`;
  if (!canPass(word)) throw new Error('shellWord: no command line can pass a lone surrogate or NUL');
  return `$'${word.replace(IN_ANSI_C, (ch, at: number) => ansiC(ch, word[at + ch.length]))}'`;
}

/** A character as `$'…'` writes it, given the one after it. */
function ansiC(ch: string, next: string | undefined): string {
  if (ch === '\\' || ch === "'") return `\\${ch}`;
  if (ch === '\n') return '\\n';
  if (ch === '\t') return '\\t';
  if (ch === '\r') return '\\r';
  const bytes = [...UTF8.encode(ch)].map((b) => `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  // bash and zsh read two hex digits after `\x`, but POSIX leaves more than two
  // unspecified: a hex digit that follows goes in a `$'…'` of its own.
  return next !== undefined && HEX_DIGIT.test(next) ? `${bytes}'$'` : bytes;
}

/**
 * The command that re-pins these sources, by id: `citegate pin ID...`. Each
 * id is one the manifest took, and so one a command line can pass: it
 * refuses lone surrogates and control characters (NUL among them) in a
 * source id.
 */
export function pinCommandLine(ids: Iterable<string>): string {
  const words = [...ids];
  const end = words.some((id) => id.startsWith('-')) ? ' --' : '';
  return `citegate pin${end}${words.map((id) => ` ${shellWord(id)}`).join('')}`;
}
