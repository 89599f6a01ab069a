// Character classes of the contract (SPEC §3, §4), judged per code point.
import { NFC_INERT_RANGES } from './unicode-data.js';

/**
 * Whitespace exactly as Python's str.isspace (SPEC §3). JavaScript's \s differs:
 * it adds U+FEFF and lacks U+001C..U+001F and U+0085, so it is never used here.
 */
export function isWhitespace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp >= 0x1c;
  if (cp < 0x85) return false;
  if (cp === 0x85 || cp === 0xa0) return true;
  if (cp < 0x1680) return false;
  return (
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** That whitespace but U+0020, as the inside of a character class (never JavaScript's \s, which differs in the same way). */
const OTHER_WHITESPACE = String.raw`\t-\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;

/**
 * Every run of that whitespace but a lone U+0020, for native replacing: a run
 * that starts with another whitespace character, or a space and more.
 * Replacing each with one space gives what replacing every run would, without
 * matching the lone spaces that are most of the runs of a text (twice as
 * fast on quotes, measured).
 */
export const WHITESPACE_TO_COLLAPSE = new RegExp(
  `[${OTHER_WHITESPACE}][${OTHER_WHITESPACE} ]*| [${OTHER_WHITESPACE} ]+`,
  'g',
);

const WORD_RE = /^[\p{L}\p{N}_]$/u;
// 0 = not yet known, 1 = word, 2 = not word. Filled lazily: most text never asks
// about most code points, and a 64 KiB table is cheap once it is asked.
const wordBmp = new Uint8Array(0x10000);

/** A word code point: general category L or N, or `_` (SPEC §4). */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x80) {
    return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x30 && cp <= 0x39) || cp === 0x5f;
  }
  if (cp < 0x10000) {
    let known = wordBmp[cp];
    if (known === 0) {
      known = WORD_RE.test(String.fromCharCode(cp)) ? 1 : 2;
      wordBmp[cp] = known;
    }
    return known === 1;
  }
  return WORD_RE.test(String.fromCodePoint(cp));
}

/** The code point that ends at UTF-16 index `at` of a string (a whole surrogate pair), or undefined at its start. */
export function codePointEndingAt(text: string, at: number): number | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  return low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2) : low;
}

/**
 * Whether text[start, end) (not empty) sits on word boundaries as SPEC §4
 * wants of a match: where it starts with a word code point, none comes just
 * before; where it ends with one, none comes just after.
 */
export function onWordBoundaries(text: string, start: number, end: number): boolean {
  const before = codePointEndingAt(text, start);
  if (before !== undefined && isWordCodePoint(before) && isWordCodePoint(text.codePointAt(start)!)) return false;
  const after = text.codePointAt(end);
  return !(after !== undefined && isWordCodePoint(after) && isWordCodePoint(codePointEndingAt(text, end)!));
}

const inertBmp = new Uint8Array(0x10000);
const inertAstral: number[] = [];
for (let i = 0; i < NFC_INERT_RANGES.length; i += 2) {
  const first = NFC_INERT_RANGES[i];
  const last = NFC_INERT_RANGES[i + 1];
  if (first < 0x10000) inertBmp.fill(1, first, Math.min(last, 0xffff) + 1);
  if (last >= 0x10000) inertAstral.push(Math.max(first, 0x10000), last);
}

/**
 * True when NFC can neither change this code point nor merge it with what comes
 * before it: the position before it is a safe place to cut text for NFC.
 * Unknown code points (for instance, assigned in a newer Unicode) are not inert,
 * so they always go through the runtime's own normalization.
 */
export function isNfcInert(cp: number): boolean {
  if (cp < 0x10000) return inertBmp[cp] === 1;
  let lo = 0;
  let hi = inertAstral.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < inertAstral[2 * mid]) hi = mid - 1;
    else if (cp > inertAstral[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** True if the string holds a UTF-16 surrogate that is not part of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  return !s.isWellFormed();
}

/**
 * What a path or pattern holding one is told it holds: no file's name holds
 * half of a character, since only an escape in the manifest writes one.
 */
export const LONE_SURROGATE =
  'a lone UTF-16 surrogate (half of a character, which only an escape such as "\\uD800" writes)';
