// Citation files (SPEC §6): JSON (an array of records, or an object with a
// `citations` array), JSON Lines (one record per line) or YAML (same shapes);
// and saved Claude Messages API responses, JSON or JSON Lines, whose citations
// become records (anthropic.ts). Each record keeps the line and column where
// it starts. A file that cannot be parsed is a problem at its line and column;
// the caller goes on with the others.
import { messageOf } from '../model/escape.js';
import { isMap, isScalar, isSeq, Scalar, type Document } from 'yaml';
import { editDistance } from '../engine/edit-distance.js';
import { TextLineIndex, type Position } from '../engine/positions.js';
import { type Answer, answerAt, type ScalarSource } from './answer.js';
import {
  type LoadedResponse,
  lineEnd,
  looksLikeResponse,
  looksLikeStream,
  RESPONSE_KEYS,
  type ResponseItem,
  type ResponseRecordExtras,
  readResponses,
  unreadableText,
} from './anthropic.js';
import { NOT_IN_CITATIONS } from './inputs.js';
import type { DocumentList, RecordFormat } from './manifest.js';
import {
  JsonSyntaxError,
  MAX_RECORDS_PER_FILE,
  type ParsedJson,
  parseStrictJson,
  scanOffsets,
  tooManyRecords,
} from './strict-json.js';
import { decodeUtf8Lines, decodeUtf8Text } from './text.js';
import type { Workspace } from './workspace.js';
import { aliasProblem, deref, nodeOffset, parseYaml, withLoneCrAsLf, yamlMarks, yamlValues } from './yaml-nodes.js';
import type { Problem } from '../model/problem.js';

const EMPTY_FILE = 'the file is empty: it holds no citation records';
const EMPTY_RESPONSES = 'the file is empty: it holds no responses';

/** A record as read; one made from a saved response may say more (anthropic.ts). */
export interface LoadedRecord extends ResponseRecordExtras {
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
  /** For saved Messages API responses: each response, with its answer and its records. */
  readonly responses?: readonly LoadedResponse[];
}

/** How a file's records are written, as its `citations` entry says (a CitationFileRef is one). */
export interface CitationReading {
  /** Undefined: told from the file's shape (a file in citegate's own format is never read as responses). */
  readonly format?: RecordFormat;
  /** The source id of each document the requests sent, in order (`document_index`). */
  readonly documents?: DocumentList;
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
  reading: CitationReading = {},
  maxBytes = DEFAULT_MAX_CITATION_FILE_BYTES,
): LoadedCitationFile {
  const format = formatOf(file);
  if (format === undefined)
    return unread(file, 'not a citation file: the name must end in .json, .jsonl, .yaml or .yml');
  const resolved = workspace.resolve('', file, 'file name');
  if (!resolved.ok) return unread(file, `cannot read: ${resolved.reason}`);
  const read = workspace.read(resolved.abs, maxBytes);
  if (!read.ok) return unread(file, `cannot read: ${read.reason}`);
  const decoded = decodeUtf8Text(read.bytes);
  if (decoded.ok) return parseCitationText(decoded.text, file, format, reading);
  // JSON Lines holds its records line by line: a line that is not UTF-8 is a problem of its own.
  const lines = format === 'jsonl' ? decodeUtf8Lines(read.bytes, MAX_LINE_PROBLEMS) : undefined;
  if (lines === undefined) return unread(file, decoded.reason, decoded.position);
  const loaded = parseCitationText(lines.text, file, format, reading);
  const bad = lines.bad.map((b) => ({ file, ...b.position, message: b.reason }));
  // Lines left out are not an empty file.
  const others = loaded.problems.filter((p) => p.message !== EMPTY_FILE && p.message !== EMPTY_RESPONSES);
  return { ...loaded, problems: [...bad, ...others].sort((a, b) => a.line - b.line || a.column - b.column) };
}

