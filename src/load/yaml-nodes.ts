// Reading YAML with positions, shared by the manifest and citation-file loaders.
import { EXCERPT, excerpt, shorten } from '../model/escape.js';
import {
  type Alias,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  visit,
  type Document,
  type Node,
  type Scalar,
  YAMLMap,
  YAMLSeq,
} from 'yaml';

export interface YamlIssue {
  readonly offset: number;
  readonly message: string;
  /** False for problems that leave the document's structure intact (a duplicate key, an unknown tag). */
  readonly structural: boolean;
}

/**
 * A YAML document read into values (its aliases expanded) may hold at most
 * this many: a "billion laughs" file stops here, and a file that uses an
 * anchor a few thousand times, as YAML is meant to, never does (a YAML
 * citation file has at most MAX_YAML_MARKS of its own).
 */
export const MAX_YAML_VALUES = 1_000_000;

export interface ParsedYaml {
  /** Undefined for an empty file. */
  readonly doc: Document.Parsed | undefined;
  /** Errors and warnings (an unknown tag, a second document): all refused. */
  readonly issues: YamlIssue[];
}

/**
 * Line breaks and YAML punctuation (, : - [ ] { }) in a text: about half its
 * YAML tokens, each of which takes 250 to 350 bytes in the yaml package, so a
 * bound on them bounds the memory a YAML file can make it take.
 */
export function yamlMarks(text: string): number {
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      c === 0x0a ||
      c === 0x0d ||
      c === 0x2c ||
      c === 0x3a ||
      c === 0x2d ||
      c === 0x5b ||
      c === 0x5d ||
      c === 0x7b ||
      c === 0x7d
    )
      marks++;
  }
  return marks;
}

/**
 * YAML 1.2 ends lines at LF, CRLF or a lone CR; the yaml package knows only the
 * first two. A lone CR becomes an LF of the same length, so offsets do not
 * move, and scalars read the same (YAML turns every line break in them into an LF).
 */
export function withLoneCrAsLf(text: string): string {
  return LONE_CR.test(text) ? text.replace(LONE_CR_ALL, '\n') : text;
}
const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;

/**
 * Where the quoted scalar that a missing closing quote ends at was opened: the
 * yaml package reports the end of the file, where nothing is wrong, and the
 * mistake is where the quote began.
 */
