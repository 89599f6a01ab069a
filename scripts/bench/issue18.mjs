// The corpora of issue 18, deterministic like the others (seeded, reused
// while this generator and its parameters are unchanged):
//
// - cut, cut-4x, cut-16x: 100, 400 and 1,600 sources of 40 KB with 100
//   quotes each, cut from their source at any character (so that most are
//   not found: a quote that starts or ends inside a word is not there, SPEC
//   §4), 20% of them also with a word inserted;
// - cut-medium: 64 MB in 256 sources of 256 KB, 50,000 such quotes;
// - cut-one: one 40 KB source, 50,000 such quotes;
// - numbered-2w, numbered-8w: one source of 60,000 numbered words (400 KB),
//   50,000 quotes of two words (short: under the quote table's 19 bytes)
//   and of eight words, every one in the source once;
// - explain-40k, explain-400k: one source of prose of 40 KB and of 400 KB,
//   10,000 quotes that are all misses (a copied span of 5 to 30 words with
//   one word replaced or "not" inserted, checked not to be in the source);
// - explain-vocab-40k, explain-vocab-400k: the same with prose of a small
//   vocabulary (60 words), where every word is common.
//
// The prose is generate.mjs's; its functions are imported, not changed, so
// the other corpora stay as they were.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { proseText, span } from './generate.mjs';
import { Rng } from './prng.mjs';
import { CONTENT_WORDS } from './words.mjs';

const KiB = 1024;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Bump when the output changes on purpose (it changes by itself with these modules). */
const VERSION = 1;

const cut = (count, bytes, citations) => ({
  kind: 'cut',
  sources: count,
  bytes,
  citations,
  insertFraction: 0.2,
  chars: { min: 16, max: 200 },
});
const explain = (bytes, vocabulary) => ({
  kind: 'misses',
  sources: 1,
  bytes,
  citations: 10_000,
  vocabulary,
  words: { min: 5, max: 30 },
});

export const ISSUE18 = {
  cut: cut(100, 40 * KiB, 10_000),
  'cut-4x': cut(400, 40 * KiB, 40_000),
  'cut-16x': cut(1600, 40 * KiB, 160_000),
  'cut-medium': cut(256, 256 * KiB, 50_000),
  'cut-one': cut(1, 40 * KiB, 50_000),
  'numbered-2w': { kind: 'numbered', words: 60_000, quoteWords: 2, citations: 50_000 },
  'numbered-8w': { kind: 'numbered', words: 60_000, quoteWords: 8, citations: 50_000 },
  'explain-40k': explain(40 * KiB, 'natural'),
  'explain-400k': explain(400 * KiB, 'natural'),
  'explain-vocab-40k': explain(40 * KiB, 'small'),
  'explain-vocab-400k': explain(400 * KiB, 'small'),
};

/** The small vocabulary: 60 words, every one of them common in a text made of them. */
export const SMALL_VOCABULARY = (
  'the a of to and in is it that for on with as at by this be are or from ' +
  'return refund order item days store card policy receipt credit customer ' +
  'within after before must may not all any each new used full paid free ' +
  'time week month year help team'
).split(' ');

function version() {
  const h = createHash('sha256');
  for (const f of ['issue18.mjs', 'generate.mjs', 'words.mjs', 'prng.mjs'])
    h.update(fs.readFileSync(path.join(here, f)));
  return `issue18-${VERSION}+${h.digest('hex').slice(0, 12)}`;
}

const pad = (n, w) => String(n).padStart(w, '0');
const sourceId = (j) => `src-${pad(j + 1, 4)}-v1`;
const sourcePath = (j) => `sources/src-${pad(j + 1, 4)}.txt`;

