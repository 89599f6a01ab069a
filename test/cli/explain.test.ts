import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeText } from '../../src/engine/normalize.js';
import { makeWorkspace, REPO, runCli } from '../helpers/workspace.js';

const NEAR = '__fixtures__/near-misses/citegate.yml';

describe('citegate check --explain on the near-miss fixtures', () => {
  it('shows a reviewer what differs and where, record by record', () => {
    const run = runCli(['check', '--manifest', NEAR, '--explain'], REPO);
    expect(run.stdout).toBe(readFileSync(path.join(REPO, '__fixtures__/near-misses/expected-explain.txt'), 'utf8'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
  });

  it.each(['README.md', 'docs/diagnostics.md'])('is what %s shows of it', (doc) => {
    const text = readFileSync(path.join(REPO, doc), 'utf8');
    const from = text.indexOf('# Why a record failed');
    expect(from).toBeGreaterThanOrEqual(0);
    const section = text.slice(from);
    const excerpt = section.slice(section.indexOf('```\n') + 4, section.indexOf('\n```', section.indexOf('```\n') + 4));
    const expected = readFileSync(path.join(REPO, '__fixtures__/near-misses/expected-explain.txt'), 'utf8').split('\n');
    // Whole records, in the file's order: each shown record is its line and all its indented lines.
    const records = (lines: string[]) =>
      lines.reduce<string[][]>((all, line) => {
        if (line.startsWith('  ')) all[all.length - 1].push(line);
        else if (line !== '') all.push([line]);
        return all;
      }, []);
    const shown = records(excerpt.split('\n'));
    const all = records(expected).map((r) => r.join('\n'));
    const at = shown.map((r) => all.indexOf(r.join('\n')));
    expect(at.filter((i) => i < 0)).toEqual([]);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(shown.length).toBeGreaterThanOrEqual(4);
  });

  // One convention for what people read: `columns 1-48` includes both ends;
  // the JSON report (and SARIF) give the column after the last instead, as
  // SARIF does: `column: 1, end_column: 49`.
  it('gives each range inclusive where the JSON report gives its end exclusive, for the same places', () => {
    const text = runCli(['check', '--manifest', NEAR, '--explain'], REPO).stdout;
    const report = JSON.parse(runCli(['check', '--manifest', NEAR, '--format', 'json'], REPO).stdout);
    const blocks = text
      .split(/\n(?! )/)
      .filter((b) => b.startsWith('  ') === false && b !== '' && !b.startsWith('located='));
    expect(blocks).toHaveLength(report.records.length);
    let compared = 0;
    report.records.forEach((record: Record<string, unknown>, i: number) => {
      // Every place the record's JSON gives, as --explain would write it.
      const places = new Set<string>();
      const walk = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (node !== null && typeof node === 'object') {
          const o = node as Record<string, unknown>;
          if (typeof o.end_column === 'number') {
            places.add(
              o.line === o.end_line
                ? `line ${o.line}, columns ${o.column}-${(o.end_column as number) - 1}`
                : `line ${o.line}, column ${o.column} to line ${o.end_line}, column ${(o.end_column as number) - 1}`,
            );
          }
          Object.values(o).forEach(walk);
        }
      };
      walk([record.matches, record.detail]);
      const shown = [...blocks[i].matchAll(/line \d+, (?:columns \d+-\d+|column \d+ to line \d+, column \d+)/g)].map(
        (m) => m[0],
      );
      for (const place of shown)
        expect([record.citation_id, place, places.has(place)]).toEqual([record.citation_id, place, true]);
      compared += shown.length;
    });
    expect(compared).toBeGreaterThan(20);
  });

  it('keeps the default output the reference format: explanations only with --explain', () => {
    const run = runCli(['check', '--manifest', NEAR], REPO);
    expect(
      run.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => /^[a-z0-9-]+: [a-z ]+$|^located=\d+\/\d+$/.test(l)),
    ).toBe(true);
  });

  it('puts the same diagnostics in the JSON report', () => {
    const report = JSON.parse(runCli(['check', '--manifest', NEAR, '--format', 'json'], REPO).stdout);
    const byId = new Map(report.records.map((r: { citation_id: string }) => [r.citation_id, r]));
    const detail = (id: string) => (byId.get(id) as { detail: Record<string, unknown> }).detail;
    const hintKinds = (id: string) => ((detail(id).hints ?? []) as { kind: string }[]).map((h) => h.kind);
    expect(hintKinds('straight-quotes')).toEqual(['quotes']);
    expect((detail('straight-quotes').hints as { difference: string }[])[0].difference).toBe(
      'the quote has " (U+0022) where the source has “ (U+201C), in "“final", and ” (U+201D), in "sale”"',
    );
    expect(hintKinds('cut-word')).toEqual(['word boundary']);
    expect(hintKinds('zero-width-space')).toEqual(['invisible']);
    expect(detail('wrong-prefix')).toEqual({
      context: {
        prefix: true,
        suffix: false,
        candidates: 2,
        kept: 0,
        occurrences: [
          { line: 7, column: 1, end_line: 7, end_column: 26, before: 'to the original payment method.' },
          { line: 11, column: 1, end_line: 11, end_column: 26, before: 'Gift cards are not refundable.' },
        ],
      },
    });
    expect(detail('unknown-source').source_ids).toEqual(['returns-v1', 'returns-v2', 'warranty-v1']);
    expect(hintKinds('letter-case')).toEqual(['case']);
    expect(hintKinds('pdf-hyphenation')).toEqual(['hyphenation']);
    expect(hintKinds('ligature')).toEqual(['compatibility']);
    expect(hintKinds('soft-hyphen')).toEqual(['invisible']);
    expect(hintKinds('wrong-version')).toEqual(['other version']);
    expect(hintKinds('unknown-version')).toEqual(['other version']);
    expect(detail('unknown-version').similar_ids).toEqual(['returns-v1', 'returns-v2']);
    expect(detail('dropped-negation').closest).toMatchObject({
      line: 4,
      column: 1,
      diff: 'Items marked “final sale” [-cannot-] [+can+] be returned.',
    });
    expect(detail('added-negation').closest).toMatchObject({
      diff: 'A receipt is [+not+] required.',
      passage: 'A receipt is required.',
    });
    expect(detail('changed-number').closest).toMatchObject({
      diff: 'Returns are accepted within [-30-] [+60+] days of delivery.',
    });
    expect(detail('made-up').closest).toBeNull();
    expect(detail('boilerplate').suggestions).toEqual([
      { line: 7, column: 1, end_line: 7, end_column: 26, prefix: 'method.', suffix: 'Gift' },
      { line: 11, column: 1, end_line: 11, end_column: 26, prefix: 'refundable.' },
    ]);
    expect(detail('boilerplate-with-prefix').context).toEqual({ prefix: true, suffix: false, candidates: 2, kept: 1 });
  });
});

