// The scan's work budget against valid input (issue 18): the engine's quote
// scan (src/engine/quote-scan.ts) of one normalized source, natural prose,
// numbered words or numbered clauses of boilerplate, with up to 1,000,000
// quotes copied from it, each of one word to 200 (log-uniform: as many of 1
// to 14 words as of 15 to 200), every one asked for; of boilerplate, half of
// them a whole clause, with its final period or without it (quotes that
// differ from each other in their last few bytes only). Prints, as JSON lines, the work the scan did against its
// budget (QuoteSet.lastWork) and how long it took; a scan that gave up
// prints its ScanTooCostly.
//
//   node --max-old-space-size=8192 scripts/bench/budget.mjs [--bytes N] [--quotes N] [--kind natural|numbered|boilerplate]
//
// Runs the engine transpiled from src/engine (engine.mjs), in this process.
import { parseArgs } from 'node:util';
import { proseText } from './generate.mjs';
import { engineModule } from './engine.mjs';
import { Rng } from './prng.mjs';

const { values } = parseArgs({
  options: {
    bytes: { type: 'string', default: String(64 * 2 ** 20) },
    quotes: { type: 'string', default: '1000000' },
    kind: { type: 'string', default: 'natural' },
  },
});
const bytes = Number(values.bytes);
const count = Number(values.quotes);
const kind = values.kind;

const { QuoteSet, ScanTooCostly, MIN_TABLE_QUOTE } = await engineModule('quote-scan');
const { prepareQuote } = await engineModule('match');
const { SourceNormalizer } = await engineModule('normalize');

function numbered(size) {
  const parts = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const w = `n${i}`;
    parts.push(i % 10 === 9 ? `${w}\n` : `${w} `);
    length += w.length + 1;
  }
  return parts.join('');
}

/** Clauses of a contract, alike but for their number, and where each starts. */
const CLAUSES = [
  'The Licensee shall, at its own cost and expense, maintain the premises in good repair as described in clause',
  'Nothing in this agreement shall be construed as granting any right or licence except as set out in clause',
  'Either party may terminate this agreement by written notice if the other party breaches clause',
];
function boilerplate(size) {
  const parts = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const clause = `${CLAUSES[i % CLAUSES.length]} ${i}.${i % 4 === 3 ? '\n' : ' '}`;
    parts.push(clause);
    length += clause.length;
  }
  return parts.join('');
}

const t0 = performance.now();
const raw =
  kind === 'numbered'
    ? numbered(bytes)
    : kind === 'boilerplate'
      ? boilerplate(bytes)
      : proseText(new Rng(`citegate-bench/budget/${bytes}`), bytes, '\n');
const normalized = new SourceNormalizer().normalize(Buffer.from(raw, 'utf8'));
const source = Buffer.from(normalized.bytes); // its own buffer: the normalizer reuses its own
const text = source.toString('utf8');
// Word starts of the normalized text, to copy spans of whole words from.
const starts = [0];
for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) starts.push(i + 1);
const rng = new Rng(`citegate-bench/budget/quotes/${kind}/${bytes}/${count}`);
const set = new QuoteSet();
const ids = new Set();
let short = 0;
// Of boilerplate, where each clause starts (after the period and space that end the one before).
const clauses = kind === 'boilerplate' ? [0, ...[...text.matchAll(/\. /g)].map((m) => m.index + 2)] : [];
for (let k = 0; k < count; k++) {
  let quote;
  if (clauses.length > 1 && k % 2 === 0) {
    const c = rng.int(clauses.length - 1);
    const end = clauses[c + 1] - 1; // after the period
    quote = prepareQuote(text.slice(clauses[c], rng.int(2) === 0 ? end : end - 1));
  } else {
    const words = Math.floor(Math.exp(rng.float() * Math.log(201)));
    const w = rng.int(starts.length);
    const end = w + words < starts.length ? starts[w + words] - 1 : text.length;
    quote = prepareQuote(text.slice(starts[w], end));
  }
  if (quote.bytes.length < MIN_TABLE_QUOTE) short++;
  ids.add(set.add(quote, 100));
}
const t1 = performance.now();
let outcome;
let found = 0;
try {
  const hits = set.scan(source, ids);
  found = hits.size;
  outcome = 'checked';
} catch (error) {
  if (!(error instanceof ScanTooCostly)) throw error;
  outcome = `gave up: ${error.message}`;
}
const t2 = performance.now();
const work = set.lastWork;
process.stdout.write(
  `${JSON.stringify({
    kind,
    sourceBytes: source.length,
    quotes: count,
    distinct: set.size,
    shortQuotes: short,
    found,
    outcome,
    spent: work?.spent ?? null,
    budget: work?.budget ?? null,
    fraction: work ? work.spent / work.budget : null,
    prepareS: (t1 - t0) / 1000,
    scanS: (t2 - t1) / 1000,
    peakRssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
  })}\n`,
);
