// Untrusted text (ids, quotes, file names from a pull request) made safe for
// each place it is shown. Every report goes through one of these.

/**
 * Characters that must never reach a terminal or a log raw: C0 and C1 controls
 * (escape sequences, carriage returns that overwrite a line, newlines that forge
 * one), DEL, line and paragraph separators, bidirectional overrides that reorder
 * what is shown, and lone surrogates. Global: use it with replace or search,
 * which do not depend on its lastIndex.
 */
export const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const UNSAFE_OR_BACKSLASH = new RegExp(`\\\\|${UNSAFE.source}`, 'gu');

function escapeChar(ch: string): string {
  switch (ch) {
    case '\\':
      return '\\\\';
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default:
      return `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`;
  }
}

/**
 * For a value a script may parse back (an id in `id: verdict`): unsafe
 * characters and backslashes escaped, so the escaping can be undone.
 */
export function escapeValue(text: string): string {
  return text.replace(UNSAFE_OR_BACKSLASH, escapeChar);
}

/**
 * Characters JSON.stringify leaves raw that must not reach a terminal either
 * (DEL, C1 controls, line separators, bidirectional controls): inside JSON
 * text they can only stand in strings, where a \u escape means the same.
 */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text (from JSON.stringify) with those characters written as \u
 * escapes, and the `[` of every `##[` too: a runner reads `##[command]`
 * anywhere in a line of a step's output (see neutralizeLegacyCommands), and in
 * JSON text it can only stand in a string, where `\u005b` means the same.
 */
