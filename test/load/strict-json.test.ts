import {
  firstJsonValue,
  JsonSyntaxError,
  type JsonOffsets,
  MAX_JSON_DEPTH,
  parseStrictJson,
  scanOffsets,
} from '../../src/load/strict-json.js';

function errorOf(text: string): { message: string; offset: number } {
  try {
    parseStrictJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { message: error.message, offset: error.offset };
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('parseStrictJson', () => {
  it('parses what RFC 8259 allows; "__proto__" is an ordinary key', () => {
    const { value } = parseStrictJson(
      ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"], "__proto__": {"polluted": 1}} ',
    ) as { value: Record<string, unknown> };
    expect(value.a).toEqual([1, -2500, true, false, null, 'xé\n']);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps where each record starts: in a top-level array, or in the top-level "citations" array', () => {
    expect(parseStrictJson('[\n  {"a": 1},\n  2\n]').recordOffsets).toEqual([4, 16]);
    expect(parseStrictJson('{"x": [9], "citations": [ {}, [3] ]}').recordOffsets).toEqual([26, 30]);
    expect(parseStrictJson('{"x": [9]}').recordOffsets).toBeUndefined();
  });

  it('finds duplicate keys written with different escapes', () => {
    expect(errorOf('{"a": 1, "\\u0061": 2}')).toEqual({ message: 'duplicate key "a"', offset: 9 });
  });

  it('keeps lone surrogates from \\u escapes for the record check to refuse', () => {
    expect(parseStrictJson('"\\ud800"').value).toBe('\ud800');
  });

  it.each([
    ['', 'empty input: expected a JSON value', 0],
    ['{"a": 1, "a": 2}', 'duplicate key "a"', 9],
    ['[1, 2,]', 'trailing comma before ]', 5],
    ['{"a": 1,}', 'trailing comma before }', 7],
    ['// note\n[]', 'comments are not allowed in JSON', 0],
    ['[1 /* x */]', 'comments are not allowed in JSON', 3],
    ['[NaN]', 'NaN is not a JSON value', 1],
    ['[Infinity]', 'Infinity is not a JSON value', 1],
    ['[-Infinity]', '-Infinity is not a JSON value', 1],
    [
      '[] []',
      "unexpected '[' after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)",
      3,
    ],
    ['[01]', 'numbers in JSON have no leading zeros', 1],
    ['[1.]', 'a decimal point must be followed by digits', 2],
    ["['a']", 'strings in JSON take double quotes, not single quotes', 1],
    ['["a\tb"]', 'control character U+0009 in a string must be escaped', 3],
    ['["\\x"]', 'invalid escape \\x', 2],
    ['["\\u12"]', '\\u must be followed by four hex digits', 2],
    ['["abc', 'unterminated string', 1],
    ['[1', "unexpected end of input: expected ',' or ']'", 2],
    ['{"a" 1}', "unexpected '1': expected ':' after the key", 5],
    ['{a: 1}', "unexpected 'a': expected a key in double quotes", 1],
    ['[tru]', "unexpected 't': expected a JSON value", 1],
    ['[1,\u00a02]', 'unexpected invisible character U+00A0: expected a JSON value', 3],
    [
      '{"a": 1}\u200b',
      'unexpected invisible character U+200B after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)',
      8,
    ],
    ['[\u0085]', 'unexpected control character U+0085: expected a JSON value', 1],
  ])('refuses %j', (text, message, offset) => {
    expect(errorOf(text)).toEqual({ message, offset });
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    expect(errorOf('['.repeat(100_000) + ']'.repeat(100_000)).message).toBe(
      `nesting deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect(() => parseStrictJson('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).not.toThrow();
  });

  it('reads a text of more than 1 MiB the same way: its nesting refused, its records and claims found', () => {
    // Large: the checking scan runs first, so nesting is refused before JSON.parse would build it.
    const deep = '['.repeat(600_000) + ']'.repeat(600_000);
    expect(errorOf(deep)).toEqual({ message: `nesting deeper than ${MAX_JSON_DEPTH} levels`, offset: MAX_JSON_DEPTH });
    const records = Array.from({ length: 8_000 }, (_, i) => ({
      citation_id: `c${i}`,
      source_id: 's',
      quote: 'q "x" \\'.repeat(10),
      claim: 'n',
    }));
    const text = JSON.stringify(records, null, 1);
    expect(text.length).toBeGreaterThan(1 << 20);
    const parsed = parseStrictJson(text);
    expect(parsed.value).toEqual(records);
    // Each flat record starts a line of its own, after one space.
    expect(parsed.recordOffsets).toEqual([...text.matchAll(/\n \{/g)].map((m) => m.index + 2));
    expect(parsed.claimOffsets.size).toBe(8_000);
  });

  it('parses a slice of the text (one JSON Lines line)', () => {
    const text = '{"a":1}\n{"b":2}';
    expect(parseStrictJson(text, 8, 15).value).toEqual({ b: 2 });
  });
});

describe('firstJsonValue', () => {
  it('reads the first of values written one after another, and says where the next starts', () => {
    const text = '\n {\n  "a": [1, "}"]\n}\n\n{"b": 2}';
    expect(firstJsonValue(text)).toEqual({ value: { a: [1, '}'] }, offset: 2, end: 21, next: 23 });
    expect(text.slice(23)).toBe('{"b": 2}');
    // Nothing after it, or anything at all: what follows is not read.
    expect(firstJsonValue('[1] ')).toEqual({ value: [1], offset: 0, end: 3, next: 4 });
    expect(firstJsonValue('"x"}{')?.next).toBe(3);
  });

  it('is undefined when the text does not start with a value, checked as a file is', () => {
    for (const text of ['', ' ', '{"a": 1', '{"a": 1, "a": 2} {}', "{'a': 1}", 'event: ping', '[1,]'])
      expect(firstJsonValue(text)).toBeUndefined();
  });
});

describe('scanOffsets', () => {
  /** The text each offset of the tree starts, as a plain object to compare. */
  const shown = (text: string, node: JsonOffsets): unknown => ({
    at: text.slice(node.offset, node.offset + 6),
    ...(node.keys ? { keys: Object.fromEntries([...node.keys].map(([k, v]) => [k, shown(text, v)])) } : {}),
    ...(node.items ? { items: node.items.map((v) => shown(text, v)) } : {}),
  });

  it('places the followed keys and every element of a followed list, and nothing else', () => {
    const text = '{"id": "m", "content": [ {"text": "hi", "x": {"text": 1}}, 7 ], "usage": {"content": [1]}}';
    expect(shown(text, scanOffsets(text, new Set(['content', 'text'])))).toEqual({
      at: '{"id":',
      keys: {
        content: {
          at: '[ {"te',
          items: [{ at: '{"text', keys: { text: { at: '"hi", ' } } }, { at: '7 ], "' }],
        },
      },
    });
  });

  it('places the values of a slice, as of a line of JSON Lines', () => {
    const text = '{"a":1}\n  {"content": ["x"]}  \n';
    const tree = scanOffsets(text, new Set(['content']), 8, text.length - 1);
    expect(tree.offset).toBe(10);
    expect(tree.keys?.get('content')?.items?.map((i) => text[i.offset])).toEqual(['"']);
  });
});
