// Differential testing against the reference script: random sources and quotes
// made of hostile Unicode, judged by both, verdict by verdict. Skipped (with a
// notice) where python3 or ../shared/reference is missing, as on a user's clone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { runCheck } from '../src/check/run.js';
import { parseManifest } from '../src/load/manifest.js';
import { Workspace } from '../src/load/workspace.js';
import { PIECES, WHITESPACE } from './helpers/unicode.js';
import { makeTree, manifestFor, REPO } from './helpers/workspace.js';

const REFERENCE = path.resolve(REPO, '../shared/reference');
const python = spawnSync('python3', ['--version']).status === 0;
const available = python && existsSync(path.join(REFERENCE, 'check_citations.py'));
if (!available) {
  console.warn('differential tests skipped: python3 or ../shared/reference/check_citations.py is not available here');
}

/** Every case uses characters assigned in Unicode 14 (the reference's Python 3.11): see docs/verdicts.md, "Unicode versions". */
const ALPHABET = [
  ...PIECES,
  ...WHITESPACE,
  '\u180e',
  '\u200b',
  '\u0085',
  '\u1680',
  '\u2028',
  'ǅ',
  'ʰ',
  '〇',
  'Ⅻ',
  '½',
  '²',
  '٠',
  '߀',
  'ᛮ',
  '𐍈',
  '𝟘',
  '𝔘',
  '🂡',
  'க',
  'ொ',
  'கொ',
  '\u0bc6\u0bbe',
  'ক',
  '্',
  'ষ',
  'ি',
  'ـ',
  'ہ',
  '\u0301\u0301',
  '\u0345',
  '\u0f73',
  '\u0344',
  'ò',
  'o\u0300',
  'ǒ',
  'ẞ',
  'ı',
  'İ',
  'ꞵ',
  '_',
  '\u00ad',
  '"',
  '\u2019',
  '!',
  '!!',
  '-',
  '—',
];

const piece = fc.constantFrom(...ALPHABET);
/** Random pieces; or a few pieces repeated, so that quotes recur, overlap and share what the scanner indexes. */
const sourceText = fc.oneof(
  fc.array(piece, { maxLength: 50 }).map((p) => p.join('')),
  fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.array(fc.nat(), { maxLength: 60 }))
    .map(([few, picks]) => picks.map((k) => few[k % few.length]).join('')),
);
/** Python's whitespace (SPEC §3), never JavaScript's \s. */
const SPEC_WHITESPACE = new RegExp(`[${WHITESPACE.join('')}]`, 'g');

interface Case {
  source: string;
  quote: string;
}

/** A quote: a slice of the source (at code point boundaries, whitespace maybe swapped), or random pieces. */
function quoteFrom(source: string, choice: number, a: number, b: number, swaps: string[], random: string): string {
  const cps = [...source];
  if (choice % 5 === 4 || cps.length === 0) return random;
  const start = a % cps.length;
  // Mostly not empty: an empty slice only says "empty quote", which other tests cover.
  const end = start + 1 + (b % (cps.length - start));
  let quote = cps.slice(start, end).join('');
  if (choice % 5 === 1) quote = quote.replace(SPEC_WHITESPACE, () => swaps[(a + b) % swaps.length]);
  if (choice % 5 === 2) quote = quote.normalize((a & 1) === 0 ? 'NFD' : 'NFC');
  return quote;
}

/** A source and one to four quotes citing it (so that a source's quotes are searched together, as in a run). */
const cases = fc
  .tuple(
    sourceText,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 3 }),
        fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([source, quotes]) =>
    quotes.map(
      ([choice, a, b, swaps, random]): Case => ({ source, quote: quoteFrom(source, choice, a, b, swaps, random) }),
    ),
  );

const SEED = Number(process.env.CITEGATE_FUZZ_SEED ?? 20261130);
const COUNT = Number(process.env.CITEGATE_FUZZ_CASES ?? 10_000);
/** Of those, how many are also run with explanations (which cost more each). */
const EXPLAINED = Math.min(COUNT, 2000);

(available ? describe : describe.skip)('differential fuzzing against the reference script', () => {
  it(`agrees verdict by verdict on ${COUNT} seeded cases (seed ${SEED}), through the whole check`, () => {
    // Cases come in groups that cite one source; COUNT quotes in all.
    const generated: (Case & { group: number })[] = [];
    fc.sample(cases, { seed: SEED, numRuns: COUNT }).forEach((group, g) => {
      for (const c of group) if (generated.length < COUNT) generated.push({ ...c, group: g });
    });
    // One source per group, files of 100 records each, pinned in a real manifest. Each
    // source file starts with a byte order mark: it is encoding, dropped on reading
    // (SPEC §3), so a source text that itself starts with U+FEFF stays intact.
    const sources: Record<string, { path: string; text: string }> = {};
    const files: Record<string, string> = {};
    for (const c of generated)
      sources[`s${c.group}-v1`] = { path: `sources/s${c.group}.txt`, text: `\ufeff${c.source}` };
    for (let f = 0; f * 100 < generated.length; f++) {
      const records = generated
        .slice(f * 100, f * 100 + 100)
        .map((c, k) => ({ citation_id: `c${f * 100 + k}`, source_id: `s${c.group}-v1`, quote: c.quote }));
      files[`answers/f${f}.json`] = JSON.stringify(records);
    }
    const tree: Record<string, string> = { 'citegate.yml': manifestFor(sources, ['answers/*.json']), ...files };
    for (const s of Object.values(sources)) tree[s.path] = s.text;
    const root = makeTree(tree);

    const workspace = new Workspace(root);
    const manifest = parseManifest(tree['citegate.yml'], 'citegate.yml', '');
    const fileRefs = Object.keys(files)
      .sort((x, y) => Number(x.slice(9, -5)) - Number(y.slice(9, -5)))
      .map((file) => ({ file, audience: undefined }));
    const ours = runCheck({ workspace, manifest, files: fileRefs, diagnose: false }).records.map((r) => r.verdict);
    // The explaining run (as --format json and the Action make) must survive every case and change no verdict.
    const explained = runCheck({
      workspace,
      manifest,
      files: fileRefs.slice(0, EXPLAINED / 100),
      diagnose: true,
    }).records.map((r) => r.verdict);
    expect(explained).toEqual(ours.slice(0, explained.length));

    const batch = path.join(root, 'batch.json');
    writeFileSync(
      batch,
      JSON.stringify({
        sources: Object.fromEntries(generated.map((c) => [`s${c.group}-v1`, c.source])),
        cases: generated.map((c) => [`s${c.group}-v1`, c.quote]),
      }),
    );
    const theirs = JSON.parse(
      execFileSync('python3', [path.join(REPO, 'test/helpers/reference_batch.py'), REFERENCE, batch], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      }),
    );

    const mismatches = generated
      .map((c, i) => ({ i, c, ours: ours[i], theirs: theirs[i] }))
      .filter((m) => m.ours !== m.theirs)
      .slice(0, 10)
      .map(
        (m) =>
          `case ${m.i}: source ${JSON.stringify(m.c.source)} quote ${JSON.stringify(m.c.quote)}: citegate ${m.ours}, reference ${m.theirs}`,
      );
    expect(mismatches).toEqual([]);
    expect(ours).toHaveLength(COUNT);
    if (process.env.CITEGATE_FUZZ_STATS) {
      const counts: Record<string, number> = {};
      for (const v of ours) counts[v] = (counts[v] ?? 0) + 1;
      console.log(JSON.stringify(counts));
    }
  });
});
