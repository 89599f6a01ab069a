// Saved Claude Messages API responses (format anthropic-messages), through the
// bundled CLI: each shape the file can have, the sources a citation names,
// the problems of responses that cannot pass, positions in the response file,
// and the location check.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTree, REPO, runCli, sha256 } from '../helpers/workspace.js';
import { lineColumnAt } from '../helpers/position.js';

const FIXTURES = path.join(REPO, '__fixtures__/anthropic');

const RETURNS = 'Returns policy\n\nReturns are accepted within 30 days of delivery. A receipt is required.\n';
const SHIPPING = 'Orders placed before noon ship the same day.\n';
const R30 = 'Returns are accepted within 30 days of delivery. ';
const RCPT = 'A receipt is required.';

/** A manifest with the two sources and `citations` entries written out (YAML lines, indented by two). */
function manifest(citations: string, tail = ''): string {
  return [
    'version: 1',
    'sources:',
    '  returns-v2:',
    '    path: sources/returns.txt',
    `    sha256: ${sha256(RETURNS)}`,
    '    retrieved: 2026-11-02',
    '  shipping-v1:',
    '    path: sources/shipping.txt',
    `    sha256: ${sha256(SHIPPING)}`,
    '    retrieved: 2026-11-02',
    'citations:',
    citations,
    tail,
  ].join('\n');
}

const ANTHROPIC = '  - path: "evals/**"\n    format: anthropic-messages';
const DETECTED = '  - "evals/**"';

function workspace(files: Record<string, string>, citations = ANTHROPIC, tail = ''): string {
  return makeTree({
    'citegate.yml': manifest(citations, tail),
    'sources/returns.txt': RETURNS,
    'sources/shipping.txt': SHIPPING,
    ...files,
  });
}

/** A char_location citation of `cited` in the returns source, its indices right (in code points). */
function char(cited: string, extra: Record<string, unknown> = {}, doc = RETURNS, title: string | null = 'returns-v2') {
  const start = [...doc.slice(0, doc.indexOf(cited))].length;
  return {
    type: 'char_location',
    cited_text: cited,
    document_index: 0,
    document_title: title,
    start_char_index: start,
    end_char_index: start + [...cited].length,
    ...extra,
  };
}

const text = (t: string, citations?: unknown) => ({
  type: 'text',
  text: t,
  ...(citations !== undefined ? { citations } : {}),
});

function message(id: string, content: unknown[], extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
    ...extra,
  };
}

/** A response whose answer is all cited: "You can return it within 30 days. Bring the receipt." */
const good = (id: string) =>
  message(id, [
    text('You can return it within 30 days', [char(R30)]),
    text('. '),
    text('Bring the receipt', [char(RCPT)]),
    text('.'),
  ]);

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const lines = (...values: unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`).join('');
const errLines = (stderr: string) => stderr.split('\n').filter(Boolean);
const FAILED = 'the request failed, so there is no answer to check';

/**
 * `line:column` of the \`{\` that opens the object holding the `nth` (from 1)
 * occurrence of `needle` in a file (whose strings hold no braces), read from
 * the text itself.
 */
function objectAt(file: string, needle: string, nth = 1): string {
  let at = -1;
  for (let k = 0; k < nth; k++) at = file.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`no ${needle} in the file`);
  for (let depth = 0; at >= 0; at--) {
    if (file[at] === '}') depth++;
    else if (file[at] === '{' && depth-- === 0) break;
  }
  return lineColumnAt(file, at);
}

describe('the fixtures of __fixtures__/anthropic', () => {
  const cases = [
    ['passes', 'responses/passes.json'],
    ['changed-quote', 'responses/changed-quote.json'],
    ['wrong-title', 'responses/wrong-title.json'],
    ['uncited-sentence', 'responses/uncited-sentence.json'],
    ['results', 'batches/results.jsonl'],
    ['sdk-events', 'streams/sdk-events.jsonl'],
    ['server-sent-events', 'streams/server-sent-events.json'],
  ];

  it.each(cases)('%s gives its expected text output', (name, file) => {
    const run = runCli(['check', file], FIXTURES);
    const shown = [
      `$ citegate check ${file}`,
      run.stdout.trimEnd(),
      ...(run.stderr ? ['(standard error)', run.stderr.trimEnd()] : []),
      `(exit ${run.code})`,
    ].join('\n');
    expect(shown).toBe(readFileSync(path.join(FIXTURES, 'expected', `${name}.txt`), 'utf8').trimEnd());
  });

  it.each(cases)('%s gives its expected JSON report', (name, file) => {
    const run = runCli(['check', '--format', 'json', file], FIXTURES);
    expect(run.stdout).toBe(readFileSync(path.join(FIXTURES, 'expected', `${name}.json`), 'utf8'));
  });

  it('are read the same told by the manifest and told from their shape', () => {
    const tree: Record<string, string> = {};
    for (const file of ['sources/returns-v2.txt', 'sources/shipping-v1.txt', 'responses/passes.json']) {
      tree[file] = readFileSync(path.join(FIXTURES, file), 'utf8');
    }
    tree['citegate.yml'] = readFileSync(path.join(FIXTURES, 'citegate.yml'), 'utf8').replace(
      /- path: responses\/\*\.json\n {4}format: anthropic-messages/,
      '- responses/*.json',
    );
    const root = makeTree(tree);
    expect(readFileSync(path.join(root, 'citegate.yml'), 'utf8')).not.toContain('- path: responses');
    expect(runCli(['check', 'responses/passes.json'], root)).toEqual(
      runCli(['check', 'responses/passes.json'], FIXTURES),
    );
  });
});

describe('the shapes of a file of responses', () => {
  const expected = (id: string) => `${id}#0.0: located\n${id}#2.0: located\n`;

  it.each([
    ['one response', 'evals/a.json', pretty(good('msg_1')), expected('msg_1')],
    [
      'a list of responses',
      'evals/a.json',
      pretty([good('msg_1'), good('msg_2')]),
      expected('msg_1') + expected('msg_2'),
    ],
    [
      'JSON Lines of responses',
      'evals/a.jsonl',
      lines(good('msg_1'), good('msg_2')),
      expected('msg_1') + expected('msg_2'),
    ],
    [
      'a Message Batches results file',
      'evals/batch.jsonl',
      lines(
        { custom_id: 'q1', result: { type: 'succeeded', message: good('msg_x') } },
        { custom_id: 'q2', result: { type: 'succeeded', message: good('msg_y') } },
      ),
      expected('q1') + expected('q2'),
    ],
    [
      'a list of batch results',
      'evals/batch.json',
      pretty([{ custom_id: 'q1', result: { type: 'succeeded', message: good('msg_x') } }]),
      expected('q1'),
    ],
  ])('reads %s, told by the manifest or from its shape', (_what, file, content, stdout) => {
    for (const citations of [ANTHROPIC, DETECTED]) {
      const run = runCli(['check', file], workspace({ [file]: content }, citations));
      const count = (stdout.match(/\n/g) ?? []).length;
      expect(run).toEqual({ code: 0, stdout: `${stdout}located=${count}/${count}\n`, stderr: '' });
    }
  });

  it('says what to do with responses one after another in a .json file, or indented in a .jsonl file', () => {
    const several = `${JSON.stringify(good('msg_1'))}\n${JSON.stringify(good('msg_2'))}\n`;
    const indented = pretty(good('msg_1')) + pretty(good('msg_2'));
    const batch = lines(
      { custom_id: 'q1', result: { type: 'succeeded', message: good('msg_x') } },
      { custom_id: 'q2' },
    );
    const files = {
      'evals/a.json': several,
      'evals/b.json': indented.trimEnd(),
      'evals/c.json': batch,
      'evals/d.jsonl': `\n${indented}`,
      'evals/e.jsonl': pretty(good('msg_3')),
    };
    const ONE =
      'a .json file holds one value; write one response per line in a .jsonl file, or the responses in a JSON list';
    const INDENTED =
      'written over several lines: a line of a JSON Lines file holds one whole response; write each on one line, without indenting';
    for (const citations of [ANTHROPIC, DETECTED]) {
      const run = runCli(
        ['check', ...Object.keys(files), 'evals/good.json'],
        workspace({ ...files, 'evals/good.json': pretty(good('m')) }, citations),
      );
      expect(errLines(run.stderr)).toEqual([
        `evals/a.json:2:1: error: more than one JSON value, the first a Messages API response: ${ONE}`,
        `evals/b.json:${pretty(good('msg_1')).split('\n').length}:1: error: more than one JSON value, the first a Messages API response: ${ONE}`,
        `evals/c.json:2:1: error: more than one JSON value, the first a Message Batches result: ${ONE}`,
        `evals/d.jsonl:2:1: error: a Messages API response ${INDENTED}`,
        `evals/e.jsonl:1:1: error: a Messages API response ${INDENTED}`,
      ]);
      expect(run.stdout).toMatch(
        /^evals\/good\.json:\d+: m#0\.0: located\nevals\/good\.json:\d+: m#2\.0: located\nlocated=2\/2\n$/,
      );
      expect(run.code).toBe(1);
    }
    // `format: citegate` guesses nothing.
    const told = runCli(
      ['check', 'evals/a.json', 'evals/e.jsonl'],
      workspace(
        { 'evals/a.json': several, 'evals/e.jsonl': pretty(good('msg_3')) },
        '  - path: "evals/**"\n    format: citegate',
      ),
    );
    expect(errLines(told.stderr)[0]).toBe(
      "evals/a.json:2:1: error: unexpected '{' after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)",
    );
    expect(errLines(told.stderr)[1]).toBe(
      'evals/e.jsonl:1:2: error: unexpected end of input: expected a key in double quotes',
    );
  });

  it('reads citations absent, null and empty alike: text no citation covers', () => {
    for (const uncited of [undefined, null, []]) {
      const response = message('m', [
        text('You can return it within 30 days', [char(R30)]),
        text('. We also pay for the shipping.', uncited),
      ]);
      const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(response) }));
      expect(run.stdout).toBe('m#0.0: located\nlocated=1/1\n');
      expect(errLines(run.stderr)).toEqual([
        expect.stringMatching(
          /^evals\/a\.json:\d+:\d+: warning: uncited claim: no citation covers this sentence of response m: "We also pay for the shipping\."$/,
        ),
      ]);
      expect(run.code).toBe(0);
    }
  });

  it('ignores fields and blocks it does not read', () => {
    const response = message(
      'm',
      [
        { type: 'thinking', thinking: 'The policy says 30 days.', signature: 'abc' },
        { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { deep: { er: [1, 2, { x: 'y' }] } } },
        {
          ...text('You can return it within 30 days', [{ ...char(R30), file_id: null, new_field: { a: 1 } }]),
          extra: 1,
        },
        { type: 'some_future_block', data: 'x' },
        text('.'),
      ],
      { container: null, stop_details: null, usage: { input_tokens: 1, output_tokens: 2, service_tier: 'batch' } },
    );
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(response) }));
    expect(run).toEqual({ code: 0, stdout: 'm#2.0: located\nlocated=1/1\n', stderr: '' });
  });

  it('names a response without an id by its place in the file', () => {
    const { id: _, ...anonymous } = good('x');
    const run = runCli(['check', 'evals/a.jsonl'], workspace({ 'evals/a.jsonl': lines(anonymous, anonymous) }));
    expect(run.stdout).toBe(
      'response1#0.0: located\nresponse1#2.0: located\nresponse2#0.0: located\nresponse2#2.0: located\nlocated=4/4\n',
    );
  });

  it('makes the citations of a response whose id is used twice invalid, as a repeated citation_id', () => {
    const file = lines(good('m'), good('m'));
    const run = runCli(['check', 'evals/a.jsonl'], workspace({ 'evals/a.jsonl': file }));
    expect(run.stdout).toBe(
      'm#0.0: located\nm#2.0: located\nm#0.0: invalid fields\nm#2.0: invalid fields\nlocated=2/4\n',
    );
    expect(errLines(run.stderr)).toEqual([
      `evals/a.jsonl:${objectAt(file, '"cited_text"', 3)}: error: m#0.0: invalid fields: duplicate citation_id (first used at line 1)`,
      `evals/a.jsonl:${objectAt(file, '"cited_text"', 4)}: error: m#2.0: invalid fields: duplicate citation_id (first used at line 1)`,
    ]);
  });
});