// Found in review: every id like the unknown one was named, for every record citing it: 8,000
// versions of a document and 16,000 records citing one more made a report of 1.3 GB from 2.4 MB.
describe('the explanation of an unknown source', () => {
  it('names at most eight ids like it, the first in the manifest', () => {
    const text = 'Contact support.\n';
    const sources = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`returns-v${i + 1}`, { path: 'sources/returns.txt', text }]),
    );
    const root = makeWorkspace(sources, {
      'answers/a.json': JSON.stringify([{ citation_id: 'c1', source_id: 'returns-v0', quote: 'Contact support.' }]),
    });
    const firstEight = Array.from({ length: 8 }, (_, i) => `returns-v${i + 1}`);
    const json = JSON.parse(runCli(['check', '--format', 'json'], root).stdout);
    expect(json.records[0].detail.similar_ids).toEqual(firstEight);
    expect(runCli(['check', '--explain'], root).stdout.split('\n')[1]).toBe(
      `  the manifest has no source "returns-v0"; did you mean ${firstEight.join(' or ')}?`,
    );
  });
});

/** A workspace with one source, and --explain and JSON runs of records against it. */
function explainRun(source: string, records: object[]) {
  const root = makeWorkspace(
    { 's-v1': { path: 'sources/s.txt', text: source } },
    {
      'answers/a.json': JSON.stringify(records.map((r, i) => ({ citation_id: `c${i}`, source_id: 's-v1', ...r }))),
    },
  );
  const text = runCli(['check', '--explain'], root);
  const json = runCli(['check', '--format', 'json'], root);
  expect([text.stderr, text.code, json.code]).toEqual(['', json.code, text.code]);
  return {
    lines: text.stdout.split('\n'),
    records: JSON.parse(json.stdout).records as {
      verdict: string;
      matches: { line: number; column: number }[];
      detail?: Record<string, unknown>;
    }[],
  };
}

