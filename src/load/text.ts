// Bytes to text, strictly: invalid UTF-8 is an error with its position, never
// replaced, and a leading byte order mark is encoding, not text (SPEC §3).
import { Buffer, isUtf8 } from 'node:buffer';
import { TextLineIndex, type Position } from '../engine/positions.js';

export type DecodedText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string; readonly position: Position };

const BOM = [0xef, 0xbb, 0xbf];

/** Length of a leading UTF-8 byte order mark (3), or 0. */
export function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === BOM[0] && bytes[1] === BOM[1] && bytes[2] === BOM[2] ? 3 : 0;
}

export function decodeUtf8Text(bytes: Buffer): DecodedText {
  if (!isUtf8(bytes)) {
    const bad = firstInvalidUtf8(bytes);
    const before = bytes.toString('utf8', bomLength(bytes), bad);
    const position = new TextLineIndex(before).position(before.length);
    return {
      ok: false,
      reason: invalidUtf8At(bytes, bad),
      position,
    };
  }
  return { ok: true, text: bytes.toString('utf8', bomLength(bytes)) };
}

function invalidUtf8At(bytes: Uint8Array, at: number): string {
  const utf16 = utf16ByteOrderMark(bytes);
  if (utf16 !== undefined && at === 0)
    return `not valid UTF-8: it starts with the byte order mark of ${utf16} (${utf16 === 'UTF-16LE' ? '0xFF 0xFE' : '0xFE 0xFF'}): save it as UTF-8`;
  return `not valid UTF-8: byte 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')} at offset ${at} does not start or continue a character`;
}

/**
 * The UTF-16 encoding a file's first two bytes say it is in, if they are a
 * UTF-16 byte order mark: editors on Windows save text so, and "byte 0xFF at
 * offset 0" does not tell a user what to do about it.
 */
export function utf16ByteOrderMark(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return undefined;
}

/**
 * Offset of the first byte that is not part of a well-formed UTF-8 sequence
 * (overlong forms, surrogates and code points past U+10FFFF are ill-formed).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

/** A line of JSON Lines that is not UTF-8: why, at its first bad byte. */
export interface BadLine {
  readonly reason: string;
  readonly position: Position;
}

/**
 * JSON Lines bytes to text, a line at a time, so that one bad line does not
 * lose the others (its records are what the file holds, line by line): a
 * line that is not UTF-8 is left out, its text made empty and its line end
 * kept, so that the lines after it keep their numbers, and is told at its
 * first bad byte as decodeUtf8Text tells it. Undefined when more than
 * `maxBad` lines are bad: the file is not text, and is told as a whole.
 * Lines end at LF, CRLF or a lone CR; no byte of a UTF-8 character is either.
 */
export function decodeUtf8Lines(
  bytes: Buffer,
  maxBad: number,
): { readonly text: string; readonly bad: readonly BadLine[] } | undefined {
  const bad: BadLine[] = [];
  const kept: Buffer[] = [];
  let copiedTo = bomLength(bytes);
  let line = 1;
  let start = copiedTo;
  for (let i = start; i <= bytes.length; i++) {
    const b = i < bytes.length ? bytes[i] : 0x0a;
    if (b !== 0x0a && b !== 0x0d) continue;
    const content = bytes.subarray(start, i);
    if (!isUtf8(content)) {
      if (bad.length === maxBad) return undefined;
      const at = start + firstInvalidUtf8(content);
      const before = bytes.toString('utf8', start, at);
      bad.push({
        reason: invalidUtf8At(bytes, at),
        position: { line, column: new TextLineIndex(before).position(before.length).column },
      });
      kept.push(bytes.subarray(copiedTo, start));
      copiedTo = i;
    }
    if (b === 0x0d && bytes[i + 1] === 0x0a) i++;
    line++;
    start = i + 1;
  }
  kept.push(bytes.subarray(copiedTo));
  return { text: Buffer.concat(kept).toString('utf8'), bad };
}
