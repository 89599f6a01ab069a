import fc from 'fast-check';

/** Every whitespace character of SPEC §3. */
export const WHITESPACE = [
  '\t', '\n', '\v', '\f', '\r', '\x1c', '\x1d', '\x1e', '\x1f', ' ', '\x85', '\xa0', '\u1680',
  '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000',
];

/** Characters where JavaScript's \s and Python's isspace disagree, and other traps. */
export const TRAPS = ['\ufeff', '\u200b', '\u200c', '\u200d', '\u180e', '\u00ad', '\u2060'];

/** Pieces of text that stress NFC, word boundaries and surrogate pairs. */
export const PIECES = [
  'a', 'b', 'e', 'E', 'A', 'o', 'n', 'u', '7', '_', '-', '.', '!', '"', '\u201c', '\u201d', '\u2019',
  'é', 'e\u0301', 'Å', '\u212b', 'A\u030a', 'ñ', 'n\u0303', '\u0301', '\u0323\u0302', 'ậ', 'a\u0323\u0302', 'a\u0302\u0323',
  'ﬁ', '각', '\u1100\u1161\u11a8', '가\u11a8', '\u1161', '\u11a8',
  '𝐀', '𝐁', '𝟏', '😀', '\ud835\udc00\u0301', '字', '漢', 'ü', 'ß', 'Ω', '\u2126', 'ά', '\u1f71',
  'क्ष', '\u0915\u093c', '\u0958', 'ก', '\u0e33', 'ِ', 'ب', '٣', '۳', '१',
  ...TRAPS,
];

/** A random string of those pieces and whitespace. */
export function hostileText(maxPieces = 30): fc.Arbitrary<string> {
  return fc.array(fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...PIECES) },
    { weight: 3, arbitrary: fc.constantFrom(...WHITESPACE) },
    { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{1,6}$/) },
  ), { maxLength: maxPieces }).map((parts) => parts.join(''));
}