describe('explanations of prefix and suffix', () => {
  const source =
    'Intro. Contact support for help.\nGift cards.\nContact support for help.\nEnd x. Contact support for help.';
  const quote = 'Contact support for help.';

  it('say what comes before each match when the prefix rules out all of them, with no closest passage or hint', () => {
    const { lines, records } = explainRun(source, [{ quote, prefix: 'nowhere' }]);
    expect(records[0].detail).not.toHaveProperty('closest');
    expect(records[0].detail).not.toHaveProperty('hints');
    expect(lines.slice(0, 5)).toEqual([
      'c0: quote not found',
      '  the quote occurs 3 times in the source, but never after the prefix:',
      '  at line 1, columns 8-32 it comes after "Intro."',
      '  at line 3, columns 1-25 it comes after "support for help. Gift cards."',
      '  at line 4, columns 8-32 it comes after "Contact support for help. End x."',
    ]);
  });

  // Found by fuzzing: past 1,000 matches the count stops, but each context's count went on to 1,001.
  it('count what each context keeps over the matches counted, when counting stopped', () => {
    const { lines, records } = explainRun('Ask Ahead now.\n'.repeat(1200), [
      { quote: 'Ahead', prefix: 'Ask', suffix: 'later' },
    ]);
    expect(records[0].detail!.context).toMatchObject({
      candidates: 1000,
      more_candidates: true,
      kept: 0,
      prefix_kept: 1000,
      suffix_kept: 0,
    });
    expect(lines).toContain(
      '  the quote occurs more than 1000 times in the source, but never after the prefix and before the suffix (of the first 1000 matches, the prefix alone keeps 1000, the suffix alone keeps 0); the first 3:',
    );
  });

  it('say which context decided when both are given', () => {
    const { lines, records } = explainRun(source, [
      { quote, prefix: 'Intro.', suffix: 'End' },
      { quote, prefix: 'cards.', suffix: 'End' },
      { quote, prefix: '.', suffix: 'Gift' },
    ]);
    expect(records.map((r) => r.verdict)).toEqual(['quote not found', 'located', 'located']);
    expect(lines).toEqual(
      expect.arrayContaining([
        '  the quote occurs 3 times in the source, but never after the prefix and before the suffix (the prefix alone keeps 1, the suffix alone keeps 1):',
        '  at line 1, columns 8-32 it comes after "Intro." and before "Gift cards. Contact support for"',
        '  at line 4, columns 8-32 it comes after "Contact support for help. End x." and at the end of the source',
        "  the prefix alone keeps 1, the suffix alone keeps 1, together 1 of the quote's 3 matches",
        "  the prefix alone keeps 3, the suffix alone keeps 1, together 1 of the quote's 3 matches",
      ]),
    );
    expect(records[2].detail!.context).toEqual({
      prefix: true,
      suffix: true,
      candidates: 3,
      kept: 1,
      prefix_kept: 3,
      suffix_kept: 1,
    });
  });

  it('say that a context which keeps every match sets none apart, and suggest extending it', () => {
    const { lines } = explainRun(source, [{ quote, prefix: '.' }]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "  the prefix keeps all 3 of the quote's matches: it sets none apart",
        '  to cite the one at line 1, columns 8-32: extend its prefix to "Intro." or add suffix "Gift" (or quote that much more)',
      ]),
    );
  });

  it('leave the context out when the quote alone is not there either', () => {
    const { lines } = explainRun(source, [{ quote: 'Contact support for HELP.', prefix: 'Intro.' }]);
    expect(lines.slice(0, 3)).toEqual([
      'c0: quote not found',
      '  closest passage (89% similar, line 1, columns 8-32): Contact support for [-help.-] [+HELP.+]',
      '  hint: only letter case differs: the quote has "HELP." where the source has "help." (line 1, columns 8-32)',
    ]);
  });
});

