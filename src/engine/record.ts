// Field validation of citation records (SPEC §1, and verdict 1 of SPEC §2).
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

/** The fields of an object as a Map from YAML, or as a plain object from JSON.parse. */
interface Fields {
  has(key: string): boolean;
  get(key: string): unknown;
  /** Every field, keys as strings. */
  entries(): Iterable<[string, unknown]>;
}

function fieldsOf(value: unknown): Fields | undefined {
  if (value instanceof Map) {
    const map = value as Map<unknown, unknown>;
    return {
      has: (key) => map.has(key),
      get: (key) => map.get(key),
      entries: () => [...map.entries()].map(([k, v]) => [String(k), v] as [string, unknown]),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const object = value as Record<string, unknown>;
  // Own properties only: a record's "toString" is its own, or absent.
  return {
    has: (key) => Object.hasOwn(object, key),
    get: (key) => (Object.hasOwn(object, key) ? object[key] : undefined),
    entries: () => Object.entries(object),
  };
}

function stringField(fields: Fields, key: string): string | undefined {
  const value = fields.get(key);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Validates one parsed record: an object (a Map from the YAML loader, a plain
 * object from JSON); anything else is "not an object".
 */
export function checkFields(record: unknown): FieldCheck {
  const value = fieldsOf(record);
  if (value === undefined) {
    return { ok: false, reason: `a record must be an object, not ${typeName(record)}` };
  }
  const seen = {
    citationId: stringField(value, 'citation_id'),
    sourceId: stringField(value, 'source_id'),
    quote: stringField(value, 'quote'),
    claim: stringField(value, 'claim'),
  };
  const fail = (reason: string): FieldCheck => ({ ok: false, reason, ...seen });
  for (const key of REQUIRED) {
    if (!value.has(key)) return fail(`${key} is missing`);
    const field = value.get(key);
    if (typeof field !== 'string') return fail(`${key} must be a string, not ${typeName(field)}`);
  }
  for (const key of OPTIONAL) {
    if (value.has(key) && typeof value.get(key) !== 'string') {
      return fail(`${key} must be a string when present, not ${typeName(value.get(key))}`);
    }
  }
  const broken = loneSurrogateIn(value);
  if (broken !== undefined) return fail(`${broken} holds a lone UTF-16 surrogate (half of a character)`);
  if (seen.citationId === '') return fail('citation_id is empty');
  return {
    ok: true,
    record: {
      citationId: seen.citationId!,
      sourceId: seen.sourceId!,
      quote: seen.quote!,
      ...(value.has('claim') ? { claim: value.get('claim') as string } : {}),
      ...(value.has('prefix') ? { prefix: value.get('prefix') as string } : {}),
      ...(value.has('suffix') ? { suffix: value.get('suffix') as string } : {}),
    },
  };
}

/**
 * Where a record holds a string (a key or a value, at any depth) with a lone
 * surrogate, which no text can contain (SPEC §2: any string), or undefined.
 * The fields citegate reads come first, so that the reason names one of them
 * when it can. Iterative, so that no nesting can exhaust the stack.
 */
function loneSurrogateIn(record: Fields): string | undefined {
  for (const key of KNOWN) {
    const v = record.get(key);
    if (typeof v === 'string' && hasLoneSurrogate(v)) return key;
  }
  const stack: [where: string, value: unknown][] = [];
  for (const [key, value] of record.entries()) {
    if (hasLoneSurrogate(key)) return `the key ${JSON.stringify(key)}`;
    if (typeof value === 'string') {
      if (!KNOWN.includes(key) && hasLoneSurrogate(value)) return key;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    stack.push([key, value]);
    while (stack.length > 0) {
      const [where, v] = stack.pop()!;
      if (typeof v === 'string') {
        if (hasLoneSurrogate(v)) return where;
      } else if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) stack.push([`${where}[${i}]`, v[i]]);
      } else if (v !== null && typeof v === 'object') {
        const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
        for (let i = entries.length - 1; i >= 0; i--) {
          const k = String(entries[i][0]);
          if (hasLoneSurrogate(k)) return `a key in ${where}`;
          stack.push([`${where}.${k}`, entries[i][1]]);
        }
      }
    }
  }
  return undefined;
}

const KNOWN: readonly string[] = [...REQUIRED, ...OPTIONAL];

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
    return { ok: false, reason: `duplicate citation_id (first used ${describeFirst(first)})`, citationId, sourceId, quote, claim };
  });
}

/** A record's source_id when it has a string one (for finding which files cite a source). */
export function sourceIdOf(record: unknown): string | undefined {
  const fields = fieldsOf(record);
  const id = fields?.get('source_id');
  return typeof id === 'string' ? id : undefined;
}