/** Like generate.mjs's ensureCorpus(), for the corpora above. */
export function ensureIssue18Corpus(benchDir, size, log = () => {}) {
  const spec = ISSUE18[size];
  if (!spec) throw new Error(`unknown corpus ${size}`);
  const dir = path.join(benchDir, size);
  const params = { size, seed: 'citegate-bench/issue18', recordsPerFile: 100, filesPerFolder: 50, ...spec };
  const generator = version();
  const stampFile = path.join(dir, 'stamp.json');
  if (fs.existsSync(stampFile)) {
    try {
      const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
      if (stamp.generator === generator && JSON.stringify(stamp.params) === JSON.stringify(params)) {
        log(`${size}: reusing the corpus in ${path.relative(process.cwd(), dir) || dir}`);
        return { dir, stamp, generated: false };
      }
      log(`${size}: made by another generator or other parameters: regenerating`);
    } catch {
      log(`${size}: unreadable stamp: regenerating`);
    }
  }
  if (path.basename(path.dirname(dir)) !== '.bench') throw new Error(`refusing to write to ${dir}`);
  const t0 = process.hrtime.bigint();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'sources'), { recursive: true });
  const stamp = generate(dir, params, generator);
  stamp.generationSeconds = Math.round(Number(process.hrtime.bigint() - t0) / 1e7) / 100;
  fs.writeFileSync(stampFile, `${JSON.stringify(stamp, null, 1)}\n`);
  log(
    `${size}: generated ${stamp.sources.length} sources (${(stamp.totalSourceBytes / 2 ** 20).toFixed(1)} MB) and ` +
      `${stamp.citations} citations in ${stamp.generationSeconds} s`,
  );
  return { dir, stamp, generated: true };
}

/** The reference's normalize(), for the prose's whitespace: whitespace runs to one space, trimmed. */
const normalize = (s) => s.normalize('NFC').split(/\s+/).filter(Boolean).join(' ');

