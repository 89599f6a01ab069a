// Saved Claude Messages API responses (format `anthropic-messages`, see
// docs/claude.md): one response object, a list of them, JSON Lines of them,
// or a Message Batches results file (JSON Lines of `custom_id` and `result`).
// Each citation of a text block becomes a record: its id is the response's
// name with the block's and the citation's positions, its quote the
// `cited_text`, its claim the block's text. The text blocks, joined in order,
// are the answer, and the ranges the cited blocks write are known as such.
// Fields citegate does not read are ignored: the API adds fields.
import type { Position, TextLineIndex } from '../engine/positions.js';
import { type Answer, type AnswerPiece, joinedAnswer } from './answer.js';
import type { DocumentList } from './manifest.js';
import {
  type JsonOffsets,
  JsonSyntaxError,
  firstJsonValue,
  MAX_RECORDS_PER_FILE,
  parseStrictJson,
  tooManyRecords,
} from './strict-json.js';
import { EXCERPT, shorten } from '../model/escape.js';
import type { Problem } from '../model/problem.js';

/** Where a citation says its quote is in the document sent, for the location check. */
export type CitationLocation =
  /** 0-based character indices, the end exclusive. */
  | { readonly kind: 'char'; readonly start: unknown; readonly end: unknown }
  /** 1-based page numbers, the end exclusive. */
  | { readonly kind: 'page'; readonly start: unknown; readonly end: unknown };

/** What reading a response adds to a record, beside its fields. */
export interface ResponseRecordExtras {
  /** Why the citation cannot be a record (`invalid fields`), where its fields alone would not say. */
  readonly invalid?: string;
  /** Its source is never one of the manifest's (a web search result, a document listed as null). */
  readonly unknownSource?: true;
  readonly location?: CitationLocation;
}

export interface ResponseRecord extends ResponseRecordExtras {
  readonly value: Record<string, unknown>;
  /** Where the citation object starts. */
  readonly offset: number;
  /** Where the text of its block starts (its claim). */
  readonly claimOffset: number | undefined;
}

/** One response of a file, for the checks of its answer. */
export interface LoadedResponse {
  /** Its `custom_id` (a batch result), its message `id`, or `response<N>` (its place in the file) without either. */
  readonly name: string;
  readonly position: Position;
  /** The text blocks joined, in order. */
  readonly answer: Answer;
  /** The UTF-16 ranges of the answer that the blocks with citations write, in order. */
  readonly cited: readonly (readonly [number, number])[];
  /** Its records: records[from] to records[to - 1] of the file. */
  readonly from: number;
  readonly to: number;
}

/** One value of the file that should be a response or a batch result, and where its parts are. */
export interface ResponseItem {
  readonly value: unknown;
  readonly offsets: JsonOffsets;
}

/** The keys whose values the JSON scanner follows to place records, blocks and texts. */
export const RESPONSE_KEYS: ReadonlySet<string> = new Set(['content', 'text', 'citations', 'result', 'message']);

/** Keys of citegate's own records and files: a value that has one is never read as a response. */
const RECORD_KEYS = ['citation_id', 'source_id', 'quote', 'citations'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a value has the shape of a Messages API response (`type: "message"`
 * and a `content` list), of the error the API answers a failed request with
 * (`type: "error"` and an `error` object with a `type`), or of a line of a
 * Message Batches results file (a string `custom_id` and a `result` object
 * with a `type`), and none of the keys of citegate's own records and files:
 * so a citation file in citegate's format is never read as responses.
 */
export function looksLikeResponse(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of RECORD_KEYS) if (Object.hasOwn(value, key)) return false;
  if (value.type === 'message' && Array.isArray(value.content)) return true;
  if (isErrorResponse(value)) return true;
  return typeof value.custom_id === 'string' && isPlainObject(value.result) && typeof value.result.type === 'string';
}

/** The API's answer to a request that failed: `"type": "error"`, and the error, an object with its `type`. */
function isErrorResponse(value: Record<string, unknown>): boolean {
  return value.type === 'error' && isPlainObject(value.error) && typeof value.error.type === 'string';
}