describe('explanations of many matches', () => {
  it('suggest contexts that set a match apart from all of them, past the 100 the report lists', () => {
    // 151 copies; the first and the last both follow "Alpha:", so "Alpha:" sets neither apart.
    const source = [
      'Alpha: Contact us.',
      ...Array.from({ length: 149 }, (_, i) => `x${i}. Contact us.`),
      'Alpha: Contact us. End.',
    ].join(' ');
    const { lines, records } = explainRun(source, [{ quote: 'Contact us.' }]);
    expect(lines[1]).toMatch(/^ {2}151 matches: line 1, columns 8-18; /);
    const suggestions = records[0].detail!.suggestions as {
      line: number;
      column: number;
      prefix?: string;
      suffix?: string;
    }[];
    expect(suggestions[0]).toEqual({ line: 1, column: 8, end_line: 1, end_column: 19, suffix: 'x0.' });
    // Each suggestion, given as the record's context, locates exactly that match.
    const followUps = suggestions.flatMap((s) =>
      (['prefix', 'suffix'] as const)
        .filter((f) => s[f] !== undefined)
        .map((f) => ({ quote: 'Contact us.', [f]: s[f], at: s })),
    );
    const again = explainRun(
      source,
      followUps.map(({ at: _, ...r }) => r),
    ).records;
    again.forEach((r, i) => {
      expect([r.verdict, r.matches[0]]).toEqual([
        'located',
        expect.objectContaining({ line: followUps[i].at.line, column: followUps[i].at.column }),
      ]);
    });
  });

  it('say plainly when there are too many matches to suggest a context', () => {
    const { lines, records } = explainRun('Contact us. '.repeat(1200), [{ quote: 'Contact us.' }]);
    expect(records[0].detail).toEqual({ too_many_matches: true });
    expect(lines.slice(1, 3)).toEqual([
      expect.stringMatching(/^ {2}more than 1000 matches: line 1, columns 1-11; /),
      '  too many matches to suggest a prefix or suffix that sets one apart: quote more of the passage',
    ]);
  });
});

describe('a quote too long to explain', () => {
  it('is said to be, not to have no passage close to it, and reads back from the JSON report', () => {
    const sentence = 'Returns are accepted within 60 days of delivery. ';
    const quote = sentence.repeat(Math.ceil(140_000 / sentence.length)).trim();
    const source = 'Returns are accepted within 30 days of delivery.';
    const { lines, records } = explainRun(source, [{ quote }]);
    expect(records[0].verdict).toBe('quote not found');
    expect(records[0].detail).toEqual({ too_long: true });
    const said = '  the quote is too long to explain (over 131,072 characters): no closest passage was looked for';
    expect(lines.slice(0, 3)).toEqual(['c0: quote not found', said, 'located=0/1']);
    // Read back (merge-reports reads the report it is given, and writes it again).
    const root = makeWorkspace(
      { 's-v1': { path: 'sources/s.txt', text: source } },
      { 'answers/a.json': JSON.stringify([{ citation_id: 'c0', source_id: 's-v1', quote }]) },
    );
    expect(runCli(['check', '--format', 'json', '--output', 'r.json'], root).code).toBe(1);
    const merged = JSON.parse(runCli(['merge-reports', 'r.json'], root).stdout);
    expect(merged.records[0].detail).toEqual({ too_long: true });
  });
});