export function escapeJsonText(json: string): string {
  const text = json.includes('##[') ? json.replaceAll('##[', '##\\u005b') : json;
  JSON_UNSAFE.lastIndex = 0;
  if (!JSON_UNSAFE.test(text)) return text;
  return text.replace(JSON_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** For a message a person reads: unsafe characters escaped, backslashes kept. */
export function escapeMessage(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Markdown and GitHub syntax, so that nothing in a cell turns into a table
  // column, emphasis, code, a link, a mention or a heading.
  '|': '&#124;',
  '`': '&#96;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '\\': '&#92;',
  '~': '&#126;',
  '#': '&#35;',
  '@': '&#64;',
  '!': '&#33;',
  ':': '&#58;',
};

/**
 * For the job summary: text shown as text inside HTML, on one line. Unsafe
 * characters are escaped first (so a newline can never end an HTML block and
 * start Markdown), then everything HTML or Markdown would read as syntax.
 */
export function escapeHtml(text: string): string {
  return (
    escapeMessage(text)
      .replace(/[&<>"'|`*_[\]\\~#@!:]/g, (ch) => HTML_ENTITIES[ch])
      // GitHub links `www.` followed by a domain even with no `:` or `@`; its
      // autolinker reads the raw text, so an escaped dot breaks the pattern.
      .replace(/(?<=www)\./giu, '&#46;')
  );
}

/**
 * How much of an input file's own text a message may quote: a name, a key, a
 * token. Reports carry messages to logs and artifacts, so no file's text goes
 * into one beyond a short excerpt (escaped where it is shown).
 */
export const EXCERPT = 40;

/** A short excerpt of a file's text for a message, in double quotes. */
export function excerpt(text: string, max = EXCERPT): string {
  return `"${shorten(text, max)}"`;
}

/** How much of a message from outside (an API error, git, the system) a message may hold. */
export const OUTSIDE_SHOWN = 300;

/**
 * An error's message, cut to OUTSIDE_SHOWN: one from outside may quote what it
 * failed on (an API's whole response body, megabytes of it).
 */
export function messageOf(error: unknown): string {
  return shorten(error instanceof Error ? error.message : String(error), OUTSIDE_SHOWN);
}

/** Shortens to at most `max` code points, marking the cut with an ellipsis. */
export function shorten(text: string, max: number): string {
  // UTF-16 units are at least as many as code points: a text that fits in them fits.
  if (text.length <= max) return text;
  // Counted only as far as needed: a 100 MB message is cut without an array of its characters.
  let cut = 0;
  for (let n = 0; n < max - 1 && cut < text.length; n++) cut += codePointWidth(text, cut);
  if (cut >= text.length || cut + codePointWidth(text, cut) >= text.length) return text;
  return `${text.slice(0, cut)}…`;
}

/** 2 for a surrogate pair at `i`, else 1 (a lone surrogate is a code point of its own, as [...text] has it). */
function codePointWidth(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length) return 1;
  const next = text.charCodeAt(i + 1);
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

/** For an attribute value built from percent-encoded parts (a link). */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]);
}

// .NET's Trim(), which the runner applies before looking for `::`, drops any
// Unicode white space, not just spaces and tabs: U+0085 too, which \s lacks.
const WHITESPACE = /[\s\u0085]/u;
/** That white space but the line breaks the runner splits lines at, as a pattern. */
const SPACE = String.raw`(?:[^\S\r\n]|\u0085)`;

/** Where a stream's output stands relative to the start of its current line. */
export type LineState = 'start' | 'colon' | 'inside';

/**
 * A GitHub runner reads any line of a step's output that starts with `::`
 * (after spaces) as a workflow command, so untrusted text at the start of a
 * line could issue one when citegate runs in a `run:` step. This writes the
 * second colon of such a line as `\u{003A}`, so the line starts `:\u{003A}`.
 * `state` carries a line split across writes: `start` (only spaces so far),
 * `colon` (spaces and one colon), `inside` (anything else).
 */
export function neutralizeCommands(text: string, state: LineState): { text: string; state: LineState } {
  // 1. The line an earlier write left open, one character at a time, until it is decided.
  const firstBreak = text.search(LINE_BREAK);
  const headEnd = firstBreak < 0 ? text.length : firstBreak;
  let head = text.slice(0, headEnd);
  for (let i = 0; i < headEnd && state !== 'inside'; i++) {
    const ch = text[i];
    if (ch === ':' && state === 'start') state = 'colon';
    else if (ch === ':') {
      head = `${text.slice(0, i)}\\u{003A}${text.slice(i + 1, headEnd)}`;
      state = 'inside';
    } else if (!(state === 'start' && WHITESPACE.test(ch))) state = 'inside';
  }
  if (firstBreak < 0) return { text: head, state };
  // 2. Whole lines: one pass of a regular expression finds those that start with `::`.
  const rest = text.slice(firstBreak).replace(COMMAND_LINE, '$1$2:\\u{003A}');
  // 3. The last line, perhaps cut short: how it starts so far.
  const last = text.slice(Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  return { text: head + rest, state: BLANK.test(last) ? 'start' : BLANK_THEN_COLON.test(last) ? 'colon' : 'inside' };
}

/**
 * The runner also reads an older form of workflow command, `##[command]data`,
 * and looks for it anywhere in a line (actions/runner's ActionCommand.TryParse
 * finds `##[` with IndexOf), so untrusted text anywhere could issue one. This
 * writes the `[` of every `##[` as `\u{005B}`. `hashes` carries the number of
 * `#` that ended the text written before (0 to 2), for a `##[` split across
 * writes.
 */
export function neutralizeLegacyCommands(text: string, hashes: number): { text: string; hashes: number } {
  const joined = '#'.repeat(hashes) + text;
  // Only `[` changes, never a `#`: the carried ones are cut off again unchanged.
  const safe = joined.includes('##[') ? joined.replaceAll('##[', '##\\u{005B}') : joined;
  let trailing = 0;
  while (trailing < 2 && joined.charCodeAt(joined.length - 1 - trailing) === 0x23) trailing++;
  return { text: safe.slice(hashes), hashes: trailing };
}

// The runner reads its output line by line, and a carriage return ends a line
// there as a line feed does.
const LINE_BREAK = /[\r\n]/u;
const COMMAND_LINE = new RegExp(String.raw`([\r\n])(${SPACE}*)::`, 'gu');
const BLANK = new RegExp(`^${SPACE}*$`, 'u');
const BLANK_THEN_COLON = new RegExp(`^${SPACE}*:$`, 'u');