/** What an error the API answered with says (its type, and its message), as a short excerpt, or ''. */
function errorSaid(error: unknown): string {
  if (!isPlainObject(error)) return '';
  return shorten([error.type, error.message].filter((v) => typeof v === 'string').join(': '), 2 * EXCERPT);
}

/** The problem of a saved error response (isErrorResponse). */
function errorResponseProblem(value: Record<string, unknown>): string {
  return `an error response of the Messages API (${errorSaid(value.error)}), not a message: the request failed, so there is no answer to check`;
}

/**
 * The types of the events the Messages API streams (`"stream": true`), in
 * the server-sent events it sends and as the SDKs give them one by one.
 */
const STREAM_EVENTS: ReadonlySet<string> = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
]);

/**
 * What else a log of a stream holds beside its events: the API's `error`
 * event, and the events the Python SDK's stream helper adds to them (`text`,
 * `citation`…). Alone, none says the file is a stream: an error response
 * also has `"type": "error"`.
 */
const STREAM_EXTRAS: ReadonlySet<string> = new Set([
  'error',
  'text',
  'citation',
  'thinking',
  'signature',
  'input_json',
]);

/**
 * The types of the messages of the Claude Agent SDK (its TypeScript
 * `SDKMessage`s, the lines `claude -p --output-format stream-json` prints),
 * each with a `session_id`: `stream_event` wraps a streaming event, with
 * partial messages on; `assistant` holds the message of one of the agent's
 * requests; `result` ends the session. Another type with a `session_id` is
 * one of its others (`rate_limit_event`…): alone, not enough to tell.
 */
const AGENT_MESSAGES: ReadonlySet<string> = new Set(['stream_event', 'assistant', 'user', 'system', 'result']);

/**
 * `event`: a streaming event; `agent`: a message of the Claude Agent SDK
 * (AGENT_MESSAGES); `extra`: what a log of either holds beside them
 * (STREAM_EXTRAS, or another type with a `session_id`); undefined: none.
 */
function streamPart(value: unknown): 'event' | 'agent' | 'extra' | undefined {
  if (!isPlainObject(value) || typeof value.type !== 'string') return undefined;
  for (const key of RECORD_KEYS) if (Object.hasOwn(value, key)) return undefined;
  if (STREAM_EVENTS.has(value.type)) return 'event';
  if (typeof value.session_id === 'string') return AGENT_MESSAGES.has(value.type) ? 'agent' : 'extra';
  return STREAM_EXTRAS.has(value.type) ? 'extra' : undefined;
}

/**
 * Whether the values of a file (its value, the elements of its list or its
 * lines) are a log of streaming events or of the Claude Agent SDK's messages:
 * each one an event, a message or what a log holds beside them, at least one
 * an event or a message, and none with a key of citegate's own records, so
 * that a citation file in citegate's format is never taken for one.
 */
export function looksLikeStream(values: readonly unknown[]): boolean {
  let events = false;
  for (const value of values) {
    const part = streamPart(value);
    if (part === undefined) return false;
    if (part !== 'extra') events = true;
  }
  return events;
}

const SAVE_FINAL =
  'save the final message instead, which the SDKs give when the stream ends (`stream.finalMessage()` in TypeScript, `stream.get_final_message()` in Python)';

const SAVE_AGENT =
  "save the final message of a Messages API request instead, or write the agent's citations in citegate's own format (citation_id, source_id, quote)";

/**
 * The one problem of a log of streaming events, or of the Claude Agent SDK's
 * messages (`agent`), the first of type `first`: `count` of them, or how they
 * are written in a file that is not read past the first (`lines`: one per
 * line, in a `.json` file; `values`: one after another, over several lines).
 */
function streamProblem(first: string, count: number | 'lines' | 'values', agent: boolean): string {
  const [one, of] = agent ? ['message', 'of the Claude Agent SDK'] : ['streaming event', 'of a Messages API response'];
  const events =
    count === 'lines'
      ? `${one}s ${of}, one per line,`
      : count === 'values'
        ? `${one}s ${of}, written one after another,`
        : `${count} ${one}${count === 1 ? '' : 's'} ${of},`;
  return agent
    ? `${events} starting with ${first}, not saved Messages API responses: ${SAVE_AGENT}`
    : `${events} starting with ${first}, not a saved response: ${SAVE_FINAL}`;
}