function openingQuote(doc: Document.Parsed, at: number): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range?.[1] === at) {
        found = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * `key: value` and under it a line indented more, holding a colon: the
 * parser reads the value and that line as one key of a mapping nested in the
 * value, and reports where the value starts ("nested mappings are not
 * allowed in compact mappings"), a line above the mistake. It is said at the
 * line where that key ends (the one with the colon), in words that name the
 * mistake.
 */
const OVER_INDENTED =
  'this line is indented more than the key above it: the keys of one mapping start in the same column';

/** Where the line holding `offset` starts, past its indentation. */
function lineStart(text: string, offset: number): number {
  let at = text.lastIndexOf('\n', offset - 1) + 1;
  while (at < offset && (text.charCodeAt(at) === 0x20 || text.charCodeAt(at) === 0x09)) at++;
  return at;
}

/**
 * Parses one YAML document (YAML 1.2, core schema: `yes` is a string, a date is
 * a string, no custom tags run). Warnings are issues too: a gate reads its input
 * strictly. `keepSourceTokens` keeps each collection's parser tokens on it
 * (`srcToken`: where its items start, their indicators), at some three times
 * the memory of the document alone.
 */
export function parseYaml(text: string, { keepSourceTokens = false } = {}): ParsedYaml {
  text = withLoneCrAsLf(text);
  const docs = parseAllDocuments(text, {
    keepSourceTokens,
    lineCounter: new LineCounter(),
    prettyErrors: false,
    strict: true,
    // Checked below, in one pass: the yaml package compares each key with every
    // key before it, which a mapping of 50,000 keys makes take seconds.
    uniqueKeys: false,
    version: '1.2',
    schema: 'core',
  });
  if (!Array.isArray(docs) || docs.length === 0) return { doc: undefined, issues: [] };
  let issues: YamlIssue[] = [];
  const doc = docs[0];
  // A value and the lines indented under it read as one key (OVER_INDENTED): both errors start at the
  // value, and the second (the key is not on one line) is the same mistake, so it is left out.
  const keyEnds = new Map<number, number>();
  for (const e of doc.errors) if (e.code === 'MULTILINE_IMPLICIT_KEY') keyEnds.set(e.pos[0], e.pos[1]);
  const overIndented = new Map<number, number>();
  for (const e of doc.errors) {
    const end = keyEnds.get(e.pos[0]);
    if (e.code === 'BLOCK_AS_IMPLICIT_KEY' && /^Nested mappings/.test(e.message) && end !== undefined)
      overIndented.set(e.pos[0], end);
  }
  for (const e of [...doc.errors, ...doc.warnings]) {
    if (e.code === 'MULTILINE_IMPLICIT_KEY' && overIndented.has(e.pos[0])) continue;
    const structural = e.code !== 'DUPLICATE_KEY' && e.code !== 'TAG_RESOLVE_FAILED';
    const opened =
      e.code === 'MISSING_CHAR' && /closing .?quote/i.test(e.message) ? openingQuote(doc, e.pos[0]) : undefined;
    issues.push(
      e.code === 'BLOCK_AS_IMPLICIT_KEY' && overIndented.has(e.pos[0])
        ? { offset: lineStart(text, overIndented.get(e.pos[0])!), message: OVER_INDENTED, structural }
        : { offset: opened ?? e.pos[0], message: yamlMessage(e.message), structural },
    );
  }
  duplicateKeys(doc, issues);
  issues = upToFirstSyntaxError(issues);
  // An alias to no anchor parses without error; said here, where it is, not later as a missing value.
  if (issues.length === 0 && text.includes('*')) {
    for (const [node, target] of aliasTargets(doc)) {
      if (target !== undefined) continue;
      issues.push({
        offset: node.range?.[0] ?? 0,
        message: `alias *${shorten(node.source, EXCERPT)} has no anchor &${shorten(node.source, EXCERPT)} before it`,
        structural: true,
      });
    }
  }
  if (docs.length > 1 && !issues.some((i) => i.structural)) {
    issues.push({
      offset: docs[1].range[0],
      message: 'a second YAML document: a file holds exactly one',
      structural: false,
    });
  }
  return { doc, issues };
}

/**
 * One YAML mistake often makes the parser report several errors: its own, then
 * others for what it read after it. A key indented one space too few gives
 * "all mapping items must start at the same column" there, then two errors
 * at the next line, which is right. The first error explains the mistake, and
 * what the parser read after it is its guess, so the issues are kept up to the
 * first syntax error and no further (a duplicate key or an unknown tag before
 * it is a mistake of its own, and stays).
 */
function upToFirstSyntaxError(issues: readonly YamlIssue[]): YamlIssue[] {
  const first = issues.reduce<YamlIssue | undefined>(
    (found, i) => (i.structural && (found === undefined || i.offset < found.offset) ? i : found),
    undefined,
  );
  if (first === undefined) return [...issues];
  return [...issues.filter((i) => !i.structural && i.offset < first.offset), first].sort((a, b) => a.offset - b.offset);
}

/**
 * A key twice in a mapping: keys equal as YAML 1.2 compares nodes, by tag
 * and value. `1`, `+1` and `0x1` are the same integer, `~` and `null` the
 * same null, but `1` and `1.0` differ (an integer and a float), which a
 * comparison of the values alone, as the yaml package's own check makes,
 * would call one key.
 */
function duplicateKeys(doc: Document.Parsed, issues: YamlIssue[]): void {
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      const numbers = new Set<string>();
      for (const pair of map.items) {
        const key = pair.key;
        const value = isScalar(key) ? key.value : key;
        let twice: boolean;
        if (typeof value === 'number') {
          // Explicit tags are refused (strict), so the core schema's rule for plain scalars decides.
          const tagged = `${INTEGER.test((key as Scalar).source ?? '') ? 'int' : 'float'} ${value}`;
          twice = numbers.has(tagged);
          numbers.add(tagged);
        } else {
          twice = seen.has(value);
          seen.add(value);
        }
        if (twice) {
          issues.push({
            offset: (key as Node | null)?.range?.[0] ?? map.range?.[0] ?? 0,
            message: 'duplicate key: keys must be unique',
            structural: false,
          });
        }
      }
      return undefined;
    },
  });
}