/** A citation file that is not read: its one problem, at `position` or on the file as a whole. */
function unread(file: string, message: string, position = { line: 0, column: 0 }): LoadedCitationFile {
  return { file, records: [], document: undefined, problems: [{ file, ...position, message }] };
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
export function parseCitationText(
  text: string,
  file: string,
  format: CitationFormat,
  reading: CitationReading = {},
): LoadedCitationFile {
  if (format === 'yaml' && reading.format === 'anthropic-messages') {
    return unread(
      file,
      'not read: format anthropic-messages is JSON or JSON Lines (saved Messages API responses), and this is a YAML file',
    );
  }
  if (format === 'yaml' && (text.length > MAX_YAML_CHARS || yamlMarks(text) > MAX_YAML_MARKS)) {
    const limit =
      text.length > MAX_YAML_CHARS
        ? `${MAX_YAML_CHARS / 1024 / 1024} MiB`
        : `${MAX_YAML_MARKS.toLocaleString('en-US')} line breaks and YAML marks (about 20,000 records)`;
    return unread(
      file,
      `not read: YAML citation files are limited to ${limit}; use JSON or JSON Lines for larger sets`,
    );
  }
  // The parser and the placing of an answer's sentences must see the same text.
  if (format === 'yaml') text = withLoneCrAsLf(text);
  const index = new TextLineIndex(text);
  let parsed: RawFile;
  // A file of nothing but white space holds no records (as an empty YAML file holds none).
  if (format === 'json' && /^[\s\ufeff]*$/.test(text)) return unread(file, EMPTY_FILE);
  // Read as saved responses when the entry says so, or when the file has
  // their shape and the entry does not say otherwise.
  const responses = reading.format !== 'citegate';
  if (format === 'json') {
    const json = parseJson(text);
    // Not JSON, but a saved stream or responses one after another: one problem
    // that says so, not the first thing JSON does not allow.
    const why = json instanceof JsonSyntaxError && responses ? unreadableText(text, false) : undefined;
    if (why !== undefined) return unread(file, why.message, index.position(why.offset));
    if (!(json instanceof JsonSyntaxError) && responses) {
      const value = json.value;
      const shaped =
        looksLikeResponse(value) ||
        (Array.isArray(value) && value.length > 0 && value.every(looksLikeResponse)) ||
        looksLikeStream(Array.isArray(value) ? value : [value]);
      if (reading.format === 'anthropic-messages' || shaped) {
        const offsets = scanOffsets(text, RESPONSE_KEYS);
        const items = Array.isArray(value)
          ? value.map((v, i): ResponseItem => ({ value: v, offsets: offsets.items![i] }))
          : [{ value, offsets }];
        return responsesFile(text, file, index, items, reading, [], Array.isArray(value));
      }
    }
    parsed = parseJsonFile(text, json);
  } else if (format === 'jsonl') {
    // Server-sent events, or events or a response over several lines: one problem that says so, not one for each line.
    const why = responses ? unreadableText(text, true) : undefined;
    if (why !== undefined) return unread(file, why.message, index.position(why.offset));
    parsed = parseJsonLines(text);
    const values = parsed.records.map((r) => r.value);
    if (
      responses &&
      (reading.format === 'anthropic-messages' ||
        (values.length > 0 && values.every(looksLikeResponse)) ||
        looksLikeStream(values))
    ) {
      const items = parsed.records.map((r): ResponseItem => {
        // A line's value holds no line break (a JSON string cannot): it ends at the line's end.
        return { value: r.value, offsets: scanOffsets(text, RESPONSE_KEYS, r.offset, lineEnd(text, r.offset)) };
      });
      const syntax = parsed.problems.map((p) => ({ file, ...index.position(p.offset), message: p.message }));
      return responsesFile(text, file, index, items, reading, syntax, false);
    }
  } else parsed = parseYamlFile(text);
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
    problems.push({ file, line: 0, column: 0, message: EMPTY_FILE });
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

/** A file of saved responses: their records, each response with its answer, and what is wrong with them. */
function responsesFile(
  text: string,
  file: string,
  index: TextLineIndex,
  items: readonly ResponseItem[],
  reading: CitationReading,
  syntax: readonly Problem[],
  listed: boolean,
): LoadedCitationFile {
  const read = readResponses(text, file, index, items, reading.documents);
  // Placed in file order: a citation comes after its block's text (its claim), and a column counted again
  // from the start of the line for each (a response on one line) took a file of 20,000 citations 80 s.
  const offsets = new Set<number>();
  for (const r of read.records) {
    offsets.add(r.offset);
    if (r.claimOffset !== undefined) offsets.add(r.claimOffset);
  }
  const at = new Map<number, Position>();
  for (const offset of [...offsets].sort((a, b) => a - b)) at.set(offset, index.position(offset));
  const records = read.records.map(
    (r, i): LoadedRecord => ({
      value: r.value,
      index: i,
      position: at.get(r.offset)!,
      claimPosition: r.claimOffset !== undefined ? at.get(r.claimOffset) : undefined,
      ...(r.invalid !== undefined ? { invalid: r.invalid } : {}),
      ...(r.unknownSource ? { unknownSource: true as const } : {}),
      ...(r.location !== undefined ? { location: r.location } : {}),
    }),
  );
  // In file order, the lines that could not be parsed among the others.
  const problems = [...syntax, ...read.problems].sort((a, b) => a.line - b.line || a.column - b.column);
  if (items.length === 0 && problems.length === 0 && !listed)
    problems.push({ file, line: 0, column: 0, message: EMPTY_RESPONSES });
  return { file, records, problems, document: undefined, responses: read.responses };
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
  const report = reportKind(document);
  if (report !== undefined) {
    return `this is ${report}, not a citation file: ${NOT_IN_CITATIONS}`;
  }
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

/**
 * What a top-level object is when it is a report citegate writes (read back
 * by the next run when it was written where the citation files are): told by
 * its top level only, never quoted.
 */
function reportKind(document: ReadonlyMap<string, unknown>): string | undefined {
  // A report read from YAML holds maps (mapAsMap), one from JSON plain objects.
  const tool = document.get('tool');
  const toolName = tool instanceof Map ? tool.get('name') : isPlainObject(tool) ? tool.name : undefined;
  if (toolName === 'citegate' && document.has('records')) return 'a citegate JSON report (`--format json` writes one)';
  if (document.get('version') === '2.1.0' && Array.isArray(document.get('runs'))) {
    return 'a SARIF report (`--format sarif` writes one)';
  }
  return undefined;
}

function jsonProblem(error: unknown, text: string): { offset: number; message: string } {
  if (!(error instanceof JsonSyntaxError)) throw error;
  if (error.firstOffset !== undefined) {
    const first = new TextLineIndex(text).position(error.firstOffset);
    return { offset: error.offset, message: `${error.message} (first at line ${first.line}, column ${first.column})` };
  }
  return { offset: error.offset, message: error.message };
}

/** The strict parse of a JSON file, or the error that says what is wrong where. */
function parseJson(text: string): ParsedJson | JsonSyntaxError {
  try {
    return parseStrictJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
}

function parseJsonFile(text: string, json: ParsedJson | JsonSyntaxError): RawFile {
  if (json instanceof JsonSyntaxError)
    return { records: [], problems: [jsonProblem(json, text)], document: undefined, emptyListed: false };
  const parsed = json;
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
    const aliased = aliasProblem(doc);
    if (aliased) return { ...none, problems: [aliased] };
    // Bounded above, alias by alias, where the package's own count refused a string's anchor used 100 times.
    value = yamlValues(doc);
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