/** What a text that cannot be read value by value is: where, and the file's one problem. */
export interface UnreadableText {
  readonly offset: number;
  readonly message: string;
}

/**
 * Whether a text is server-sent events as the API streams them: its first
 * line that is not blank names an event (`event: message_start`) or holds one
 * (`data: {"type": "message_start", …}`).
 */
function streamedEvents(text: string): UnreadableText | undefined {
  const { offset, end } = firstLine(text);
  SSE_FIELD.lastIndex = offset;
  const field = SSE_FIELD.exec(text);
  if (field === null) return undefined;
  const from = offset + field[0].length;
  let type: unknown;
  if (field[1] === 'event') type = text.slice(from, end);
  else {
    const value = jsonValue(text, from, end);
    type = isPlainObject(value) ? value.type : undefined;
  }
  // The API's error event comes in a stream too.
  if (typeof type !== 'string' || !(STREAM_EVENTS.has(type) || type === 'error')) return undefined;
  return {
    offset,
    message: `server-sent events of a streamed Messages API response, starting with ${type}, not JSON: ${SAVE_FINAL}`,
  };
}

/**
 * Why a text is not read value by value, when it says why: a text that is not
 * one JSON value (a `.json` file's), or whose first value spreads over several
 * lines (a `.jsonl` file's, `jsonLines`). It is a saved stream when it is
 * server-sent events, or when its first value is a streaming event and more
 * follows it (JSON Lines in a `.json` file, events indented over several
 * lines: Python's `event.to_json()`, `json.dumps(event, indent=2)`), or that
 * event is indented in a `.jsonl` file, even alone. And it holds responses
 * that cannot be read so when its first value is a response: more follow it
 * in a `.json` file, or it is indented in a `.jsonl` file. A `.jsonl` file's
 * values one per line are read line by line (events counted), not here.
 */
export function unreadableText(text: string, jsonLines: boolean): UnreadableText | undefined {
  const sse = streamedEvents(text);
  if (sse !== undefined) return sse;
  const first = firstJsonValue(text);
  if (first === undefined) return undefined;
  const { value, offset, end, next } = first;
  const lineEnds = lineEnd(text, offset);
  const oneLine = lineEnds >= end;
  if (jsonLines && oneLine) return undefined;
  const more = next < text.length;
  const part = streamPart(value);
  // Over several lines in a .jsonl file, an event is a stream even alone (alone in a .json file, it is read as its value).
  if ((more || jsonLines) && (part === 'event' || part === 'agent')) {
    const type = (value as { type: string }).type;
    const count = !more ? 1 : oneLine && lineEnds < next ? 'lines' : 'values';
    return { offset, message: streamProblem(type, count, part === 'agent') };
  }
  if (!looksLikeResponse(value)) return undefined;
  const response = value as Record<string, unknown>;
  // Over several lines in a .jsonl file, an error response is told as such: written on one line, it would be no more.
  if (jsonLines && isErrorResponse(response)) return { offset, message: errorResponseProblem(response) };
  const what =
    response.type === 'message'
      ? 'a Messages API response'
      : response.type === 'error'
        ? 'an error response of the Messages API'
        : 'a Message Batches result';
  if (jsonLines) {
    return {
      offset,
      message: `${what} written over several lines: a line of a JSON Lines file holds one whole response; write each on one line, without indenting`,
    };
  }
  if (!more) return undefined;
  return {
    offset: next,
    message: `more than one JSON value, the first ${what}: a .json file holds one value; write one response per line in a .jsonl file, or the responses in a JSON list`,
  };
}

/** Where the first line of a text that is not blank starts, and where it ends. */
function firstLine(text: string): { offset: number; end: number } {
  const offset = /^[ \t\r\n]*/.exec(text)![0].length;
  return { offset, end: lineEnd(text, offset) };
}

/** Where the line that holds text[from] ends: its line break, or the end of the text. */
export function lineEnd(text: string, from: number): number {
  LINE_END.lastIndex = from;
  return LINE_END.test(text) ? LINE_END.lastIndex - 1 : text.length;
}

/** A field of server-sent events that names or holds an event. */
const SSE_FIELD = /(event|data):[ ]?/y;
const LINE_END = /[\r\n]/g;

