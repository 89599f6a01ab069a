// The manifest (SPEC §6): which sources exist, where their reviewed text is,
// which SHA-256 each is pinned to, and which files hold citation records.
// Every problem is reported at its line and column, all of them at once.
import path from 'node:path';
import { isAlias, isMap, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { editDistance, withinEditDistance } from '../engine/edit-distance.js';
import { TextLineIndex, type Position } from '../engine/positions.js';
import { hasLoneSurrogate, LONE_SURROGATE } from '../engine/unicode.js';
import { Glob, GlobSyntaxError } from './glob.js';
import { bomLength, decodeUtf8Text } from './text.js';
import type { Workspace } from './workspace.js';
import { deref, nodeOffset, parseYaml, scalarSource, scalarText, yamlMarks } from './yaml-nodes.js';
import type { Problem } from '../model/problem.js';
import { EXCERPT, shorten } from '../model/escape.js';
import { pinCommandLine } from '../model/shell.js';
import { folderEnding, NAME_SEPARATORS } from '../model/paths.js';
import { CHECK_LEVELS, CHECK_NAMES, type CheckLevel, type CheckLevels, DEFAULT_CHECKS } from '../model/levels.js';

export const DEFAULT_MANIFEST = 'citegate.yml';
/**
 * A manifest is refused past these: 8 MiB (some 57,000 sources of four lines;
 * 55,000 took 2.2 s and 440 MB to read, measured), or a million line breaks and
 * YAML marks (a denser file of that size). A pull request may change it too.
 */
export const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
export const MAX_MANIFEST_MARKS = 1_000_000;

/** Where a scalar value sits in the manifest text, so `pin` can rewrite just it. */
export interface ValueSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * Where `pin` writes a hash that has no value to replace, found from the YAML
 * nodes whatever the keys' style (`? path` on a line of its own, quoted,
 * tagged): after a `sha256` key that has no value at all (`? sha256`,
 * `{sha256}`), or, with no `sha256` key, as a new pair after `path`'s value.
 */
export interface HashInsertion {
  /** Where the node it goes after ends: the `sha256` key, or `path`'s value (a block scalar's ends after its line break). */
  readonly after: number;
  /** True: a new `sha256` pair; false: the value of the `sha256` key there. */
  readonly pair: boolean;
  /** In a flow mapping (`{…}`) it goes on right after the node; in a block mapping, on a line of its own. */
  readonly flow: boolean;
  /** In a block mapping, the column (1-based) where its items start: the `?` of an explicit key, a key's anchor or tag. */
  readonly column: number;
}

export interface PinnedFile {
  /** As written in the manifest, relative to its folder. */
  readonly path: string;
  /** Lower-case hex, or undefined when absent (allowed only when loading for `pin`). */
  readonly sha256: string | undefined;
  readonly sha256Span: ValueSpan | undefined;
  /** Why `pin` cannot rewrite the sha256 value in place (it is an alias or an anchor). */
  readonly sha256NotEditable?: string;
  /** With no value to replace (no sha256Span), where `pin` writes one; loaded with `edit` only. */
  readonly sha256Insert?: HashInsertion;
  /** Where the `path` value is written, and the `sha256` value when there is one: messages about the file point there. */
  readonly pathPosition: Position;
  readonly sha256Position: Position | undefined;
}

export interface SourceEntry extends PinnedFile {
  readonly id: string;
  readonly retrieved: string;
  readonly original: PinnedFile | undefined;
  /** Who may cite it; undefined: everyone. */
  readonly audience: readonly string[] | undefined;
  /** Where the entry's id is written. */
  readonly position: Position;
}

/**
 * How a citation file's records are written: citegate's own records, or saved
 * Claude Messages API responses (see docs/claude.md).
 */
export type RecordFormat = 'citegate' | 'anthropic-messages';
export const RECORD_FORMATS: readonly RecordFormat[] = ['citegate', 'anthropic-messages'];

/** The source id of each document a request sent, in its order (`document_index`); null: not a pinned source. */
export interface DocumentList {
  readonly ids: readonly (string | null)[];
  /** Where the list is written: `citegate.yml:12`. */
  readonly where: string;
}

export interface CitationPattern {
  readonly glob: Glob;
  readonly audience: string | undefined;
  /** As the entry says; undefined: told from each file's shape. */
  readonly format: RecordFormat | undefined;
  readonly documents: DocumentList | undefined;
  readonly position: Position;
}

