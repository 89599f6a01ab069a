// Where an offset in a text is, counted as citegate counts places (src/engine/positions.ts),
// but worked out here on its own: a test of the place named does not take it from the code it tests.

/** `line:column` of `offset` in `text`: from 1, lines ended by LF, columns in code points. */
export function lineColumnAt(text: string, offset: number): string {
  if (!(offset >= 0 && offset <= text.length)) throw new RangeError(`offset ${offset} is outside the text`);
  const lines = text.slice(0, offset).split('\n');
  return `${lines.length}:${[...lines.at(-1)!].length + 1}`;
}