describe('a quote that left out the Markdown of its source', () => {
  it('is not found, with a hint naming the markup, in the text and JSON reports and read back', () => {
    const source = '# Returns\n\nReturns are accepted within **30 days** of delivery.\n';
    const quote = 'Returns are accepted within 30 days of delivery.';
    const { lines, records } = explainRun(source, [{ quote }]);
    expect(records[0].verdict).toBe('quote not found');
    const hints = records[0].detail!.hints as { kind: string; line: number; column: number; end_column: number }[];
    expect(hints.map((h) => [h.kind, h.line, h.column, h.end_column])).toEqual([['markup', 3, 1, 53]]);
    expect(lines[2]).toBe(
      '  hint: only Markdown markup differs: the quote has "30" where the source has "**30"; "days" where it has "days**" (line 3, columns 1-52)',
    );
    const root = makeWorkspace(
      { 's-v1': { path: 'sources/s.md', text: source } },
      { 'answers/a.json': JSON.stringify([{ citation_id: 'c0', source_id: 's-v1', quote }]) },
    );
    expect(runCli(['check', '--format', 'json', '--output', 'r.json'], root).code).toBe(1);
    const merged = JSON.parse(runCli(['merge-reports', 'r.json'], root).stdout);
    expect(merged.records[0].detail.hints[0].kind).toBe('markup');
  });
});

describe('explanations that used to fail or mislead', () => {
  // Found in review: past 1,000 matches the context was judged on the first 1,001 alone, so a
  // located record was explained as "the quote occurs 1001 times in the source, but never after the prefix".
  it('never say a context kept no match when the run found the one it kept, past 1,000 matches', () => {
    const source = `${'Contact us. '.repeat(1400)}Alpha: Contact us. ${'Contact us. '.repeat(99)}`;
    const { lines, records } = explainRun(source, [{ quote: 'Contact us.', prefix: 'Alpha:' }]);
    expect(records[0].verdict).toBe('located');
    expect(records[0].detail).toMatchObject({ context: { candidates: 1000, more_candidates: true, kept: 1 } });
    expect(lines.slice(0, 3)).toEqual([
      'c0: located',
      '  found at line 1, columns 16808-16818',
      "  the prefix kept 1 of the quote's more than 1000 matches",
    ]);
  });

  it('explain a source whose normalized length is a multiple of 64 (it was an internal error)', () => {
    const source = 'Returns are accepted within 30 days of delivery, with a receipt!';
    const { lines } = explainRun(source, [{ quote: source.replace('30', '45') }]);
    expect(lines[1]).toBe(
      '  closest passage (95% similar, line 1, columns 1-64): Returns are accepted within [-30-] [+45+] days of delivery, with a receipt!',
    );
  });

  it('never call a passage that differs 100% similar, and show a change far into a long quote', () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const quote = words
      .slice(0, 250)
      .map((w, i) => (i === 230 ? 'changed' : w))
      .join(' ');
    const { lines } = explainRun(words.join(' '), [{ quote }]);
    // The diff is cut around the change, which would otherwise be far past the end of the line.
    expect(lines[1]).toBe(
      '  closest passage (99% similar, line 1, columns 1-1139): … w224 w225 w226 w227 w228 w229 [-w230-] [+changed+] w231 w232 w233 w234 w235 w236 …',
    );
  });

  it('explain an empty quote and an unknown source that looks like no id', () => {
    const root = makeWorkspace(
      {
        'a-v1': { path: 'sources/a.txt', text: 'Some text of the first source.' },
        'b-v1': { path: 'sources/b.txt', text: 'More text.' },
      },
      {
        'answers/a.json': JSON.stringify([
          { citation_id: 'empty', source_id: 'a-v1', quote: '' },
          { citation_id: 'blank', source_id: 'a-v1', quote: ' \t\n ' },
          { citation_id: 'unknown', source_id: 'shipping', quote: 'Some text of the first source.' },
        ]),
      },
    );
    expect(runCli(['check', '--explain'], root).stdout).toBe(
      [
        'empty: empty quote',
        '  the quote is empty',
        'blank: empty quote',
        '  the quote is empty once whitespace is collapsed',
        'unknown: unknown source',
        '  the manifest has no source "shipping"; its sources are a-v1 and b-v1',
        '  hint: the quote is in another source, a-v1, at line 1, columns 1-30',
        'located=0/3',
        '',
      ].join('\n'),
    );
  });
  it('tell which other source holds a lost quote, whichever sources its records cite', () => {
    const shared = 'The shared sentence lives only in the third source.';
    const root = makeWorkspace(
      {
        'a-v1': { path: 'sources/a.txt', text: 'Alpha text of the first source.' },
        'b-v1': { path: 'sources/b.txt', text: 'Beta text of the second source.' },
        'c-v1': { path: 'sources/c.txt', text: `Gamma. ${shared}` },
      },
      {
        'answers/a.json': JSON.stringify([
          // One quote cited against three sources: found in one, so lost in two, and told where it is.
          { citation_id: 'in-a', source_id: 'a-v1', quote: shared },
          { citation_id: 'in-b', source_id: 'b-v1', quote: shared },
          { citation_id: 'in-c', source_id: 'c-v1', quote: shared },
          { citation_id: 'beta', source_id: 'a-v1', quote: 'Beta text of the second source.' },
          { citation_id: 'nowhere', source_id: 'a-v1', quote: 'A sentence that no source has at all.' },
          { citation_id: 'unknown', source_id: 'd-v1', quote: 'Beta text of the second source.' },
        ]),
      },
    );
    const out = runCli(['check', '--explain'], root).stdout.split('\n');
    const told = out.filter((l) => !l.startsWith('  ') || l.startsWith('  hint: the quote is in another source'));
    expect(told).toEqual([
      'in-a: quote not found',
      '  hint: the quote is in another source, c-v1, at line 1, columns 8-58',
      'in-b: quote not found',
      '  hint: the quote is in another source, c-v1, at line 1, columns 8-58',
      'in-c: located',
      'beta: quote not found',
      '  hint: the quote is in another source, b-v1, at line 1, columns 1-31',
      'nowhere: quote not found',
      'unknown: unknown source',
      '  hint: the quote is in another source, b-v1, at line 1, columns 1-31',
      'located=1/6',
      '',
    ]);
  });
});