describe('a file in citegate’s own format is never read as responses', () => {
  const record = { citation_id: 'c1', source_id: 'returns-v2', quote: RCPT };

  it.each([
    [
      'an object with citations beside a message’s fields',
      'evals/a.json',
      pretty({ type: 'message', content: [], citations: [record] }),
    ],
    [
      'records that also have a message’s fields',
      'evals/a.json',
      pretty([{ ...record, type: 'message', content: [] }]),
    ],
    [
      'JSON Lines of such records',
      'evals/a.jsonl',
      lines({ ...record, custom_id: 'q', result: { type: 'succeeded' } }),
    ],
  ])('%s', (_what, file, content) => {
    expect(runCli(['check', file], workspace({ [file]: content }, DETECTED))).toEqual({
      code: 0,
      stdout: 'c1: located\nlocated=1/1\n',
      stderr: '',
    });
  });

  it('and a list mixing responses with records is read as records', () => {
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty([record, good('m')]) }, DETECTED));
    expect(run.stdout).toBe('c1: located\n(record 2): invalid fields\nlocated=1/2\n');
  });

  it('and `format: citegate` reads a response as a citation file, which it is not', () => {
    const run = runCli(
      ['check', 'evals/a.json'],
      workspace({ 'evals/a.json': pretty(good('m')) }, '  - path: "evals/**"\n    format: citegate'),
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'evals/a.json:1:1: error: expected an array of citation records, or an object with a "citations" array',
    );
  });

  it('but a file the manifest says holds responses and does not is a problem at its place', () => {
    const run = runCli(
      ['check', 'evals/a.json', 'evals/b.jsonl', 'evals/c.yaml'],
      workspace({
        'evals/a.json': pretty({ citations: [record] }),
        'evals/b.jsonl': `${JSON.stringify(good('m'))}\n{"hello": 1}\nnot json\n`,
        'evals/c.yaml': 'citations: []\n',
      }),
    );
    expect(errLines(run.stderr)).toEqual([
      'evals/a.json:1:1: error: not a Messages API response (an object with `"type": "message"` and a `content` list) nor a line of a Message Batches results file (`custom_id` and `result`)',
      'evals/b.jsonl:2:1: error: not a Messages API response (an object with `"type": "message"` and a `content` list) nor a line of a Message Batches results file (`custom_id` and `result`)',
      "evals/b.jsonl:3:1: error: unexpected 'n': expected a JSON value",
      'evals/c.yaml: error: not read: format anthropic-messages is JSON or JSON Lines (saved Messages API responses), and this is a YAML file',
    ]);
    expect(run.stdout).toBe('evals/b.jsonl:1: m#0.0: located\nevals/b.jsonl:1: m#2.0: located\nlocated=2/2\n');
    expect(run.code).toBe(1);
  });
});

