// The annotation budget alone, with @actions/core mocked.
import { jest } from '@jest/globals';

const made: string[] = [];
const properties: unknown[] = [];
jest.unstable_mockModule('@actions/core', () => ({
  error: (message: string, props: unknown) => {
    made.push(`error: ${message}`);
    properties.push(props);
  },
  warning: (message: string) => made.push(`warning: ${message}`),
  notice: (message: string) => made.push(`notice: ${message}`),
  setFailed: (message: string) => made.push(`failed: ${message}`),
}));
const { Annotator } = await import('../../src/action/annotator.js');
const { notFound, onExplained } = await import('../helpers/results.js');
const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
afterAll(() => stdout.mockRestore());

beforeEach(() => {
  made.length = 0;
  properties.length = 0;
  stdout.mockClear();
});

const count = (prefix: string) => made.filter((m) => m.startsWith(prefix)).length;

describe('Annotator', () => {
  it('shows at most 9 errors and 9 warnings, then the overflow warning and the failure, and at most 10 notices', () => {
    const a = new Annotator();
    for (let i = 0; i < 15; i++) a.annotate('error', `e${i}`, {}, false);
    for (let i = 0; i < 12; i++) a.annotate('warning', `w${i}`, {}, false);
    for (let i = 0; i < 11; i++) a.annotate('notice', `n${i}`);
    expect(a.overflow('See the log.')).toBe(
      '6 errors, 3 warnings, 1 notice not annotated: GitHub shows at most 10 error and 10 warning annotations per step. See the log.',
    );
    expect(a.overflow('again')).toBeUndefined();
    a.fail('citegate: failed');
    a.fail('citegate: a second failure is not a second annotation');
    expect([count('error: '), count('failed: '), count('warning: '), count('notice: ')]).toEqual([9, 1, 10, 10]);
    expect(made.at(-1)).toBe('failed: citegate: failed');
    expect(made.filter((m) => m.startsWith('warning: ')).at(-1)).toMatch(/^warning: citegate: 6 errors/);
  });

  it('makes no overflow note when everything was shown, and logs a dropped message with commands stopped', () => {
    const a = new Annotator();
    a.annotate('warning', 'shown');
    expect(a.overflow('x')).toBeUndefined();
    for (let i = 0; i < 9; i++) a.annotate('warning', `w${i}`);
    const written = stdout.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(written).toMatch(/^::stop-commands::([0-9a-f-]+)\nwarning: w8\n::\1::\n$/);
  });

  // Found in review: @actions/core escapes only what ends a property, so a
  // control or bidi character in a file name reached the log raw in `file=`.
  it('puts an annotation on the run, naming the file escaped, when the file name holds a control or bidi character', () => {
    const a = new Annotator();
    a.annotate('error', 'quote not found', {
      title: 't',
      file: 'answers/e\u001b[2Jx\u202e.json',
      startLine: 3,
      startColumn: 2,
    });
    a.annotate('error', 'plain', { file: 'answers/ok.json', startLine: 1 });
    // A line break @actions/core encodes (%0A), and the runner decodes: the file keeps its annotation.
    a.annotate('error', 'broken', { file: 'answers/two\nlines.json' });
    expect(made).toEqual([
      'error: answers/e\\u{001B}[2Jx\\u{202E}.json:3: quote not found',
      'error: plain',
      'error: broken',
    ]);
    expect(properties).toEqual([
      { title: 't' },
      { file: 'answers/ok.json', startLine: 1 },
      { file: 'answers/two\nlines.json' },
    ]);
  });

  it('names a file as GitHub does, and puts one GitHub does not know on the run, named as the workspace does', () => {
    const a = new Annotator();
    a.gitHubPath = (file) => (file.startsWith('repo/') ? file.slice('repo/'.length) : undefined);
    a.annotate('error', 'in the repository', { title: 't', file: 'repo/answers/a.json', startLine: 2, startColumn: 3 });
    a.annotate('error', 'elsewhere', { title: 't', file: 'other/b.json', startLine: 4 });
    expect(made).toEqual(['error: in the repository', 'error: other/b.json:4: elsewhere']);
    expect(properties).toEqual([{ title: 't', file: 'answers/a.json', startLine: 2, startColumn: 3 }, { title: 't' }]);
  });

  it('makes only the annotations it shows: the records past the room are counted, not explained', async () => {
    const { annotate } = await import('../../src/action/publish.js');
    const explained = new Set<number>();
    const records = Array.from({ length: 40 }, (_, i) => onExplained(notFound(i), () => explained.add(i)));
    const a = new Annotator();
    annotate(
      { manifest: 'citegate.yml', files: ['answers/a.json'], records, sources: [], problems: [], findings: [] },
      a,
    );
    expect(count('error: ')).toBe(9);
    expect(a.dropped.error).toBe(31);
    expect([...explained]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(a.overflow('See the log.')).toMatch(/^31 errors not annotated/);
  });
});
