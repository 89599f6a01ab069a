import { parseCitationText, type CitationFormat } from '../../src/load/citation-file.js';

const idOf = (value: unknown) =>
  value instanceof Map ? value.get('citation_id') : (value as Record<string, unknown> | null)?.citation_id;
const parse = (text: string, format: CitationFormat) => {
  const loaded = parseCitationText(text, `answers/a.${format}`, format);
  return {
    records: loaded.records.map((r) => ({ line: r.position.line, column: r.position.column, id: idOf(r.value) })),
    problems: loaded.problems.map((p) => `${p.line}:${p.column}: ${p.message}`),
  };
};

describe('JSON citation files', () => {
  it('reads an array of records with the line each starts on', () => {
    expect(parse('[\n  {"citation_id": "c1"},\n\n  {"citation_id": "c2"}\n]\n', 'json')).toEqual({
      records: [
        { line: 2, column: 3, id: 'c1' },
        { line: 4, column: 3, id: 'c2' },
      ],
      problems: [],
    });
  });

  it('reads an object with a citations array and other fields', () => {
    const text = '{\n  "answer": "Returns are accepted.",\n  "citations": [\n    {"citation_id": "c1"}\n  ]\n}';
    expect(parse(text, 'json').records).toEqual([{ line: 4, column: 5, id: 'c1' }]);
  });

  it.each([
    ['{"citation": []}', 'citation'],
    ['{"Citations": []}', 'Citations'],
    ['{"answer": "a", "citatons": []}', 'citatons'],
  ])('names a near-miss of "citations" in %s', (text, key) => {
    expect(parse(text, 'json').problems).toEqual([
      `1:1: expected an array of citation records, or an object with a "citations" array (did you mean "citations", not "${key}"?)`,
    ]);
    const yaml = parse(`${key}:\n  - citation_id: c1\n`, 'yaml');
    expect(yaml.problems).toEqual([
      `1:1: expected an array of citation records, or an object with a "citations" array (did you mean "citations", not "${key}"?)`,
    ]);
  });

  it('says a record alone must be in a list, and guesses nothing for other keys', () => {
    expect(parse('{"citation_id": "c1", "source_id": "s", "quote": "q"}', 'json').problems).toEqual([
      '1:1: expected an array of citation records, or an object with a "citations" array (one record, alone: put it in a list)',
    ]);
    expect(parse('{"records": []}', 'json').problems).toEqual([
      '1:1: expected an array of citation records, or an object with a "citations" array',
    ]);
  });

  it('says a report citegate wrote is one, not a citation file, by its top level alone', () => {
    const JSON_REPORT =
      "this is a citegate JSON report (`--format json` writes one), not a citation file: write reports where the manifest's `citations` patterns do not match them";
    const SARIF =
      "this is a SARIF report (`--format sarif` writes one), not a citation file: write reports where the manifest's `citations` patterns do not match them";
    const report = { version: 1, tool: { name: 'citegate', version: '1.0.0' }, summary: {}, records: [] };
    expect(parse(JSON.stringify(report, null, 2), 'json').problems).toEqual([`1:1: ${JSON_REPORT}`]);
    expect(parse(`\n  ${JSON.stringify(report)}`, 'json').problems).toEqual([`2:3: ${JSON_REPORT}`]);
    expect(parse('tool: {name: citegate}\nrecords: []\n', 'yaml').problems).toEqual([`1:1: ${JSON_REPORT}`]);
    const sarif = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [] };
    expect(parse(JSON.stringify(sarif), 'json').problems).toEqual([`1:1: ${SARIF}`]);
    // Not a report: another tool's, a report's name without its records, a SARIF version that is not 2.1.0.
    for (const other of [
      { ...report, tool: { name: 'other' } },
      { tool: { name: 'citegate' } },
      { tool: 'citegate', records: [] },
      { ...sarif, version: 2.1 },
      { ...sarif, runs: {} },
    ]) {
      expect(parse(JSON.stringify(other), 'json').problems).toEqual([
        '1:1: expected an array of citation records, or an object with a "citations" array',
      ]);
    }
  });

  it('counts columns in code points', () => {
    expect(parse('["😀😀", {"citation_id": "c1"}]', 'json').records[1]).toEqual({ line: 1, column: 8, id: 'c1' });
  });

  it('accepts an empty array (a run with no records fails later, as a whole)', () => {
    expect(parse('[]', 'json')).toEqual({ records: [], problems: [] });
  });

  it.each([
    ['{"citations": 3}', '1:1: expected an array of citation records, or an object with a "citations" array'],
    ['"text"', '1:1: expected an array of citation records, or an object with a "citations" array'],
    [
      '[\n  {"citation_id": "c1",\n   "citation_id": "c2"}\n]',
      '3:4: duplicate key "citation_id" (first at line 2, column 4)',
    ],
    // Found by fuzzing: the CLI's documentation gives an empty file the words an empty YAML file gets.
    ['', '0:0: the file is empty: it holds no citation records'],
    [' \n\t\n', '0:0: the file is empty: it holds no citation records'],
    ['[1,\n 2,\n]', '2:3: trailing comma before ]'],
  ])('reports %j at its line and column', (text, problem) => {
    expect(parse(text, 'json')).toEqual({ records: [], problems: [problem] });
  });
});