/** The plain scalars YAML 1.2's core schema reads as integers (the other numbers are floats). */
const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;

/** How much of a token the parser names a message may quote. */
const TOKEN_SHOWN = 24;
/** And how long a message of the parser may be. */
const MESSAGE_SHOWN = 160;

function yamlMessage(message: string): string {
  // The stack overflow the parser catches for absurd nesting, said plainly.
  if (/Maximum call stack size exceeded/.test(message)) return 'nesting is too deep';
  const firstLine = message
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '')
    // The parser quotes the token it did not expect whole ("Unexpected scalar token in
    // YAML stream: …"): the kind of token and its start say where, the rest is the file's.
    .replace(/: "(.*)"$/s, (_, token: string) => `: ${excerpt(token, TOKEN_SHOWN)}`);
  return shorten(firstLine.charAt(0).toLowerCase() + firstLine.slice(1), MESSAGE_SHOWN);
}

/** What each alias of a document points to: undefined for an alias with no anchor before it. */
type AliasTargets = ReadonlyMap<Alias, Node | undefined>;
const targetsOf = new WeakMap<Document.Parsed, AliasTargets>();

/**
 * The node each alias of a document points to, found in one pass: the last
 * node before the alias, in document order, that carries its anchor (an
 * anchor may be given again, to another node). The yaml package's
 * `Alias.resolve` walks the whole document for each alias, and its `toJS`
 * the list of anchors and aliases up to each one: a file that used an
 * anchor 20,000 times, as a citation file of 20,000 records naming their
 * source by alias does, took minutes. Kept for the document (which is not
 * changed once parsed), in document order.
 */
function aliasTargets(doc: Document.Parsed): AliasTargets {
  let targets = targetsOf.get(doc);
  if (targets !== undefined) return targets;
  const found = new Map<Alias, Node | undefined>();
  const anchors = new Map<string, Node>();
  // A collection comes before its items: an alias inside the node its anchor names finds that node.
  visit(doc, {
    Node(_, node) {
      if (isAlias(node)) found.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
      return undefined;
    },
  });
  targets = found;
  targetsOf.set(doc, targets);
  return targets;
}

/** The node an alias of `doc` points to (one level), or the node itself. */
export function deref(doc: Document.Parsed, node: unknown): unknown {
  return isAlias(node) ? aliasTargets(doc).get(node) : node;
}

/**
 * The document's values, as `doc.toJS({ mapAsMap: true, maxAliasCount: -1 })`
 * makes them (mappings as Maps, keys as values, every alias the very value
 * its anchor's node made), in time linear in the document: the package's own
 * looks each alias up from the start of the list of anchors and aliases.
 * YAML 1.2's core schema knows no merge keys (`<<` is an ordinary key) and no
 * tags that make other collections (an unknown tag is an issue of
 * parseYaml); a collection of another class is refused rather than misread.
 * Recursive, as deep as the document nests (the caller tells a RangeError as
 * too deep). Run aliasProblem first: it refuses what would hold itself.
 */