describe('a saved stream is one problem, not one for each of its events', () => {
  /** The events the API streams for good(id), as the SDKs give them one by one. */
  const events = (id: string): Record<string, unknown>[] => {
    const final = good(id);
    const out: Record<string, unknown>[] = [
      { type: 'message_start', message: { ...final, content: [], stop_reason: null } },
      { type: 'ping' },
    ];
    final.content.forEach((block, index) => {
      const { citations, text: t } = block as { text: string; citations?: unknown[] };
      out.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      out.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } });
      for (const citation of citations ?? [])
        out.push({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } });
      out.push({ type: 'content_block_stop', index });
    });
    out.push({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: {} });
    out.push({ type: 'message_stop' });
    return out;
  };
  const sse = (values: Record<string, unknown>[]) =>
    values.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const logged = events('msg_s');
  const SAVE =
    'save the final message instead, which the SDKs give when the stream ends (`stream.finalMessage()` in TypeScript, `stream.get_final_message()` in Python)';
  const logProblem = (count: number) =>
    `error: ${count} streaming event${count === 1 ? '' : 's'} of a Messages API response, starting with message_start, not a saved response: ${SAVE}`;
  const valuesProblem = `error: streaming events of a Messages API response, written one after another, starting with message_start, not a saved response: ${SAVE}`;
  const sseProblem = `error: server-sent events of a streamed Messages API response, starting with message_start, not JSON: ${SAVE}`;

  it.each([
    [
      'JSON Lines of the events',
      'evals/s.jsonl',
      `\n${lines(...logged)}`,
      `evals/s.jsonl:2:1: ${logProblem(logged.length)}`,
    ],
    ['a JSON list of them', 'evals/s.json', pretty(logged), `evals/s.json:2:3: ${logProblem(logged.length)}`],
    [
      'JSON Lines of them in a .json file',
      'evals/s.json',
      lines(...logged),
      `evals/s.json:1:1: error: streaming events of a Messages API response, one per line, starting with message_start, not a saved response: ${SAVE}`,
    ],
    ['server-sent events in a .jsonl file', 'evals/s.jsonl', sse(logged), `evals/s.jsonl:1:1: ${sseProblem}`],
    ['server-sent events in a .json file', 'evals/s.json', `\r\n  ${sse(logged)}`, `evals/s.json:2:3: ${sseProblem}`],
    [
      'the events indented, one after another, in a .jsonl file (Python’s `event.to_json()`)',
      'evals/s.jsonl',
      logged.map((e) => `${JSON.stringify(e, null, 2)}\n`).join(''),
      `evals/s.jsonl:1:1: ${valuesProblem}`,
    ],
    [
      'one event indented alone in a .jsonl file',
      'evals/s.jsonl',
      `\n${JSON.stringify(logged[0], null, 2)}\n`,
      `evals/s.jsonl:2:1: ${logProblem(1)}`,
    ],
    [
      'the events indented in a .json file',
      'evals/s.json',
      `\n  ${logged.map((e) => JSON.stringify(e, null, 4)).join('\n')}`,
      `evals/s.json:2:3: ${valuesProblem}`,
    ],
    [
      'the events one after another on one line, in a .json file',
      'evals/s.json',
      logged.map((e) => JSON.stringify(e)).join(''),
      `evals/s.json:1:1: ${valuesProblem}`,
    ],
    [
      'server-sent events of data lines alone',
      'evals/s.jsonl',
      logged.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(''),
      `evals/s.jsonl:1:1: ${sseProblem}`,
    ],
  ])(
    '%s, told by the manifest or from its shape, and the other files still checked',
    (_what, file, content, problem) => {
      for (const citations of [ANTHROPIC, DETECTED]) {
        const run = runCli(
          ['check', file, 'evals/good.json'],
          workspace({ [file]: content, 'evals/good.json': pretty(good('m')) }, citations),
        );
        expect(errLines(run.stderr)).toEqual([problem]);
        expect(run.stdout).toMatch(
          /^evals\/good\.json:\d+: m#0\.0: located\nevals\/good\.json:\d+: m#2\.0: located\nlocated=2\/2\n$/,
        );
        expect(run.code).toBe(1);
      }
    },
  );

  it('counts the events the Python SDK’s stream helper adds, and names the first event', () => {
    // Python's MessageStream yields a `text` or `citation` event after each delta; a stream may end in an error.
    const python = [
      ...logged.slice(0, 4),
      { type: 'text', text: 'You can return it', snapshot: 'You can return it' },
      { type: 'citation', citation: char(R30), snapshot: [char(R30)] },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ];
    for (const citations of [ANTHROPIC, DETECTED]) {
      const run = runCli(
        ['check', 'evals/s.jsonl'],
        workspace({ 'evals/s.jsonl': lines(...python.slice(1)) }, citations),
      );
      expect(errLines(run.stderr)[0]).toBe(
        `evals/s.jsonl:1:1: error: 6 streaming events of a Messages API response, starting with ping, not a saved response: ${SAVE}`,
      );
    }
  });

  it('reads the responses of a file the manifest says holds them, beside its events', () => {
    const file = lines(good('m'), ...logged.slice(0, 3), { hello: 1 });
    const run = runCli(['check', 'evals/s.jsonl'], workspace({ 'evals/s.jsonl': file }));
    expect(run.stdout).toBe('m#0.0: located\nm#2.0: located\nlocated=2/2\n');
    expect(errLines(run.stderr)).toEqual([
      `evals/s.jsonl:2:1: ${logProblem(3)}`,
      'evals/s.jsonl:5:1: error: not a Messages API response (an object with `"type": "message"` and a `content` list) nor a line of a Message Batches results file (`custom_id` and `result`)',
    ]);
    expect(run.code).toBe(1);
  });

  it('but never reads a file in citegate’s own format as one', () => {
    const record = { citation_id: 'c1', source_id: 'returns-v2', quote: RCPT };
    // A line with a key of citegate's records: its file is citegate's, as a file with a response and a record is.
    const file = lines(...logged.slice(0, 2), { ...record, type: 'message_stop' });
    const run = runCli(['check', 'evals/s.jsonl'], workspace({ 'evals/s.jsonl': file }, DETECTED));
    expect(run.stdout).toBe('(record 1): invalid fields\n(record 2): invalid fields\nc1: located\nlocated=1/3\n');
    // Nor a file whose first value, written over several lines, has one of those keys.
    const indented = [{ ...record, type: 'message_start' }, ...logged.slice(1, 3)].map((e) => pretty(e)).join('');
    const several = runCli(['check', 'evals/s.json'], workspace({ 'evals/s.json': indented }, DETECTED));
    expect(errLines(several.stderr)[0]).toBe(
      `evals/s.json:${indented.split('\n').indexOf('{', 1) + 1}:1: error: unexpected '{' after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)`,
    );
    // Or written alone over several lines in a .jsonl file: a record to write on one line, each line a problem.
    const alone = runCli(
      ['check', 'evals/s.jsonl'],
      workspace({ 'evals/s.jsonl': pretty({ ...record, type: 'message_start' }) }, DETECTED),
    );
    expect(errLines(alone.stderr).slice(0, 2)).toEqual([
      'evals/s.jsonl:1:2: error: unexpected end of input: expected a key in double quotes',
      "evals/s.jsonl:2:16: error: unexpected ':' after the JSON value: a line of a JSON Lines file holds exactly one record",
    ]);
    // And `format: citegate` reads every line as a record, events or not.
    const told = runCli(
      ['check', 'evals/s.jsonl', 'evals/t.jsonl', 'evals/u.json'],
      workspace(
        {
          'evals/s.jsonl': lines(...logged.slice(0, 2)),
          'evals/t.jsonl': sse(logged.slice(0, 1)),
          'evals/u.json': logged
            .slice(1, 3)
            .map((e) => pretty(e))
            .join(''),
        },
        '  - path: "evals/**"\n    format: citegate',
      ),
    );
    expect(errLines(told.stderr)).toEqual([
      "evals/t.jsonl:1:1: error: unexpected 'e': expected a JSON value",
      "evals/t.jsonl:2:1: error: unexpected 'd': expected a JSON value",
      "evals/u.json:4:1: error: unexpected '{' after the JSON value: a JSON file holds exactly one value (use .jsonl for one record per line)",
      'evals/s.jsonl:1:1: error: (record 1): invalid fields: citation_id, source_id and quote are missing',
      'evals/s.jsonl:2:1: error: (record 2): invalid fields: citation_id, source_id and quote are missing',
    ]);
  });

  it('and is told only by events: an error response, or server-sent events of another API, is not one', () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const run = runCli(
      ['check', 'evals/e.json', 'evals/o.json', 'evals/p.jsonl'],
      workspace({
        'evals/e.json': pretty(error),
        'evals/o.json': 'data: {"object": "chat.completion.chunk"}\n\n',
        // Nor is the error response written over several lines alone in a .jsonl file: it is that response.
        'evals/p.jsonl': JSON.stringify(error, null, 1),
      }),
    );
    const failed = `an error response of the Messages API (overloaded_error: Overloaded), not a message: ${FAILED}`;
    expect(errLines(run.stderr)).toEqual([
      `evals/e.json:1:1: error: ${failed}`,
      "evals/o.json:1:1: error: unexpected 'd': expected a JSON value",
      `evals/p.jsonl:1:1: error: ${failed}`,
      'citegate: error: no citation records in the files checked (an empty run fails)',
    ]);
  });

  describe('the messages of the Claude Agent SDK', () => {
    // As its TypeScript SDKMessage types are documented, and `claude -p --output-format stream-json` prints them.
    const session = { session_id: '0b6f0f2e-5e0e-4d8c-9d0a-1e2b3c4d5e6f', uuid: 'u' };
    const init = { type: 'system', subtype: 'init', model: 'claude-sonnet-4-5', tools: [], ...session };
    const wrapped = logged.map((event) => ({ type: 'stream_event', event, parent_tool_use_id: null, ...session }));
    const assistant = { type: 'assistant', message: good('msg_a'), parent_tool_use_id: null, ...session };
    const result = {
      type: 'result',
      subtype: 'success',
      is_error: false,
      num_turns: 1,
      result: 'You can…',
      ...session,
    };
    const rateLimit = { type: 'rate_limit_event', rate_limit_info: { status: 'allowed' }, ...session };
    const AGENT =
      "not saved Messages API responses: save the final message of a Messages API request instead, or write the agent's citations in citegate's own format (citation_id, source_id, quote)";

    it.each([
      [
        'a session, partial messages on',
        'evals/s.jsonl',
        lines(init, ...wrapped, assistant, rateLimit, result),
        `evals/s.jsonl:1:1: error: ${wrapped.length + 4} messages of the Claude Agent SDK, starting with system, ${AGENT}`,
      ],
      [
        'the stream_event messages alone',
        'evals/s.jsonl',
        lines(...wrapped),
        `evals/s.jsonl:1:1: error: ${wrapped.length} messages of the Claude Agent SDK, starting with stream_event, ${AGENT}`,
      ],
      [
        'the assistant message alone, a Messages API message inside',
        'evals/s.jsonl',
        lines(assistant),
        `evals/s.jsonl:1:1: error: 1 message of the Claude Agent SDK, starting with assistant, ${AGENT}`,
      ],
      [
        'the result (`claude -p --output-format json`)',
        'evals/s.json',
        pretty(result),
        `evals/s.json:1:1: error: 1 message of the Claude Agent SDK, starting with result, ${AGENT}`,
      ],
      [
        'a JSON list of them',
        'evals/s.json',
        pretty([assistant, result]),
        `evals/s.json:2:3: error: 2 messages of the Claude Agent SDK, starting with assistant, ${AGENT}`,
      ],
      [
        'one of them indented alone',
        'evals/s.jsonl',
        pretty(assistant),
        `evals/s.jsonl:1:1: error: 1 message of the Claude Agent SDK, starting with assistant, ${AGENT}`,
      ],
      [
        'them indented, one after another',
        'evals/s.jsonl',
        pretty(assistant) + pretty(result),
        `evals/s.jsonl:1:1: error: messages of the Claude Agent SDK, written one after another, starting with assistant, ${AGENT}`,
      ],
    ])('%s: one problem, told by the manifest or from its shape', (_what, file, content, problem) => {
      for (const citations of [ANTHROPIC, DETECTED]) {
        const run = runCli(
          ['check', file, 'evals/good.json'],
          workspace({ [file]: content, 'evals/good.json': pretty(good('m')) }, citations),
        );
        expect(errLines(run.stderr)).toEqual([problem]);
        expect(run.stdout).toMatch(/m#0\.0: located\n.*m#2\.0: located\nlocated=2\/2\n$/);
        expect(run.code).toBe(1);
      }
    });

    it('but a message without its session_id, or with a key of citegate’s records, is none', () => {
      const record = { citation_id: 'c1', source_id: 'returns-v2', quote: RCPT };
      const { session_id: _, ...noSession } = assistant;
      const file = lines(noSession, { ...result, ...record });
      const run = runCli(['check', 'evals/s.jsonl'], workspace({ 'evals/s.jsonl': file }, DETECTED));
      expect(run.stdout).toBe('(record 1): invalid fields\nc1: located\nlocated=1/2\n');
      const told = runCli(
        ['check', 'evals/s.jsonl'],
        workspace({ 'evals/s.jsonl': lines(assistant) }, '  - path: "evals/**"\n    format: citegate'),
      );
      expect(errLines(told.stderr)[0]).toBe(
        'evals/s.jsonl:1:1: error: (record 1): invalid fields: citation_id, source_id and quote are missing',
      );
    });
  });
});