/** Files matching `glob` must each cite every source in `cite`. */
export interface Requirement {
  /** `files` as written; one that ends in `/` is read as everything under that folder. */
  readonly pattern: string;
  readonly glob: Glob;
  readonly cite: readonly string[];
  readonly position: Position;
  /** Where its `files` value is. */
  readonly filesPosition: Position;
}

export interface Manifest {
  /** Workspace-relative path of the manifest. */
  readonly file: string;
  /** Workspace-relative folder of the manifest ('' for the root): paths in it are relative to this. */
  readonly dir: string;
  readonly text: string;
  /** Whether the file starts with a UTF-8 byte order mark (encoding, not text: `text` has none). */
  readonly byteOrderMark?: boolean;
  readonly sources: ReadonlyMap<string, SourceEntry>;
  readonly citations: readonly CitationPattern[];
  readonly checks: CheckLevels;
  readonly requirements: readonly Requirement[];
}

/** The manifest cannot be used: the check cannot run (exit 2). */
export class ManifestError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'ManifestError';
  }
}

export interface LoadManifestOptions {
  /** For `pin`: sha256 values may be missing or malformed (they are about to be written). */
  readonly forPin?: boolean;
  /**
   * For `pin` writing hashes: find where each missing one goes (sha256Insert).
   * The yaml package's source tokens are kept for it, some three times the
   * memory of the document alone.
   */
  readonly edit?: boolean;
  /**
   * How the path was given, when it was ("--manifest, from the current
   * folder"): a missing or outside manifest is then that path's fault, not a
   * manifest still to be written.
   */
  readonly given?: string;
}

const TOP_KEYS = ['version', 'sources', 'citations', 'checks', 'require'];
const REQUIRE_KEYS = ['files', 'cite'];
const SOURCE_KEYS = ['path', 'sha256', 'retrieved', 'original', 'audience'];
const ORIGINAL_KEYS = ['path', 'sha256'];
const CITATION_KEYS = ['path', 'audience', 'format', 'documents'];
const SHA256 = /^[0-9a-fA-F]{64}$/;

/** Reads and validates the manifest at a workspace-relative or absolute path. */
export function loadManifest(workspace: Workspace, manifestPath: string, options: LoadManifestOptions = {}): Manifest {
  // `citegate.yml/` would resolve to citegate.yml, which the system would refuse to open so.
  const folder = folderEnding(manifestPath, 'name', NAME_SEPARATORS);
  if (folder !== undefined) throw new ManifestError([{ file: manifestPath, line: 0, column: 0, message: folder }]);
  const abs = workspace.argumentPath(manifestPath);
  const shown = workspace.contains(abs) ? workspace.relative(abs) : manifestPath;
  const fail = (message: string): never => {
    throw new ManifestError([{ file: shown, line: 0, column: 0, message }]);
  };
  const given = options.given === undefined ? '' : ` (${options.given})`;
  if (!workspace.contains(abs)) fail(`the manifest is outside the workspace (${workspace.root})${given}; use --root`);
  const resolved = workspace.resolve('', workspace.relative(abs), 'file name');
  if (!resolved.ok) return fail(resolved.reason);
  const read = workspace.read(resolved.abs, MAX_MANIFEST_BYTES);
  if (!read.ok) {
    if (read.reason !== 'no such file') return fail(`cannot read the manifest: ${read.reason}`);
    return fail(
      options.given === undefined
        ? `no manifest here: create ${DEFAULT_MANIFEST} (see the README) or pass --manifest`
        : `no manifest: no such file${given}`,
    );
  }
  const decoded = decodeUtf8Text(read.bytes);
  if (!decoded.ok) {
    throw new ManifestError([{ file: shown, ...decoded.position, message: decoded.reason }]);
  }
  if (yamlMarks(decoded.text) > MAX_MANIFEST_MARKS) {
    fail(
      `the manifest has more than ${MAX_MANIFEST_MARKS.toLocaleString('en-US')} line breaks and YAML marks: too large to read`,
    );
  }
  const dir = path.posix.dirname(resolved.rel);
  const manifest = parseManifest(decoded.text, resolved.rel, dir === '.' ? '' : dir, options);
  return bomLength(read.bytes) > 0 ? { ...manifest, byteOrderMark: true } : manifest;
}

