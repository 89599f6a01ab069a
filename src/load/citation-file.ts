// Citation files (SPEC §6): JSON (an array of records, or an object with a
// `citations` array), JSON Lines (one record per line) or YAML (same shapes).
// Each record keeps the line and column where it starts. A file that cannot be
// parsed is a problem at its line and column; the caller goes on with the others.
import { isMap, isScalar, isSeq } from 'yaml';
import { TextLineIndex, type Position } from '../engine/positions.js';
import type { Problem } from './problem.js';
import { JsonSyntaxError, MAX_RECORDS_PER_FILE, parseStrictJson } from './strict-json.js';
import { decodeUtf8Text } from './text.js';
import type { Workspace } from './workspace.js';
import { deref, MAX_YAML_ALIASES, nodeOffset, parseYaml } from './yaml-nodes.js';

export interface LoadedRecord {
  /** The parsed value: an object (a plain one from JSON, a Map from YAML), or anything else, which is not a record. */
  readonly value: unknown;
  readonly index: number;
  readonly position: Position;
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
   * Where a piece of the answer (at UTF-16 index `index` of it) is written in
   * the file: found by its first characters, as they are written, after the
   * answer's start; the answer's own position when they are not written plainly.
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

export function loadCitationFile(workspace: Workspace, file: string, maxBytes = DEFAULT_MAX_CITATION_FILE_BYTES): LoadedCitationFile {
  const whole = (message: string): LoadedCitationFile => ({
    file, records: [], document: undefined, problems: [{ file, line: 0, column: 0, message }],
  });
  const format = formatOf(file);
  if (format === undefined) return whole('not a citation file: the name must end in .json, .jsonl, .yaml or .yml');
  const resolved = workspace.resolve('', file, 'file name');
  if (!resolved.ok) return whole(`cannot read: ${resolved.reason}`);
  const read = workspace.read(resolved.abs, maxBytes);
  if (!read.ok) return whole(`cannot read: ${read.reason}`);
  const decoded = decodeUtf8Text(read.bytes);
  if (!decoded.ok) {
    return { file, records: [], document: undefined, problems: [{ file, ...decoded.position, message: decoded.reason }] };
  }
  return parseCitationText(decoded.text, file, format);
}

/**
 * YAML citation files larger than this are refused: the yaml package's
 * document takes about 75 times the size of its text in memory (JSON, parsed
 * natively, about 15 times), and hand-written YAML fixtures are small.
 */
export const MAX_YAML_CHARS = 4 * 1024 * 1024;

/** Parses citation-file text (BOM already removed). */
export function parseCitationText(text: string, file: string, format: CitationFormat): LoadedCitationFile {
  if (format === 'yaml' && text.length > MAX_YAML_CHARS) {
    return {
      file, records: [], document: undefined,
      problems: [{ file, line: 0, column: 0, message: `not read: YAML citation files are limited to ${MAX_YAML_CHARS / 1024 / 1024} MiB; use JSON or JSON Lines for larger sets` }],
    };
  }
  const index = new TextLineIndex(text);
  const parsed = format === 'json' ? parseJsonFile(text) : format === 'jsonl' ? parseJsonLines(text) : parseYamlFile(text);
  const problems = parsed.problems.map((p) => ({ file, ...index.position(p.offset), message: p.message }));
  const records = parsed.records.map((r, i) => ({ value: r.value, index: i, position: index.position(r.offset) }));
  if (records.length === 0 && problems.length === 0 && !parsed.emptyListed) {
    problems.push({ file, line: 0, column: 0, message: 'the file is empty: it holds no citation records' });
  }
  const answerValue = parsed.document?.get('answer');
  let answer: Answer | undefined;
  if (answerValue !== undefined) {
    const at = parsed.answerOffset ?? 0;
    if (typeof answerValue !== 'string') problems.push({ file, ...index.position(at), message: '`answer` must be a string: the text of the answer' });
    else answer = answerAt(text, answerValue, at, index, format);
  }
  return { file, records, problems, document: parsed.document, ...(answer ? { answer } : {}) };
}

interface RawRecord {
  value: unknown;
  offset: number;
}

interface RawFile {
  records: RawRecord[];
  /** Where the value of a top-level `answer` starts. */
  answerOffset?: number;
  problems: { offset: number; message: string }[];
  document: ReadonlyMap<string, unknown> | undefined;
  /** True when the file lists its records explicitly, even if none (`[]`). */
  emptyListed: boolean;
}

const SHAPE = 'expected an array of citation records, or an object with a "citations" array';

function jsonProblem(error: unknown, text: string): { offset: number; message: string } {
  if (!(error instanceof JsonSyntaxError)) throw error;
  if (error.firstOffset !== undefined) {
    const first = new TextLineIndex(text).position(error.firstOffset);
    return { offset: error.offset, message: `${error.message} (first at line ${first.line}, column ${first.column})` };
  }
  return { offset: error.offset, message: error.message };
}

function parseJsonFile(text: string): RawFile {
  let parsed;
  try {
    parsed = parseStrictJson(text);
  } catch (error) {
    return { records: [], problems: [jsonProblem(error, text)], document: undefined, emptyListed: false };
  }
  const { value, recordOffsets, offset, keyOffsets } = parsed;
  const answerOffset = keyOffsets.get('answer');
  let list: unknown = value;
  let document: ReadonlyMap<string, unknown> | undefined;
  if (isPlainObject(value)) {
    document = new Map(Object.entries(value));
    list = value.citations;
  }
  if (!Array.isArray(list)) return { records: [], problems: [{ offset, message: SHAPE }], document, emptyListed: false };
  return {
    records: list.map((v, i) => ({ value: v, offset: recordOffsets?.[i] ?? offset })),
    problems: [],
    document,
    emptyListed: true,
    ...(answerOffset !== undefined ? { answerOffset } : {}),
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
        problems.push({ offset: start, message: `more than ${MAX_RECORDS_PER_FILE.toLocaleString('en-US')} records in one file: split it into smaller files` });
        records.length = 0;
        break;
      }
      try {
        const parsed = parseStrictJson(text, start, lineEnd, true);
        records.push({ value: parsed.value, offset: parsed.offset });
      } catch (error) {
        problems.push(jsonProblem(error, text));
        // A file of garbage lines is not worth a problem per line, and would cost memory for each.
        if (problems.length === MAX_LINE_PROBLEMS) {
          problems.push({ offset: lineEnd, message: `${MAX_LINE_PROBLEMS} bad lines: the rest of the file is not read` });
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
  if (value instanceof Map && isMap(node)) {
    document = value as Map<string, unknown>;
    list = value.get('citations');
    const answerNode = node.items.find((p) => isScalar(p.key) && p.key.value === 'answer')?.value;
    if (answerNode) answerOffset = nodeOffset(answerNode);
    node = deref(doc, node.items.find((p) => isScalar(p.key) && p.key.value === 'citations')?.value);
  }
  if (!Array.isArray(list) || !isSeq(node)) {
    return { ...none, document, problems: [{ offset: nodeOffset(doc.contents), message: SHAPE }] };
  }
  const seq = node;
  return {
    records: list.map((v, i) => ({ value: v, offset: nodeOffset(seq.items[i], nodeOffset(seq)) })),
    problems: [],
    document,
    emptyListed: true,
    ...(answerOffset !== undefined ? { answerOffset } : {}),
  };
}

function yamlValueError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/excessive alias count/i.test(message)) return `too many aliases: anchors may be expanded at most ${MAX_YAML_ALIASES} times`;
  if (error instanceof RangeError) return 'nesting is too deep';
  return message;
}

/** Characters of a sentence looked for in the file to place it. */
const LOCATE_CHARS = 24;

function answerAt(fileText: string, answer: string, offset: number, index: TextLineIndex, format: CitationFormat): Answer {
  const position = index.position(offset);
  let searchFrom = offset;
  return {
    text: answer,
    position,
    locate(at: number) {
      // The first characters of the piece, up to a line break, as the file writes them.
      const piece = answer.slice(at, at + LOCATE_CHARS).split(/[\r\n]/)[0].trimEnd();
      if (piece === '') return position;
      const written = format === 'yaml' ? piece : JSON.stringify(piece).slice(1, -1);
      const found = fileText.indexOf(written, searchFrom);
      if (found < 0) return position;
      searchFrom = found + 1;
      return index.position(found);
    },
  };
}
