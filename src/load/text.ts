// Bytes to text, strictly: invalid UTF-8 is an error with its position, never
// replaced, and a leading byte order mark is encoding, not text (SPEC §3).
import { type Buffer, isUtf8 } from 'node:buffer';
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
      reason: `not valid UTF-8: byte 0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')} at offset ${bad} does not start or continue a character`,
      position,
    };
  }
  return { ok: true, text: bytes.toString('utf8', bomLength(bytes)) };
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