/** Validates manifest text; `file` and `dir` are workspace-relative. */
export function parseManifest(text: string, file: string, dir: string, options: LoadManifestOptions = {}): Manifest {
  const index = new TextLineIndex(text);
  const problems: Problem[] = [];
  const report = (offset: number, message: string) => {
    problems.push({ file, ...index.position(offset), message });
  };

  const { doc, issues } = parseYaml(text, { keepSourceTokens: options.edit === true });
  for (const issue of issues) report(issue.offset, issue.message);
  // Go on after a duplicate key or an unknown tag, so that every problem is reported at once.
  if (issues.some((i) => i.structural) || doc === undefined) {
    if (doc === undefined) report(0, 'the manifest is empty: it needs `version: 1` and `sources`');
    throw new ManifestError(sortProblems(problems));
  }

  const sources = new Map<string, SourceEntry>();
  /** The ids written under `sources` whose entries were refused, each with a problem. */
  const refused = new Set<string>();
  const citations: CitationPattern[] = [];
  const root = deref(doc, doc.contents);
  if (!isMap(root)) {
    report(nodeOffset(root), 'the manifest must be a mapping with `version`, `sources` and `citations`');
    throw new ManifestError(sortProblems(problems));
  }

  const top = readKeys(doc, root, TOP_KEYS, 'the manifest', report);
  const version = top.get('version');
  if (version === undefined) report(nodeOffset(root), 'missing `version: 1`');
  else if (!isScalar(version.value) || version.value.value !== 1) {
    report(
      nodeOffset(version.value, nodeOffset(version.key)),
      'version must be 1 (the only manifest version there is)',
    );
  }

  const sourcesPair = top.get('sources');
  if (sourcesPair === undefined) report(nodeOffset(root), 'missing `sources`: a mapping of source ids to their files');
  else {
    const node = deref(doc, sourcesPair.value);
    if (!isMap(node))
      report(nodeOffset(node, nodeOffset(sourcesPair.key)), '`sources` must be a mapping of source ids to entries');
    else {
      for (const pair of node.items) {
        const before = problems.length;
        const entry = readSource(doc, pair, index, report, options);
        if (entry) sources.set(entry.id, entry);
        else if (problems.length > before) {
          // Refused, with a problem of its own: a rule naming it is not told it is missing too.
          const id = scalarText(deref(doc, pair.key));
          if (id !== undefined) refused.add(id);
        }
      }
    }
  }

  const citationsPair = top.get('citations');
  if (citationsPair !== undefined) {
    const node = deref(doc, citationsPair.value);
    if (!isSeq(node))
      report(nodeOffset(node, nodeOffset(citationsPair.key)), '`citations` must be a list of glob patterns');
    else {
      const near = nearSourceIds(sources);
      for (const item of node.items) {
        const pattern = readCitationPattern(doc, item, index, report, refused, sources, near, file);
        if (pattern) citations.push(pattern);
      }
    }
  }

  const checks = readChecks(doc, top.get('checks'), report);
  const requirements: Requirement[] = [];
  const requirePair = top.get('require');
  if (requirePair !== undefined) {
    const node = deref(doc, requirePair.value);
    if (!isSeq(node))
      report(nodeOffset(node, nodeOffset(requirePair.key)), '`require` must be a list of {files, cite} rules');
    else {
      for (const item of node.items) {
        const rule = readRequirement(doc, item, index, report, refused, sources);
        if (rule) requirements.push(rule);
      }
    }
  }

  if (problems.length > 0) throw new ManifestError(sortProblems(problems));
  return { file, dir, text, sources, citations, checks, requirements };
}

type Report = (offset: number, message: string) => void;

