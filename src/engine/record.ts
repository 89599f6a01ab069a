// Field validation of citation records (SPEC §1, and verdict 1 of SPEC §2).
import { editDistance } from './edit-distance.js';
import { EXCERPT, shorten } from '../model/escape.js';
import { hasLoneSurrogate } from './unicode.js';

/** A record whose fields passed validation. */
export interface CitationRecord {
  readonly citationId: string;
  readonly sourceId: string;
  readonly quote: string;
  readonly claim?: string;
  readonly prefix?: string;
  readonly suffix?: string;
}

export type FieldCheck =
  | { readonly ok: true; readonly record: CitationRecord }
  | {
      readonly ok: false;
      readonly reason: string;
      /** What could be read of the record, for reports; never trusted. */
      readonly citationId?: string;
      readonly sourceId?: string;
      readonly quote?: string;
      readonly claim?: string;
    };

const REQUIRED = ['citation_id', 'source_id', 'quote'] as const;
const OPTIONAL = ['claim', 'prefix', 'suffix'] as const;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Map || typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : 'a non-finite number';
  return `a ${typeof value}`;
}

/** A record as parsed: a Map from YAML, a plain object from JSON.parse. */
type Fields = Map<unknown, unknown> | Record<string, unknown>;

function asFields(value: unknown): Fields | undefined {
  if (value instanceof Map) return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return value as Record<string, unknown>;
}

// Own properties only: a record's "toString" is its own, or absent.
function has(fields: Fields, key: string): boolean {
  return fields instanceof Map ? fields.has(key) : Object.hasOwn(fields, key);
}

function get(fields: Fields, key: string): unknown {
  return fields instanceof Map ? fields.get(key) : Object.hasOwn(fields, key) ? fields[key] : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Validates one parsed record: an object (a Map from the YAML loader, a plain
 * object from JSON); anything else is "not an object". A run checks every
 * record, so this is written plainly: no copies of the fields, no closures.
 */
export function checkFields(record: unknown): FieldCheck {
  const fields = asFields(record);
  if (fields === undefined) {
    return { ok: false, reason: `a record must be an object, not ${typeName(record)}` };
  }
  const citationId = get(fields, 'citation_id');
  const sourceId = get(fields, 'source_id');
  const quote = get(fields, 'quote');
  const claim = get(fields, 'claim');
  const prefix = get(fields, 'prefix');
  const suffix = get(fields, 'suffix');
  const problem = fieldProblem(fields, citationId, sourceId, quote, claim, prefix, suffix);
  if (problem !== undefined) {
    return {
      ok: false,
      reason: problem,
      citationId: asString(citationId),
      sourceId: asString(sourceId),
      quote: asString(quote),
      claim: asString(claim),
    };
  }
  const valid: { -readonly [K in keyof CitationRecord]: CitationRecord[K] } = {
    citationId: citationId as string,
    sourceId: sourceId as string,
    quote: quote as string,
  };
  if (claim !== undefined) valid.claim = claim as string;
  if (prefix !== undefined) valid.prefix = prefix as string;
  if (suffix !== undefined) valid.suffix = suffix as string;
  return { ok: true, record: valid };
}

const MERGE_KEY = ' (its `<<` is a YAML 1.1 merge key, which citegate does not read: write the fields out)';

/** What is wrong with a record's fields (SPEC §2, verdict 1), or undefined. */
function fieldProblem(fields: Fields, ...values: unknown[]): string | undefined {
  // Every record comes here: the missing fields are looked for only when a required value is not a string.
  if (typeof values[0] !== 'string' || typeof values[1] !== 'string' || typeof values[2] !== 'string') {
    const missing = missingFields(fields);
    if (missing !== undefined) return missing;
  }
  for (let k = 0; k < KNOWN.length; k++) {
    const key = KNOWN[k];
    const value = values[k];
    if (typeof value === 'string') continue;
    if (k < REQUIRED.length) return `${key} must be a string, not ${typeName(value)}`;
    if (has(fields, key)) return `${key} must be a string when present, not ${typeName(value)}`;
  }
  const broken = loneSurrogateIn(fields, values);
  if (broken !== undefined)
    return `${shorten(broken, 2 * EXCERPT)} holds a lone UTF-16 surrogate (half of a character)`;
  if (values[0] === '') return 'citation_id is empty';
  return undefined;
}

const KNOWN: readonly string[] = [...REQUIRED, ...OPTIONAL];

/**
 * The required fields a record lacks, all of them in one message (a record
 * written with other names lacks several, and fixing one at a time would take
 * a run for each), each with the key it seems to have been written as.
 */
function missingFields(fields: Fields): string | undefined {
  const missing = REQUIRED.filter((key) => !has(fields, key));
  if (missing.length === 0) return undefined;
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  const are = `${names} ${missing.length === 1 ? 'is' : 'are'} missing`;
  // A YAML map (a Map) with `<<`: YAML 1.1's merge key, an ordinary key in YAML 1.2.
  if (fields instanceof Map && fields.has('<<')) return `${are}${MERGE_KEY}`;
  const meant = missing.flatMap((key) => {
    const near = nearKey(fields, key);
    return near === undefined ? [] : [`"${key}", not ${near}`];
  });
  return meant.length === 0 ? are : `${are} (did you mean ${meant.join('; ')}?)`;
}

/**
 * Other names a field is often written as, folded as nearKey folds keys: a
 * record made for another tool, or by a model asked for "the id, the text
 * and the source".
 */
const OTHER_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['citation_id', ['id', 'citation', 'cite', 'citeid', 'ref', 'refid']],
  ['source_id', ['doc', 'docid', 'document', 'documentid', 'sourcename', 'documenttitle', 'title']],
  ['quote', ['text', 'quotation', 'quotetext', 'excerpt', 'passage', 'snippet', 'citedtext']],
]);

