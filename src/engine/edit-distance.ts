// Levenshtein distance: for ids that look like a mistyped one (manifest keys,
// source ids) and words that look alike in a diff. Short strings only; or
// whether two strings of any length are within a few edits (withinEditDistance).

/** The number of single-character insertions, deletions and substitutions that turn `a` into `b` (UTF-16 units). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Whether the Levenshtein distance of `a` and `b` (UTF-16 units) is at most `k`: the cells within `k` of the diagonal only. */
export function withinEditDistance(a: string, b: string, k: number): boolean {
  if (Math.abs(a.length - b.length) > k) return false;
  const far = k + 1;
  const width = 2 * k + 1;
  // Row i holds the distances of a[0, i) to b[0, j) for j from i - k to i + k, at j - i + k.
  let previous = new Int32Array(width).fill(far);
  let current = new Int32Array(width);
  for (let d = 0; d <= k && d <= b.length; d++) previous[d + k] = d;
  for (let i = 1; i <= a.length; i++) {
    let best = far;
    for (let d = 0; d < width; d++) {
      const j = i + d - k;
      if (j < 0 || j > b.length) {
        current[d] = far;
        continue;
      }
      // From the row above: the same j (an insertion into b's prefix counted as a deletion of a[i-1]) is at d + 1.
      let v = d + 1 < width ? previous[d + 1] + 1 : far;
      if (j === 0) v = Math.min(v, i);
      else {
        v = Math.min(v, previous[d] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
        if (d > 0) v = Math.min(v, current[d - 1] + 1);
      }
      current[d] = Math.min(v, far);
      if (current[d] < best) best = current[d];
    }
    if (best > k) return false;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return previous[b.length - a.length + k] <= k;
}
