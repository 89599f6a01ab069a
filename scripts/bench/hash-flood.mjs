// A hash flood against the quote scanner's tables: quotes of 19 printable
// ASCII characters whose first 16-byte piece hashes (src/engine/quote-scan.ts,
// mix) to a value with its low 20 bits zero. Placed in a table by those bits,
// they would all fall in one stretch of slots; slotOf() places them by a key
// drawn once per run instead. test/engine/quote-scan.test.ts checks these
// quotes against the engine's own piece hash, so the constants below cannot
// drift from it unnoticed.
//
//   node scripts/bench/hash-flood.mjs COUNT DIR
//
// writes DIR/citegate.yml, one source and COUNT records citing it in
// DIR/answers/ (files of at most 200,000 records), to time with
//   node dist/cli/index.js check --root DIR --manifest DIR/citegate.yml
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The low bits every crafted piece hash has zero. */
export const FLOOD_LOW_BITS = 20;

const M0 = 0x9e3779b1,
  M1 = 0x85ebca77,
  M2 = 0xc2b2ae3d,
  M3 = 0x27d4eb2f,
  FINAL = 0x2c1b3c6d;

/** The inverse of an odd number modulo 2^32 (Newton's iteration). */
function inverse(a) {
  let x = a;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x;
}
const M0_INVERSE = inverse(M0);
const FINAL_INVERSE = inverse(FINAL);

/** The value before mix()'s last three steps, given its result. */
function unfinish(h) {
  let x = h;
  x ^= x >>> 13;
  x ^= x >>> 26;
  x = Math.imul(x, FINAL_INVERSE);
  x ^= x >>> 15;
  x ^= x >>> 30;
  return x;
}

const word = (b, at) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);
/** Printable ASCII that JSON writes as itself: no space, quote or backslash. */
const plain = (c) => c > 0x20 && c < 0x7f && c !== 0x22 && c !== 0x5c;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `count` distinct crafted quotes, the same ones for the same count. */
export function floodQuotes(count) {
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const seen = new Set();
  const quotes = [];
  while (quotes.length < count) {
    const b = new Uint8Array(19);
    for (let i = 4; i < 19; i++) b[i] = LETTERS.charCodeAt(Math.floor(random() * LETTERS.length));
    // A hash with the low bits zero and the others at random; the first word is solved for.
    const target = Math.floor(random() * 2 ** (32 - FLOOD_LOW_BITS)) * 2 ** FLOOD_LOW_BITS;
    const rest = Math.imul(word(b, 4), M1) ^ Math.imul(word(b, 8), M2) ^ Math.imul(word(b, 12), M3);
    const w0 = Math.imul(unfinish(target | 0) ^ rest, M0_INVERSE);
    let ok = true;
    for (let k = 0; k < 4; k++) {
      b[k] = (w0 >>> (8 * k)) & 0xff;
      ok &&= plain(b[k]);
    }
    if (!ok) continue;
    const quote = String.fromCharCode(...b);
    if (seen.has(quote)) continue;
    seen.add(quote);
    quotes.push(quote);
  }
  return quotes;
}

function writeCorpus(count, dir) {
  fs.mkdirSync(path.join(dir, 'sources'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'answers'), { recursive: true });
  const source = 'A plain source text of a few words, repeated. '.repeat(100);
  fs.writeFileSync(path.join(dir, 'sources', 's.txt'), source);
  const sha256 = createHash('sha256').update(source).digest('hex');
  fs.writeFileSync(
    path.join(dir, 'citegate.yml'),
    `version: 1\nsources:\n  s-v1:\n    path: sources/s.txt\n    sha256: ${sha256}\n    retrieved: 2026-11-02\ncitations:\n  - answers/*.jsonl\n`,
  );
  const quotes = floodQuotes(count);
  const perFile = 200_000;
  for (let from = 0, file = 0; from < quotes.length; from += perFile, file++) {
    const lines = quotes
      .slice(from, from + perFile)
      .map((quote, i) => JSON.stringify({ citation_id: `q${from + i}`, source_id: 's-v1', quote }));
    fs.writeFileSync(path.join(dir, 'answers', `flood-${file}.jsonl`), `${lines.join('\n')}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [count, dir] = [Number(process.argv[2]), process.argv[3]];
  if (!Number.isInteger(count) || count < 1 || !dir) {
    process.stderr.write('usage: node scripts/bench/hash-flood.mjs COUNT DIR\n');
    process.exit(2);
  }
  writeCorpus(count, dir);
  process.stdout.write(`wrote ${count} crafted quotes to ${dir}\n`);
}
