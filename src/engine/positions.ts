import { Buffer } from 'node:buffer';

// Line and column of an offset, as SARIF and GitHub count them: lines and
// columns from 1, columns in code points, lines ended by LF, CRLF or CR.

export interface Position {
  line: number;
  column: number;
}

/**
 * Counting a column means counting code points from the start of its line; a
 * line may be megabytes long (a minified file, a source without line breaks).
 * So the last answer is remembered, and a later offset on the same line counts
 * on from there: positions asked in order cost one pass in all.
 */
class ColumnCursor {
  private offset = -1;
  private line = -1;
  private column = 0;

  /** Column at `offset` on `line` (starting at `lineStart`), counting code points with `count(from, to)`. */
  at(line: number, lineStart: number, offset: number, count: (from: number, to: number) => number): number {
    if (line === this.line && offset >= this.offset) this.column += count(this.offset, offset);
    else this.column = 1 + count(lineStart, offset);
    this.line = line;
    this.offset = offset;
    return this.column;
  }
}

/** Positions in a JavaScript string (citation files, manifests). */
export class TextLineIndex {
  private readonly starts: number[] = [0];
  private readonly cursor = new ColumnCursor();

  constructor(private readonly text: string) {
    if (!text.includes('\r')) {
      // No CR: let the native search find the LFs.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) this.starts.push(i + 1);
      else if (c === 0x0d) {
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        this.starts.push(i + 1);
      }
    }
  }

  position(offset: number): Position {
    const line = lastAtOrBelow(this.starts, offset);
    const column = this.cursor.at(line, this.starts[line], offset, (from, to) => {
      let n = 0;
      for (let i = from; i < to; i++) {
        const c = this.text.charCodeAt(i);
        // The low half of a surrogate pair does not start a code point.
        if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && isHighSurrogate(this.text.charCodeAt(i - 1)))) n++;
      }
      return n;
    });
    return { line: line + 1, column };
  }
}

/** Positions in UTF-8 bytes (source files, after a BOM). Built lazily: most sources never need one. */
export class ByteLineIndex {
  private starts: Int32Array | undefined;
  private readonly cursor = new ColumnCursor();

  constructor(private readonly bytes: Uint8Array) {}

  position(offset: number): Position {
    const starts = (this.starts ??= lineStarts(this.bytes));
    const line = lastAtOrBelow(starts, offset);
    const column = this.cursor.at(line, starts[line], offset, (from, to) => {
      let n = 0;
      for (let i = from; i < to; i++) if ((this.bytes[i] & 0xc0) !== 0x80) n++;
      return n;
    });
    return { line: line + 1, column };
  }
}

function lineStarts(bytes: Uint8Array): Int32Array {
  const starts: number[] = [0];
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.indexOf(0x0d) < 0) {
    // No CR: let the native search find the LFs.
    for (let i = buf.indexOf(0x0a); i >= 0; i = buf.indexOf(0x0a, i + 1)) starts.push(i + 1);
    return Int32Array.from(starts);
  }
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) starts.push(i + 1);
    else if (b === 0x0d) {
      if (bytes[i + 1] === 0x0a) i++;
      starts.push(i + 1);
    }
  }
  return Int32Array.from(starts);
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** The index of the last element at or below `value` in an ascending list (0 when none is). */
export function lastAtOrBelow(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
