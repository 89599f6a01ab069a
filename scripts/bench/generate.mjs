// Deterministic benchmark corpora for citegate: sources, citation files, the
// manifest pinning the sources, and the input for the Python reference.
//
// A corpus lives in .bench/<size>/ and is reused when its stamp.json names the
// same generator version and parameters; anything else is deleted and rebuilt.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from './prng.mjs';
import { BOILERPLATE, CONTENT_WORDS, drawWord } from './words.mjs';

const KiB = 1024;
const MiB = 1024 * 1024;

/** Bump when the output of the generator changes on purpose. */
const GENERATOR_VERSION = 1;

/** The corpora. Sizes are in bytes (KB = 1024 bytes, MB = 2^20 bytes). */
export const SIZES = {
  small: { layout: { kind: 'fixed', count: 100, bytes: 40 * KiB }, citations: 10_000 },
  medium: { layout: { kind: 'total', total: 64 * MiB, min: 8 * KiB, max: 256 * KiB }, citations: 50_000 },
  large: { layout: { kind: 'total', total: 256 * MiB, min: 8 * KiB, max: 256 * KiB }, citations: 200_000 },
  one: { layout: { kind: 'fixed', count: 1, bytes: 400 * KiB }, citations: 50_000 },
};

const COMMON = {
  seed: 'citegate-bench',
  recordsPerFile: 100,
  filesPerFolder: 50,
  jsonlFraction: 0.1,
  crlfFraction: 0.125,
  bomFraction: 0.025,
  // Quote mix, in percent.
  mix: { copied: 80, altered: 10, boilerplate: 4, unknown: 3, empty: 2, cross: 1 },
};

const CATEGORIES = Object.keys(COMMON.mix);
const CAT = Object.fromEntries(CATEGORIES.map((c, i) => [c, i]));
const MIX_WEIGHTS = CATEGORIES.map((c) => COMMON.mix[c]);
const MIX_TOTAL = MIX_WEIGHTS.reduce((a, b) => a + b, 0);

function generatorVersion() {
  // The version changes by hand, and by itself whenever these modules change,
  // so a corpus made by an older generator is never reused by mistake.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const h = createHash('sha256');
  for (const f of ['generate.mjs', 'words.mjs', 'prng.mjs']) h.update(fs.readFileSync(path.join(here, f)));
  return `${GENERATOR_VERSION}+${h.digest('hex').slice(0, 12)}`;
}

export function corpusParams(size) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`unknown size ${size}`);
  return { size, ...spec, ...COMMON };
}

const pad = (n, w) => String(n).padStart(w, '0');
const sourceId = (j) => `src-${pad(j + 1, 4)}-v1`;
const sourcePath = (j) => `sources/src-${pad(j + 1, 4)}.txt`;

/**
 * Returns the corpus in `dir` (its stamp), generating it unless a stamp says it
 * was made by this generator with the same parameters.
 */
export function ensureCorpus(benchDir, size, log = () => {}) {
  const dir = path.join(benchDir, size);
  const params = corpusParams(size);
  const generator = generatorVersion();
  const stampFile = path.join(dir, 'stamp.json');
  if (fs.existsSync(stampFile)) {
    try {
      const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
      if (stamp.generator === generator && JSON.stringify(stamp.params) === JSON.stringify(params)) {
        log(`${size}: reusing the corpus in ${path.relative(process.cwd(), dir) || dir}`);
        return { dir, stamp, generated: false };
      }
      log(`${size}: the corpus was made by generator ${stamp.generator} or other parameters: regenerating`);
    } catch {
      log(`${size}: unreadable stamp: regenerating`);
    }
  }
  const t0 = process.hrtime.bigint();
  const stamp = generate(dir, params, generator, log);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  stamp.generationSeconds = Math.round(seconds * 100) / 100;
  // The reference's input, where the reference is cheap enough to run (the
  // benchmark writes it for the other sizes only when asked to, --verify-all).
  if (size === 'small' || size === 'one') writeReferenceInput(dir, stamp);
  fs.writeFileSync(stampFile, `${JSON.stringify(stamp, null, 1)}\n`);
  log(
    `${size}: generated ${stamp.sources.length} sources (${(stamp.totalSourceBytes / MiB).toFixed(1)} MB) and ` +
      `${stamp.citations} citations in ${seconds.toFixed(1)} s`,
  );
  return { dir, stamp, generated: true };
}