describe('the source a citation names', () => {
  const titled = (title: string | null, index = 0) =>
    message('m', [
      text('You can return it within 30 days', [char(R30, { document_title: title, document_index: index })]),
    ]);
  const withDocuments = (list: string) => `${ANTHROPIC}\n    documents: ${list}`;

  it('is its document_title when that is a source id, and unknown otherwise', () => {
    const ws = workspace({ 'evals/a.json': pretty(titled('returns-v2')), 'evals/b.json': pretty(titled('Returns')) });
    expect(runCli(['check', 'evals/a.json'], ws).stdout).toBe('m#0.0: located\nlocated=1/1\n');
    expect(runCli(['check', 'evals/b.json'], ws).stdout).toBe('m#0.0: unknown source\nlocated=0/1\n');
    const json = JSON.parse(runCli(['check', '--format', 'json', 'evals/b.json'], ws).stdout);
    expect(json.records[0]).toMatchObject({ source_id: 'Returns', verdict: 'unknown source' });
  });

  it('is the `documents` entry of its document_index, whatever the title', () => {
    const ws = workspace(
      { 'evals/a.json': pretty(titled('Returns policy', 1)) },
      withDocuments('[shipping-v1, returns-v2]'),
    );
    expect(runCli(['check', 'evals/a.json'], ws)).toEqual({
      code: 0,
      stdout: 'm#0.0: located\nlocated=1/1\n',
      stderr: '',
    });
    // Document 0 is shipping: the quote is not there.
    const other = workspace(
      { 'evals/a.json': pretty(titled('Returns policy', 0)) },
      withDocuments('[shipping-v1, returns-v2]'),
    );
    expect(runCli(['check', 'evals/a.json'], other).stdout).toBe('m#0.0: quote not found\nlocated=0/1\n');
  });

  it('is no source for a document listed as null', () => {
    const ws = workspace(
      { 'evals/a.json': pretty(titled('Uploaded by the user', 1)) },
      withDocuments('[returns-v2, null]'),
    );
    const json = JSON.parse(runCli(['check', '--format', 'json', 'evals/a.json'], ws).stdout);
    expect(json.records[0]).toMatchObject({ source_id: 'Uploaded by the user', verdict: 'unknown source' });
  });

  it('is the source of a search result', () => {
    const cite = (source: unknown) => ({
      type: 'search_result_location',
      cited_text: 'Orders placed before noon ship the same day.',
      source,
      title: 'Shipping',
      search_result_index: 0,
      start_block_index: 0,
      end_block_index: 1,
    });
    const response = message('m', [
      text('Orders before noon ship today', [cite('shipping-v1')]),
      text('Orders before noon ship today', [cite('https://docs.example.com/shipping')]),
    ]);
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(response) }));
    expect(run.stdout).toBe('m#0.0: located\nm#1.0: unknown source\nlocated=1/2\n');
  });

  it('is quoted, for several blocks, as their texts joined with nothing between (docs/claude.md)', () => {
    // As the API writes cited_text: content[start_block_index:end_block_index] joined together.
    const blocks = (...content: string[]) => ({
      type: 'content_block_location',
      cited_text: content.join(''),
      document_index: 0,
      document_title: 'returns-v2',
      start_block_index: 0,
      end_block_index: content.length,
    });
    const response = message('m', [
      text('You can return it within 30 days with the receipt', [blocks(R30, RCPT)]),
      text('You can return it within 30 days with the receipt', [blocks(R30.trim(), RCPT)]),
    ]);
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(response) }));
    expect(run.stdout).toBe('m#0.0: located\nm#1.0: quote not found\nlocated=1/2\n');
  });

  it('is never a web page, even one with the id of a source: citegate never fetches', () => {
    const url = 'https://example.com/returns';
    const cite = {
      type: 'web_search_result_location',
      url,
      title: 'Returns',
      encrypted_index: 'Eo8BCioIAhgBIiQ..',
      cited_text: RCPT,
    };
    // A source whose id is the URL, pinned: still not the web page's text.
    const yml = manifest(ANTHROPIC).replace(
      'sources:\n',
      `sources:\n  ${JSON.stringify(url)}:\n    path: sources/returns.txt\n    sha256: ${sha256(RETURNS)}\n    retrieved: 2026-11-02\n`,
    );
    const ws = makeTree({
      'citegate.yml': yml,
      'sources/returns.txt': RETURNS,
      'evals/a.json': pretty(message('m', [text('Bring the receipt', [cite])])),
    });
    const json = JSON.parse(runCli(['check', '--format', 'json', 'evals/a.json'], ws).stdout);
    expect(json.records[0]).toMatchObject({ citation_id: 'm#0.0', source_id: url, verdict: 'unknown source' });
  });
});