/** Prose of the small vocabulary: sentences of 6 to 19 of its words, wrapped near 80 columns. */
export function smallVocabularyProse(rng, targetBytes) {
  const lines = [];
  let line = '';
  let bytes = 0;
  while (bytes < targetBytes) {
    const n = rng.range(6, 19);
    for (let i = 0; i < n; i++) {
      let w = rng.pick(SMALL_VOCABULARY);
      if (i === 0) w = w.charAt(0).toUpperCase() + w.slice(1);
      if (i === n - 1) w += rng.chance(0.9) ? '.' : '?';
      if (line.length + 1 + w.length > 78) {
        lines.push(line);
        bytes += line.length + 1;
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    if (rng.chance(0.15)) {
      lines.push(line, '');
      bytes += line.length + 2;
      line = '';
    }
  }
  if (line) lines.push(line);
  return `${lines.join('\n')}\n`;
}

function generate(dir, params, generator) {
  const seed = `${params.seed}/${params.size}`;
  const sources = [];
  const records = []; // [sourceIndex, quote]
  const texts = [];
  const writeSource = (j, text) => {
    const bytes = Buffer.from(text, 'utf8');
    fs.writeFileSync(path.join(dir, sourcePath(j)), bytes);
    sources.push({
      id: sourceId(j),
      path: sourcePath(j),
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  };
  const counts = {};
  const count = (k) => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  if (params.kind === 'cut') {
    const perSource = params.citations / params.sources;
    for (let j = 0; j < params.sources; j++) {
      const rng = new Rng(`${seed}/source/${j}`);
      const text = proseText(rng, params.bytes, rng.chance(0.125) ? '\r\n' : '\n');
      writeSource(j, text);
      const qrng = new Rng(`${seed}/quotes/${j}`);
      const haystack = normalize(text);
      for (let k = 0; k < perSource; k++) {
        // Any character to start, any length: a quote that may start or end inside a word.
        const length = qrng.range(params.chars.min, params.chars.max);
        const start = qrng.int(Math.max(1, text.length - length));
        let quote = text.slice(start, start + length);
        if (qrng.chance(params.insertFraction)) {
          const spaces = [...quote.matchAll(/ /g)].map((m) => m.index);
          const word = CONTENT_WORDS[qrng.int(CONTENT_WORDS.length)];
          const at = spaces.length ? spaces[qrng.int(spaces.length)] : quote.length;
          quote = `${quote.slice(0, at)} ${word}${quote.slice(at)}`;
          count('word inserted');
        } else count('cut');
        if (!haystack.includes(normalize(quote))) count('not a substring');
        records.push([j, quote]);
      }
    }
  } else if (params.kind === 'numbered') {
    const words = Array.from({ length: params.words }, (_, i) => `n${i}`);
    const lines = [];
    for (let i = 0; i < words.length; i += 10) lines.push(words.slice(i, i + 10).join(' '));
    writeSource(0, `${lines.join('\n')}\n`);
    const rng = new Rng(`${seed}/quotes`);
    // Distinct spans, each once in the source: every quote located.
    const starts = Array.from({ length: params.words - params.quoteWords + 1 }, (_, i) => i);
    for (let k = 0; k < params.citations; k++) {
      const pick = k + rng.int(starts.length - k);
      [starts[k], starts[pick]] = [starts[pick], starts[k]];
      const at = starts[k];
      records.push([0, words.slice(at, at + params.quoteWords).join(rng.chance(0.1) ? '\n' : ' ')]);
    }
    counts['located once'] = records.length;
  } else {
    const rng = new Rng(`${seed}/source/0`);
    const small = params.vocabulary === 'small';
    const text = small ? smallVocabularyProse(rng, params.bytes) : proseText(rng, params.bytes, '\n');
    writeSource(0, text);
    texts.push(text);
    const haystack = normalize(text);
    const qrng = new Rng(`${seed}/quotes`);
    const vocabulary = small ? SMALL_VOCABULARY : CONTENT_WORDS;
    for (let k = 0; k < params.citations; k++) {
      let quote;
      for (let attempt = 0; ; attempt++) {
        const q = span(qrng, text, qrng.range(params.words.min, params.words.max));
        const parts = q.split(/([ \t\r\n]+)/);
        const n = (parts.length + 1) / 2;
        if (qrng.chance(0.6)) {
          const w = 2 * qrng.int(n);
          let x;
          do x = vocabulary[qrng.int(vocabulary.length)];
          while (x === parts[w]);
          parts[w] = x;
        } else parts[2 * qrng.int(Math.max(1, n - 1))] += ' not';
        quote = parts.join('');
        if (!haystack.includes(normalize(quote))) break;
        if (attempt >= 100) throw new Error(`${params.size}: could not make a quote that is not in the source`);
      }
      records.push([0, quote]);
    }
    counts.miss = records.length;
  }

  const files = [];
  for (let f = 0; f * params.recordsPerFile < records.length; f++) {
    const folder = `answers/g${pad(Math.floor(f / params.filesPerFolder), 3)}`;
    const rel = `${folder}/answer-${pad(f, 5)}.json`;
    const chunk = records
      .slice(f * params.recordsPerFile, (f + 1) * params.recordsPerFile)
      .map(([j, quote], r) => ({ citation_id: `q-${pad(r + 1, 3)}`, source_id: sourceId(j), quote }));
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), `${JSON.stringify(chunk, null, 2)}\n`);
    files.push(rel);
  }
  const manifest = ['version: 1', 'sources:'];
  for (const s of sources)
    manifest.push(`  ${s.id}:`, `    path: ${s.path}`, `    sha256: ${s.sha256}`, '    retrieved: 2026-11-02');
  manifest.push('citations:', '  - answers/**/*.json', '');
  fs.writeFileSync(path.join(dir, 'citegate.yml'), manifest.join('\n'));
  return {
    generator,
    params,
    totalSourceBytes: sources.reduce((a, s) => a + s.bytes, 0),
    largestSourceBytes: Math.max(...sources.map((s) => s.bytes)),
    citations: records.length,
    quoteCategories: counts,
    citationFiles: files,
    sources,
  };
}