describe('JSON Lines citation files', () => {
  it('reads one record per line, skips blank lines, and reports a bad line without losing the others', () => {
    const text = '{"citation_id": "c1"}\r\n\n{"citation_id": "c2",}\n   \n{"citation_id": "c3"}\n[1]';
    expect(parse(text, 'jsonl')).toEqual({
      records: [
        { line: 1, column: 1, id: 'c1' },
        { line: 5, column: 1, id: 'c3' },
        { line: 6, column: 1, id: undefined },
      ],
      problems: ['3:21: trailing comma before }'],
    });
  });

  it('refuses two values on one line', () => {
    expect(parse('{"citation_id": "c1"} {"citation_id": "c2"}\n', 'jsonl').problems).toEqual([
      "1:23: unexpected '{' after the JSON value: a line of a JSON Lines file holds exactly one record",
    ]);
  });

  // Found in review: a lone CR split no records, yet positions counted it as a line break.
  it('ends a line at a lone CR too, as positions count lines', () => {
    expect(parse('{"citation_id": "c1"}\r{"citation_id": "c2"}\r\r{"citation_id": "c3",}', 'jsonl')).toEqual({
      records: [
        { line: 1, column: 1, id: 'c1' },
        { line: 2, column: 1, id: 'c2' },
      ],
      problems: ['4:21: trailing comma before }'],
    });
  });

  it('calls a file of blank lines empty', () => {
    expect(parse('\n\n', 'jsonl')).toEqual({
      records: [],
      problems: ['0:0: the file is empty: it holds no citation records'],
    });
  });
});

