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

/** Every case uses characters assigned in Unicode 14 (the reference's Python 3.11): see the README. */
const ALPHABET = [
  ...PIECES, ...WHITESPACE,
  '\u180e', '\u200b', '\u0085', '\u1680', '\u2028', 'ǅ', 'ʰ', '〇', 'Ⅻ', '½', '²', '٠', '߀', 'ᛮ', '𐍈', '𝟘', '𝔘', '🂡',
  'க', 'ொ', 'கொ', '\u0bc6\u0bbe', 'ক', '্', 'ষ', 'ি', 'ـ', 'ہ', '\u0301\u0301', '\u0345', '\u0f73', '\u0344',
  'ò', 'o\u0300', 'ǒ', 'ẞ', 'ı', 'İ', 'ꞵ', '_', '\u00ad', '"', '\u2019', '!', '!!', '-', '—',
];

const piece = fc.constantFrom(...ALPHABET);
const sourceText = fc.array(piece, { maxLength: 50 }).map((p) => p.join(''));

interface Case { source: string; quote: string }

/** A quote: a slice of the source (at code point boundaries, whitespace maybe swapped), or random pieces. */
function caseFrom(source: string, choice: number, a: number, b: number, swaps: string[], random: string): Case {
  const cps = [...source];
  if (choice % 4 === 3 || cps.length === 0) return { source, quote: random };
  const start = a % (cps.length + 1);
  const end = start + (b % (cps.length - start + 1));
  let quote = cps.slice(start, end).join('');
  if (choice % 4 === 1) quote = quote.replace(/\s/g, () => swaps[(a + b) % swaps.length]);
  if (choice % 4 === 2) quote = quote.normalize((a & 1) === 0 ? 'NFD' : 'NFC');
  return { source, quote };
}

const cases = fc.tuple(sourceText, fc.nat(), fc.nat(), fc.nat(), fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 3 }), fc.array(piece, { maxLength: 6 }).map((p) => p.join('')))
  .map(([source, choice, a, b, swaps, random]) => caseFrom(source, choice, a, b, swaps, random));

const SEED = Number(process.env.CITEGATE_FUZZ_SEED ?? 20261130);
const COUNT = Number(process.env.CITEGATE_FUZZ_CASES ?? 10_000);

(available ? describe : describe.skip)('differential fuzzing against the reference script', () => {
  it(`agrees verdict by verdict on ${COUNT} seeded cases (seed ${SEED}), through the whole check`, () => {
    const generated = fc.sample(cases, { seed: SEED, numRuns: COUNT });
    // One source per case, files of 100 records each, pinned in a real manifest. Each
    // source file starts with a byte order mark: it is encoding, dropped on reading
    // (SPEC §3), so a source text that itself starts with U+FEFF stays intact.
    const sources: Record<string, { path: string; text: string }> = {};
    const files: Record<string, string> = {};
    generated.forEach((c, i) => {
      sources[`s${i}-v1`] = { path: `sources/s${i}.txt`, text: '\ufeff' + c.source };
    });
    for (let f = 0; f * 100 < generated.length; f++) {
      const records = generated.slice(f * 100, f * 100 + 100).map((c, k) => ({ citation_id: `c${f * 100 + k}`, source_id: `s${f * 100 + k}-v1`, quote: c.quote }));
      files[`answers/f${f}.json`] = JSON.stringify(records);
    }
    const tree: Record<string, string> = { 'citegate.yml': manifestFor(sources, ['answers/*.json']), ...files };
    for (const s of Object.values(sources)) tree[s.path] = s.text;
    const root = makeTree(tree);

    const workspace = new Workspace(root);
    const manifest = parseManifest(tree['citegate.yml'], 'citegate.yml', '');
    const fileRefs = Object.keys(files).sort((x, y) => Number(x.slice(9, -5)) - Number(y.slice(9, -5))).map((file) => ({ file, audience: undefined }));
    const ours = runCheck({ workspace, manifest, files: fileRefs, diagnose: false }).records.map((r) => r.verdict);

    const batch = path.join(root, 'batch.json');
    writeFileSync(batch, JSON.stringify({
      sources: Object.fromEntries(generated.map((c, i) => [`s${i}-v1`, c.source])),
      cases: generated.map((c, i) => [`s${i}-v1`, c.quote]),
    }));
    const theirs = JSON.parse(execFileSync('python3', [path.join(REPO, 'test/helpers/reference_batch.py'), REFERENCE, batch], { encoding: 'utf8', maxBuffer: 64 << 20 }));

    const mismatches = generated
      .map((c, i) => ({ i, c, ours: ours[i], theirs: theirs[i] }))
      .filter((m) => m.ours !== m.theirs)
      .slice(0, 10)
      .map((m) => `case ${m.i}: source ${JSON.stringify(m.c.source)} quote ${JSON.stringify(m.c.quote)}: citegate ${m.ours}, reference ${m.theirs}`);
    expect(mismatches).toEqual([]);
    expect(ours).toHaveLength(COUNT);
  });
});
