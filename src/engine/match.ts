// Matching of SPEC §4 on normalized UTF-8: every start position counts,
// overlapping ones included, and a quote that starts (ends) with a word code
// point must not be preceded (followed) by one. Matching whole UTF-8 sequences
// of well-formed text can only ever align with whole code points, so searching
// bytes is searching code points. No regular expression is built from a quote.
import { Buffer } from 'node:buffer';
import { isWordCodePoint } from './unicode.js';

export interface PreparedQuote {
  /** The normalized quote. */
  readonly text: string;
  /** Its UTF-8 bytes. */
  readonly bytes: Buffer;
  readonly startsWithWord: boolean;
  readonly endsWithWord: boolean;
}

/**
 * A record's prefix and suffix (SPEC §1), normalized: a match counts only if
 * the text just before it ends with the prefix and the text just after it
 * starts with the suffix. Either may be empty (no condition).
 */
export interface QuoteContext {
  readonly prefixText: string;
  readonly suffixText: string;
  readonly prefix: Uint8Array;
  readonly suffix: Uint8Array;
}

export function quoteContext(prefix: string, suffix: string): QuoteContext {
  return {
    prefixText: prefix,
    suffixText: suffix,
    prefix: Buffer.from(prefix, 'utf8'),
    suffix: Buffer.from(suffix, 'utf8'),
  };
}

/**
 * Whether the context allows a match at `start` of `length` bytes: the one
 * space where context meets quote does not count.
 */
export function contextAllows(text: Uint8Array, start: number, length: number, context: QuoteContext): boolean {
  const { prefix, suffix } = context;
  if (prefix.length > 0) {
    let end = start;
    if (end > 0 && text[end - 1] === 0x20) end--;
    if (end < prefix.length) return false;
    for (let i = 0; i < prefix.length; i++) if (text[end - prefix.length + i] !== prefix[i]) return false;
  }
  if (suffix.length > 0) {
    let from = start + length;
    if (from < text.length && text[from] === 0x20) from++;
    if (text.length - from < suffix.length) return false;
    for (let i = 0; i < suffix.length; i++) if (text[from + i] !== suffix[i]) return false;
  }
  return true;
}

/** Prepares a normalized, non-empty, well-formed quote for searching. */
export function prepareQuote(normalized: string): PreparedQuote {
  const first = normalized.codePointAt(0) ?? 0;
  const last = normalized.codePointAt(normalized.length - 1) ?? 0;
  // codePointAt on the low half of a pair gives the low surrogate; step back to the pair.
  const lastCp =
    last >= 0xdc00 && last <= 0xdfff && normalized.length >= 2
      ? (normalized.codePointAt(normalized.length - 2) ?? last)
      : last;
  return {
    text: normalized,
    bytes: Buffer.from(normalized, 'utf8'),
    startsWithWord: isWordCodePoint(first),
    endsWithWord: isWordCodePoint(lastCp),
  };
}

/** The code point that ends just before byte offset `p` (p > 0) of well-formed UTF-8. */
export function codePointBefore(text: Uint8Array, p: number): number {
  let k = p - 1;
  if (text[k] < 0x80) return text[k];
  while ((text[k] & 0xc0) === 0x80) k--;
  return codePointAt(text, k);
}

/** The code point that starts at byte offset `p` of well-formed UTF-8. */
export function codePointAt(text: Uint8Array, p: number): number {
  const b = text[p];
  if (b < 0x80) return b;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (text[p + 1] & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((text[p + 1] & 0x3f) << 6) | (text[p + 2] & 0x3f);
  return ((b & 0x07) << 18) | ((text[p + 1] & 0x3f) << 12) | ((text[p + 2] & 0x3f) << 6) | (text[p + 3] & 0x3f);
}

/** Whether an occurrence of the quote's bytes at `start` respects the word boundaries of SPEC §4. */
export function respectsWordBoundaries(text: Uint8Array, start: number, quote: PreparedQuote): boolean {
  if (quote.startsWithWord && start > 0 && isWordCodePoint(codePointBefore(text, start))) return false;
  const end = start + quote.bytes.length;
  if (quote.endsWithWord && end < text.length && isWordCodePoint(codePointAt(text, end))) return false;
  return true;
}

/**
 * Start offsets (in `text`, ascending) of the quote's matches, at most `limit`
 * of them; `limit` 2 is enough to tell located from ambiguous.
 */
export function findMatches(text: Buffer, quote: PreparedQuote, limit: number): number[] {
  const found: number[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = text.indexOf(quote.bytes, from);
    if (at < 0) break;
    if (respectsWordBoundaries(text, at, quote)) found.push(at);
    from = at + 1;
  }
  return found;
}
