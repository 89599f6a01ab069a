// The `misses` corpus: one 200 KB source of the same generated prose as the
// other corpora, and 1,000 citations of it that are all misses (a copied span
// with one word replaced or a "not" inserted, checked not to be in the source).
// It times the diagnostics: `check --format json` computes them for every
// record that is not located.
//
// This lives apart from generate.mjs on purpose: generate.mjs, words.mjs and
// prng.mjs are hashed into the version stamped on the small, one, medium and
// large corpora, so any edit to generate.mjs (even one that leaves their
// output alone) would regenerate them all and invalidate the reference
// verdicts cached for them. The prose and span functions below are verbatim
// copies of generate.mjs's; proseDrift() says when they no longer are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from './prng.mjs';
import { BOILERPLATE, CONTENT_WORDS, drawWord } from './words.mjs';

const KiB = 1024;
const MiB = 1024 * 1024;
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
};

const CHANGES = Object.keys(MISSES.changes);
const CHANGE_WEIGHTS = CHANGES.map((c) => MISSES.changes[c]);
const CHANGE_TOTAL = CHANGE_WEIGHTS.reduce((a, b) => a + b, 0);

function missesVersion() {
  const h = createHash('sha256');
  for (const f of ['misses.mjs', 'words.mjs', 'prng.mjs']) h.update(fs.readFileSync(path.join(here, f)));
  return `misses-${MISSES_VERSION}+${h.digest('hex').slice(0, 12)}`;
}

const SOURCE_ID = 'src-0001-v1';
const SOURCE_PATH = 'sources/src-0001.txt';
const pad = (n, w) => String(n).padStart(w, '0');

/** Like generate.mjs's ensureCorpus(), for the misses corpus in benchDir/misses. */
export function ensureMissesCorpus(benchDir, log = () => {}) {
  const dir = path.join(benchDir, 'misses');
  const params = { size: 'misses', ...MISSES };
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
  fs.writeFileSync(stampFile, JSON.stringify(stamp, null, 1) + '\n');
  log(`misses: generated 1 source (${(stamp.totalSourceBytes / KiB).toFixed(0)} KB) and ${stamp.citations} citations ` +
    `that are all misses in ${seconds.toFixed(1)} s`);
  return { dir, stamp, generated: true };
}

/** The reference's normalize(): NFC, whitespace runs to one space, trimmed (for the prose's whitespace). */
const normalize = (s) => s.normalize('NFC').split(/\s+/).filter(Boolean).join(' ');

function generate(dir, params, generator) {
  if (path.basename(path.dirname(dir)) !== '.bench' || path.basename(dir) !== 'misses') throw new Error(`refusing to write to ${dir}`);
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
      quote = miss(rng, text, change, params.reflowFraction);
      // Not in the source even as a plain substring, so the reference (and
      // citegate) must say "quote not found".
      if (!haystack.includes(normalize(quote))) break;
      if (attempt >= 100) throw new Error('misses: could not make a quote that is not in the source');
    }
    counts[change]++;
    records.push({ citation_id: `q-${pad((i % params.recordsPerFile) + 1, 3)}`, source_id: SOURCE_ID, quote, claim: claim(rng) });
  }

  const plan = new Rng(`${seed}/plan`);
  const files = [];
  for (let f = 0; f * params.recordsPerFile < records.length; f++) {
    const jsonl = plan.chance(params.jsonlFraction);
    const folder = `answers/g${pad(Math.floor(f / params.filesPerFolder), 3)}`;
    const rel = `${folder}/answer-${pad(f, 5)}.${jsonl ? 'jsonl' : 'json'}`;
    const chunk = records.slice(f * params.recordsPerFile, (f + 1) * params.recordsPerFile);
    const body = jsonl ? chunk.map((r) => JSON.stringify(r)).join('\n') + '\n' : JSON.stringify(chunk, null, 2) + '\n';
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
    files.push(rel);
  }

  fs.writeFileSync(path.join(dir, 'citegate.yml'), [
    'version: 1', 'sources:', `  ${SOURCE_ID}:`, `    path: ${SOURCE_PATH}`, `    sha256: ${sha256}`, '    retrieved: 2026-11-02',
    'citations:', '  - answers/**/*.json', '  - answers/**/*.jsonl', '',
  ].join('\n'));

  return {
    generator,
    params,
    totalSourceBytes: bytes.length,
    largestSourceBytes: bytes.length,
    citations: records.length,
    quoteCategories: { altered: records.length, ...Object.fromEntries(CHANGES.map((c) => [`altered: ${c}`, counts[c]])) },
    citationFiles: files,
    sources: [{ id: SOURCE_ID, path: SOURCE_PATH, bytes: bytes.length, sha256, crlf: false, bom: false }],
  };
}