/** Keys longer than this, or past this many in a record, are not compared: a typo is short, and a record may be huge. */
const NEAR_KEY_LENGTH = 40;
const NEAR_KEYS_COMPARED = 64;

/**
 * A key of the record that looks like `key` mistyped (`qoute` for `quote`,
 * `citationId` or `citation-id` for `citation_id`, `source` for
 * `source_id`) or written as another of its names (OTHER_NAMES), JSON-quoted so that the message shows it exactly and on one
 * line; undefined when none does.
 */
function nearKey(fields: Fields, key: string): string | undefined {
  const wanted = key.replace(/_/g, '');
  let compared = 0;
  for (const k of fields instanceof Map ? fields.keys() : Object.keys(fields)) {
    if (++compared > NEAR_KEYS_COMPARED) break;
    if (typeof k !== 'string' || k.length > NEAR_KEY_LENGTH || KNOWN.includes(k)) continue;
    const folded = k.toLowerCase().replace(/[-_ ]/g, '');
    if (folded === wanted || OTHER_NAMES.get(key)?.includes(folded) || editDistance(folded, wanted) <= 2)
      return JSON.stringify(k);
  }
  return undefined;
}

/** A step from a field down to a value below it: an element, a member, or a key that is itself a mapping or a list. */
interface Step {
  readonly parent: Step | undefined;
  readonly kind: 'element' | 'member' | 'key';
  readonly at: number | string;
}

/** The path of a step from the field `key` (`x[2].y`, `a key in x`), made only to be told. */
function pathOf(key: string, step: Step | undefined): string {
  const steps: Step[] = [];
  for (let s = step; s !== undefined; s = s.parent) steps.push(s);
  let where = key;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i];
    where = s.kind === 'element' ? `${where}[${s.at}]` : s.kind === 'member' ? `${where}.${s.at}` : `a key in ${where}`;
  }
  return where;
}

/** A list or a mapping being walked: the next of its children to look at. */
type Frame =
  | { readonly list: readonly unknown[]; next: number; readonly step: Step | undefined }
  | {
      readonly entries: readonly (readonly [unknown, unknown])[] | readonly string[];
      readonly members?: Record<string, unknown>;
      next: number;
      /** Whether the value of entry `next` was looked at, and its key (a mapping or a list) is next. */
      keyNext: boolean;
      readonly step: Step | undefined;
    };

/**
 * Where a field (its key, or any string below it) holds a lone surrogate;
 * the known fields' own values are checked already. Walked depth first, in
 * order, each list or mapping by an index into it, and a path made only for
 * the string it finds: a record may hold a list of millions (3,000,000
 * numbers, 6 MB of JSON), and a place and a path for each of them at once
 * took some 60 times the file's size, past a heap of 256 MB.
 */