describe('invalid fields, at the citation', () => {
  it.each([
    ['without cited_text', { cited_text: undefined }, 'cited_text is missing'],
    ['with a cited_text that is not a string', { cited_text: 30 }, 'cited_text must be a string, not a number'],
    [
      'of a type it does not know',
      { type: 'audio_location' },
      'citation type "audio_location" is not one citegate reads',
    ],
    [
      'with a document_title that is not a string',
      { document_title: 7 },
      'document_title must be a string or null, not a number',
    ],
    [
      'whose document has no title and no `documents` list',
      { document_title: null },
      'document_title is null, and the manifest entry has no `documents` list: name the source of each document there',
    ],
  ])('a citation %s', (_what, change, reason) => {
    const citation: Record<string, unknown> = { ...char(R30), ...change };
    for (const key of Object.keys(change)) if (change[key as keyof typeof change] === undefined) delete citation[key];
    const file = pretty(message('m', [text('You can return it within 30 days', [citation])]));
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': file }));
    expect(run.stdout).toBe('m#0.0: invalid fields\nlocated=0/1\n');
    expect(errLines(run.stderr)[0]).toMatch(
      new RegExp(
        `^evals/a\\.json:${objectAt(file, '"document_index"')}: error: m#0\\.0: invalid fields: ${escapeRegExp(reason)}`,
      ),
    );
    expect(run.code).toBe(1);
  });

  it('a document_index past the `documents` list, naming where the list is', () => {
    const response = message('m', [
      text('x', [char(R30, { document_index: 2 })]),
      text('y', [char(RCPT, { document_index: 1.5 })]),
    ]);
    const file = pretty(response);
    const run = runCli(
      ['check', 'evals/a.json'],
      workspace({ 'evals/a.json': file }, `${ANTHROPIC}\n    documents: [returns-v2, shipping-v1]`),
    );
    expect(errLines(run.stderr)).toEqual([
      `evals/a.json:${objectAt(file, '"document_index"', 1)}: error: m#0.0: invalid fields: document_index 2 is past the \`documents\` list (citegate.yml:14), which names 2 documents`,
      `evals/a.json:${objectAt(file, '"document_index"', 2)}: error: m#1.0: invalid fields: document_index must be a whole number from 0, not 1.5`,
    ]);
  });

  // Found in review: 1e999, read as Infinity, was told as "not null".
  it('a document_index past every number', () => {
    const response = message('m', [text('y', [char(RCPT, { document_index: 1.5 })])]);
    const file = pretty(response).replace('"document_index": 1.5', '"document_index": 1e999');
    const run = runCli(
      ['check', 'evals/a.json'],
      workspace({ 'evals/a.json': file }, `${ANTHROPIC}\n    documents: [returns-v2, shipping-v1]`),
    );
    expect(errLines(run.stderr)).toEqual([
      `evals/a.json:${objectAt(file, '"document_index"', 1)}: error: m#0.0: invalid fields: document_index must be a whole number from 0, not a non-finite number`,
    ]);
  });

  it('a citation that is not an object, and one holding a lone surrogate', () => {
    const response = message('m', [
      text('x', ['just text', char(RCPT, { document_title: 'returns-v2', note: '\ud800' })]),
    ]);
    const file = pretty(response);
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': file }));
    const line = (needle: string) => file.split('\n').findIndex((l) => l.includes(needle)) + 1;
    expect(errLines(run.stderr)).toEqual([
      `evals/a.json:${line('"just text"')}:9: error: m#0.0: invalid fields: a citation must be an object, not a string`,
      `evals/a.json:${objectAt(file, '"document_index"')}: error: m#0.1: invalid fields: citation.note holds a lone UTF-16 surrogate (half of a character)`,
    ]);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('responses that cannot pass are problems naming the response', () => {
  describe('an error the API answered a request with, saved in its place', () => {
    const error = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: 'req_1' };
    const said = `an error response of the Messages API (overloaded_error: Overloaded), not a message: ${FAILED}`;

    it.each([
      ['told by the manifest', ANTHROPIC],
      ['told from its shape', DETECTED],
    ])('is that problem, %s, whether alone, beside responses or indented', (_, citations) => {
      const run = runCli(
        ['check', 'evals/a.json', 'evals/b.jsonl', 'evals/c.jsonl', 'evals/d.json'],
        workspace(
          {
            'evals/a.json': pretty(error),
            'evals/b.jsonl': lines(good('m1'), error),
            'evals/c.jsonl': pretty(error),
            'evals/d.json': pretty([good('m2'), error]),
          },
          citations,
        ),
      );
      // The responses beside them are checked all the same.
      const d = pretty([good('m2'), error]);
      const at = (needle: string) => objectAt(d, needle).split(':')[0];
      expect(run.stdout).toBe(
        [
          'evals/b.jsonl:1: m1#0.0: located',
          'evals/b.jsonl:1: m1#2.0: located',
          `evals/d.json:${at('"Returns are accepted')}: m2#0.0: located`,
          `evals/d.json:${at('"A receipt')}: m2#2.0: located`,
          'located=4/4\n',
        ].join('\n'),
      );
      expect(errLines(run.stderr)).toEqual([
        `evals/a.json:1:1: error: ${said}`,
        `evals/b.jsonl:2:1: error: ${said}`,
        `evals/c.jsonl:1:1: error: ${said}`,
        `evals/d.json:${objectAt(d, '"request_id"')}: error: ${said}`,
      ]);
      expect(run.code).toBe(1);
    });

    it('quotes what the error says only as a short excerpt, escaped', () => {
      // Control characters and a workflow command inside the excerpt, and more past it.
      const message = `\u001b[31m\n::error::x\u202e${'m'.repeat(500)}::warning::y`;
      const long = { type: 'error', error: { type: 'api_error', message } };
      const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(long) }, DETECTED));
      const [line, ...rest] = errLines(run.stderr);
      // The newline in the message starts no line of its own.
      expect(rest).toEqual(['citegate: error: no citation records in the files checked (an empty run fails)']);
      expect(line).toMatch(
        /^evals\/a\.json:1:1: error: an error response of the Messages API \(api_error: \\u\{001B\}\[31m\\n::error::x\\u\{202E\}m+…\), not a message: /,
      );
      expect(line).not.toContain('warning');
      expect(line.length).toBeLessThan(300);
    });

    it('but an object with a key of citegate’s records is a record, whatever its type', () => {
      const record = { ...error, citation_id: 'c1' };
      const run = runCli(['check', 'evals/a.jsonl'], workspace({ 'evals/a.jsonl': lines(record) }, DETECTED));
      expect(errLines(run.stderr)).toEqual([
        'evals/a.jsonl:1:1: error: c1: invalid fields: source_id and quote are missing',
      ]);
    });
  });

  it.each([
    [
      {
        type: 'errored',
        error: { type: 'error', error: { type: 'invalid_request_error', message: 'model: bad' }, request_id: null },
      },
      'request q2 errored (invalid_request_error: model: bad): there is no response to check',
    ],
    [{ type: 'canceled' }, 'request q2 was canceled before it was sent to the model: there is no response to check'],
    [
      { type: 'expired' },
      'request q2 expired (the batch reached its 24-hour limit before it was sent): there is no response to check',
    ],
    [{ type: 'succeeded' }, 'request q2 succeeded, but its `result.message` is not a Messages API response'],
  ])('a batch result %j', (result, message) => {
    const file = lines(
      { custom_id: 'q1', result: { type: 'succeeded', message: good('a') } },
      { custom_id: 'q2', result },
    );
    const run = runCli(['check', 'evals/b.jsonl'], workspace({ 'evals/b.jsonl': file }));
    expect(run.stdout).toBe('q1#0.0: located\nq1#2.0: located\nlocated=2/2\n');
    expect(errLines(run.stderr)).toEqual([`evals/b.jsonl:2:1: error: ${message}`]);
    expect(run.code).toBe(1);
  });

  it.each([
    [
      'max_tokens',
      'response m is cut short: it stopped at max_tokens (stop_reason), so the end of the answer is missing',
    ],
    ['model_context_window_exceeded', 'response m is cut short: it ran out of context window'],
    ['refusal', 'response m is a refusal (stop_reason refusal), not an answer'],
    ['tool_use', 'response m is not finished: the model asked for a tool'],
    ['pause_turn', 'response m is not finished: a server tool paused the turn'],
    [null, 'response m is not finished: its stop_reason is null'],
    ['constructor', 'response m: its stop_reason "constructor" is not one citegate knows to end an answer'],
  ])('a response whose stop_reason is %j, its citations checked all the same', (stop, message) => {
    const run = runCli(
      ['check', 'evals/a.json'],
      workspace({ 'evals/a.json': pretty({ ...good('m'), stop_reason: stop }) }),
    );
    expect(run.stdout).toBe('m#0.0: located\nm#2.0: located\nlocated=2/2\n');
    expect(errLines(run.stderr)).toEqual([expect.stringContaining(`evals/a.json:1:1: error: ${message}`)]);
    expect(run.code).toBe(1);
  });

  // Found by fuzzing: a block without its text was "not a undefined".
  it('a text block without its text', () => {
    const run = runCli(
      ['check', 'evals/a.json'],
      workspace({ 'evals/a.json': pretty(message('t', [{ type: 'text' }, good('x').content[0]])) }),
    );
    expect(errLines(run.stderr)).toContainEqual(
      expect.stringMatching(
        /^evals\/a\.json:\d+:\d+: error: response t: the `text` of content block 0 must be a string, not missing \(there is no such field\)$/,
      ),
    );
    expect(run.code).toBe(1);
  });

  it('a response that cites nothing, and one whose blocks are malformed', () => {
    const none = message('n', [text('Our returns policy is generous.')]);
    const broken = message('b', [{ type: 'text', text: 5 }, text('y', { cited: 'no' }), good('x').content[0]]);
    const run = runCli(['check', 'evals/a.jsonl'], workspace({ 'evals/a.jsonl': lines(none, broken) }));
    expect(errLines(run.stderr)).toEqual([
      'evals/a.jsonl:1:1: error: response n has no citation: none of its text can be checked (send the documents with `"citations": {"enabled": true}`)',
      expect.stringMatching(
        /^evals\/a\.jsonl:2:\d+: error: response b: the `text` of content block 0 must be a string, not a number$/,
      ),
      expect.stringMatching(
        /^evals\/a\.jsonl:2:\d+: error: response b: the `citations` of content block 1 must be a list or null, not an object$/,
      ),
      expect.stringMatching(
        /^evals\/a\.jsonl:1:\d+: warning: uncited claim: no citation covers this sentence of response n: "Our returns policy is generous\."$/,
      ),
    ]);
    expect(run.stdout).toBe('b#2.0: located\nlocated=1/1\n');
    expect(run.code).toBe(1);
  });

  it('quotes the file’s own text in these messages only as a short excerpt', () => {
    const long = (c: string) => c.repeat(5000);
    const file = lines(
      {
        custom_id: long('q'),
        result: { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: long('m') } } },
      },
      { custom_id: 'q2', result: { type: long('r') } },
      { ...good(long('i')), stop_reason: long('s') },
      message('t', [
        text('x', [{ ...char(RCPT), type: long('y') }]),
        text('y', [{ ...char(RCPT), document_index: long('d') }]),
      ]),
    );
    const run = runCli(
      ['check', 'evals/a.jsonl'],
      workspace({ 'evals/a.jsonl': file }, `${ANTHROPIC}\n    documents: [returns-v2]`),
    );
    const problems = errLines(run.stderr).filter((l) => !/: invalid fields: duplicate/.test(l));
    expect(
      problems.map((l) =>
        l.replace(/^evals\/a\.jsonl:\d+:\d+: error: /, '').replace(/^.*#\d\.\d: invalid fields: /, ''),
      ),
    ).toEqual([
      `request ${'q'.repeat(39)}… errored (api_error: ${'m'.repeat(68)}…): there is no response to check`,
      `request q2: its result is "${'r'.repeat(38)}…, not succeeded: there is no response to check`,
      `response ${'i'.repeat(39)}…: its stop_reason "${'s'.repeat(38)}… is not one citegate knows to end an answer (end_turn, stop_sequence)`,
      `citation type "${'y'.repeat(38)}… is not one citegate reads (char_location, page_location, content_block_location, search_result_location, web_search_result_location)`,
      'document_index must be a whole number from 0, not a string',
    ]);
  });

  it('an empty file of responses', () => {
    const run = runCli(['check', 'evals/a.jsonl'], workspace({ 'evals/a.jsonl': '\n' }));
    expect(errLines(run.stderr)[0]).toBe('evals/a.jsonl: error: the file is empty: it holds no responses');
  });
});