export function yamlValues(doc: Document.Parsed): unknown {
  /** What each anchored node made, for the aliases after it. */
  const made = new Map<unknown, unknown>();
  const toValue = (node: unknown): unknown => {
    if (isAlias(node)) {
      const target = deref(doc, node);
      if (!made.has(target))
        throw new ReferenceError(`Unresolved alias (the anchor must be set before the alias): ${node.source}`);
      return made.get(target);
    }
    if (isScalar(node)) {
      if (node.anchor) made.set(node, node.value);
      return node.value;
    }
    if (isPair(node)) return new Map([[toValue(node.key), toValue(node.value)]]);
    if (isMap(node) && Object.getPrototypeOf(node) === YAMLMap.prototype) {
      const map = new Map<unknown, unknown>();
      if (node.anchor) made.set(node, map);
      for (const pair of node.items) {
        const key = toValue(pair.key);
        map.set(key, toValue(pair.value));
      }
      return map;
    }
    if (isSeq(node) && Object.getPrototypeOf(node) === YAMLSeq.prototype) {
      const list: unknown[] = [];
      if (node.anchor) made.set(node, list);
      for (const item of node.items) list.push(toValue(item));
      return list;
    }
    if (node === null || node === undefined) return node;
    throw new Error(`a YAML node of an unexpected kind (${isCollection(node) ? 'a collection' : typeof node})`);
  };
  return toValue(doc.contents);
}

/** A scalar's string value; a plain scalar that YAML read as a number gives its source text. */
export function scalarText(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'string') return node.value;
  return undefined;
}

/** The source text of a plain scalar, whatever type YAML gave it (for hex digests). */
export function scalarSource(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  if (typeof node.value === 'string') return node.value;
  if (node.type === 'PLAIN' && typeof node.source === 'string') return node.source;
  return undefined;
}

export function nodeOffset(node: unknown, fallback = 0): number {
  return (node as Node | undefined)?.range?.[0] ?? fallback;
}

/**
 * Why a document cannot be read into values, at the alias at fault: one
 * inside the node its anchor names (the values would hold themselves, and
 * every walk of them would go on for ever), or one that takes the values
 * past MAX_YAML_VALUES, each alias counted as all the values it stands for.
 * The yaml package's own bound counts every use of an anchor, even of one
 * string: a file that named its source once and used it a hundred times was
 * refused whole. Recursive, as deep as the document nests (the caller tells
 * a RangeError as too deep).
 */
export function aliasProblem(doc: Document.Parsed): { readonly offset: number; readonly message: string } | undefined {
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  let loop: Alias | undefined;
  /** The values a node stands for, aliases expanded (at most MAX_YAML_VALUES + 1). */
  const sizeOf = (node: unknown): number => {
    if (loop !== undefined) return 0;
    if (isAlias(node)) {
      const target = deref(doc, node);
      if (target === undefined) return 1;
      if (open.has(target)) {
        loop = node;
        return 0;
      }
      return sizeOf(target);
    }
    if (isPair(node)) return Math.min(MAX_YAML_VALUES + 1, sizeOf(node.key) + sizeOf(node.value));
    if (!isCollection(node)) return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    open.add(node);
    let size = 1;
    for (const item of node.items) size = Math.min(MAX_YAML_VALUES + 1, size + sizeOf(item));
    open.delete(node);
    sizes.set(node, size);
    return size;
  };
  // The values in document order, each alias as all it stands for: the first to cross the bound is told.
  let total = 0;
  let crossed: Node | undefined;
  const count = (node: unknown): void => {
    if (crossed !== undefined || loop !== undefined) return;
    if (isAlias(node) || !(isCollection(node) || isPair(node))) {
      total += sizeOf(node);
      if (total > MAX_YAML_VALUES && loop === undefined) crossed = node as Node;
      return;
    }
    if (isPair(node)) {
      count(node.key);
      count(node.value);
      return;
    }
    total += 1;
    open.add(node);
    for (const item of node.items) count(item);
    open.delete(node);
  };
  count(doc.contents);
  if (loop !== undefined)
    return {
      offset: nodeOffset(loop),
      message: `alias *${shorten(loop.source, EXCERPT)} is inside the value its anchor names: the value would hold itself`,
    };
  if (crossed !== undefined)
    return {
      offset: nodeOffset(crossed),
      message: `too many aliases: expanded, they make more than ${MAX_YAML_VALUES.toLocaleString('en-US')} values (an alias bomb)`,
    };
  return undefined;
}