function sourceSizes(rng, layout) {
  if (layout.kind === 'fixed') return new Array(layout.count).fill(layout.bytes);
  const sizes = [];
  let remaining = layout.total;
  const ratio = Math.log(layout.max / layout.min);
  while (remaining > 0) {
    // Log-uniform between min and max: many short sources, some long ones.
    let s = Math.round(layout.min * Math.exp(rng.float() * ratio));
    if (remaining - s < layout.min) s = remaining <= layout.max ? remaining : remaining - layout.min;
    sizes.push(s);
    remaining -= s;
  }
  return sizes;
}

function generate(dir, params, generator, log) {
  const bench = path.dirname(dir);
  if (path.basename(bench) !== '.bench' || !(params.size in SIZES)) throw new Error(`refusing to write to ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'sources'), { recursive: true });

  const seed = `${params.seed}/${params.size}`;
  const plan = new Rng(`${seed}/plan`);
  const sizes = sourceSizes(plan, params.layout);
  const n = sizes.length;
  const N = params.citations;

  // Who cites what. `material` is the source the quote's words come from (n:
  // a foreign text that is not in the manifest, for cross quotes when the
  // corpus has one source only); `cited` the source index the record names.
  const category = new Uint8Array(N);
  const material = new Int32Array(N);
  const cited = new Int32Array(N);
  const buckets = Array.from({ length: n + 1 }, () => []);
  for (let i = 0; i < N; i++) {
    const c = plan.weighted(MIX_WEIGHTS, MIX_TOTAL);
    category[i] = c;
    let m = plan.int(n);
    let k = m;
    if (c === CAT.cross) {
      if (n >= 2) k = (m + 1 + plan.int(n - 1)) % n;
      else m = n;
    }
    material[i] = m;
    cited[i] = k;
    buckets[m].push(i);
  }

  const quotes = new Array(N);
  const claims = new Array(N);
  const sourceIds = new Array(N);
  const sources = [];
  let totalBytes = 0;
  let lastLog = Date.now();
  for (let j = 0; j <= n; j++) {
    if (j === n && buckets[n].length === 0) break;
    const rng = new Rng(`${seed}/source/${j}`);
    const crlf = rng.chance(params.crlfFraction);
    const bom = rng.chance(params.bomFraction);
    const text = proseText(rng, j < n ? sizes[j] - (bom ? 3 : 0) : 64 * KiB, crlf ? '\r\n' : '\n');
    if (j < n) {
      const bytes = Buffer.from(bom ? `\uFEFF${text}` : text, 'utf8');
      fs.writeFileSync(path.join(dir, sourcePath(j)), bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      sources.push({ id: sourceId(j), path: sourcePath(j), bytes: bytes.length, sha256, crlf, bom });
      totalBytes += bytes.length;
    }
    const qrng = new Rng(`${seed}/quotes/${j}`);
    for (const i of buckets[j]) {
      const q = makeQuote(qrng, category[i], text);
      quotes[i] = copyString(q);
      sourceIds[i] = category[i] === CAT.unknown ? unknownId(qrng, j) : sourceId(cited[i]);
      claims[i] = claim(qrng);
    }
    if (Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`${params.size}: ${j + 1}/${n} sources, ${(totalBytes / MiB).toFixed(0)} MB`);
    }
  }

  // Citation files of `recordsPerFile` records, about 1 in 10 JSON Lines.
  const files = [];
  const fileCount = Math.ceil(N / params.recordsPerFile);
  for (let f = 0; f < fileCount; f++) {
    const jsonl = plan.chance(params.jsonlFraction);
    const folder = `answers/g${pad(Math.floor(f / params.filesPerFolder), 3)}`;
    const rel = `${folder}/answer-${pad(f, 5)}.${jsonl ? 'jsonl' : 'json'}`;
    const records = [];
    for (let i = f * params.recordsPerFile, r = 0; i < Math.min(N, (f + 1) * params.recordsPerFile); i++, r++) {
      records.push({ citation_id: `q-${pad(r + 1, 3)}`, source_id: sourceIds[i], quote: quotes[i], claim: claims[i] });
    }
    const body = jsonl
      ? `${records.map((r) => JSON.stringify(r)).join('\n')}\n`
      : `${JSON.stringify(records, null, 2)}\n`;
    fs.mkdirSync(path.join(dir, folder), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), body);
    files.push(rel);
  }

  const manifest = ['version: 1', 'sources:'];
  for (const s of sources) {
    manifest.push(`  ${s.id}:`, `    path: ${s.path}`, `    sha256: ${s.sha256}`, '    retrieved: 2026-11-02');
  }
  manifest.push('citations:', '  - answers/**/*.json', '  - answers/**/*.jsonl', '');
  fs.writeFileSync(path.join(dir, 'citegate.yml'), manifest.join('\n'));

  const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0]));
  for (let i = 0; i < N; i++) counts[CATEGORIES[category[i]]]++;
  return {
    generator,
    params,
    totalSourceBytes: totalBytes,
    largestSourceBytes: Math.max(...sources.map((s) => s.bytes)),
    citations: N,
    quoteCategories: counts,
    citationFiles: files,
    sources,
  };
}

/** A copy of `s` that does not keep the (large) string it was sliced from alive. */
function copyString(s) {
  return Buffer.from(s, 'utf8').toString('utf8');
}

// ---------------------------------------------------------------- prose

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
    out[a] = `“${out[a]}`;
    out[b] = `${out[b].replace(/,$/, '')}”`;
  } else if (r < 0.05 && n > 6) {
    // A spaced em dash — like this.
    out.splice(start + rng.range(2, n - 3), 0, '—');
  } else if (r < 0.07 && n > 6) {
    // Two words joined by an em dash—like this.
    const a = start + rng.range(1, n - 3);
    out[a] = `${out[a].replace(/,$/, '')}—${out[a + 1]}`;
    out.splice(a + 1, 1);
  }
  const e = rng.float();
  const last = out.length - 1;
  out[last] = out[last].replace(/,$/, '') + (e < 0.92 ? '.' : e < 0.97 ? '?' : '!');
}

const BOILERPLATE_TOKENS = BOILERPLATE.split(' ');

/**
 * Prose of at most `targetBytes` UTF-8 bytes (and close to it): paragraphs of
 * sentences wrapped near 80 columns, separated by blank lines, with the
 * boilerplate sentence in (at least) the first two paragraphs.
 */
export function proseText(rng, targetBytes, eol) {
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

// ---------------------------------------------------------------- quotes

const isWs = (c) => c === 32 || c === 9 || c === 10 || c === 13;

/** `k` whole whitespace-separated words of `text`, with the whitespace between them. */
export function span(rng, text, k) {
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

const WS_VARIANTS = [
  ['\n', 30],
  [' ', 15],
  ['  ', 10],
  ['\t', 6],
  ['\r\n', 6],
  [' \n', 5],
  ['\n\n', 4],
  ['\t\n ', 2],
  // Less common whitespace (all in Python's str.isspace): exercises the exact set.
  ['\u00a0', 3],
  ['\u2003', 2],
  ['\u3000', 2],
  ['\u202f', 1],
  ['\u2028', 1],
  ['\u0085', 1],
  ['\u001f', 1],
  ['\u001c', 1],
  ['\u000b', 1],
  ['\u000c', 1],
  ['\u205f', 1],
];
const WS_WEIGHTS = WS_VARIANTS.map((v) => v[1]);
const WS_TOTAL = WS_WEIGHTS.reduce((a, b) => a + b, 0);
const someWhitespace = (rng) => WS_VARIANTS[rng.weighted(WS_WEIGHTS, WS_TOTAL)][0];

/** Changes some of the whitespace of a quote: a newline for a space, and so on. */
function varyWhitespace(rng, quote) {
  const parts = quote.split(/([ \t\r\n]+)/);
  for (let p = 1; p < parts.length; p += 2) {
    if (parts[p].includes('\n') && rng.chance(0.5)) parts[p] = ' ';
    else if (rng.chance(0.25)) parts[p] = someWhitespace(rng);
  }
  let q = parts.join('');
  if (rng.chance(0.08)) q = someWhitespace(rng) + q;
  if (rng.chance(0.08)) q += someWhitespace(rng);
  return q;
}

function copied(rng, text) {
  let q = span(rng, text, rng.range(5, 30));
  if (rng.chance(0.4)) q = varyWhitespace(rng, q);
  const r = rng.float();
  if (r < 0.03) q = q.normalize('NFD');
  else if (r < 0.06) q = q.normalize('NFC');
  return q;
}

const ZERO_WIDTH = ['\u200b', '\ufeff', '\u00ad', '\u2060', '\u200d'];
const ALTERATIONS = [
  ['replace', 30],
  ['not', 25],
  ['delete', 8],
  ['case', 8],
  ['zero-width', 7],
  ['ascii', 7],
  ['cut-first', 8],
  ['extend-last', 7],
];
const ALT_WEIGHTS = ALTERATIONS.map((a) => a[1]);
const ALT_TOTAL = ALT_WEIGHTS.reduce((a, b) => a + b, 0);

/** A copied quote with one change: usually no longer in the source. */
function altered(rng, text) {
  const q = span(rng, text, rng.range(5, 30));
  const parts = q.split(/([ \t\r\n]+)/); // even indices: words
  const words = (parts.length + 1) / 2;
  const w = 2 * rng.int(words);
  const op = ALTERATIONS[rng.weighted(ALT_WEIGHTS, ALT_TOTAL)][0];
  const replace = () => {
    let x;
    do x = CONTENT_WORDS[rng.int(CONTENT_WORDS.length)];
    while (x === parts[w]);
    parts[w] = x;
  };
  switch (op) {
    case 'replace':
      replace();
      break;
    case 'not': {
      const at = 2 * rng.int(Math.max(1, words - 1));
      parts[at] += ' not';
      break;
    }
    case 'delete':
      if (words >= 6 && w > 0 && w < parts.length - 1) parts.splice(w, 2);
      else replace();
      break;
    case 'case': {
      const c = parts[w].charAt(0);
      const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      if (flipped !== c) parts[w] = flipped + parts[w].slice(1);
      else replace();
      break;
    }
    case 'zero-width': {
      const word = parts[w];
      const at = word.length > 1 ? rng.range(1, word.length - 1) : 1;
      parts[w] = word.slice(0, at) + rng.pick(ZERO_WIDTH) + word.slice(at);
      break;
    }
    case 'ascii': {
      const joined = parts.join('');
      const ascii = joined.replace(/’/g, "'").replace(/[“”]/g, '"').replace(/—/g, '--');
      if (ascii !== joined) return rng.chance(0.2) ? varyWhitespace(rng, ascii) : ascii;
      replace();
      break;
    }
    case 'cut-first':
      if (parts[0].length >= 4 && /^[\p{L}\p{N}]/u.test(parts[0])) parts[0] = parts[0].slice(rng.range(1, 2));
      else replace();
      break;
    case 'extend-last': {
      const last = parts.length - 1;
      if (/[\p{L}\p{N}]$/u.test(parts[last])) parts[last] += 's';
      else replace();
      break;
    }
  }
  const out = parts.join('');
  return rng.chance(0.2) ? varyWhitespace(rng, out) : out;
}

const BOILERPLATE_VARIANTS = [BOILERPLATE, BOILERPLATE, BOILERPLATE, 'support for help.', 'Contact support for help'];

const EMPTY_QUOTES = [
  '',
  '',
  ' ',
  '   ',
  '\n',
  '\t',
  ' \r\n\t ',
  '\u00a0',
  '\u3000',
  '\u2028 ',
  '\u0085',
  '\u001f\u001e',
  '\u000b\u000c',
  '\u205f',
  '\u1680',
  '\u2029',
];

function makeQuote(rng, category, text) {
  switch (category) {
    case CAT.copied:
    case CAT.unknown:
    case CAT.cross:
      return copied(rng, text);
    case CAT.altered:
      return altered(rng, text);
    case CAT.boilerplate: {
      const q = rng.pick(BOILERPLATE_VARIANTS);
      return rng.chance(0.3) ? varyWhitespace(rng, q) : q;
    }
    case CAT.empty:
      return rng.pick(EMPTY_QUOTES);
    default:
      throw new Error(`category ${category}`);
  }
}

function unknownId(rng, j) {
  const base = `src-${pad(j + 1, 4)}`;
  return rng.pick([
    `${base}-v2`,
    `${base.toUpperCase()}-V1`,
    base,
    `https://example.com/sources/${base}-v1`,
    'src-9999-v1',
    `${base}-v1 `,
    ` ${base}-v1`,
    `retired-${pad(j + 1, 4)}-v1`,
  ]);
}