/** The pairs of a mapping by key, reporting unknown, non-string and (via yaml) duplicate keys. */
function readKeys(
  doc: Document.Parsed,
  map: YAMLMap,
  allowed: string[],
  what: string,
  report: Report,
): Map<string, Pair> {
  const pairs = new Map<string, Pair>();
  for (const pair of map.items) {
    const key = scalarText(deref(doc, pair.key));
    if (key === undefined || !allowed.includes(key)) {
      const shown = key === undefined ? 'a key that is not a string' : `unknown key \`${shorten(key, EXCERPT)}\``;
      const near = key === undefined ? undefined : allowed.find((a) => editDistance(a, key) <= 2);
      // YAML 1.1's merge key, which YAML 1.2 (the yaml package's default) reads as an ordinary key.
      const hint =
        key === '<<'
          ? 'merge keys are YAML 1.1, which citegate does not read: write the keys out'
          : near
            ? `did you mean \`${near}\`?`
            : `allowed: ${allowed.join(', ')}`;
      report(nodeOffset(pair.key, nodeOffset(map)), `${shown} in ${what} (${hint})`);
      continue;
    }
    pairs.set(key, pair);
  }
  return pairs;
}

function readString(doc: Document.Parsed, pair: Pair | undefined, what: string, report: Report): string | undefined {
  if (pair === undefined) return undefined;
  const node = deref(doc, pair.value);
  const value = scalarText(node);
  if (value === undefined || value === '') {
    report(nodeOffset(node, nodeOffset(pair.key)), `${what} must be a non-empty string`);
    return undefined;
  }
  return value;
}

function readPinnedFile(
  doc: Document.Parsed,
  map: YAMLMap,
  pairs: Map<string, Pair>,
  what: string,
  id: string,
  index: TextLineIndex,
  report: Report,
  options: LoadManifestOptions,
): PinnedFile | undefined {
  const pathPair = pairs.get('path');
  if (pathPair === undefined) {
    report(nodeOffset(map), `${what} has no \`path\``);
    return undefined;
  }
  const filePath = readString(doc, pathPair, `the \`path\` of ${what}`, report);
  let sha256: string | undefined;
  let sha256Span: ValueSpan | undefined;
  let sha256NotEditable: string | undefined;
  const shaPair = pairs.get('sha256');
  if (shaPair === undefined) {
    // By id, as for a malformed one: a bare `citegate pin` would also re-pin every stale source, unseen.
    if (!options.forPin)
      report(nodeOffset(map), `${what} has no \`sha256\`: run \`${pinCommandLine([id])}\` to record it`);
  } else {
    const node = deref(doc, shaPair.value);
    const value = scalarSource(node);
    if (isAlias(shaPair.value)) {
      // Rewriting the anchored value would change every other use of it.
      sha256NotEditable = `its \`sha256\` is an alias (*${shorten(shaPair.value.source, EXCERPT)}): write the hash itself there`;
    } else if (isScalar(node) && node.anchor !== undefined) {
      sha256NotEditable = `its \`sha256\` carries an anchor (&${shorten(node.anchor, EXCERPT)}) that other values may share: remove the anchor`;
    } else if (isScalar(node) && node.range) {
      sha256Span = { start: node.range[0], end: node.range[1] };
    } else if (node === null) {
      // A key with no value at all (`? sha256` alone, `{sha256}`): the hash goes after the key.
    } else {
      // A list or a mapping: a hash written in its place would leave the rest, and one added would be a second key.
      sha256NotEditable =
        'its `sha256` is not a single value (a list or a mapping): write the hash there, or leave it empty';
    }
    if (value !== undefined && SHA256.test(value)) sha256 = value.toLowerCase();
    else if (!options.forPin) {
      // Pinning the source (by id: not every source, whose stale pins it would accept unseen) writes the hash in
      // place of any single value; one it cannot rewrite says what to do instead, as pin would.
      const fix = sha256NotEditable ?? `run \`${pinCommandLine([id])}\` to record it`;
      report(
        nodeOffset(node, nodeOffset(shaPair.key)),
        `the \`sha256\` of ${what} must be 64 hexadecimal digits: ${fix}`,
      );
    }
  }
  if (filePath === undefined) return undefined;
  // Not dereferenced: a missing sha256 goes after the path as written here, even an alias.
  const pathNode = pathPair.value;
  const keyOffset = nodeOffset(pathPair.key);
  const sha256Insert =
    options.edit && sha256Span === undefined && sha256NotEditable === undefined
      ? hashInsertion(map, shaPair === undefined ? pathNode : shaPair.key, shaPair === undefined)
      : undefined;
  return {
    path: filePath,
    sha256,
    sha256Span,
    ...(sha256NotEditable !== undefined ? { sha256NotEditable } : {}),
    ...(sha256Insert !== undefined ? { sha256Insert } : {}),
    pathPosition: index.position(nodeOffset(pathNode, keyOffset)),
    sha256Position:
      shaPair === undefined ? undefined : index.position(nodeOffset(shaPair.value, nodeOffset(shaPair.key))),
  };
}