describe('findings on the answer of each response', () => {
  // Found by a red-team review: a citation's place was counted from the start of its line after its block's
  // text was placed, and a response on one line of 20,000 cited blocks took 80 s (30,000, three minutes).
  // A run that counts so again goes past runCli's bound (its code is then null) rather than pass after it.
  it('places the citations of a response written on one line, however many', () => {
    const blocks = Array.from({ length: 30_000 }, () => text('Returns are accepted within 30 days. ', [char(R30)]));
    const file = `${JSON.stringify(message('m', blocks))}\n`;
    const run = runCli(['check', '--format', 'json', 'evals/a.json'], workspace({ 'evals/a.json': file }));
    expect(run.code).toBe(0);
    const records = JSON.parse(run.stdout).records;
    expect(records).toHaveLength(30_000);
    const last = file.lastIndexOf('{"type":"char_location"');
    expect(records.at(-1)).toMatchObject({ citation_id: 'm#29999.0', line: 1, column: last + 1 });
  });

  it('places an uncited sentence where the file writes it, through escapes', () => {
    const response = message('m', [
      text('You can return it within 30 days', [char(R30)]),
      text('. The caf\u00e9 is closed on Sundays.'),
    ]);
    // Written with \u escapes, as json.dumps writes non-ASCII.
    const file = pretty(response).replace('caf\u00e9', 'caf\\u00e9');
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': file }));
    const at = file.split('\n').findIndex((l) => l.includes('The caf'));
    const column = file.split('\n')[at].indexOf('The caf') + 1;
    expect(errLines(run.stderr)).toEqual([
      `evals/a.json:${at + 1}:${column}: warning: uncited claim: no citation covers this sentence of response m: "The café is closed on Sundays."`,
    ]);
  });

  it('covers a sentence whose letters and digits are at least half in cited blocks', () => {
    const response = message('m', [
      text('According to the policy, '),
      text('returns are accepted within 30 days of delivery', [char(R30)]),
      text('. As is usual in most shops of this kind, '),
      text('a receipt is required', [char(RCPT)]),
      text('.'),
    ]);
    const run = runCli(['check', 'evals/a.json'], workspace({ 'evals/a.json': pretty(response) }));
    expect(errLines(run.stderr)).toEqual([
      expect.stringContaining(
        'uncited claim: no citation covers this sentence of response m: "As is usual in most shops of this kind, a receipt is required."',
      ),
    ]);
  });

  it('asks the required sources of each response, and checks claim numbers against the cited text', () => {
    const shipping = message('s', [
      text('Orders placed before 1 pm ship the same day', [
        char('Orders placed before noon ship the same day.', {}, SHIPPING, 'shipping-v1'),
      ]),
    ]);
    const run = runCli(
      ['check', 'evals/a.jsonl'],
      workspace(
        { 'evals/a.jsonl': lines(good('r'), shipping) },
        ANTHROPIC,
        'require:\n  - files: evals/\n    cite: [returns-v2]\n',
      ),
    );
    expect(errLines(run.stderr)).toEqual([
      'evals/a.jsonl:2:1: error: required source not cited: response s must cite returns-v2 (the rule at citegate.yml:15), but none of its citations does',
      expect.stringMatching(
        /^evals\/a\.jsonl:2:\d+: error: claim number not in quote: s#0\.0: the claim says "1 pm", but the quote has "noon"$/,
      ),
    ]);
  });
});

