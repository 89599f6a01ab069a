// Glob patterns for the manifest's `citations` list.
//
// Node 20 has no stable glob matcher (path.matchesGlob and fs.glob are
// experimental there and print a warning), and the run-time dependencies are kept
// to three, so this is a small one. Patterns come from a manifest that a pull
// request may change, so matching never builds a regular expression and never
// backtracks: a segment is matched with the linear-space wildcard algorithm and
// `**` with a table over segments.
//
// Syntax: `/` separates folders; `*` is any run of characters inside one folder
// name, `?` one character, `[abc]`, `[a-z]`, `[!a-z]` one of a set, `{a,b}` one
// of the alternatives, and `**` as a whole segment any number of folders (none
// included). Dot files are matched like any other. There is no escape character:
// write `[*]` for a literal `*`.

import { hasLoneSurrogate, LONE_SURROGATE } from '../engine/unicode.js';
import { excerpt } from '../model/escape.js';

type Token =
  | { kind: 'literal'; cp: number }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'set'; negated: boolean; ranges: number[] };

type Segment = { kind: 'globstar' } | { kind: 'tokens'; tokens: Token[]; literal: string | undefined };

/** At most this many alternatives after expanding braces. */
const MAX_BRACE_EXPANSION = 256;
/** Braces nested deeper than this are refused: a manifest from a pull request may hold anything. */
const MAX_BRACE_DEPTH = 16;
/** Longer patterns are refused, for the same reason. */
const MAX_PATTERN_LENGTH = 4096;

export class GlobSyntaxError extends Error {}

export class Glob {
  private readonly alternatives: Segment[][];

  constructor(readonly pattern: string) {
    if (pattern === '') throw new GlobSyntaxError('the pattern is empty');
    if (pattern.includes('\\')) throw new GlobSyntaxError('the pattern holds a backslash: use / to separate folders');
    // No file name holds half of a character: such a pattern would match nothing, whatever is there.
    if (hasLoneSurrogate(pattern))
      throw new GlobSyntaxError(`the pattern holds ${LONE_SURROGATE}: it can match no file`);
    if (pattern.startsWith('/'))
      throw new GlobSyntaxError("the pattern is absolute: patterns are relative to the manifest's folder");
    if (pattern.length > MAX_PATTERN_LENGTH)
      throw new GlobSyntaxError(`the pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
    this.alternatives = expandBraces(pattern).map(parsePattern);
    for (const segments of this.alternatives) {
      if (segments.some((s) => s.kind === 'tokens' && (s.literal === '..' || s.literal === '.'))) {
        throw new GlobSyntaxError("the pattern holds a . or .. folder: write paths below the manifest's folder");
      }
    }
  }

  /** Whether a relative path (folders separated by `/`) matches. */
  matches(relPath: string): boolean {
    const parts = relPath.split('/');
    return this.alternatives.some((segments) => matchSegments(segments, parts));
  }

  /**
   * The literal folders each alternative starts with: only these need to be walked.
   * `answers/**\/*.json` gives `answers`; `*.json` gives ''.
   */
  baseFolders(): string[] {
    const bases = new Set<string>();
    for (const segments of this.alternatives) {
      const literal: string[] = [];
      for (let i = 0; i < segments.length - 1; i++) {
        const s = segments[i];
        if (s.kind !== 'tokens' || s.literal === undefined) break;
        literal.push(s.literal);
      }
      bases.add(literal.join('/'));
    }
    return [...bases];
  }

  /**
   * Whether some path below this folder (relative, folders separated by `/`)
   * could match: the walk need not enter a folder that no file of it can.
   */
  mayMatchBelow(folder: string): boolean {
    const parts = folder === '' ? [] : folder.split('/');
    return this.alternatives.some((segments) => matchesPrefix(segments, parts));
  }

  /** Whether the pattern names this folder literally (so that walking may enter it even if it is skipped by default). */
  namesFolder(name: string): boolean {
    return this.alternatives.some((segments) => segments.some((s) => s.kind === 'tokens' && s.literal === name));
  }
}

function expandBraces(pattern: string, nesting = 0): string[] {
  if (nesting > MAX_BRACE_DEPTH) throw new GlobSyntaxError(`braces are nested more than ${MAX_BRACE_DEPTH} deep`);
  let results = [''];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === '}') throw new GlobSyntaxError(`unmatched } at character ${i + 1}`);
    if (c !== '{') {
      results = results.map((r) => r + c);
      i++;
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < pattern.length; j++) {
      if (pattern[j] === '{') depth++;
      else if (pattern[j] === '}' && --depth === 0) break;
    }
    if (j >= pattern.length) throw new GlobSyntaxError(`unmatched { at character ${i + 1}`);
    const options: string[] = [];
    let start = i + 1;
    depth = 0;
    for (let k = i + 1; k < j; k++) {
      if (pattern[k] === '{') depth++;
      else if (pattern[k] === '}') depth--;
      else if (pattern[k] === ',' && depth === 0) {
        options.push(pattern.slice(start, k));
        start = k + 1;
      }
    }
    options.push(pattern.slice(start, j));
    const expandedOptions = options.flatMap((option) => expandBraces(option, nesting + 1));
    const next: string[] = [];
    for (const r of results) for (const o of expandedOptions) next.push(r + o);
    if (next.length > MAX_BRACE_EXPANSION) {
      throw new GlobSyntaxError(`the braces expand to more than ${MAX_BRACE_EXPANSION} patterns`);
    }
    results = next;
    i = j + 1;
  }
  return results;
}