/**
 * Where a hash goes after `node` (the `path` value, or a `sha256` key without
 * one) in `map`. A block mapping's items start in the column its parser
 * tokens give (`indent`, 0-based): not its key's, which is further right
 * after `? ` or an anchor.
 */
function hashInsertion(map: YAMLMap, node: unknown, pair: boolean): HashInsertion | undefined {
  const after = (node as Node | null)?.range?.[1];
  const token = map.srcToken;
  if (after === undefined || token === undefined) return undefined;
  return { after, pair, flow: map.flow === true, column: token.type === 'block-map' ? token.indent + 1 : 0 };
}

function readSource(
  doc: Document.Parsed,
  pair: Pair,
  index: TextLineIndex,
  report: Report,
  options: LoadManifestOptions,
): SourceEntry | undefined {
  const keyNode = deref(doc, pair.key);
  const id = scalarText(keyNode);
  const at = nodeOffset(pair.key);
  if (id === undefined || id === '') {
    report(at, 'a source id must be a non-empty string');
    return undefined;
  }
  const unfit = unfitSourceId(id);
  if (unfit !== undefined) {
    report(at, unfit);
    return undefined;
  }
  const what = `source \`${shorten(id, EXCERPT)}\``;
  const node = deref(doc, pair.value);
  if (!isMap(node)) {
    report(nodeOffset(node, at), `${what} must be a mapping with path, sha256 and retrieved`);
    return undefined;
  }
  const keys = readKeys(doc, node, SOURCE_KEYS, what, report);
  const file = readPinnedFile(doc, node, keys, what, id, index, report, options);

  let retrieved: string | undefined;
  const retrievedPair = keys.get('retrieved');
  if (retrievedPair === undefined) report(nodeOffset(node), `${what} has no \`retrieved\` date (YYYY-MM-DD)`);
  else {
    const value = scalarText(deref(doc, retrievedPair.value));
    if (value === undefined || !isIsoDate(value)) {
      report(
        nodeOffset(retrievedPair.value, nodeOffset(retrievedPair.key)),
        `the \`retrieved\` date of ${what} must be a calendar date written YYYY-MM-DD`,
      );
    } else retrieved = value;
  }

  let original: PinnedFile | undefined;
  const originalPair = keys.get('original');
  if (originalPair !== undefined) {
    const originalNode = deref(doc, originalPair.value);
    if (!isMap(originalNode)) {
      report(
        nodeOffset(originalNode, nodeOffset(originalPair.key)),
        `the \`original\` of ${what} must be a mapping with path and sha256`,
      );
    } else {
      const originalKeys = readKeys(doc, originalNode, ORIGINAL_KEYS, `the \`original\` of ${what}`, report);
      original = readPinnedFile(
        doc,
        originalNode,
        originalKeys,
        `the \`original\` of ${what}`,
        id,
        index,
        report,
        options,
      );
    }
  }

  let audience: string[] | undefined;
  const audiencePair = keys.get('audience');
  if (audiencePair !== undefined) {
    const audienceNode = deref(doc, audiencePair.value);
    const values = isSeq(audienceNode) ? audienceNode.items.map((item) => scalarText(deref(doc, item))) : [];
    if (!isSeq(audienceNode) || values.length === 0 || values.some((v) => v === undefined || v === '')) {
      report(
        nodeOffset(audienceNode, nodeOffset(audiencePair.key)),
        `the \`audience\` of ${what} must be a non-empty list of names, e.g. [support]`,
      );
    } else audience = values as string[];
  }

  if (file === undefined || retrieved === undefined) return undefined;
  return { ...file, id, retrieved, original, audience, position: index.position(at) };
}

/**
 * Why a source id cannot be one, or undefined: it holds a control character,
 * or a lone UTF-16 surrogate. No UTF-8 file holds a lone surrogate: only a
 * YAML escape (`"\uD800"`) writes one. A record citing it is `invalid
 * fields`, as a record holding any such string is (SPEC §2), and no command
 * line can name it (`citegate pin ID`: no bytes decode to it).
 */
