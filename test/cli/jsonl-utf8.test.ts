// A JSON Lines file holds its records line by line: a line that is not UTF-8
// is a problem at its first bad byte, and the other lines are still checked
// (found in the bad-input review: the whole file was dropped), with the line
// numbers they have in the file, across BOM, CRLF and lone CR line ends.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeWorkspace, runCli } from '../helpers/workspace.js';

const SOURCE = { 'returns-v1': { path: 'sources/returns.txt', text: 'Returns policy\n\nA receipt is required.\n' } };
const line = (id: string, quote: string) => JSON.stringify({ citation_id: id, source_id: 'returns-v1', quote });

function run(bytes: Buffer) {
  const root = makeWorkspace(SOURCE, { 'answers/u.jsonl': bytes });
  const text = runCli(['check', '--format', 'json', '--output', 'report.json'], root);
  const report = JSON.parse(readFileSync(path.join(root, 'report.json'), 'utf8'));
  return {
    code: text.code,
    stderr: text.stderr,
    records: report.records.map((r: { line: number; citation_id: string; verdict: string }) => [
      r.line,
      r.citation_id,
      r.verdict,
    ]),
  };
}

describe('a JSON Lines line that is not UTF-8', () => {
  it('is a problem at its byte, and the other lines are checked', () => {
    const bytes = Buffer.concat([
      Buffer.from(`${line('l1', 'A receipt is required.')}\n`),
      Buffer.from('{"citation_id":"l2","source_id":"returns-v1","quote":"caf'),
      Buffer.from([0xe9]),
      Buffer.from(`"}\n${line('l3', 'Returns policy')}\n`),
    ]);
    expect(run(bytes)).toEqual({
      code: 1,
      stderr:
        'answers/u.jsonl:2:58: error: not valid UTF-8: byte 0xE9 at offset 136 does not start or continue a character\n',
      records: [
        [1, 'l1', 'located'],
        [3, 'l3', 'located'],
      ],
    });
  });

  it('keeps the lines after it at their numbers, with a BOM, CRLF and a lone CR', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`${line('l1', 'A receipt is required.')}\r\n`),
      Buffer.from([0x22, 0xc3, 0x28, 0x0d]),
      Buffer.from(`${line('l3', 'Returns policy')}\r\n\r\n${line('l5', 'not there')}\n`),
      Buffer.from([0xff, 0x0a]),
    ]);
    const result = run(bytes);
    expect(result.stderr).toBe(
      [
        'answers/u.jsonl:2:2: error: not valid UTF-8: byte 0xC3 at offset 84 does not start or continue a character',
        'answers/u.jsonl:6:1: error: not valid UTF-8: byte 0xFF at offset 227 does not start or continue a character',
        '',
      ].join('\n'),
    );
    expect(result.records).toEqual([
      [1, 'l1', 'located'],
      [3, 'l3', 'located'],
      [5, 'l5', 'quote not found'],
    ]);
  });

  it('is not an empty file when it is the only line', () => {
    const result = run(Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
    expect(result.stderr).toBe(
      'answers/u.jsonl:1:2: error: not valid UTF-8: byte 0xFF at offset 1 does not start or continue a character\n' +
        'citegate: error: no citation records in the files checked (an empty run fails)\n',
    );
    expect(result.records).toEqual([]);
    expect(result.code).toBe(1);
  });

  it('past a hundred bad lines, the file is not text: told once, at the first', () => {
    const result = run(Buffer.concat(Array.from({ length: 101 }, () => Buffer.from([0x7b, 0xff, 0x7d, 0x0a]))));
    expect(result.stderr).toBe(
      'answers/u.jsonl:1:2: error: not valid UTF-8: byte 0xFF at offset 1 does not start or continue a character\n' +
        'citegate: error: no citation records in the files checked (an empty run fails)\n',
    );
    expect(result.records).toEqual([]);
  });
});
