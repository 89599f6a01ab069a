import { Buffer } from 'node:buffer';

/** The original text and its normalized form, as UTF-8, and what finding cuts in clusters may still cost. */
export interface BothTexts {
  readonly original: Uint8Array;
  readonly normalized: Uint8Array;
  /**
   * Bytes normalized in finding cuts, left for this text: a cut in a cluster of
   * n bytes costs about n² of them. Past it, cuts are coarse (a source and
   * quotes made to ask for many long cuts get positions, not hours).
   */
  budget: number;
}

/** The budget of cuts for a text of this many bytes (normalized). */
export function cutBudget(length: number): number {
  return (1 << 24) + 16 * length;
}

/** Clusters longer than this (in original bytes) keep their coarse mapping: finding a cut costs their length squared. */
const MAX_CUT_CLUSTER = 256;

/**
 * Where in an NFC cluster's original bytes [origStart, origEnd) the normalized
 * offset `at` (strictly inside [normStart, normEnd)) falls: the code point
 * boundary k such that NFC of the original before k is exactly the normalized
 * text before `at`, and NFC of the original from k is exactly the rest. Then
 * the original slice at a match normalizes back to it. -1 when there is no
 * such k (NFC reordered marks across the cut) or the cluster is long.
 */
function cutInCluster(
  texts: BothTexts,
  normStart: number,
  normEnd: number,
  origStart: number,
  origEnd: number,
  at: number,
): number {
  const size = origEnd - origStart;
  if (size > MAX_CUT_CLUSTER || texts.budget < size * size) return -1;
  texts.budget -= size * size;
  const original = Buffer.from(texts.original.buffer, texts.original.byteOffset, texts.original.length);
  const normalized = Buffer.from(texts.normalized.buffer, texts.normalized.byteOffset, texts.normalized.length);
  const before = normalized.toString('utf8', normStart, at);
  const after = normalized.toString('utf8', at, normEnd);
  for (let k = origStart + 1; k < origEnd; k++) {
    if ((original[k] & 0xc0) === 0x80) continue; // Not the start of a code point.
    if (original.toString('utf8', origStart, k).normalize('NFC') !== before) continue;
    if (original.toString('utf8', k, origEnd).normalize('NFC') === after) return k;
  }
  return -1;
}

/**
 * Maps byte offsets in normalized text back to byte offsets in the original.
 *
 * Normalization changes text only in a few places (a run of whitespace, a
 * decomposed accent), so the map keeps one segment per place where the
 * difference between the two offsets changes, not one entry per byte. A segment
 * is either linear (byte for byte) or opaque: an NFC cluster whose normalized
 * bytes correspond to its original bytes only as a whole.
 */
export class OffsetMap {
  private normStarts = new Int32Array(16);
  private origStarts = new Int32Array(16);
  /** For opaque segments, the original end offset; -1 for linear ones. */
  private origEnds = new Int32Array(16);
  private size = 0;
  private normLength = 0;

  get segmentCount(): number {
    return this.size;
  }

  /** Empties the map for reuse: its arrays stay allocated. */
  reset(): void {
    this.size = 0;
    this.normLength = 0;
  }

  /** From normalized offset `norm` on, bytes map one to one from `orig`. */
  addLinear(norm: number, orig: number): void {
    this.push(norm, orig, -1);
  }

  /** Normalized bytes from `norm` to the next segment stand for original [orig, origEnd). */
  addOpaque(norm: number, orig: number, origEnd: number): void {
    this.push(norm, orig, origEnd);
  }

  finish(normLength: number): void {
    this.normLength = normLength;
  }

  /**
   * Original offset of the character that starts at normalized offset `p`.
   * Inside an opaque segment, `texts` lets the cut be found exactly when there
   * is one (see cutInCluster); without, or when there is none, the segment's start.
   */
  toOriginalStart(p: number, texts?: BothTexts): number {
    const k = this.segmentAt(p);
    if (this.origEnds[k] < 0) return this.origStarts[k] + (p - this.normStarts[k]);
    if (texts && p > this.normStarts[k]) {
      const cut = cutInCluster(texts, this.normStarts[k], this.segmentEnd(k), this.origStarts[k], this.origEnds[k], p);
      if (cut >= 0) return cut;
    }
    return this.origStarts[k];
  }

  /** Original offset just after the character that ends at normalized offset `end` (end > 0); likewise. */
  toOriginalEnd(end: number, texts?: BothTexts): number {
    const k = this.segmentAt(end - 1);
    if (this.origEnds[k] < 0) return this.origStarts[k] + (end - this.normStarts[k]);
    if (texts && end < this.segmentEnd(k)) {
      const cut = cutInCluster(
        texts,
        this.normStarts[k],
        this.segmentEnd(k),
        this.origStarts[k],
        this.origEnds[k],
        end,
      );
      if (cut >= 0) return cut;
    }
    return this.origEnds[k];
  }

  private segmentEnd(k: number): number {
    return k + 1 < this.size ? this.normStarts[k + 1] : this.normLength;
  }

  private segmentAt(p: number): number {
    if (this.size === 0 || p < 0 || p >= this.normLength) {
      throw new RangeError(`offset ${p} is outside the normalized text (length ${this.normLength})`);
    }
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.normStarts[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private push(norm: number, orig: number, origEnd: number): void {
    // A segment that starts where the previous one started replaces it: the
    // previous one turned out to be empty.
    if (this.size > 0 && this.normStarts[this.size - 1] === norm) this.size--;
    if (this.size === this.normStarts.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.normStarts = grow(this.normStarts);
      this.origStarts = grow(this.origStarts);
      this.origEnds = grow(this.origEnds);
    }
    this.normStarts[this.size] = norm;
    this.origStarts[this.size] = orig;
    this.origEnds[this.size] = origEnd;
    this.size++;
  }
}
