// A strict JSON (RFC 8259) parser that keeps positions.
//
// JSON.parse cannot do this job: it gives no position for a value, silently keeps
// the last of two duplicate keys, and its error messages do not name a line. The
// `yaml` package would accept comments, trailing commas and more. So this small
// recursive-descent parser exists; it refuses everything RFC 8259 does not allow
// and says what it found, where.
//
// Objects become Map<string, unknown> (a key such as "__proto__" is just a key),
// and the start offset of every array element is kept for reporting lines.

export class JsonSyntaxError extends Error {
  /** `firstOffset`: for a duplicate key, where the key first appeared. */
  constructor(message: string, readonly offset: number, readonly firstOffset?: number) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export interface ParsedJson {
  value: unknown;
  /** Offset in the text where each element of each parsed array starts. */
  elementOffsets: WeakMap<unknown[], number[]>;
  /** Offset where the top-level value starts. */
  offset: number;
}

/** Nesting deeper than this is refused: no real citation file comes close. */
export const MAX_JSON_DEPTH = 256;

export function parseStrictJson(text: string, start = 0, end = text.length): ParsedJson {
  return new Parser(text, start, end).parseDocument();
}

function describe(text: string, at: number, end: number): string {
  const cp = at < end ? text.codePointAt(at) : undefined;
  if (cp === undefined) return 'end of input';
  if (cp < 0x20 || cp === 0x7f) return `control character U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${String.fromCodePoint(cp)}'`;
}

class Parser {
  private pos: number;
  private readonly elementOffsets = new WeakMap<unknown[], number[]>();

  constructor(private readonly text: string, start: number, private readonly end: number) {
    this.pos = start;
  }