describe('the location check', () => {
  const one = (citation: object, source?: string) => {
    const files: Record<string, string> = {
      'evals/a.json': pretty(message('m', [text('claim', [citation])])),
    };
    if (source !== undefined) files['sources/returns.txt'] = source;
    return files;
  };
  const withSource = (source: string, citation: object, levels = '') =>
    makeTree({
      'citegate.yml': manifest(ANTHROPIC, levels).replace(sha256(RETURNS), sha256(source)),
      'sources/returns.txt': source,
      'sources/shipping.txt': SHIPPING,
      ...one(citation),
    });

  it('passes indices that point at the cited text, its whitespace aside', () => {
    // The API's own example: the span holds the sentence and the space after it; cited_text may leave the space out.
    const run = runCli(['check', 'evals/a.json'], workspace(one(char(R30, { cited_text: R30.trim() }))));
    expect(run).toEqual({ code: 0, stdout: 'm#0.0: located\nlocated=1/1\n', stderr: '' });
  });

  // The span of the receipt sentence, for a citation of the 30-days one.
  const elsewhere = () => {
    const start = RETURNS.indexOf(RCPT);
    return char(R30, { start_char_index: start, end_char_index: start + RCPT.length });
  };
  const CITATION = objectAt(pretty(message('m', [text('claim', [char(R30)])])), '"cited_text"');

  it('names both places when the indices point elsewhere', () => {
    const run = runCli(['check', 'evals/a.json'], workspace(one(elsewhere())));
    expect(run.stdout).toBe('m#0.0: located\nlocated=1/1\n');
    expect(errLines(run.stderr)).toEqual([
      `evals/a.json:${CITATION}: warning: location not at quote: m#0.0: start_char_index 65 and end_char_index 87 point at line 3, columns 50-71 of sources/returns.txt ("A receipt is required."), but the quote is at line 3, columns 1-48`,
    ]);
    expect(run.code).toBe(0);
  });

  it('is off, warn or fail as the manifest and --citation-locations say', () => {
    const citation = elsewhere();
    const fail = runCli(
      ['check', 'evals/a.json'],
      withSource(RETURNS, citation, 'checks:\n  citation_locations: fail\n'),
    );
    expect(fail.code).toBe(1);
    expect(fail.stderr).toContain('error: location not at quote');
    const off = runCli(
      ['check', 'evals/a.json', '--citation-locations', 'off'],
      withSource(RETURNS, citation, 'checks:\n  citation_locations: fail\n'),
    );
    expect(off).toEqual({ code: 0, stdout: 'm#0.0: located\nlocated=1/1\n', stderr: '' });
    expect(runCli(['check', 'evals/a.json', '--citation-locations', 'loud'], workspace(one(citation)))).toMatchObject({
      code: 2,
      stderr: 'citegate: error: --citation-locations takes off, warn, fail, not "loud"; see citegate check --help\n',
    });
  });

  it('counts code points, and says when UTF-16 code units or bytes would have pointed at the quote', () => {
    const source = 'Note \u{1F4E6} first.\nReturns are accepted within 30 days of delivery.\n';
    const cited = 'Returns are accepted within 30 days of delivery.';
    const points = [...source.slice(0, source.indexOf(cited))].length;
    const units = source.indexOf(cited);
    const bytes = Buffer.byteLength(source.slice(0, units));
    expect([points, units, bytes]).toEqual([14, 15, 17]);
    const at = (start: number) => char(cited, { start_char_index: start, end_char_index: start + cited.length });
    expect(runCli(['check', 'evals/a.json'], withSource(source, at(points)))).toEqual({
      code: 0,
      stdout: 'm#0.0: located\nlocated=1/1\n',
      stderr: '',
    });
    const utf16 = runCli(['check', 'evals/a.json'], withSource(source, at(units)));
    expect(utf16.stderr).toContain(
      'but the quote is at line 2, columns 1-48; counted in UTF-16 code units they would point at it (the API does not document its unit; citegate counts code points)',
    );
    expect(runCli(['check', 'evals/a.json'], withSource(source, at(bytes))).stderr).toContain(
      '; counted in bytes they would point at it',
    );
  });

  it('says when indices are past the end of the source, or no range at all', () => {
    const past = runCli(
      ['check', 'evals/a.json'],
      workspace(one(char(R30, { start_char_index: 90, end_char_index: 140 }))),
    );
    expect(past.stderr).toContain(
      'start_char_index 90 and end_char_index 140 point past the end of sources/returns.txt, which has 88 characters',
    );
    const none = runCli(
      ['check', 'evals/a.json'],
      workspace(one(char(R30, { start_char_index: 5, end_char_index: '9' }))),
    );
    expect(none.stderr).toContain('start_char_index 5 and end_char_index "9" are not a range of characters');
    // 1e999 is no double: read as Infinity, which JSON writes as null.
    const huge = runCli(
      ['check', 'evals/a.json'],
      workspace({
        'evals/a.json': pretty(message('m', [text('claim', [char(R30)])])).replace(
          '"end_char_index": 65',
          '"end_char_index": 1e999',
        ),
      }),
    );
    expect(huge.stderr).toContain(
      'start_char_index 16 and end_char_index a non-finite number are not a range of characters',
    );
  });

  const page = (start: number, end: number, cited = RCPT) => ({
    type: 'page_location',
    cited_text: cited,
    document_index: 0,
    document_title: 'returns-v2',
    start_page_number: start,
    end_page_number: end,
  });
  const PAGED = 'Returns policy\n\fReturns are accepted within 30 days of delivery.\n\fA receipt is required.\n\f';

  it('checks pages against the form feeds of the source', () => {
    expect(runCli(['check', 'evals/a.json'], withSource(PAGED, page(3, 4))).stderr).toBe('');
    expect(runCli(['check', 'evals/a.json'], withSource(PAGED, page(2, 4))).stderr).toBe('');
    expect(errLines(runCli(['check', 'evals/a.json'], withSource(PAGED, page(2, 3))).stderr)).toEqual([
      `evals/a.json:${CITATION}: warning: location not at quote: m#0.0: start_page_number 2 and end_page_number 3 name page 2, but the quote is on page 3 of sources/returns.txt (line 3, columns 2-23)`,
    ]);
    expect(runCli(['check', 'evals/a.json'], withSource(PAGED, page(3, 6))).stderr).toContain(
      'start_page_number 3 and end_page_number 6 name pages 3-5, but sources/returns.txt has 3 pages (its form feeds end pages)',
    );
    expect(runCli(['check', 'evals/a.json'], withSource(PAGED, page(0, 1))).stderr).toContain(
      'start_page_number 0 and end_page_number 1 are not a range of pages (numbered from 1, the end exclusive)',
    );
  });

  it('does not check pages in a source without form feeds', () => {
    expect(runCli(['check', 'evals/a.json'], workspace(one(page(40, 41))))).toEqual({
      code: 0,
      stdout: 'm#0.0: located\nlocated=1/1\n',
      stderr: '',
    });
  });

  it('gives the same findings in every output', () => {
    const ws = workspace(one(elsewhere()));
    const text = runCli(['check', 'evals/a.json'], ws);
    const json = JSON.parse(runCli(['check', '--format', 'json', 'evals/a.json'], ws).stdout);
    expect(json.findings).toEqual([
      {
        kind: 'location not at quote',
        level: 'warn',
        file: 'evals/a.json',
        line: Number(CITATION.split(':')[0]),
        column: Number(CITATION.split(':')[1]),
        citation_id: 'm#0.0',
        message: errLines(text.stderr)[0].replace(/^.*?m#0\.0: /, ''),
      },
    ]);
  });
});

describe('a split run of saved responses', () => {
  it('merges into the report the whole run gives, findings and problems included', () => {
    const full = JSON.parse(runCli(['check', '--format', 'json'], FIXTURES).stdout);
    const out = makeTree({});
    for (const i of [1, 2])
      runCli(['check', '--format', 'json', '--shard', `${i}/2`, '--output', path.join(out, `s${i}.json`)], FIXTURES);
    const merged = runCli(['merge-reports', path.join(out, 's1.json'), path.join(out, 's2.json')], FIXTURES);
    expect(merged.stderr).toBe('');
    const report = JSON.parse(merged.stdout);
    expect(full.findings.map((f: { kind: string }) => f.kind)).toEqual(['location not at quote', 'uncited claim']);
    expect(report.summary).toEqual(full.summary);
    expect(new Set(report.findings.map((f: object) => JSON.stringify(f)))).toEqual(
      new Set(full.findings.map((f: object) => JSON.stringify(f))),
    );
    expect(report.problems).toEqual(full.problems);
    expect(merged.code).toBe(1);
  });

  it('split as docs/claude.md says, keeps each request in its file whatever order the batch results come in', () => {
    // The API gives batch results in no set order: the same results, in another, must match the baseline's records.
    const doc = readFileSync(path.join(REPO, 'docs/claude.md'), 'utf8').replace(/\n/g, ' ');
    const command = /`([^`]*split -l 20000[^`]*)`/.exec(doc)![1].replace('-l 20000', '-l 2');
    const result = (id: string, response: object) => ({
      custom_id: id,
      result: { type: 'succeeded', message: response },
    });
    const results = [
      result('q1', good('msg_1')),
      result(
        'q2',
        message('msg_2', [text('You can return it within 60 days', [char(R30, { cited_text: 'within 60 days' })])]),
      ),
      result('q3', good('msg_3')),
      result('q4', good('msg_4')),
    ];
    const root = workspace({}, '  - path: "evals/results-part-*.jsonl"\n    format: anthropic-messages');
    const split = (order: number[]) => {
      rmSync(path.join(root, 'evals'), { recursive: true, force: true });
      writeFileSync(path.join(root, 'results.jsonl'), lines(...order.map((i) => results[i])));
      const run = spawnSync('bash', ['-c', `mkdir evals && ${command}`], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).toBe('');
    };
    split([0, 1, 2, 3]);
    expect(runCli(['check', '--format', 'json', '--output', 'base.json'], root).code).toBe(1);
    split([3, 2, 1, 0]);
    const run = runCli(['check', '--baseline', 'base.json'], root);
    expect(run.stderr).toContain(
      '0 new not located, 0 fixed, 1 still failing (not counted), 6 unchanged, 0 new located, 0 removed',
    );
    expect(run.code).toBe(0);
  });
});
