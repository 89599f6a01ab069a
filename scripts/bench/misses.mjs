// The `misses` corpus: one 200 KB source of the same generated prose as the
// other corpora, and 1,000 citations of it that are all misses (a copied span
// with one word replaced or a "not" inserted, checked not to be in the source).
// It times the diagnostics: `check --format json` computes them for every
// record that is not located.
// Its prose, spans and claims come from generate.mjs, so it reads like the
// other corpora.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { claim, proseText, span } from './generate.mjs';
import { Rng } from './prng.mjs';
import { CONTENT_WORDS } from './words.mjs';

const KiB = 1024;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Bump when the output of this generator changes on purpose. */
const MISSES_VERSION = 1;

export const MISSES = {
  layout: { kind: 'fixed', count: 1, bytes: 200 * KiB },
  citations: 1_000,
  seed: 'citegate-bench',
  recordsPerFile: 100,
  filesPerFolder: 50,
  jsonlFraction: 0.1,
  // How each quote is changed, in percent: one word replaced by another word
  // of the vocabulary, or "not" inserted after a word.
  changes: { replace: 60, not: 40 },
  // The share of quotes whose line breaks become spaces (pasted from a reflowed text).
  reflowFraction: 0.4,
  // How many words each quote copies.
  words: { min: 5, max: 30 },
};

/** The same with long quotes (a paragraph each): the closest passage's cost grows with the quote. */
export const LONG_MISSES = { ...MISSES, words: { min: 150, max: 250 } };

const CHANGES = Object.keys(MISSES.changes);
const CHANGE_WEIGHTS = CHANGES.map((c) => MISSES.changes[c]);
const CHANGE_TOTAL = CHANGE_WEIGHTS.reduce((a, b) => a + b, 0);

function missesVersion() {
  const h = createHash('sha256');
  for (const f of ['misses.mjs', 'generate.mjs', 'words.mjs', 'prng.mjs'])
    h.update(fs.readFileSync(path.join(here, f)));
  return `misses-${MISSES_VERSION}+${h.digest('hex').slice(0, 12)}`;
}

const SOURCE_ID = 'src-0001-v1';
const SOURCE_PATH = 'sources/src-0001.txt';
const pad = (n, w) => String(n).padStart(w, '0');

/** Like generate.mjs's ensureCorpus(), for a misses corpus in benchDir/<size> (misses, or misses-long). */
export function ensureMissesCorpus(benchDir, log = () => {}, size = 'misses') {
  const dir = path.join(benchDir, size);
  const params = { size, ...(size === 'misses-long' ? LONG_MISSES : MISSES) };
  const generator = missesVersion();
  const stampFile = path.join(dir, 'stamp.json');
  if (fs.existsSync(stampFile)) {
    try {
      const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
      if (stamp.generator === generator && JSON.stringify(stamp.params) === JSON.stringify(params)) {
        log(`misses: reusing the corpus in ${path.relative(process.cwd(), dir) || dir}`);
        return { dir, stamp, generated: false };
      }
      log(`misses: the corpus was made by generator ${stamp.generator} or other parameters: regenerating`);
    } catch {
      log('misses: unreadable stamp: regenerating');
    }
  }
  const t0 = process.hrtime.bigint();
  const stamp = generate(dir, params, generator);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  stamp.generationSeconds = Math.round(seconds * 100) / 100;
  fs.writeFileSync(stampFile, `${JSON.stringify(stamp, null, 1)}\n`);
  log(
    `${size}: generated 1 source (${(stamp.totalSourceBytes / KiB).toFixed(0)} KB) and ${stamp.citations} citations ` +
      `that are all misses in ${seconds.toFixed(1)} s`,
  );
  return { dir, stamp, generated: true };
}

/** The reference's normalize(): NFC, whitespace runs to one space, trimmed (for the prose's whitespace). */
const normalize = (s) => s.normalize('NFC').split(/\s+/).filter(Boolean).join(' ');