/** A copied span of 5 to 30 words with one change. */
function miss(rng, text, change, reflowFraction) {
  const q = span(rng, text, rng.range(5, 30));
  const parts = q.split(/([ \t\r\n]+)/); // even indices: words
  const words = (parts.length + 1) / 2;
  if (change === 'replace') {
    const w = 2 * rng.int(words);
    let x;
    do x = CONTENT_WORDS[rng.int(CONTENT_WORDS.length)]; while (x === parts[w]);
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
export function proseDrift() {
  const mine = fs.readFileSync(path.join(here, 'misses.mjs'), 'utf8');
  const theirs = fs.readFileSync(path.join(here, 'generate.mjs'), 'utf8');
  const body = (src, name) => {
    const m = new RegExp(`^function ${name}\\(.*?^}$`, 'ms').exec(src);
    return m ? m[0] : null;
  };
  const differ = ['capitalize', 'sentence', 'proseText', 'span', 'claim'].filter((f) => body(mine, f) !== body(theirs, f));
  return differ.length
    ? `misses: ${differ.join(', ')} in scripts/bench/misses.mjs no longer match generate.mjs's: copy them again`
    : null;
}

// ---------------------------------------------------------------- copied from generate.mjs (verbatim)

const BOILERPLATE_TOKENS = BOILERPLATE.split(' ');

function capitalize(w) {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** Appends the tokens of one sentence to `out`. */
function sentence(rng, out) {
  const n = rng.range(6, 20);
  const start = out.length;
  for (let i = 0; i < n; i++) {
    let w = drawWord(rng);
    if (i < n - 1 && rng.chance(0.07)) w += ',';
    out.push(w);
  }
  out[start] = capitalize(out[start]);
  const r = rng.float();
  if (r < 0.03 && n > 6) {
    // A “quoted phrase”.
    const a = start + rng.range(1, n - 4);
    const b = a + rng.range(0, 2);
    out[a] = '“' + out[a];
    out[b] = out[b].replace(/,$/, '') + '”';
  } else if (r < 0.05 && n > 6) {
    // A spaced em dash — like this.
    out.splice(start + rng.range(2, n - 3), 0, '—');
  } else if (r < 0.07 && n > 6) {
    // Two words joined by an em dash—like this.
    const a = start + rng.range(1, n - 3);
    out[a] = out[a].replace(/,$/, '') + '—' + out[a + 1];
    out.splice(a + 1, 1);
  }
  const e = rng.float();
  const last = out.length - 1;
  out[last] = out[last].replace(/,$/, '') + (e < 0.92 ? '.' : e < 0.97 ? '?' : '!');
}

/**
 * Prose of at most `targetBytes` UTF-8 bytes (and close to it): paragraphs of
 * sentences wrapped near 80 columns, separated by blank lines, with the
 * boilerplate sentence in (at least) the first two paragraphs.
 */
function proseText(rng, targetBytes, eol) {
  const lines = [];
  const eolLen = eol.length;
  let bytes = 0;
  let para = 0;
  while (bytes < targetBytes) {
    const sentences = rng.range(2, 7);
    const boiler = para < 2 ? rng.int(sentences + 1) : rng.chance(0.06) ? rng.int(sentences + 1) : -1;
    const tokens = [];
    for (let s = 0; s <= sentences; s++) {
      if (s === boiler) for (const t of BOILERPLATE_TOKENS) tokens.push(t);
      if (s < sentences) sentence(rng, tokens);
    }
    const width = rng.range(72, 80);
    let line = '';
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      if (line === '') {
        line = token;
        continue;
      }
      let sep = ' ';
      const r = rng.float();
      if (r < 0.008) sep = '  ';
      else if (r < 0.011) sep = '\t';
      else if (r < 0.013) sep = '\u00a0';
      else if (r < 0.09 && line.charCodeAt(line.length - 1) === 46 /* . */) sep = '  ';
      if (line.length + sep.length + token.length > width) {
        if (rng.chance(0.004)) line += ' ';
        lines.push(line);
        bytes += Buffer.byteLength(line) + eolLen;
        line = token;
      } else {
        line += sep + token;
      }
    }
    lines.push(line, '');
    bytes += Buffer.byteLength(line) + 2 * eolLen;
    para++;
  }
  while (bytes > targetBytes && lines.length > 1) bytes -= Buffer.byteLength(lines.pop()) + eolLen;
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.join(eol) + eol;
}

const isWs = (c) => c === 32 || c === 9 || c === 10 || c === 13;

/** `k` whole whitespace-separated words of `text`, with the whitespace between them. */
function span(rng, text, k) {
  const len = text.length;
  for (let attempt = 0; attempt < 100; attempt++) {
    let i = rng.int(len);
    if (i > 0 && !isWs(text.charCodeAt(i - 1))) while (i < len && !isWs(text.charCodeAt(i))) i++;
    while (i < len && isWs(text.charCodeAt(i))) i++;
    if (i >= len) continue;
    const start = i;
    let words = 0;
    let end = i;
    for (;;) {
      while (i < len && !isWs(text.charCodeAt(i))) i++;
      end = i;
      if (++words === k) break;
      while (i < len && isWs(text.charCodeAt(i))) i++;
      if (i >= len) break;
    }
    if (words === k) return text.slice(start, end);
  }
  return text.slice(0, 200).trim();
}

function claim(rng) {
  const n = rng.range(6, 14);
  const words = [];
  for (let i = 0; i < n; i++) words.push(drawWord(rng));
  words[0] = capitalize(words[0]);
  return words.join(' ') + '.';
}