describe('positions in the original file', () => {
  it('map every match back through CRLF, tabs, no-break spaces, runs of whitespace, decomposed accents, astral characters and a BOM', () => {
    const source =
      '\ufeffFirst\tline  with\u00a0no-break\r\n' +
      'Cafe\u0301 orders  close\r\n\r\n' +
      '𝐀𝐁𝐂 bold letters 😀 and\u2003em\u3000spaces\n' +
      '   indented e\u0301 and a\u0323\u0302 end.';
    const quotes = [
      'First line with no-break',
      'line with\nno-break Café orders',
      'Café',
      'orders close 𝐀𝐁𝐂',
      '𝐀𝐁𝐂 bold',
      '😀 and em spaces',
      'spaces indented é',
      'ậ end.',
      'é and ậ',
    ];
    const root = makeWorkspace(
      { 'p-v1': { path: 'sources/p.txt', text: source } },
      {
        'answers/a.json': JSON.stringify(
          quotes.map((quote, i) => ({ citation_id: `q${i}`, source_id: 'p-v1', quote })),
        ),
      },
    );
    const report = JSON.parse(runCli(['check', '--format', 'json'], root).stdout);
    const lines = source.slice(1).split(/\r\n|\r|\n/);
    const slice = (m: { line: number; column: number; end_line: number; end_column: number }) => {
      // Columns count code points: index the lines as arrays of code points.
      const cps = lines.map((l) => [...l]);
      if (m.line === m.end_line) return cps[m.line - 1].slice(m.column - 1, m.end_column - 1).join('');
      const parts = [cps[m.line - 1].slice(m.column - 1).join('')];
      for (let l = m.line + 1; l < m.end_line; l++) parts.push(cps[l - 1].join(''));
      parts.push(cps[m.end_line - 1].slice(0, m.end_column - 1).join(''));
      return parts.join('\n');
    };
    for (const [i, record] of report.records.entries()) {
      expect([record.citation_id, record.verdict]).toEqual([`q${i}`, 'located']);
      expect(normalizeText(slice(record.matches[0]))).toBe(normalizeText(quotes[i]));
    }
    expect(report.records[0].matches[0]).toEqual({ line: 1, column: 1, end_line: 1, end_column: 26 });
    expect(report.records[2].matches[0]).toEqual({ line: 2, column: 1, end_line: 2, end_column: 6 });
  });
});
