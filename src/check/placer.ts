// Where a range of a normalized source lies in its original file.
import type { NormalizedSource } from '../engine/normalize.js';
import { cutBudget } from '../engine/offset-map.js';
import { ByteLineIndex } from '../engine/positions.js';
import type { MatchPosition } from '../model/result.js';

/** Maps a range of normalized bytes to a range in the original file. */
export type Placer = (start: number, end: number) => MatchPosition;

export function placer(original: Uint8Array, normalized: NormalizedSource): Placer {
  const lines = new ByteLineIndex(original);
  const texts = { original, normalized: normalized.bytes, budget: cutBudget(normalized.bytes.length) };
  return (start, end) => {
    const from = lines.position(normalized.map.toOriginalStart(start, texts));
    const to = lines.position(normalized.map.toOriginalEnd(end, texts));
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  };
}
