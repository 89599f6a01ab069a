// Strict JSON (RFC 8259) with positions.
//
// JSON.parse alone cannot do this job: it gives no position for a value,
// silently keeps the last of two duplicate keys, and its error messages do not
// name a line. The `yaml` package would accept comments, trailing commas and
// more. So the native JSON.parse, many times faster than anything written
// here, builds the values, and a small scanner notes where the records start
// and refuses what JSON.parse lets through: duplicate keys, nesting too deep,
// too many records. JSON.parse refuses everything else RFC 8259 does not
// allow; when it does, the scanner reads the text again, checking everything,
// to say what it found where (and a large text is checked that way first).
// Either way a key such as "__proto__" becomes an ordinary own property.

import { excerpt } from '../model/escape.js';

export class JsonSyntaxError extends Error {
  /** `firstOffset`: for a duplicate key, where the key first appeared. */
  constructor(
    message: string,
    readonly offset: number,
    readonly firstOffset?: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export interface ParsedJson {
  value: unknown;
  /**
   * Where each element starts, for the array that holds the records: the
   * top-level array, or the array under the top-level key "citations".
   */
  recordOffsets: number[] | undefined;
  /** Offset where the top-level value starts. */
  offset: number;
  /** For a top-level object: where the value of each key starts. */
  keyOffsets: ReadonlyMap<string, number>;
  /** For each record that is an object with a `claim`: from where the record starts to where that value starts. */
  claimOffsets: ReadonlyMap<number, number>;
}

/**
 * Where a value starts in the text (its first character: a quote, a bracket,
 * a digit), and, for the values scanOffsets() follows, where their parts start.
 */
export interface JsonOffsets {
  readonly offset: number;
  /** For a followed object: where the value of each followed key starts. */
  readonly keys?: ReadonlyMap<string, JsonOffsets>;
  /** For a followed array: where each element starts. */
  readonly items?: readonly JsonOffsets[];
}

interface OffsetsBuilder {
  offset: number;
  keys?: Map<string, OffsetsBuilder>;
  items?: OffsetsBuilder[];
}

/**
 * Where the values of JSON text start, as a tree: the top-level value is
 * followed, and so is every element of a followed array and the value of each
 * key in `follow` of a followed object; nothing else is kept (a response's
 * `usage` or a tool's `input` cost nothing). For text parseStrictJson() has
 * read already: it is not checked again. `report`: the text is a report that
 * JSON.parse has read (RFC 8259's rules alone, see jsonSyntaxError): of a key
 * given twice, the value of the last is kept, as JSON.parse keeps it.
 */
export function scanOffsets(
  text: string,
  follow: ReadonlySet<string>,
  start = 0,
  end = text.length,
  report = false,
): JsonOffsets {
  const scanner = new Scanner(text, start, end, false, true, follow, report);
  scanner.scanDocument();
  return scanner.tree!;
}

/** Nesting deeper than this is refused: no real citation file comes close. */
export const MAX_JSON_DEPTH = 256;

/**
 * A file with more records than this is refused: each record costs memory
 * until the run ends, and 64 MiB of `[0,0,…]` would otherwise be 32 million.
 */
export const MAX_RECORDS_PER_FILE = 200_000;
/** The problem of a file with more records (made when needed: toLocaleString loads the locale data, some 8 MB). */
export const tooManyRecords = () =>
  `more than ${MAX_RECORDS_PER_FILE.toLocaleString('en-US')} records in one file: split it into smaller files`;

/**
 * Texts longer than this are scanned, checking everything, before JSON.parse
 * builds anything: 64 MiB of `[[[[…` or `[0,0,…` would take JSON.parse 15 s and
 * 2 GB before the scan refused it (measured on 16 MB: 3.7 s, 464 MB). Shorter
 * ones cost it, at the same rate, at most a quarter of a second and 30 MB.
 */
const CHECK_FIRST_CHARS = 1 << 20;

/** `line`: the text is one line of a JSON Lines file, not a whole file. */
export function parseStrictJson(text: string, start = 0, end = text.length, line = false): ParsedJson {
  const json = start === 0 && end === text.length ? text : text.slice(start, end);
  const scan = (valid: boolean) => new Scanner(text, start, end, line, valid).scanDocument();
  if (end - start > CHECK_FIRST_CHARS) return { ...scan(false), value: JSON.parse(json) };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    // Not JSON: the checking scan throws a JsonSyntaxError saying what and where.
    scan(false);
    // It found nothing wrong where JSON.parse did: a bug here, which must not pass.
    throw error;
  }
  return { ...scan(true), value };
}

/** The first JSON value of a text, and where it is. */
export interface FirstJsonValue {
  readonly value: unknown;
  /** Where it starts and where it ends. */
  readonly offset: number;
  readonly end: number;
  /** Where what follows it starts, past white space: the text's length when nothing does. */
  readonly next: number;
}

/**
 * The first JSON value of a text that may hold more after it (values written
 * one after another), checked as a file's value is, or undefined when the text
 * does not start with one. Reads the text no further than that value.
 */
export function firstJsonValue(text: string): FirstJsonValue | undefined {
  let found: { offset: number; end: number };
  try {
    found = new Scanner(text, 0, text.length, false, false).scanValue();
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
  const { offset, end } = found;
  WHITE_SPACE.lastIndex = end;
  WHITE_SPACE.test(text);
  return { value: JSON.parse(text.slice(offset, end)), offset, end, next: WHITE_SPACE.lastIndex };
}

const WHITE_SPACE = /[ \t\r\n]*/y;

/**
 * Why and where JSON.parse refused a text that is not a citation file (a
 * report read back): the checking scan, with RFC 8259's rules alone (a
 * duplicate key and any number of elements pass, as JSON.parse lets them),
 * so that the message names what it found and the offset where. Undefined
 * when the scan finds nothing wrong.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    new Scanner(text, 0, text.length, false, false, undefined, true).scanDocument();
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  return undefined;
}

const INVISIBLE = /^[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]$/u;

function describe(text: string, at: number, end: number): string {
  const cp = at < end ? text.codePointAt(at) : undefined;
  if (cp === undefined) return 'end of input';
  const code = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return `control character ${code}`;
  // A character that shows as nothing or as a plain space (a BOM, a no-break
  // space, a bidi mark, a lone surrogate) is the likely culprit: name it.
  if (INVISIBLE.test(String.fromCodePoint(cp))) return `invisible character ${code}`;
  return `'${String.fromCodePoint(cp)}'`;
}

const HEX = /^[0-9a-fA-F]{4}$/;
/** Beyond this many keys, an object's keys are looked up in a Map. */
const MANY_KEYS = 16;
/** What ends a run of plain characters in a JSON string: its quote, an escape, a control character. */
const STRING_SPECIAL = /["\\\x00-\x1f]/g;

class Scanner {
  private pos: number;
  private recordOffsets: number[] | undefined;
  private readonly keyOffsets = new Map<string, number>();
  private readonly claimOffsets = new Map<number, number>();
  /** With `follow`: where the followed values start (scanOffsets). */
  tree: OffsetsBuilder | undefined;

  /**
   * `valid`: JSON.parse has read the text, so its strings need no checking, only skipping.
   * `report`: the text is a report, not a citation file: RFC 8259's rules alone (see jsonSyntaxError).
   */
  constructor(
    private readonly text: string,
    start: number,
    private readonly end: number,
    private readonly line: boolean,
    private readonly valid: boolean,
    private readonly follow?: ReadonlySet<string>,
    private readonly report = false,
  ) {
    this.pos = start;
  }

  scanDocument(): Omit<ParsedJson, 'value'> {
    this.skipWhitespace();
    const offset = this.pos;
    if (this.pos >= this.end) throw new JsonSyntaxError('empty input: expected a JSON value', this.pos);
    if (this.follow) this.tree = { offset };
    this.value(0, 'top', this.tree);
    this.skipWhitespace();
    if (this.pos < this.end) {
      throw new JsonSyntaxError(
        `unexpected ${describe(this.text, this.pos, this.end)} after the JSON value: ` +
          (this.line
            ? 'a line of a JSON Lines file holds exactly one record'
            : this.report
              ? 'a report holds exactly one value'
              : 'a JSON file holds exactly one value (use .jsonl for one record per line)'),
        this.pos,
      );
    }
    return { offset, recordOffsets: this.recordOffsets, keyOffsets: this.keyOffsets, claimOffsets: this.claimOffsets };
  }

  /** The first value of the text, checked: where it starts and ends (what follows is not looked at). */
  scanValue(): { offset: number; end: number } {
    this.skipWhitespace();
    const offset = this.pos;
    this.value(0, 'other');
    return { offset, end: this.pos };
  }

  private unexpected(expected: string): never {
    throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: ${expected}`, this.pos);
  }

  private skipWhitespace(): void {
    const t = this.text;
    while (this.pos < this.end) {
      const c = t.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        this.pos++;
      } else if (c === 0x2f && (t.charCodeAt(this.pos + 1) === 0x2f || t.charCodeAt(this.pos + 1) === 0x2a)) {
        throw new JsonSyntaxError('comments are not allowed in JSON', this.pos);
      } else {
        return;
      }
    }
  }

  /** `role`: 'top' for the document, 'records' for the array that holds the records, 'record' for one of them. */
  /** `node`: where to note the offsets of its parts, when it is followed (scanOffsets). */
  private value(depth: number, role: 'top' | 'records' | 'record' | 'other', node?: OffsetsBuilder): void {
    const t = this.text;
    const c = this.pos < this.end ? t.charCodeAt(this.pos) : -1;
    switch (c) {
      case 0x7b:
        this.object(depth + 1, role === 'top', role === 'record', node);
        return;
      case 0x5b:
        this.array(depth + 1, role === 'top' || role === 'records', node);
        return;
      case 0x22:
        this.string(false);
        return;
      case 0x74:
        this.literal('true');
        return;
      case 0x66:
        this.literal('false');
        return;
      case 0x6e:
        this.literal('null');
        return;
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          this.number();
          return;
        }
        if (c < 0) throw new JsonSyntaxError('unexpected end of input: expected a JSON value', this.pos);
        for (const word of ['NaN', 'Infinity', '+Infinity', 'undefined']) {
          if (t.startsWith(word, this.pos)) throw new JsonSyntaxError(`${word} is not a JSON value`, this.pos);
        }
        if (c === 0x27) throw new JsonSyntaxError('strings in JSON take double quotes, not single quotes', this.pos);
        this.unexpected('expected a JSON value');
    }
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_JSON_DEPTH) throw new JsonSyntaxError(`nesting deeper than ${MAX_JSON_DEPTH} levels`, this.pos);
  }

  private object(depth: number, top: boolean, record: boolean, node: OffsetsBuilder | undefined): void {
    this.checkDepth(depth);
    const start = this.pos;
    // The keys so far and where each is: a list, looked through, for the few
    // keys of a record (a Map for each of a file's objects costs more); a Map
    // once there are many.
    const names: string[] = [];
    const offsets: number[] = [];
    let index: Map<string, number> | undefined;
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d && this.pos < this.end) {
      this.pos++;
      return;
    }
    // Where the last comma was: a trailing one is reported there, where it is to be deleted.
    let comma = this.pos;
    for (;;) {
      if (this.pos >= this.end || this.text.charCodeAt(this.pos) !== 0x22) {
        if (this.pos < this.end && this.text.charCodeAt(this.pos) === 0x7d)
          throw new JsonSyntaxError('trailing comma before }', comma);
        this.unexpected('expected a key in double quotes');
      }
      const keyOffset = this.pos;
      const key = this.string(true);
      let first: number | undefined;
      if (index) first = index.get(key);
      else {
        const k = names.indexOf(key);
        if (k >= 0) first = offsets[k];
      }
      if (first !== undefined && !this.report)
        throw new JsonSyntaxError(`duplicate key ${excerpt(key)}`, keyOffset, first);
      if (index) index.set(key, keyOffset);
      else {
        names.push(key);
        offsets.push(keyOffset);
        if (names.length > MANY_KEYS) index = new Map(names.map((name, k) => [name, offsets[k]]));
      }
      this.skipWhitespace();
      if (this.pos >= this.end || this.text.charCodeAt(this.pos) !== 0x3a)
        this.unexpected("expected ':' after the key");
      this.pos++;
      this.skipWhitespace();
      if (top) this.keyOffsets.set(key, this.pos);
      if (record && key === 'claim') this.claimOffsets.set(start, this.pos);
      let child: OffsetsBuilder | undefined;
      if (node !== undefined && this.follow!.has(key)) {
        child = { offset: this.pos };
        (node.keys ??= new Map()).set(key, child);
      }
      this.value(depth, top && key === 'citations' ? 'records' : 'other', child);
      this.skipWhitespace();
      const c = this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
      if (c === 0x2c) {
        comma = this.pos++;
        this.skipWhitespace();
      } else if (c === 0x7d) {
        this.pos++;
        return;
      } else {
        this.unexpected("expected ',' or '}'");
      }
    }
  }

  private array(depth: number, records: boolean, node: OffsetsBuilder | undefined): void {
    this.checkDepth(depth);
    const offsets: number[] | undefined = records ? [] : undefined;
    if (offsets) this.recordOffsets = offsets;
    if (node !== undefined) node.items = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d && this.pos < this.end) {
      this.pos++;
      return;
    }
    let comma = this.pos;
    for (;;) {
      if (this.pos < this.end && this.text.charCodeAt(this.pos) === 0x5d)
        throw new JsonSyntaxError('trailing comma before ]', comma);
      if (offsets) {
        if (offsets.length === MAX_RECORDS_PER_FILE && !this.report) {
          throw new JsonSyntaxError(tooManyRecords(), this.pos);
        }
        offsets.push(this.pos);
      }
      let child: OffsetsBuilder | undefined;
      if (node !== undefined) node.items!.push((child = { offset: this.pos }));
      this.value(depth, records ? 'record' : 'other', child);
      this.skipWhitespace();
      const c = this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
      if (c === 0x2c) {
        comma = this.pos++;
        this.skipWhitespace();
      } else if (c === 0x5d) {
        this.pos++;
        return;
      } else {
        this.unexpected("expected ',' or ']'");
      }
    }
  }

  /** Checks a string, or skips it in valid text; returns its value when `wanted` (keys need it), else ''. */
  private string(wanted: boolean): string {
    const t = this.text;
    const open = this.pos;
    if (this.valid) {
      // The closing quote is the first one after an even number of backslashes.
      let close = t.indexOf('"', open + 1);
      for (;;) {
        let slashes = 0;
        while (t.charCodeAt(close - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
        close = t.indexOf('"', close + 1);
      }
      this.pos = close + 1;
      if (!wanted) return '';
      const raw = t.slice(open + 1, close);
      return raw.includes('\\') ? (JSON.parse(t.slice(open, close + 1)) as string) : raw;
    }
    let escaped = false;
    for (let i = open + 1; ; i++) {
      // Most of a string is plain characters: the native search skips them.
      STRING_SPECIAL.lastIndex = i;
      i = STRING_SPECIAL.test(t) ? STRING_SPECIAL.lastIndex - 1 : this.end;
      if (i >= this.end) throw new JsonSyntaxError('unterminated string', open);
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return !wanted ? '' : escaped ? (JSON.parse(t.slice(open, i + 1)) as string) : t.slice(open + 1, i);
      }
      if (c < 0x20) throw new JsonSyntaxError(`${describe(t, i, this.end)} in a string must be escaped`, i);
      escaped = true;
      const e = t.charCodeAt(i + 1);
      if (e === 0x75) {
        if (!HEX.test(t.slice(i + 2, Math.min(i + 6, this.end))))
          throw new JsonSyntaxError('\\u must be followed by four hex digits', i);
        i += 5;
      } else if (
        e === 0x22 ||
        e === 0x5c ||
        e === 0x2f ||
        e === 0x62 ||
        e === 0x66 ||
        e === 0x6e ||
        e === 0x72 ||
        e === 0x74
      ) {
        i++;
      } else {
        throw new JsonSyntaxError(
          `invalid escape \\${i + 1 < this.end ? String.fromCodePoint(t.codePointAt(i + 1)!) : ''}`,
          i,
        );
      }
    }
  }

  private number(): void {
    const t = this.text;
    const start = this.pos;
    let i = start;
    if (t.charCodeAt(i) === 0x2d) i++;
    const digitsAt = (k: number) => {
      let m = k;
      while (m < this.end && t.charCodeAt(m) >= 0x30 && t.charCodeAt(m) <= 0x39) m++;
      return m;
    };
    if (t.startsWith('Infinity', i)) throw new JsonSyntaxError('-Infinity is not a JSON value', start);
    const intEnd = digitsAt(i);
    if (intEnd === i) throw new JsonSyntaxError('a number needs digits', i);
    if (t.charCodeAt(i) === 0x30 && intEnd - i > 1)
      throw new JsonSyntaxError('numbers in JSON have no leading zeros', i);
    i = intEnd;
    if (i < this.end && t.charCodeAt(i) === 0x2e) {
      const fracEnd = digitsAt(i + 1);
      if (fracEnd === i + 1) throw new JsonSyntaxError('a decimal point must be followed by digits', i);
      i = fracEnd;
    }
    if (i < this.end && (t.charCodeAt(i) === 0x65 || t.charCodeAt(i) === 0x45)) {
      i++;
      if (t.charCodeAt(i) === 0x2b || t.charCodeAt(i) === 0x2d) i++;
      const expEnd = digitsAt(i);
      if (expEnd === i) throw new JsonSyntaxError('an exponent needs digits', i);
      i = expEnd;
    }
    this.pos = i;
  }

  private literal(word: string): void {
    if (this.pos + word.length > this.end || !this.text.startsWith(word, this.pos))
      this.unexpected('expected a JSON value');
    this.pos += word.length;
  }
}