function surrogateIn(key: string, value: unknown): string | undefined {
  if (hasLoneSurrogate(key)) return `the key ${shorten(JSON.stringify(key), EXCERPT)}`;
  if (typeof value === 'string') return !KNOWN.includes(key) && hasLoneSurrogate(value) ? key : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const frames: Frame[] = [];
  /** Looks at a value: a string is checked; a list or a mapping is walked (its string keys checked first, last first). */
  const enter = (v: unknown, step: Step | undefined): string | undefined => {
    if (typeof v === 'string') return hasLoneSurrogate(v) ? pathOf(key, step) : undefined;
    if (Array.isArray(v)) frames.push({ list: v, next: 0, step });
    else if (v instanceof Map) {
      const entries = [...v.entries()] as [unknown, unknown][];
      // A key that is a list is told by its text too (String(['\ud800']) holds the surrogate), as it was found.
      for (let i = entries.length - 1; i >= 0; i--)
        if (hasLoneSurrogate(String(entries[i][0]))) return `a key in ${pathOf(key, step)}`;
      frames.push({ entries, next: 0, keyNext: false, step });
    } else if (v !== null && typeof v === 'object') {
      const members = v as Record<string, unknown>;
      const names = Object.keys(members);
      for (let i = names.length - 1; i >= 0; i--)
        if (hasLoneSurrogate(names[i])) return `a key in ${pathOf(key, step)}`;
      frames.push({ entries: names, members, next: 0, keyNext: false, step });
    }
    return undefined;
  };
  const found = enter(value, undefined);
  if (found !== undefined) return found;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1];
    let child: unknown;
    let step: Step;
    if ('list' in frame) {
      if (frame.next >= frame.list.length) {
        frames.pop();
        continue;
      }
      const i = frame.next++;
      child = frame.list[i];
      step = { parent: frame.step, kind: 'element', at: i };
    } else {
      if (frame.next >= frame.entries.length) {
        frames.pop();
        continue;
      }
      const entry = frame.entries[frame.next];
      const [rawKey, member] =
        frame.members !== undefined ? [entry as string, frame.members[entry as string]] : (entry as [unknown, unknown]);
      if (!frame.keyNext) {
        // The value first, then a key that is a mapping or a list itself (a YAML key): its strings count too.
        frame.keyNext = true;
        child = member;
        step = { parent: frame.step, kind: 'member', at: String(rawKey) };
      } else {
        frame.keyNext = false;
        frame.next++;
        if (typeof rawKey !== 'object' || rawKey === null) continue;
        child = rawKey;
        step = { parent: frame.step, kind: 'key', at: '' };
      }
    }
    const hit = enter(child, step);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/**
 * Where a record holds a string (a key or a value, at any depth) with a lone
 * surrogate, which no text can contain (SPEC §2: any string), or undefined.
 * The fields citegate reads come first (`known`: their values, in KNOWN's
 * order), so that the reason names one of them when it can. Iterative, so
 * that no nesting can exhaust the stack.
 */
function loneSurrogateIn(fields: Fields, known: readonly unknown[]): string | undefined {
  for (let k = 0; k < KNOWN.length; k++) {
    const v = known[k];
    if (typeof v === 'string' && hasLoneSurrogate(v)) return KNOWN[k];
  }
  if (fields instanceof Map) {
    for (const [key, value] of fields) {
      const found =
        (typeof key === 'object' && key !== null ? surrogateIn('a key', key) : undefined) ??
        surrogateIn(String(key), value);
      if (found !== undefined) return found;
    }
  } else {
    for (const key in fields) {
      if (!Object.hasOwn(fields, key)) continue;
      const found = surrogateIn(key, fields[key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Validates the records of one file in order. A citation_id used by an earlier
 * record of the same file, valid or not, makes the later record invalid (the
 * first one keeps its verdict). `describeFirst` says where the first one was.
 */
export function checkFileRecords(values: readonly unknown[], describeFirst: (index: number) => string): FieldCheck[] {
  const firstIndex = new Map<string, number>();
  return values.map((value, index) => {
    const check = checkFields(value);
    const id = check.ok ? check.record.citationId : check.citationId;
    if (id === undefined || id === '') return check;
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return check;
    }
    if (!check.ok) return check;
    const { citationId, sourceId, quote, claim } = check.record;
    return {
      ok: false,
      reason: `duplicate citation_id (first used ${describeFirst(first)})`,
      citationId,
      sourceId,
      quote,
      claim,
    };
  });
}

/** A record's source_id when it has a string one (for finding which files cite a source). */
export function sourceIdOf(record: unknown): string | undefined {
  const fields = asFields(record);
  return fields === undefined ? undefined : asString(get(fields, 'source_id'));
}
