// The assistant's answer as a citation file writes it, and where the file
// writes each of its characters: so that a sentence no claim covers is
// placed at its line and column, through JSON and YAML escapes and folding.
import type { Position, TextLineIndex } from '../engine/positions.js';
import { isWhitespace } from '../engine/unicode.js';

export interface Answer {
  readonly text: string;
  /** Where the answer's value starts. */
  readonly position: Position;
  /**
   * Where the file writes the character at UTF-16 index `index` of the answer
   * (or the next one that is not whitespace); the answer's own position if the
   * file's text of the answer cannot be followed that far.
   */
  locate(index: number): Position;
}

/** The text that writes a string: from its opening quote (quoted), its header (block) or its first character (plain). */
export interface ScalarSource {
  readonly start: number;
  readonly end: number;
  readonly style: 'double' | 'single' | 'plain' | 'block';
}

const SIMPLE_ESCAPES: Record<string, number> = {
  '0': 0,
  a: 7,
  b: 8,
  t: 9,
  '\t': 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  e: 0x1b,
  ' ': 0x20,
  '"': 0x22,
  '/': 0x2f,
  '\\': 0x5c,
  N: 0x85,
  _: 0xa0,
  L: 0x2028,
  P: 0x2029,
};
const HEX_ESCAPES: Record<string, number> = { x: 2, u: 4, U: 8 };

/**
 * The characters a scalar's text writes, in order, as UTF-16 units with the
 * offset in the file where each is written: escapes (JSON's and YAML's) are
 * decoded, and whitespace is left out, since line folding and indentation
 * change only whitespace between what the text writes and the value.
 */
function writtenUnits(text: string, source: ScalarSource): { units: number[]; offsets: number[] } {
  const units: number[] = [];
  const offsets: number[] = [];
  const put = (unit: number, at: number) => {
    if (isWhitespace(unit)) return;
    units.push(unit);
    offsets.push(at);
  };
  let i = source.start;
  if (source.style === 'double' || source.style === 'single') i++;
  else if (source.style === 'block') i = text.indexOf('\n', i) + 1 || source.end; // past the header (`|`, `>-`)
  for (; i < source.end; i++) {
    const c = text[i];
    if (source.style === 'double' && c === '"') break;
    if (source.style === 'single' && c === "'") {
      if (text[i + 1] !== "'") break;
      put(0x27, i++);
    } else if (source.style === 'double' && c === '\\') {
      const e = text[i + 1];
      const digits = HEX_ESCAPES[e];
      if (digits !== undefined) {
        const cp = parseInt(text.slice(i + 2, i + 2 + digits), 16);
        for (const unit of String.fromCodePoint(Number.isNaN(cp) ? 0xfffd : cp))
          for (let k = 0; k < unit.length; k++) put(unit.charCodeAt(k), i);
        i += 1 + digits;
      } else {
        // A line break after a backslash is an escaped line break: it writes nothing.
        if (SIMPLE_ESCAPES[e] !== undefined) put(SIMPLE_ESCAPES[e], i);
        i++;
      }
    } else {
      put(text.charCodeAt(i), i);
    }
  }
  return { units, offsets };
}

export function answerAt(
  fileText: string,
  answer: string,
  position: Position,
  index: TextLineIndex,
  source: ScalarSource | undefined,
): Answer {
  let written: Int32Array | undefined;
  return {
    text: answer,
    position,
    locate(at: number) {
      // Built once, when a finding first needs it: the answer's characters, in
      // order, against the characters the file writes.
      if (written === undefined) {
        written = new Int32Array(answer.length).fill(-1);
        const { units, offsets } = source ? writtenUnits(fileText, source) : { units: [], offsets: [] };
        for (let i = 0, k = 0; i < answer.length && k < units.length; i++) {
          const unit = answer.charCodeAt(i);
          if (isWhitespace(unit)) continue;
          if (unit !== units[k]) break; // Not what the file writes: the rest is placed at the answer's start.
          written[i] = offsets[k++];
        }
      }
      for (let i = at; i < answer.length; i++) {
        if (written[i] >= 0) return index.position(written[i]);
        if (!isWhitespace(answer.charCodeAt(i))) break;
      }
      return position;
    },
  };
}

/** One string of an answer that several strings of the file write, one after another (a response's text blocks). */
export interface AnswerPiece {
  readonly text: string;
  /** Where the file writes it, from the string's opening quote; undefined: not known (placed at the whole's position). */
  readonly source: ScalarSource | undefined;
}

/**
 * An answer that is the pieces joined, in order, each placed where the file
 * writes it; `position` is where the whole is said to start (the response).
 */
export function joinedAnswer(
  fileText: string,
  pieces: readonly AnswerPiece[],
  position: Position,
  index: TextLineIndex,
): Answer {
  const starts: number[] = [];
  let text = '';
  for (const piece of pieces) {
    starts.push(text.length);
    text += piece.text;
  }
  const located: (Answer | undefined)[] = pieces.map(() => undefined);
  return {
    text,
    position,
    locate(at: number) {
      // The last piece that starts at or before `at` and is not empty.
      let k = starts.length - 1;
      while (k > 0 && (starts[k] > at || pieces[k].text.length === 0)) k--;
      if (k < 0) return position;
      const piece = pieces[k];
      const answer = (located[k] ??= answerAt(
        fileText,
        piece.text,
        piece.source ? index.position(piece.source.start) : position,
        index,
        piece.source,
      ));
      return answer.locate(at - starts[k]);
    },
  };
}