function unfitSourceId(id: string): string | undefined {
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) return 'a source id must not hold control characters';
  if (hasLoneSurrogate(id)) {
    return `a source id must not hold ${LONE_SURROGATE}: no record can cite it, and no command line can name it`;
  }
  return undefined;
}

function readCitationPattern(
  doc: Document.Parsed,
  item: unknown,
  index: TextLineIndex,
  report: Report,
  refused: ReadonlySet<string>,
  sources: ReadonlyMap<string, SourceEntry>,
  near: NearId,
  file: string,
): CitationPattern | undefined {
  const node = deref(doc, item);
  const at = nodeOffset(node);
  let patternAt = at;
  let pattern: string | undefined;
  let audience: string | undefined;
  let format: RecordFormat | undefined;
  let documents: DocumentList | undefined;
  if (isMap(node)) {
    const keys = readKeys(doc, node, CITATION_KEYS, 'a `citations` entry', report);
    pattern = readString(doc, keys.get('path'), 'the `path` of a `citations` entry', report);
    patternAt = nodeOffset(keys.get('path')?.value, at);
    if (!keys.has('path')) report(at, 'a `citations` entry needs a `path` glob');
    if (keys.has('audience'))
      audience = readString(doc, keys.get('audience'), 'the `audience` of a `citations` entry', report);
    const formatPair = keys.get('format');
    if (formatPair !== undefined) {
      const value = scalarText(deref(doc, formatPair.value));
      if (value !== undefined && (RECORD_FORMATS as readonly string[]).includes(value)) format = value as RecordFormat;
      else
        report(
          nodeOffset(formatPair.value, nodeOffset(formatPair.key)),
          `the \`format\` of a \`citations\` entry must be one of ${RECORD_FORMATS.join(', ')}`,
        );
    }
    const documentsPair = keys.get('documents');
    if (documentsPair !== undefined) {
      documents = readDocuments(doc, documentsPair, index, report, refused, sources, near, file);
      if (formatPair !== undefined && format !== 'anthropic-messages' && format !== undefined)
        report(
          nodeOffset(documentsPair.key),
          '`documents` names the documents of a Messages API request: it goes with `format: anthropic-messages`',
        );
      else if (formatPair === undefined)
        report(
          nodeOffset(documentsPair.key),
          '`documents` names the documents of a Messages API request: add `format: anthropic-messages` to the entry',
        );
    }
  } else {
    pattern = scalarText(node);
    if (pattern === undefined || pattern === '') {
      report(at, 'a `citations` entry must be a glob pattern or a mapping with `path` and `audience`');
      return undefined;
    }
  }
  if (pattern === undefined) return undefined;
  try {
    return { glob: new Glob(pattern), audience, format, documents, position: index.position(at) };
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    report(patternAt, `bad glob pattern: ${error.message}`);
    return undefined;
  }
}

/** The source id that an unknown one probably meant, if any. */
type NearId = (id: string) => string | undefined;

/**
 * Unknown ids given a "did you mean": each is compared with every source id,
 * so that a manifest of many sources and many unknown ids would take their
 * product; past this many, none is looked for.
 */
const MAX_NEAR_LOOKUPS = 10;

/** The first source id within two edits of an unknown one, for the first MAX_NEAR_LOOKUPS asked. */
function nearSourceIds(sources: ReadonlyMap<string, SourceEntry>): NearId {
  let asked = 0;
  return (id) => {
    if (++asked > MAX_NEAR_LOOKUPS) return undefined;
    // Bounded: the whole distance of two ids a manifest made megabytes long would take hours.
    for (const known of sources.keys()) if (withinEditDistance(known, id, 2)) return known;
    return undefined;
  };
}