function parsePattern(pattern: string): Segment[] {
  const segments: Segment[] = [];
  for (const part of pattern.split('/')) {
    if (part === '') continue;
    if (part === '**') {
      if (segments.at(-1)?.kind !== 'globstar') segments.push({ kind: 'globstar' });
      continue;
    }
    segments.push(parseSegment(part));
  }
  if (segments.length === 0) throw new GlobSyntaxError('the pattern names no file');
  return segments;
}

function parseSegment(part: string): Segment {
  const tokens: Token[] = [];
  const cps = [...part].map((ch) => ch.codePointAt(0)!);
  let literal = true;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    if (cp === 0x2a) {
      literal = false;
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (cp === 0x3f) {
      literal = false;
      tokens.push({ kind: 'any' });
    } else if (cp === 0x5b) {
      literal = false;
      let k = i + 1;
      let negated = false;
      if (cps[k] === 0x21 || cps[k] === 0x5e) {
        negated = true;
        k++;
      }
      const ranges: number[] = [];
      let first = true;
      while (k < cps.length && (cps[k] !== 0x5d || first)) {
        first = false;
        const lo = cps[k];
        if (cps[k + 1] === 0x2d && k + 2 < cps.length && cps[k + 2] !== 0x5d) {
          const hi = cps[k + 2];
          if (hi < lo)
            throw new GlobSyntaxError(`the range ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} is backwards`);
          ranges.push(lo, hi);
          k += 3;
        } else {
          ranges.push(lo, lo);
          k++;
        }
      }
      if (k >= cps.length) throw new GlobSyntaxError(`unmatched [ in ${excerpt(part)}`);
      tokens.push({ kind: 'set', negated, ranges });
      i = k;
    } else {
      tokens.push({ kind: 'literal', cp });
    }
  }
  return { kind: 'tokens', tokens, literal: literal ? part : undefined };
}

function matchToken(token: Token, cp: number): boolean {
  switch (token.kind) {
    case 'literal':
      return token.cp === cp;
    case 'any':
      return true;
    case 'set': {
      let inSet = false;
      for (let i = 0; i < token.ranges.length; i += 2) {
        if (cp >= token.ranges[i] && cp <= token.ranges[i + 1]) {
          inSet = true;
          break;
        }
      }
      return inSet !== token.negated;
    }
    case 'star':
      return false;
  }
}

/** Wildcard matching with one saved star position: linear space, no recursion. */
function matchSegment(tokens: Token[], name: string): boolean {
  const cps = [...name].map((ch) => ch.codePointAt(0)!);
  let t = 0;
  let c = 0;
  let starT = -1;
  let starC = 0;
  while (c < cps.length) {
    if (t < tokens.length && tokens[t].kind === 'star') {
      starT = t++;
      starC = c;
    } else if (t < tokens.length && matchToken(tokens[t], cps[c])) {
      t++;
      c++;
    } else if (starT >= 0) {
      t = starT + 1;
      c = ++starC;
    } else {
      return false;
    }
  }
  while (t < tokens.length && tokens[t].kind === 'star') t++;
  return t === tokens.length;
}

function matchSegments(segments: Segment[], parts: string[]): boolean {
  // ok[i][j]: segments from i match parts from j. Filled from the end.
  const width = parts.length + 1;
  const ok = new Uint8Array((segments.length + 1) * width);
  ok[segments.length * width + parts.length] = 1;
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i];
    for (let j = parts.length; j >= 0; j--) {
      let v: boolean;
      if (s.kind === 'globstar') {
        v = ok[(i + 1) * width + j] === 1 || (j < parts.length && ok[i * width + j + 1] === 1);
      } else {
        v =
          j < parts.length &&
          ok[(i + 1) * width + j + 1] === 1 &&
          (s.literal !== undefined ? s.literal === parts[j] : matchSegment(s.tokens, parts[j]));
      }
      ok[i * width + j] = v ? 1 : 0;
    }
  }
  return ok[0] === 1;
}

/** Whether `parts` (folders) can begin a path the segments match, with at least a file name still to come. */
function matchesPrefix(segments: Segment[], parts: string[]): boolean {
  // reach[i]: the segments before i have matched the parts read so far.
  let reach = new Uint8Array(segments.length + 1);
  reach[0] = 1;
  const close = (r: Uint8Array) => {
    for (let i = 0; i < segments.length; i++) if (r[i] && segments[i].kind === 'globstar') r[i + 1] = 1; // ** may match no folder
  };
  close(reach);
  for (const part of parts) {
    const next = new Uint8Array(segments.length + 1);
    for (let i = 0; i < segments.length; i++) {
      if (!reach[i]) continue;
      const s = segments[i];
      if (s.kind === 'globstar') {
        next[i] = 1;
        next[i + 1] = 1;
      } else if (s.literal !== undefined ? s.literal === part : matchSegment(s.tokens, part)) {
        next[i + 1] = 1;
      }
    }
    close(next);
    reach = next;
  }
  // A file must still be matched: some segment is left after where the parts end.
  for (let i = 0; i < segments.length; i++) if (reach[i]) return true;
  return false;
}