function generate(dir, params, generator) {
  if (path.basename(path.dirname(dir)) !== '.bench' || !['misses', 'misses-long'].includes(path.basename(dir)))
    throw new Error(`refusing to write to ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'sources'), { recursive: true });

  const seed = `${params.seed}/${params.size}`;
  const text = proseText(new Rng(`${seed}/source/0`), params.layout.bytes, '\n');
  const bytes = Buffer.from(text, 'utf8');
  fs.writeFileSync(path.join(dir, SOURCE_PATH), bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const haystack = normalize(text);

  const rng = new Rng(`${seed}/quotes`);
  const counts = Object.fromEntries(CHANGES.map((c) => [c, 0]));
  const records = [];
  for (let i = 0; i < params.citations; i++) {
    let change;
    let quote;
    for (let attempt = 0; ; attempt++) {
      change = CHANGES[rng.weighted(CHANGE_WEIGHTS, CHANGE_TOTAL)];
      quote = miss(rng, text, change, params.reflowFraction, params.words);
      // Not in the source even as a plain substring, so the reference (and
      // citegate) must say "quote not found".
      if (!haystack.includes(normalize(quote))) break;
      if (attempt >= 100) throw new Error('misses: could not make a quote that is not in the source');
    }
    counts[change]++;
    records.push({
      citation_id: `q-${pad((i % params.recordsPerFile) + 1, 3)}`,
      source_id: SOURCE_ID,
      quote,
      claim: claim(rng),
    });
  }

  const plan = new Rng(`${seed}/plan`);
  const files = [];
  for (let f = 0; f * params.recordsPerFile < records.length; f++) {
    const jsonl = plan.chance(params.jsonlFraction);
    const folder = `answers/g${pad(Math.floor(f / params.filesPerFolder), 3)}`;
    const rel = `${folder}/answer-${pad(f, 5)}.${jsonl ? 'jsonl' : 'json'}`;
    const chunk = records.slice(f * params.recordsPerFile, (f + 1) * params.recordsPerFile);
    const body = jsonl ? `${chunk.map((r) => JSON.stringify(r)).join('\n')}\n` : `${JSON.stringify(chunk, null, 2)}\n`;
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
    files.push(rel);
  }

  fs.writeFileSync(
    path.join(dir, 'citegate.yml'),
    [
      'version: 1',
      'sources:',
      `  ${SOURCE_ID}:`,
      `    path: ${SOURCE_PATH}`,
      `    sha256: ${sha256}`,
      '    retrieved: 2026-11-02',
      'citations:',
      '  - answers/**/*.json',
      '  - answers/**/*.jsonl',
      '',
    ].join('\n'),
  );

  return {
    generator,
    params,
    totalSourceBytes: bytes.length,
    largestSourceBytes: bytes.length,
    citations: records.length,
    quoteCategories: {
      altered: records.length,
      ...Object.fromEntries(CHANGES.map((c) => [`altered: ${c}`, counts[c]])),
    },
    citationFiles: files,
    sources: [{ id: SOURCE_ID, path: SOURCE_PATH, bytes: bytes.length, sha256, crlf: false, bom: false }],
  };
}

/** A copied span of `length.min` to `length.max` words with one change. */
function miss(rng, text, change, reflowFraction, length) {
  const q = span(rng, text, rng.range(length.min, length.max));
  const parts = q.split(/([ \t\r\n]+)/); // even indices: words
  const words = (parts.length + 1) / 2;
  if (change === 'replace') {
    const w = 2 * rng.int(words);
    let x;
    do x = CONTENT_WORDS[rng.int(CONTENT_WORDS.length)];
    while (x === parts[w]);
    parts[w] = x;
  } else {
    parts[2 * rng.int(words - 1)] += ' not';
  }
  const out = parts.join('');
  return rng.chance(reflowFraction) ? out.replace(/[ \t]*\r?\n[ \t\r\n]*/g, ' ') : out;
}

/**
 * Null when the functions copied from generate.mjs are still the same as
 * there, else a line saying which differ (the misses prose then no longer
 * matches the other corpora's: copy them again).
 */