  parseDocument(): ParsedJson {
    this.skipWhitespace();
    const offset = this.pos;
    if (this.pos >= this.end) throw new JsonSyntaxError('empty input: expected a JSON value', this.pos);
    const value = this.parseValue(0);
    this.skipWhitespace();
    if (this.pos < this.end) {
      throw new JsonSyntaxError(
        `unexpected ${describe(this.text, this.pos, this.end)} after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)`,
        this.pos,
      );
    }
    return { value, elementOffsets: this.elementOffsets, offset };
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

  private parseValue(depth: number): unknown {
    const t = this.text;
    const c = t.charCodeAt(this.pos);
    switch (c) {
      case 0x7b: return this.parseObject(depth + 1);
      case 0x5b: return this.parseArray(depth + 1);
      case 0x22: return this.parseString();
      case 0x74: return this.parseLiteral('true', true);
      case 0x66: return this.parseLiteral('false', false);
      case 0x6e: return this.parseLiteral('null', null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.parseNumber();
        if (this.pos >= this.end) throw new JsonSyntaxError('unexpected end of input: expected a JSON value', this.pos);
        for (const word of ['NaN', 'Infinity', '+Infinity', 'undefined']) {
          if (t.startsWith(word, this.pos)) throw new JsonSyntaxError(`${word} is not a JSON value`, this.pos);
        }
        if (c === 0x27) throw new JsonSyntaxError('strings in JSON take double quotes, not single quotes', this.pos);
        throw new JsonSyntaxError(`unexpected ${describe(t, this.pos, this.end)}: expected a JSON value`, this.pos);
    }
  }

  private checkDepth(depth: number): void {
    if (depth > MAX_JSON_DEPTH) {
      throw new JsonSyntaxError(`nesting deeper than ${MAX_JSON_DEPTH} levels`, this.pos);
    }
  }

  private parseObject(depth: number): Map<string, unknown> {
    this.checkDepth(depth);
    const result = new Map<string, unknown>();
    const keyOffsets = new Map<string, number>();
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return result;
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== 0x22) {
        if (this.text.charCodeAt(this.pos) === 0x7d) throw new JsonSyntaxError('trailing comma before }', this.pos);
        throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: expected a key in double quotes`, this.pos);
      }
      const keyOffset = this.pos;
      const key = this.parseString();
      const first = keyOffsets.get(key);
      if (first !== undefined) {
        throw new JsonSyntaxError(`duplicate key ${JSON.stringify(key)}`, keyOffset, first);
      }
      keyOffsets.set(key, keyOffset);
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) {
        throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: expected ':' after the key`, this.pos);
      }
      this.pos++;
      this.skipWhitespace();
      result.set(key, this.parseValue(depth));
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === 0x7d) {
        this.pos++;
        return result;
      } else {
        throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: expected ',' or '}'`, this.pos);
      }
    }
  }

  private parseArray(depth: number): unknown[] {
    this.checkDepth(depth);
    const result: unknown[] = [];
    const offsets: number[] = [];
    this.elementOffsets.set(result, offsets);
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return result;
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) === 0x5d) throw new JsonSyntaxError('trailing comma before ]', this.pos);
      offsets.push(this.pos);
      result.push(this.parseValue(depth));
      this.skipWhitespace();
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x2c) {
        this.pos++;
        this.skipWhitespace();
      } else if (c === 0x5d) {
        this.pos++;
        return result;
      } else {
        throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: expected ',' or ']'`, this.pos);
      }
    }
  }

  private parseString(): string {
    const t = this.text;
    const open = this.pos;
    let i = open + 1;
    let chunkStart = i;
    let out = '';
    for (;;) {
      if (i >= this.end) throw new JsonSyntaxError('unterminated string', open);
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return out + t.slice(chunkStart, i);
      }
      if (c < 0x20) {
        throw new JsonSyntaxError(`${describe(t, i, this.end)} in a string must be escaped`, i);
      }
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += t.slice(chunkStart, i);
      const e = t.charCodeAt(i + 1);
      switch (e) {
        case 0x22: out += '"'; break;
        case 0x5c: out += '\\'; break;
        case 0x2f: out += '/'; break;
        case 0x62: out += '\b'; break;
        case 0x66: out += '\f'; break;
        case 0x6e: out += '\n'; break;
        case 0x72: out += '\r'; break;
        case 0x74: out += '\t'; break;
        case 0x75: {
          const hex = t.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError('\\u must be followed by four hex digits', i);
          // A lone surrogate is valid JSON text; the record check refuses it later.
          out += String.fromCharCode(parseInt(hex, 16));
          i += 4;
          break;
        }
        default:
          throw new JsonSyntaxError(`invalid escape \\${i + 1 < this.end ? String.fromCodePoint(t.codePointAt(i + 1)!) : ''}`, i);
      }
      i += 2;
      chunkStart = i;
    }
  }

  private parseNumber(): number {
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
    if (t.charCodeAt(i) === 0x30 && intEnd - i > 1) throw new JsonSyntaxError('numbers in JSON have no leading zeros', i);
    i = intEnd;
    if (t.charCodeAt(i) === 0x2e) {
      const fracEnd = digitsAt(i + 1);
      if (fracEnd === i + 1) throw new JsonSyntaxError('a decimal point must be followed by digits', i);
      i = fracEnd;
    }
    if (t.charCodeAt(i) === 0x65 || t.charCodeAt(i) === 0x45) {
      i++;
      if (t.charCodeAt(i) === 0x2b || t.charCodeAt(i) === 0x2d) i++;
      const expEnd = digitsAt(i);
      if (expEnd === i) throw new JsonSyntaxError('an exponent needs digits', i);
      i = expEnd;
    }
    this.pos = i;
    return Number(t.slice(start, i));
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (this.pos + word.length > this.end || !this.text.startsWith(word, this.pos)) {
      throw new JsonSyntaxError(`unexpected ${describe(this.text, this.pos, this.end)}: expected a JSON value`, this.pos);
    }
    this.pos += word.length;
    return value;
  }
}
