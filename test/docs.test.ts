// The docs say what the code does: each --help of src/cli/help.ts is in
// docs/cli.md word for word, docs/action.md lists the inputs of action.yml,
// every relative link lands on a file (and heading), and the README stays short.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { marked, type Token, type Tokens } from 'marked';
import { parse } from 'yaml';
import { CHECK_HELP, INIT_HELP, MAIN_HELP, MERGE_HELP, PIN_HELP } from '../src/cli/help.js';
import { REPO } from './helpers/workspace.js';

const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
const tokensOf = (file: string) => marked.lexer(read(file), { gfm: true });

/** README.md, CONTRIBUTING.md, CHANGELOG.md and every page under docs/, as paths from the repository. */
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** Every object in a token tree (lists, tables, blockquotes and inline tokens included). */
function* walk(node: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(node)) for (const child of node) yield* walk(child);
  else if (node !== null && typeof node === 'object') {
    yield node as Record<string, unknown>;
    for (const value of Object.values(node)) if (typeof value === 'object') yield* walk(value);
  }
}

/** The text a heading shows, as GitHub renders it before making its anchor. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if (t.type === 'html') return '';
      if ('tokens' in t && t.tokens) return plainText(t.tokens);
      return 'text' in t ? t.text : '';
    })
    .join('');
}

/** GitHub's heading anchors (github-slugger): lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const node of walk(tokensOf(file))) {
    if (node.type !== 'heading') continue;
    const base = plainText((node as unknown as Tokens.Heading).tokens)
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('docs/cli.md', () => {
  /** The text of each fenced block, as written between its fences (with its last line end). */
  const blocks = tokensOf('docs/cli.md')
    .filter((t): t is Tokens.Code => t.type === 'code' && /^(```|~~~)/.test(t.raw))
    .map((t) => t.raw.replace(/^[^\n]*\n/, '').replace(/[`~]+\n*$/, ''));

  it.each([
    ['MAIN_HELP', MAIN_HELP],
    ['INIT_HELP', INIT_HELP],
    ['CHECK_HELP', CHECK_HELP],
    ['PIN_HELP', PIN_HELP],
    ['MERGE_HELP', MERGE_HELP],
  ])('holds %s verbatim in a fenced block', (_name, help) => {
    expect(blocks).toContain(help);
  });
});

describe("docs/action.md's inputs table", () => {
  const action = parse(read('action.yml')) as { inputs: Record<string, { default?: unknown }> };
  const tokens = tokensOf('docs/action.md');
  const heading = tokens.findIndex((t) => t.type === 'heading' && t.depth === 2 && t.text === 'Inputs');
  const table = tokens.slice(heading + 1).find((t): t is Tokens.Table => t.type === 'table');
  const codeSpans = (cell: Tokens.TableCell) => [...cell.text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

  it('follows the Inputs heading, with columns input, default, what', () => {
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(table?.header.map((cell) => cell.text)).toEqual(['input', 'default', 'what']);
  });

  it('lists exactly the inputs of action.yml, in order', () => {
    expect(table?.rows.map((row) => codeSpans(row[0]))).toEqual(Object.keys(action.inputs).map((name) => [name]));
  });

  it("gives each input's default (an empty default as words, with no code)", () => {
    const shown = table?.rows.map((row) => codeSpans(row[1])[0] ?? '');
    expect(shown).toEqual(Object.values(action.inputs).map((input) => String(input.default ?? '')));
  });
});

describe('relative links', () => {
  const links = PAGES.flatMap((page) =>
    [...walk(tokensOf(page))]
      .filter((node) => node.type === 'link' || node.type === 'image')
      .map((node) => ({ page, href: String(node.href) }))
      .filter(({ href }) => !/^[a-z][a-z0-9+.-]*:/i.test(href)),
  );

  it('are there to check', () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(PAGES)('in %s resolve to a file, and to a heading for an #anchor', (page) => {
    const broken: string[] = [];
    for (const { href } of links.filter((link) => link.page === page)) {
      const [target, anchor] = href.split('#', 2) as [string, string | undefined];
      const file = target === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), target));
      if (file.startsWith('../') || !existsSync(path.join(REPO, file))) broken.push(`${href}: no file ${file}`);
      else if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(decodeURIComponent(anchor)))
        broken.push(`${href}: no heading #${anchor} in ${file}`);
    }
    expect(broken).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('is under 300 lines', () => {
    expect(readme.replace(/\n$/, '').split('\n').length).toBeLessThan(300);
  });

  it('never sends a reader to ../shared, which a clone does not have', () => {
    expect(readme).not.toContain('../shared');
  });
});