describe('YAML citation files', () => {
  // Found in review: YAML 1.2 ends lines at a lone CR too; the yaml package alone misread such a file.
  it('reads a file whose lines end at a lone CR', () => {
    const loaded = parseCitationText(
      '- citation_id: c1\r  source_id: s\r  quote: |\r    two\r    lines\r',
      'answers/a.yaml',
      'yaml',
    );
    expect(loaded.problems).toEqual([]);
    expect(loaded.records.map((r) => [r.position.line, [...(r.value as Map<string, string>).entries()]])).toEqual([
      [
        1,
        [
          ['citation_id', 'c1'],
          ['source_id', 's'],
          ['quote', 'two\nlines\n'],
        ],
      ],
    ]);
  });

  // Found in review: the answer's text was placed in the file as written, lone CRs and all, so it fell back to its start.
  it("places an answer's sentences where a file with lone CRs writes them", () => {
    const loaded = parseCitationText(
      'answer: |\r  First one.\r  Second one.\rcitations: []\r',
      'answers/a.yaml',
      'yaml',
    );
    const answer = loaded.answer!;
    expect(answer.locate(answer.text.indexOf('Second'))).toEqual({ line: 3, column: 3 });
  });

  it('reads a list of records with their lines', () => {
    const text = '# answers\n- citation_id: c1\n  source_id: s\n  quote: "q"\n- citation_id: c2\n';
    expect(parse(text, 'yaml').records).toEqual([
      { line: 2, column: 3, id: 'c1' },
      { line: 5, column: 3, id: 'c2' },
    ]);
  });

  it('reads an object with a citations list, and keeps YAML 1.2 scalars as strings', () => {
    const loaded = parseCitationText('answer: yes\ncitations:\n  - citation_id: c1\n    quote: no\n', 'a.yaml', 'yaml');
    expect((loaded.records[0].value as Map<string, unknown>).get('quote')).toBe('no');
    expect(loaded.document?.get('answer')).toBe('yes');
  });

  it.each([
    ['- citation_id: c1\n  citation_id: c2\n', '2:3: duplicate key: keys must be unique'],
    // Keys equal as YAML compares them: the same tag and value.
    ['- 1: a\n  0x1: b\n', '2:3: duplicate key: keys must be unique'],
    ['- 1.0: a\n  1e0: b\n', '2:3: duplicate key: keys must be unique'],
    ['- ~: a\n  null: b\n', '2:3: duplicate key: keys must be unique'],
    ['- !custom {citation_id: c1}\n', '1:3: unresolved tag: !custom'],
    ['- citation_id: c1\n---\n- citation_id: c2\n', '2:1: a second YAML document: a file holds exactly one'],
    ['citations: 5\n', '1:1: expected an array of citation records, or an object with a "citations" array'],
    ['', '0:0: the file is empty: it holds no citation records'],
    ['- [unclosed\n', expect.stringMatching(/^2:1: /)],
    ['- citation_id: a\n  source_id: *src\n  quote: q\n', '2:14: alias *src has no anchor &src before it'],
    ['- citation_id: a\n  source_id: *src\n  quote: &src q\n', '2:14: alias *src has no anchor &src before it'],
  ])('reports %j', (text, problem) => {
    expect(parse(text, 'yaml')).toEqual({ records: [], problems: [problem] });
  });

  // One mistake, one problem: the parser's errors for what it misread after
  // the first are left out (each of these gave two to four before).
  it.each([
    [
      'a key indented one space too few',
      '- citation_id: a\n  source_id: s\n quote: x\n  claim: y\n',
      '3:1: sequence item without - indicator',
    ],
    [
      'a key indented too far',
      '- citation_id: a\n  source_id: s\n    quote: x\n',
      '3:5: this line is indented more than the key above it: the keys of one mapping start in the same column',
    ],
    // Found by fuzzing: said on the line above the mistake (1:14), where the value before it starts.
    [
      'the second key of a record indented',
      'citation_id: c1\n source_id: a\nquote: Returns\n',
      '2:2: this line is indented more than the key above it: the keys of one mapping start in the same column',
    ],
    // Found in review: said only where a key was read over two lines, and at the line where that key ends.
    [
      'a key indented two lines below',
      'a: first\n  second\n  third: x\n',
      '3:3: this line is indented more than the key above it: the keys of one mapping start in the same column',
    ],
    [
      'a colon inside a plain value',
      '- quote: a: b\n  source_id: s\n',
      expect.stringMatching(/^1:10: nested mappings/),
    ],
    ['a colon inside a value at the end', 'a: b: c\n', expect.stringMatching(/^1:4: nested mappings/)],
    [
      'a key of a nested list indented one space too few',
      'citations:\n  - citation_id: a\n    source_id: s\n   quote: x\n    claim: y\n',
      '4:1: sequence item without - indicator',
    ],
    ['a missing comma in a flow list', 'citations: [{a: 1} {b: 2}]\n', '1:20: unexpected flow-map-start at node end'],
    // Found by fuzzing: reported at the end of the file, a line past its last.
    [
      'a quote never closed',
      'citations:\n  - citation_id: c1\n    quote: "A receipt\n    source_id: r\n  - citation_id: c2\n',
      expect.stringMatching(/^3:12: .*quote/),
    ],
    [
      'a single quote never closed',
      "- citation_id: c1\n  quote: 'A receipt\n",
      expect.stringMatching(/^2:10: .*quote/),
    ],
  ])('reports %s once, at the first error', (_what, text, problem) => {
    expect(parse(text, 'yaml')).toEqual({ records: [], problems: [problem] });
  });

  // Found by fuzzing: called a duplicate key, as the values alone compare equal.
  it('takes keys 1 and 1.0 for two (an integer and a float)', () => {
    expect(parse('- citation_id: c1\n  1: a\n  1.0: b\n', 'yaml').problems).toEqual([]);
  });

  it('keeps a duplicate key before a syntax error, and drops what follows it', () => {
    const text =
      '- citation_id: a\n  citation_id: b\n- quote: x\n   y: 1\n  z: 2\n- citation_id: c\n  citation_id: c\n';
    const problems = parse(text, 'yaml').problems;
    expect(problems[0]).toBe('2:3: duplicate key: keys must be unique');
    expect(problems).toHaveLength(2);
  });

  it('stops an alias bomb', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${prev}`).join(',')}]`,
      );
    }
    lines.push('citations: [*i]');
    // At the first alias that takes the values past a million: g's first *f (597,871 values each).
    expect(parse(lines.join('\n'), 'yaml').problems).toEqual([
      '7:8: too many aliases: expanded, they make more than 1,000,000 values (an alias bomb)',
    ]);
  });

  // Found in review: the yaml package's bound counts every use of an anchor, and refused a file that
  // named its source once and used it a hundred times.
  it('takes an anchor used thousands of times', () => {
    const lines = ['- {citation_id: r0, source_id: &src returns-v1, quote: A receipt is required.}'];
    for (let i = 1; i <= 3000; i++)
      lines.push(`- {citation_id: r${i}, source_id: *src, quote: A receipt is required.}`);
    const parsed = parse(lines.join('\n'), 'yaml');
    expect(parsed.problems).toEqual([]);
    expect(parsed.records).toHaveLength(3001);
  });

  // Found while mending the above: an alias inside the value its anchor names made a value that holds
  // itself, and the check walked it for ever.
  it.each([
    ['its own anchor', '- &a {citation_id: x, source_id: s, quote: q, extra: [*a]}\n', '1:55'],
    ['an anchor around it', '- &a {citation_id: x, source_id: s, quote: q, extra: &b [1, [*a]]}\n', '1:62'],
  ])('refuses an alias inside %s', (_, text, at) => {
    expect(parse(text, 'yaml').problems).toEqual([
      `${at}: alias *a is inside the value its anchor names: the value would hold itself`,
    ]);
  });

  it('refuses absurd nesting with a message, not a crash', () => {
    const problems = parse('['.repeat(50_000) + ']'.repeat(50_000), 'yaml').problems;
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/nesting is too deep/);
  });
});