/** The JSON value of text[start, end), or undefined when it is none. */
function jsonValue(text: string, start: number, end: number): unknown {
  try {
    return parseStrictJson(text, start, end, true).value;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}

/** A value of the file in a message: as JSON, at most a short excerpt of it. */
function shown(value: unknown): string {
  // JSON.stringify writes a number past the doubles (1e999, read as Infinity) as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a non-finite number';
  return shorten(JSON.stringify(value) ?? String(value), EXCERPT);
}

function typeName(value: unknown): string {
  if (value === undefined) return 'missing (there is no such field)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Stop reasons that end an answer; the others leave it unfinished, or not an answer at all. */
const FINISHED = new Set(['end_turn', 'stop_sequence']);
const UNFINISHED: Record<string, string> = {
  max_tokens: 'is cut short: it stopped at max_tokens (stop_reason), so the end of the answer is missing',
  model_context_window_exceeded:
    'is cut short: it ran out of context window (stop_reason model_context_window_exceeded), so the end of the answer is missing',
  pause_turn: 'is not finished: a server tool paused the turn (stop_reason pause_turn); save the response that ends it',
  tool_use:
    'is not finished: the model asked for a tool (stop_reason tool_use); save the final response, after the tool result',
  refusal: 'is a refusal (stop_reason refusal), not an answer',
};

const DOCUMENT_CITATIONS = new Set(['char_location', 'page_location', 'content_block_location']);
const CITATION_TYPES =
  'char_location, page_location, content_block_location, search_result_location, web_search_result_location';

export interface ReadResponses {
  readonly records: ResponseRecord[];
  readonly responses: LoadedResponse[];
  readonly problems: Problem[];
}

/**
 * The records, responses and problems of the items of a file (each a response
 * or a batch result). `documents`: the manifest entry's list of the source
 * of each document sent.
 */
export function readResponses(
  text: string,
  file: string,
  index: TextLineIndex,
  items: readonly ResponseItem[],
  documents: DocumentList | undefined,
): ReadResponses {
  const reader = new ResponseReader(text, file, index, documents);
  // Streaming events, and the Agent SDK's messages, are one problem, at the first, not one for each.
  const parts = items.map((item) => streamPart(item.value));
  const streamed = parts.some((part) => part === 'event' || part === 'agent');
  let first: ResponseItem | undefined;
  let events = 0;
  items.forEach((item, n) => {
    if (streamed && parts[n] !== undefined) {
      first ??= item;
      events++;
    } else reader.item(item, n);
  });
  if (first !== undefined) {
    const type = (first.value as { type: string }).type;
    const message = streamProblem(type, events, parts.includes('agent'));
    // A file that cannot be read as responses, not a response that cannot pass.
    reader.problems.push({ file, ...index.position(first.offsets.offset), message });
  }
  if (reader.records.length > MAX_RECORDS_PER_FILE) {
    return {
      records: [],
      responses: [],
      problems: [...reader.problems, { file, line: 0, column: 0, message: tooManyRecords() }],
    };
  }
  return { records: reader.records, responses: reader.responses, problems: reader.problems };
}

class ResponseReader {
  readonly records: ResponseRecord[] = [];
  readonly responses: LoadedResponse[] = [];
  readonly problems: Problem[] = [];

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly index: TextLineIndex,
    private readonly documents: DocumentList | undefined,
  ) {}

  private problem(offset: number, message: string): void {
    this.problems.push({ file: this.file, ...this.index.position(offset), message, kind: 'response' });
  }

  item({ value, offsets }: ResponseItem, n: number): void {
    if (isPlainObject(value) && (Object.hasOwn(value, 'custom_id') || Object.hasOwn(value, 'result'))) {
      this.batchResult(value, offsets, n);
      return;
    }
    if (isPlainObject(value) && value.type === 'message' && Array.isArray(value.content)) {
      this.response(value, offsets, n, undefined);
      return;
    }
    if (isPlainObject(value) && isErrorResponse(value)) {
      this.problem(offsets.offset, errorResponseProblem(value));
      return;
    }
    this.problem(
      offsets.offset,
      'not a Messages API response (an object with `"type": "message"` and a `content` list) nor a line of a Message Batches results file (`custom_id` and `result`)',
    );
  }

  private batchResult(value: Record<string, unknown>, offsets: JsonOffsets, n: number): void {
    const id = value.custom_id;
    if (typeof id !== 'string' || id === '') {
      this.problem(offsets.offset, 'a Message Batches result needs its `custom_id`, a non-empty string');
      return;
    }
    // Messages quote a file's text only as a short excerpt (a custom_id is at most 64 characters for the API).
    const name = `request ${shorten(id, EXCERPT)}`;
    const result = value.result;
    if (!isPlainObject(result) || typeof result.type !== 'string') {
      this.problem(offsets.offset, `${name}: its \`result\` must be an object with a \`type\``);
      return;
    }
    const resultOffsets = offsets.keys?.get('result');
    switch (result.type) {
      case 'succeeded': {
        const message = result.message;
        const messageOffsets = resultOffsets?.keys?.get('message');
        if (!isPlainObject(message) || message.type !== 'message' || !Array.isArray(message.content)) {
          this.problem(
            messageOffsets?.offset ?? offsets.offset,
            `${name} succeeded, but its \`result.message\` is not a Messages API response`,
          );
          return;
        }
        this.response(message, messageOffsets!, n, id);
        return;
      }
      case 'errored': {
        const what = errorSaid(isPlainObject(result.error) ? result.error.error : undefined);
        this.problem(
          offsets.offset,
          `${name} errored${what === '' ? '' : ` (${what})`}: there is no response to check`,
        );
        return;
      }
      case 'canceled':
        this.problem(
          offsets.offset,
          `${name} was canceled before it was sent to the model: there is no response to check`,
        );
        return;
      case 'expired':
        this.problem(
          offsets.offset,
          `${name} expired (the batch reached its 24-hour limit before it was sent): there is no response to check`,
        );
        return;
      default:
        this.problem(
          offsets.offset,
          `${name}: its result is ${shown(result.type)}, not succeeded: there is no response to check`,
        );
    }
  }

  private response(message: Record<string, unknown>, offsets: JsonOffsets, n: number, customId: string | undefined) {
    const name = customId ?? (typeof message.id === 'string' && message.id !== '' ? message.id : `response${n + 1}`);
    const label = `response ${shorten(name, EXCERPT)}`;
    const at = offsets.offset;
    if (Object.hasOwn(message, 'stop_reason')) {
      const stop = message.stop_reason;
      if (typeof stop === 'string' && Object.hasOwn(UNFINISHED, stop)) this.problem(at, `${label} ${UNFINISHED[stop]}`);
      else if (stop === null)
        this.problem(
          at,
          `${label} is not finished: its stop_reason is null (a streamed response saved before its end?)`,
        );
      else if (typeof stop !== 'string' || !FINISHED.has(stop))
        this.problem(
          at,
          `${label}: its stop_reason ${shown(stop)} is not one citegate knows to end an answer (end_turn, stop_sequence)`,
        );
    }
    const content = message.content as unknown[];
    const contentOffsets = offsets.keys?.get('content')?.items;
    const pieces: AnswerPiece[] = [];
    const cited: [number, number][] = [];
    const from = this.records.length;
    let answerLength = 0;
    content.forEach((block, b) => {
      if (!isPlainObject(block) || block.type !== 'text') return; // Thinking, tool use and the like: not the answer.
      const blockOffsets = contentOffsets?.[b];
      const blockAt = blockOffsets?.offset ?? at;
      const text = block.text;
      if (typeof text !== 'string') {
        this.problem(blockAt, `${label}: the \`text\` of content block ${b} must be a string, not ${typeName(text)}`);
        return;
      }
      const textAt = blockOffsets?.keys?.get('text')?.offset;
      pieces.push({
        text,
        source: textAt === undefined ? undefined : { start: textAt, end: this.text.length, style: 'double' },
      });
      const start = answerLength;
      answerLength += text.length;
      const citations = block.citations;
      if (citations === undefined || citations === null) return;
      const citationsOffsets = blockOffsets?.keys?.get('citations');
      if (!Array.isArray(citations)) {
        this.problem(
          citationsOffsets?.offset ?? blockAt,
          `${label}: the \`citations\` of content block ${b} must be a list or null, not ${typeName(citations)}`,
        );
        return;
      }
      if (citations.length === 0) return;
      cited.push([start, answerLength]);
      citations.forEach((citation, c) => {
        this.records.push(
          this.record(`${name}#${b}.${c}`, citation, text, citationsOffsets?.items?.[c]?.offset ?? blockAt, textAt),
        );
      });
    });
    if (this.records.length === from)
      this.problem(
        at,
        `${label} has no citation: none of its text can be checked (send the documents with \`"citations": {"enabled": true}\`)`,
      );
    this.responses.push({
      name,
      position: this.index.position(at),
      answer: joinedAnswer(this.text, pieces, this.index.position(at), this.index),
      cited,
      from,
      to: this.records.length,
    });
  }

  private record(
    id: string,
    citation: unknown,
    claim: string,
    offset: number,
    claimOffset: number | undefined,
  ): ResponseRecord {
    const value: Record<string, unknown> = { citation_id: id, claim };
    const invalid = (reason: string, extra: Record<string, unknown> = {}): ResponseRecord => ({
      value: { ...value, ...extra },
      offset,
      claimOffset,
      invalid: reason,
    });
    if (!isPlainObject(citation)) return invalid(`a citation must be an object, not ${typeName(citation)}`);
    // Every string of the citation is checked for lone surrogates, as a record's are.
    value.citation = citation;
    const type = citation.type;
    if (!Object.hasOwn(citation, 'cited_text')) return invalid('cited_text is missing');
    const quote = citation.cited_text;
    if (typeof quote !== 'string') return invalid(`cited_text must be a string, not ${typeName(quote)}`);
    value.quote = quote;
    if (typeof type !== 'string') return invalid(`the citation's type must be a string (one of ${CITATION_TYPES})`);
    if (DOCUMENT_CITATIONS.has(type)) {
      const location: CitationLocation | undefined =
        type === 'char_location'
          ? { kind: 'char', start: citation.start_char_index, end: citation.end_char_index }
          : type === 'page_location'
            ? { kind: 'page', start: citation.start_page_number, end: citation.end_page_number }
            : undefined;
      const title = citation.document_title;
      if (title !== undefined && title !== null && typeof title !== 'string')
        return invalid(`document_title must be a string or null, not ${typeName(title)}`);
      const documents = this.documents;
      if (documents !== undefined) {
        const n = citation.document_index;
        if (!Object.hasOwn(citation, 'document_index')) return invalid('document_index is missing');
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
          return invalid(
            `document_index must be a whole number from 0, not ${typeof n === 'number' ? shown(n) : typeName(n)}`,
          );
        if (n >= documents.ids.length)
          return invalid(
            `document_index ${n} is past the \`documents\` list (${documents.where}), which names ${documents.ids.length} document${documents.ids.length === 1 ? '' : 's'}`,
          );
        const sourceId = documents.ids[n];
        if (sourceId === null) {
          // Listed as no source: its citations are of no source the manifest has.
          value.source_id = typeof title === 'string' && title !== '' ? title : `document ${n}`;
          return { value, offset, claimOffset, unknownSource: true, ...(location ? { location } : {}) };
        }
        value.source_id = sourceId;
      } else {
        if (typeof title !== 'string' || title === '')
          return invalid(
            `document_title is ${title === undefined ? 'missing' : title === '' ? 'empty' : 'null'}, and the manifest entry has no \`documents\` list: name the source of each document there`,
          );
        value.source_id = title;
      }
      return { value, offset, claimOffset, ...(location ? { location } : {}) };
    }
    if (type === 'search_result_location') {
      const source = citation.source;
      if (!Object.hasOwn(citation, 'source')) return invalid('source is missing');
      if (typeof source !== 'string') return invalid(`source must be a string, not ${typeName(source)}`);
      value.source_id = source;
      return { value, offset, claimOffset };
    }
    if (type === 'web_search_result_location') {
      // A web page: citegate never fetches, so it is no source the manifest can have.
      const url = citation.url;
      value.source_id = typeof url === 'string' && url !== '' ? url : 'web search result';
      return { value, offset, claimOffset, unknownSource: true };
    }
    return invalid(`citation type ${shown(type)} is not one citegate reads (${CITATION_TYPES})`);
  }
}
