// Many strings looked for in a text at once (Aho and Corasick, "Efficient
// string matching: an aid to bibliographic search", 1975): a trie of the
// patterns, with for each node the longest proper suffix of its string that
// is also in the trie. A text is read once, UTF-16 unit by unit, in time
// linear in its length, plus the patterns told at each place.
import { slotOf } from './quote-scan.js';

/**
 * A set of distinct, non-empty patterns. Each place in a text where patterns
 * end is told (scan) with a node: the longest pattern ending there; from it,
 * shorter(node) gives the next longest, down to -1.
 */
export class PatternSet {
  /** Per pattern: its length. */
  private readonly lengths: Int32Array;
  /** Per node: the index of the pattern it is, or -1. */
  private readonly pattern: Int32Array;
  /** Per node: the node of its string's longest proper suffix that is a pattern, or -1. */
  private readonly output: Int32Array;
  /** Per node: the node of its string's longest proper suffix in the trie (the root for none). */
  private readonly fail: Int32Array;
  /** Per node: the node it hangs from, and the unit of that edge. */
  private readonly parent: Int32Array;
  private readonly unit: Uint16Array;
  /**
   * The edges but those to a node's first child. A node made right after its
   * parent (most are: a pattern's units past what it shares with others, one
   * after the other) is found from it as the next node, with no entry here:
   * a table of every edge took 24 bytes a unit.
   */
  private readonly edges = new EdgeTable();

  constructor(patterns: readonly string[]) {
    let size = 1;
    for (const p of patterns) size += p.length;
    // Every unit of every pattern is a node at most (the root besides); fewer where patterns share a start.
    let depth = new Int32Array(size);
    let pattern = new Int32Array(size).fill(-1);
    let parent = new Int32Array(size);
    let unit = new Uint16Array(size);
    this.lengths = new Int32Array(patterns.length);
    let nodes = 1;
    for (let k = 0; k < patterns.length; k++) {
      const p = patterns[k];
      let node = 0;
      let i = 0;
      for (; i < p.length; i++) {
        const next = this.child(node, p.charCodeAt(i), parent, unit, nodes);
        if (next < 0) break;
        node = next;
      }
      for (; i < p.length; i++) {
        const u = p.charCodeAt(i);
        // A node made just before is a leaf: this is its first child, the next node.
        if (node !== nodes - 1) this.edges.set(node, u, nodes);
        depth[nodes] = i + 1;
        parent[nodes] = node;
        unit[nodes] = u;
        node = nodes++;
      }
      pattern[node] = k;
      this.lengths[k] = p.length;
    }
    // Cut to the nodes made: copied where patterns shared much of their starts, else seen through (a copy
    // of each would take more memory for a while).
    const copy = nodes < size >> 1;
    depth = copy ? depth.slice(0, nodes) : depth.subarray(0, nodes);
    pattern = copy ? pattern.slice(0, nodes) : pattern.subarray(0, nodes);
    parent = copy ? parent.slice(0, nodes) : parent.subarray(0, nodes);
    unit = copy ? unit.slice(0, nodes) : unit.subarray(0, nodes);
    this.pattern = pattern;
    this.parent = parent;
    this.unit = unit;
    // Suffix links in order of depth (a node's parent and its suffix are shallower): a counting sort.
    let deepest = 0;
    for (let v = 0; v < nodes; v++) if (depth[v] > deepest) deepest = depth[v];
    const atDepth = new Int32Array(deepest + 2);
    for (let v = 0; v < nodes; v++) atDepth[depth[v] + 1]++;
    for (let d = 0; d <= deepest; d++) atDepth[d + 1] += atDepth[d];
    const order = new Int32Array(nodes);
    for (let v = 0; v < nodes; v++) order[atDepth[depth[v]]++] = v;
    const fail = new Int32Array(nodes);
    const output = new Int32Array(nodes).fill(-1);
    for (let k = 1; k < nodes; k++) {
      const v = order[k];
      let f = parent[v];
      let to = 0;
      while (f !== 0) {
        f = fail[f];
        const next = this.child(f, unit[v], parent, unit, nodes);
        if (next >= 0) {
          to = next;
          break;
        }
      }
      fail[v] = to;
      output[v] = pattern[to] >= 0 ? to : output[to];
    }
    this.output = output;
    this.fail = fail;
  }

  /** The child of a node by this unit, or -1 (of the first `nodes` nodes). */
  private child(node: number, u: number, parent: Int32Array, unit: Uint16Array, nodes: number): number {
    const first = node + 1;
    if (first < nodes && parent[first] === node && unit[first] === u) return first;
    return this.edges.get(node, u);
  }

  /**
   * Reads the text, and at each index `end` (1 to its length) where some
   * pattern ends, calls visit(end, node) with the longest of them.
   */
  scan(text: string, visit: (end: number, node: number) => void): void {
    const { fail, pattern, output, parent, unit } = this;
    const nodes = pattern.length;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      for (;;) {
        const next = this.child(state, u, parent, unit, nodes);
        if (next >= 0) {
          state = next;
          break;
        }
        if (state === 0) break;
        state = fail[state];
      }
      const found = pattern[state] >= 0 ? state : output[state];
      if (found >= 0) visit(i + 1, found);
    }
  }

  /** The next longest pattern ending where this one's node was told, or -1. */
  shorter(node: number): number {
    return this.output[node];
  }

  /** The length of the pattern a told node stands for. */
  length(node: number): number {
    return this.lengths[this.pattern[node]];
  }

  /** The index (in the list the set was made from) of the pattern a told node stands for. */
  index(node: number): number {
    return this.pattern[node];
  }
}

/** The trie's edges, (node, unit) to node, in an open-addressing table of typed arrays grown by doubling. */
class EdgeTable {
  /** Per slot: node * 65536 + unit (exact in a double), or -1 for a free slot; and the node it leads to. */
  private keys = new Float64Array(64).fill(-1);
  private values = new Int32Array(64);
  private mask = 63;
  private count = 0;

  get(node: number, unit: number): number {
    const key = node * 65536 + unit;
    const { keys, mask } = this;
    for (let slot = slotOf(Math.imul(node, 0x9e3779b1) + unit, mask); ; slot = (slot + 1) & mask) {
      const k = keys[slot];
      if (k === key) return this.values[slot];
      if (k === -1) return -1;
    }
  }

  set(node: number, unit: number, to: number): void {
    if (2 * (this.count + 1) > this.keys.length) this.grow();
    this.put(node, unit, to);
    this.count++;
  }

  private put(node: number, unit: number, to: number): void {
    const { keys, mask } = this;
    let slot = slotOf(Math.imul(node, 0x9e3779b1) + unit, mask);
    while (keys[slot] !== -1) slot = (slot + 1) & mask;
    keys[slot] = node * 65536 + unit;
    this.values[slot] = to;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(-1);
    this.values = new Int32Array(keys.length * 2);
    this.mask = this.keys.length - 1;
    for (let slot = 0; slot < keys.length; slot++) {
      const k = keys[slot];
      if (k !== -1) this.put(Math.floor(k / 65536), k % 65536, values[slot]);
    }
  }
}