export function claim(rng) {
  const n = rng.range(6, 14);
  const words = [];
  for (let i = 0; i < n; i++) words.push(drawWord(rng));
  words[0] = capitalize(words[0]);
  return `${words.join(' ')}.`;
}

// ---------------------------------------------------------------- reference input

/**
 * Writes reference-input.json: the sources as decoded text without a BOM, and
 * every record as [file, citation_id, source_id, quote], read back from the
 * files citegate reads, so the reference sees exactly the same data.
 */
export function writeReferenceInput(dir, stamp) {
  const out = path.join(dir, 'reference-input.json');
  if (fs.existsSync(out)) {
    try {
      const head = JSON.parse(fs.readFileSync(path.join(dir, 'reference-input.stamp'), 'utf8'));
      if (head.generator === stamp.generator) return out;
    } catch {
      // rebuild
    }
  }
  const decoder = new TextDecoder('utf-8', { fatal: true }); // drops a leading BOM
  // Written piece by piece: for the large corpus the whole JSON would be too
  // long for one JavaScript string.
  const tmp = `${out}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, '{"sources": {');
    stamp.sources.forEach((s, i) => {
      const text = decoder.decode(fs.readFileSync(path.join(dir, s.path)));
      fs.writeSync(fd, `${i ? ',' : ''}\n${JSON.stringify(s.id)}: ${JSON.stringify(text)}`);
    });
    fs.writeSync(fd, '},\n"citations": [');
    let first = true;
    for (const file of stamp.citationFiles) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const records = file.endsWith('.jsonl')
        ? text
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => JSON.parse(l))
        : JSON.parse(text);
      const rows = records.map((r) => JSON.stringify([file, r.citation_id, r.source_id, r.quote]));
      fs.writeSync(fd, (first ? '\n' : ',\n') + rows.join(',\n'));
      first = false;
    }
    fs.writeSync(fd, ']}\n');
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, out);
  fs.writeFileSync(path.join(dir, 'reference-input.stamp'), `${JSON.stringify({ generator: stamp.generator })}\n`);
  return out;
}
