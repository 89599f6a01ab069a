// Citation files (SPEC §6): JSON (an array of records, or an object with a
// `citations` array), JSON Lines (one record per line) or YAML (same shapes).
// Each record keeps the line and column where it starts. A file that cannot be
// parsed is a problem at its line and column; the caller goes on with the others.
import { messageOf } from '../model/escape.js';
import { isMap, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { editDistance } from '../engine/edit-distance.js';
import { TextLineIndex, type Position } from '../engine/positions.js';
import { isWhitespace } from '../engine/unicode.js';
import {
  JsonSyntaxError,
  MAX_RECORDS_PER_FILE,
  type ParsedJson,
  parseStrictJson,
  tooManyRecords,
} from './strict-json.js';
import { decodeUtf8Text } from './text.js';
import type { Workspace } from './workspace.js';
import { deref, MAX_YAML_ALIASES, nodeOffset, parseYaml, withLoneCrAsLf, yamlMarks } from './yaml-nodes.js';
import type { Problem } from '../model/problem.js';

export interface LoadedRecord {
  /** The parsed value: an object (a plain one from JSON, a Map from YAML), or anything else, which is not a record. */
  readonly value: unknown;
  readonly index: number;
  readonly position: Position;
  /** Where the value of its `claim` starts, when it is an object with one. */
  readonly claimPosition: Position | undefined;
}

export interface LoadedCitationFile {
  /** Workspace-relative path. */
  readonly file: string;
  readonly records: readonly LoadedRecord[];
  readonly problems: readonly Problem[];
  /** The top-level object, when the file is one (for fields beside `citations`). */
  readonly document: ReadonlyMap<string, unknown> | undefined;
  /** The assistant's answer, when the file gives one (`answer` beside `citations`). */
  readonly answer?: Answer;
}

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

export type CitationFormat = 'json' | 'jsonl' | 'yaml';

export function formatOf(file: string): CitationFormat | undefined {
  const lower = file.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return undefined;
}

/** Citation files larger than this are refused unread. */
export const DEFAULT_MAX_CITATION_FILE_BYTES = 64 * 1024 * 1024;

export function loadCitationFile(
  workspace: Workspace,
  file: string,
  maxBytes = DEFAULT_MAX_CITATION_FILE_BYTES,
): LoadedCitationFile {
  const whole = (message: string): LoadedCitationFile => ({
    file,
    records: [],
    document: undefined,
    problems: [{ file, line: 0, column: 0, message }],
  });
  const format = formatOf(file);
  if (format === undefined) return whole('not a citation file: the name must end in .json, .jsonl, .yaml or .yml');
  const resolved = workspace.resolve('', file, 'file name');
  if (!resolved.ok) return whole(`cannot read: ${resolved.reason}`);
  const read = workspace.read(resolved.abs, maxBytes);
  if (!read.ok) return whole(`cannot read: ${read.reason}`);
  const decoded = decodeUtf8Text(read.bytes);
  if (!decoded.ok) {
    return {
      file,
      records: [],
      document: undefined,
      problems: [{ file, ...decoded.position, message: decoded.reason }],
    };
  }
  return parseCitationText(decoded.text, file, format);
}

/**
 * YAML citation files larger than this are refused: the yaml package's
 * document takes about 75 times the size of its text in memory (JSON, parsed
 * natively, about 15 times), and hand-written YAML fixtures are small.
 */
export const MAX_YAML_CHARS = 4 * 1024 * 1024;

/**
 * And so are YAML files with more than this many line breaks and YAML
 * punctuation (, : - [ ] { }): each YAML token takes 250 to 350 bytes in the
 * yaml package, and a file of `- 0` lines is all tokens. About 20,000 records
 * of four fields.
 */
export const MAX_YAML_MARKS = 200_000;

/** Parses citation-file text (BOM already removed). */
export function parseCitationText(text: string, file: string, format: CitationFormat): LoadedCitationFile {
  if (format === 'yaml' && (text.length > MAX_YAML_CHARS || yamlMarks(text) > MAX_YAML_MARKS)) {
    const limit =
      text.length > MAX_YAML_CHARS
        ? `${MAX_YAML_CHARS / 1024 / 1024} MiB`
        : `${MAX_YAML_MARKS.toLocaleString('en-US')} line breaks and YAML marks (about 20,000 records)`;
    return {
      file,
      records: [],
      document: undefined,
      problems: [
        {
          file,
          line: 0,
          column: 0,
          message: `not read: YAML citation files are limited to ${limit}; use JSON or JSON Lines for larger sets`,
        },
      ],
    };
  }
  // The parser and the placing of an answer's sentences must see the same text.
  if (format === 'yaml') text = withLoneCrAsLf(text);
  const index = new TextLineIndex(text);
  const parsed =
    format === 'json' ? parseJsonFile(text) : format === 'jsonl' ? parseJsonLines(text) : parseYamlFile(text);
  const problems = parsed.problems.map((p) => ({ file, ...index.position(p.offset), message: p.message }));
  const records = parsed.records.map(
    (r, i): LoadedRecord => ({
      value: r.value,
      index: i,
      position: index.position(r.offset),
      claimPosition: r.claimOffset !== undefined ? index.position(r.claimOffset) : undefined,
    }),
  );
  if (records.length === 0 && problems.length === 0 && !parsed.emptyListed) {
    problems.push({ file, line: 0, column: 0, message: 'the file is empty: it holds no citation records' });
  }
  const answerValue = parsed.document?.get('answer');
  let answer: Answer | undefined;
  if (answerValue !== undefined) {
    const at = parsed.answerOffset ?? 0;
    if (typeof answerValue !== 'string')
      problems.push({ file, ...index.position(at), message: '`answer` must be a string: the text of the answer' });
    else answer = answerAt(text, answerValue, index.position(at), index, parsed.answerSource);
  }
  return { file, records, problems, document: parsed.document, ...(answer ? { answer } : {}) };
}

interface RawRecord {
  value: unknown;
  offset: number;
  claimOffset: number | undefined;
}

interface RawFile {
  records: RawRecord[];
  /** Where the value of a top-level `answer` starts. */
  answerOffset?: number;
  /** The text that writes the answer's string, when it is one. */
  answerSource?: ScalarSource;
  problems: { offset: number; message: string }[];
  document: ReadonlyMap<string, unknown> | undefined;
  /** True when the file lists its records explicitly, even if none (`[]`). */
  emptyListed: boolean;
}

const SHAPE = 'expected an array of citation records, or an object with a "citations" array';

/**
 * The shape problem of a top-level object that has no `citations` list,
 * naming a key that looks like it mistyped (`citation`, `Citations`,
 * `citatons`), JSON-quoted so that it shows exactly and on one line.
 */
function shapeProblem(document: ReadonlyMap<string, unknown> | undefined): string {
  if (document === undefined || document.has('citations')) return SHAPE;
  if (document.has('citation_id') || document.has('quote')) return `${SHAPE} (one record, alone: put it in a list)`;
  let compared = 0;
  for (const key of document.keys()) {
    if (++compared > 64) break;
    if (typeof key !== 'string' || key.length > 40) continue;
    const folded = key.toLowerCase();
    if (folded === 'citations' || editDistance(folded, 'citations') <= 2) {
      return `${SHAPE} (did you mean "citations", not ${JSON.stringify(key)}?)`;
    }
  }
  return SHAPE;
}

function jsonProblem(error: unknown, text: string): { offset: number; message: string } {
  if (!(error instanceof JsonSyntaxError)) throw error;
  if (error.firstOffset !== undefined) {
    const first = new TextLineIndex(text).position(error.firstOffset);
    return { offset: error.offset, message: `${error.message} (first at line ${first.line}, column ${first.column})` };
  }
  return { offset: error.offset, message: error.message };
}

function parseJsonFile(text: string): RawFile {
  let parsed: ParsedJson;
  try {
    parsed = parseStrictJson(text);
  } catch (error) {
    return { records: [], problems: [jsonProblem(error, text)], document: undefined, emptyListed: false };
  }
  const { value, recordOffsets, offset, keyOffsets, claimOffsets } = parsed;
  const answerOffset = keyOffsets.get('answer');
  let list: unknown = value;
  let document: ReadonlyMap<string, unknown> | undefined;
  if (isPlainObject(value)) {
    document = new Map(Object.entries(value));
    list = value.citations;
  }
  if (!Array.isArray(list))
    return { records: [], problems: [{ offset, message: shapeProblem(document) }], document, emptyListed: false };
  return {
    records: list.map((v, i) => rawRecord(v, recordOffsets?.[i] ?? offset, claimOffsets.get(recordOffsets?.[i] ?? -1))),
    problems: [],
    document,
    emptyListed: true,
    ...(answerOffset !== undefined
      ? { answerOffset, answerSource: { start: answerOffset, end: text.length, style: 'double' as const } }
      : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON Lines file with this many bad lines is not read further. */
const MAX_LINE_PROBLEMS = 100;

function parseJsonLines(text: string): RawFile {
  const records: RawRecord[] = [];
  const problems: { offset: number; message: string }[] = [];
  // Lines end at LF, CRLF or a lone CR, as positions count them.
  const ends = /\r\n?|\n/g;
  let start = 0;
  while (start <= text.length) {
    ends.lastIndex = start;
    const found = ends.exec(text);
    const lineEnd = found ? found.index : text.length;
    if (!/^[ \t]*$/.test(text.slice(start, lineEnd))) {
      if (records.length === MAX_RECORDS_PER_FILE) {
        problems.push({ offset: start, message: tooManyRecords() });
        records.length = 0;
        break;
      }
      try {
        const parsed = parseStrictJson(text, start, lineEnd, true);
        records.push(
          rawRecord(
            parsed.value,
            parsed.offset,
            Array.isArray(parsed.value) ? undefined : parsed.keyOffsets.get('claim'),
          ),
        );
      } catch (error) {
        problems.push(jsonProblem(error, text));
        // A file of garbage lines is not worth a problem per line, and would cost memory for each.
        if (problems.length === MAX_LINE_PROBLEMS) {
          problems.push({
            offset: lineEnd,
            message: `${MAX_LINE_PROBLEMS} bad lines: the rest of the file is not read`,
          });
          break;
        }
      }
    }
    start = found ? found.index + found[0].length : text.length + 1;
  }
  return { records, problems, document: undefined, emptyListed: false };
}

function parseYamlFile(text: string): RawFile {
  const { doc, issues } = parseYaml(text);
  const problems = issues.map((i) => ({ offset: i.offset, message: i.message }));
  const none = { records: [], document: undefined, emptyListed: false };
  if (doc === undefined || problems.length > 0) return { ...none, problems };
  let value: unknown;
  try {
    value = doc.toJS({ mapAsMap: true, maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    return { ...none, problems: [{ offset: nodeOffset(doc.contents), message: yamlValueError(error) }] };
  }
  if (value === null || value === undefined) return { ...none, problems: [] };
  let node: unknown = deref(doc, doc.contents);
  let list = value;
  let document: ReadonlyMap<string, unknown> | undefined;
  let answerOffset: number | undefined;
  let answerSource: ScalarSource | undefined;
  if (value instanceof Map && isMap(node)) {
    document = value as Map<string, unknown>;
    list = value.get('citations');
    const answerNode = node.items.find((p) => isScalar(p.key) && p.key.value === 'answer')?.value;
    if (answerNode) answerOffset = nodeOffset(answerNode);
    answerSource = yamlScalarSource(deref(doc, answerNode));
    node = deref(doc, node.items.find((p) => isScalar(p.key) && p.key.value === 'citations')?.value);
  }
  if (!Array.isArray(list) || !isSeq(node)) {
    return { ...none, document, problems: [{ offset: nodeOffset(doc.contents), message: shapeProblem(document) }] };
  }
  const seq = node;
  return {
    records: list.map((v, i) =>
      rawRecord(v, nodeOffset(seq.items[i], nodeOffset(seq)), yamlClaimOffset(doc, seq.items[i])),
    ),
    problems: [],
    document,
    emptyListed: true,
    ...(answerOffset !== undefined ? { answerOffset } : {}),
    ...(answerSource !== undefined ? { answerSource } : {}),
  };
}

function yamlValueError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/excessive alias count/i.test(message))
    return `too many aliases: anchors may be expanded at most ${MAX_YAML_ALIASES} times`;
  if (error instanceof RangeError) return 'nesting is too deep';
  return messageOf(error);
}

/** One shape for every record, with or without a claim: a file can hold a few hundred thousand. */
function rawRecord(value: unknown, offset: number, claimOffset: number | undefined): RawRecord {
  return { value, offset, claimOffset };
}

function yamlClaimOffset(doc: Document.Parsed, item: unknown): number | undefined {
  const node = deref(doc, item);
  if (!isMap(node)) return undefined;
  const claim = node.items.find((p) => isScalar(p.key) && p.key.value === 'claim')?.value;
  return claim ? nodeOffset(claim) : undefined;
}

/** The text that writes a string: from its opening quote (quoted), its header (block) or its first character (plain). */
interface ScalarSource {
  readonly start: number;
  readonly end: number;
  readonly style: 'double' | 'single' | 'plain' | 'block';
}

function yamlScalarSource(node: unknown): ScalarSource | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return undefined;
  const style =
    node.type === Scalar.QUOTE_DOUBLE
      ? 'double'
      : node.type === Scalar.QUOTE_SINGLE
        ? 'single'
        : node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED
          ? 'block'
          : 'plain';
  return { start: node.range[0], end: node.range[1], style };
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

function answerAt(
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