/** A `documents` list: a source id, or null for a document that is not a pinned source, per document sent. */
function readDocuments(
  doc: Document.Parsed,
  pair: Pair,
  index: TextLineIndex,
  report: Report,
  refused: ReadonlySet<string>,
  sources: ReadonlyMap<string, SourceEntry>,
  nearId: NearId,
  file: string,
): DocumentList | undefined {
  const node = deref(doc, pair.value);
  const at = nodeOffset(node, nodeOffset(pair.key));
  const shape =
    '`documents` must be a non-empty list of source ids, one per document the request sent, in its order (null for one that is not a source)';
  if (!isSeq(node) || node.items.length === 0) {
    report(at, shape);
    return undefined;
  }
  const ids: (string | null)[] = [];
  let ok = true;
  for (const item of node.items) {
    const value = deref(doc, item);
    if (isScalar(value) && value.value === null) {
      ids.push(null);
      continue;
    }
    const id = scalarText(value);
    if (id === undefined || id === '') {
      report(nodeOffset(item, at), shape);
      ok = false;
    } else if (!sources.has(id)) {
      ok = false;
      if (refused.has(id)) continue;
      const near = nearId(id);
      report(
        nodeOffset(item, at),
        `\`documents\` names source \`${shorten(id, EXCERPT)}\`, which is not in \`sources\`${near ? ` (did you mean \`${shorten(near, EXCERPT)}\`?)` : ' (write null for a document that is not a source)'}`,
      );
    } else ids.push(id);
  }
  if (!ok) return undefined;
  return { ids, where: `${file}:${index.position(at).line}` };
}

function readChecks(doc: Document.Parsed, pair: Pair | undefined, report: Report): CheckLevels {
  if (pair === undefined) return DEFAULT_CHECKS;
  const node = deref(doc, pair.value);
  if (!isMap(node)) {
    report(nodeOffset(node, nodeOffset(pair.key)), '`checks` must be a mapping such as {uncited_claims: warn}');
    return DEFAULT_CHECKS;
  }
  const names = Object.entries(CHECK_NAMES);
  const keys = readKeys(
    doc,
    node,
    names.map(([, name]) => name),
    '`checks`',
    report,
  );
  const levels: Record<string, CheckLevel> = { ...DEFAULT_CHECKS };
  for (const [field, name] of names) {
    const levelPair = keys.get(name);
    if (levelPair === undefined) continue;
    const value = scalarText(deref(doc, levelPair.value));
    if (value === undefined || !(CHECK_LEVELS as readonly string[]).includes(value)) {
      report(
        nodeOffset(levelPair.value, nodeOffset(levelPair.key)),
        `\`${name}\` must be one of ${CHECK_LEVELS.join(', ')}`,
      );
    } else levels[field] = value as CheckLevel;
  }
  return levels as unknown as CheckLevels;
}

function readRequirement(
  doc: Document.Parsed,
  item: unknown,
  index: TextLineIndex,
  report: Report,
  refused: ReadonlySet<string>,
  sources: ReadonlyMap<string, SourceEntry>,
): Requirement | undefined {
  const node = deref(doc, item);
  const at = nodeOffset(node);
  if (!isMap(node)) {
    report(at, 'a `require` rule must be a mapping with `files` (a glob) and `cite` (a list of source ids)');
    return undefined;
  }
  const keys = readKeys(doc, node, REQUIRE_KEYS, 'a `require` rule', report);
  const pattern = readString(doc, keys.get('files'), 'the `files` of a `require` rule', report);
  if (!keys.has('files')) report(at, 'a `require` rule needs `files`, a glob of the citation files it applies to');
  const citePair = keys.get('cite');
  const citeNode = deref(doc, citePair?.value);
  const cite = isSeq(citeNode) ? citeNode.items.map((i) => ({ id: scalarText(deref(doc, i)), at: nodeOffset(i) })) : [];
  if (!isSeq(citeNode) || cite.length === 0 || cite.some((c) => c.id === undefined || c.id === '')) {
    report(
      nodeOffset(citeNode, citePair ? nodeOffset(citePair.key) : at),
      'the `cite` of a `require` rule must be a non-empty list of source ids',
    );
    return undefined;
  }
  for (const c of cite)
    if (!sources.has(c.id!) && !refused.has(c.id!))
      report(c.at, `\`require\` names source \`${shorten(c.id!, EXCERPT)}\`, which is not in \`sources\``);
  if (pattern === undefined) return undefined;
  try {
    return {
      pattern,
      glob: new Glob(pattern.endsWith('/') ? `${pattern}**` : pattern),
      cite: cite.map((c) => c.id!),
      position: index.position(at),
      filesPosition: index.position(nodeOffset(keys.get('files')?.value, at)),
    };
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    report(nodeOffset(keys.get('files')?.value, at), `bad glob pattern: ${error.message}`);
    return undefined;
  }
}

function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}
