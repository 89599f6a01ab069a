// Beyond quotes: the sentences of an answer and whether a claim covers each,
// and the numbers a claim states, which its quote must carry. These are
// findings beside the verdicts; they never change one.
import { normalizeText } from './normalize.js';

/** Abbreviations after which ICU's sentence breaks are not sentence ends (English). */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'jr', 'sr', 'vs', 'etc', 'e.g', 'i.e', 'u.s', 'u.k', 'no', 'approx', 'inc', 'ltd', 'co',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
]);

export interface Sentence {
  readonly text: string;
  /** UTF-16 index in the answer. */
  readonly start: number;
}

/** The answer's sentences (Unicode sentence boundaries, by Intl.Segmenter, with common abbreviations kept whole). */
export function splitSentences(answer: string): Sentence[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const sentences: Sentence[] = [];
  let pending: { text: string; start: number } | undefined;
  for (const { segment, index } of segmenter.segment(answer)) {
    const text = pending ? pending.text + segment : segment;
    const start = pending ? pending.start : index;
    const lastWord = /([\p{L}.]+)\.\s*$/u.exec(text)?.[1]?.toLowerCase();
    if (lastWord !== undefined && ABBREVIATIONS.has(lastWord)) {
      pending = { text, start };
      continue;
    }
    pending = undefined;
    if (normalizeText(text) !== '') sentences.push({ text: text.trim(), start: start + (text.length - text.trimStart().length) });
  }
  if (pending && normalizeText(pending.text) !== '') sentences.push({ text: pending.text.trim(), start: pending.start });
  return sentences;
}

/** Normalized (SPEC §3), without the punctuation that ends a sentence, lower case: for comparing claims. */
function claimKey(text: string): string {
  return normalizeText(text).replace(/[\s.!?…;:"'”’»)]+$/u, '').toLowerCase();
}

/**
 * A sentence is covered when some claim, compared without case and sentence-end
 * punctuation, is the sentence, contains it (a claim spanning sentences), or
 * is contained in it (a claim for part of a sentence).
 */
export function isCovered(sentence: string, claims: readonly string[]): boolean {
  const key = claimKey(sentence);
  if (key === '') return true;
  return claims.some((claim) => {
    const c = claimKey(claim);
    return c !== '' && (c === key || c.includes(key) || key.includes(c));
  });
}

// ---- numbers -------------------------------------------------------------

export interface StatedNumber {
  /** As written, for messages. */
  readonly text: string;
  /** The values it may mean ("1.000" is a thousand in German and one in English). */
  readonly values: readonly number[];
  /** The unit or period that follows (or the currency before), canonical; undefined when none. */
  readonly unit: string | undefined;
}

/** Decimal digits of other scripts, read as 0-9. */
const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0xff10];

function asciiDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const block = DIGIT_BLOCKS.find((b) => cp >= b && cp <= b + 9);
    out += block === undefined ? ch : String.fromCharCode(0x30 + cp - block);
  }
  return out;
}

const UNITS: Record<string, string> = {
  day: 'day', days: 'day', 'business day': 'business day', 'business days': 'business day', 'working days': 'business day', 'working day': 'business day',
  week: 'week', weeks: 'week', month: 'month', months: 'month', year: 'year', years: 'year',
  hour: 'hour', hours: 'hour', hr: 'hour', hrs: 'hour', h: 'hour', minute: 'minute', minutes: 'minute', min: 'minute', mins: 'minute',
  second: 'second', seconds: 'second', sec: 'second', secs: 'second',
  '%': '%', percent: '%', 'per cent': '%', pct: '%',
  am: 'am', 'a.m.': 'am', pm: 'pm', 'p.m.': 'pm',
  dollar: 'USD', dollars: 'USD', usd: 'USD', euro: 'EUR', euros: 'EUR', eur: 'EUR', pound: 'GBP', pounds: 'GBP', gbp: 'GBP',
  cent: 'cent', cents: 'cent', item: 'item', items: 'item', time: 'time', times: 'time',
  km: 'km', kg: 'kg', g: 'g', m: 'm', cm: 'cm', mm: 'mm', mb: 'MB', gb: 'GB', kb: 'KB',
};
const CURRENCY: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };

const DIGIT = '[0-9\\u0660-\\u0669\\u06f0-\\u06f9\\u0966-\\u096f\\u09e6-\\u09ef\\u0a66-\\u0a6f\\u0ae6-\\u0aef\\u0b66-\\u0b6f\\u0be6-\\u0bef\\u0c66-\\u0c6f\\u0ce6-\\u0cef\\u0d66-\\u0d6f\\u0e50-\\u0e59\\u0ed0-\\u0ed9\\uff10-\\uff19]';
const UNIT_WORDS = Object.keys(UNITS).sort((a, b) => b.length - a.length).map((u) => u.replace(/\./g, '\\.')).join('|');
// A number: an optional currency sign, digits with optional groups of three
// (after , . ' or a space) and an optional decimal part, then an optional unit.
const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}_])([$€£¥₹])?\\s?(${DIGIT}+(?:[,.'\\u00a0\\u202f ]${DIGIT}{3})*(?:[.,]${DIGIT}+)?)(?![\\p{N}])(?:\\s?(${UNIT_WORDS})(?![\\p{L}\\p{N}]))?`,
  'giu',
);
const TIME_WORDS: Record<string, number> = { noon: 12, midday: 12, midnight: 0 };
const MAY_STATE_A_NUMBER = /\p{Nd}|noon|midday|midnight/iu;

/** Values a digit string may stand for, reading , and . as a decimal mark or a thousands separator. */
function valuesOf(digits: string): number[] {
  const plain = asciiDigits(digits).replace(/[\u00a0\u202f ']/g, '');
  const values = new Set<number>();
  const marks = plain.replace(/[0-9]/g, '');
  if (marks === '') values.add(Number(plain));
  else {
    const last = plain.search(/[.,][0-9]+$/);
    // Every mark a thousands separator.
    if (/^[0-9]{1,3}([.,][0-9]{3})+$/.test(plain)) values.add(Number(plain.replace(/[.,]/g, '')));
    // The last mark a decimal point, the others thousands separators.
    if (last >= 0) {
      const intPart = plain.slice(0, last).replace(/[.,]/g, '');
      values.add(Number(`${intPart}.${plain.slice(last + 1)}`));
    }
  }
  return [...values].filter((v) => Number.isFinite(v));
}

/** The numbers stated in a text, each with its unit or period. */
export function statedNumbers(text: string): StatedNumber[] {
  const found: StatedNumber[] = [];
  // Most text states no number: one quick look before the long expression.
  if (!MAY_STATE_A_NUMBER.test(text)) return found;
  const normalized = normalizeText(text);
  for (const m of normalized.matchAll(NUMBER)) {
    const unitWord = m[3]?.toLowerCase();
    const unit = m[1] ? CURRENCY[m[1]] : unitWord !== undefined ? UNITS[unitWord] : undefined;
    found.push({ text: m[0].trim(), values: valuesOf(m[2]), unit });
  }
  for (const m of normalized.matchAll(/(?<![\p{L}\p{N}])(noon|midday|midnight)(?![\p{L}\p{N}])/giu)) {
    found.push({ text: m[0], values: [TIME_WORDS[m[1].toLowerCase()]], unit: 'time of day' });
  }
  return found;
}

/** Whether the quote states this number: the same value, and the same unit when the claim gives one. */
function stated(number: StatedNumber, quote: readonly StatedNumber[]): boolean {
  return quote.some((q) => q.values.some((v) => number.values.includes(v)) && (number.unit === undefined || number.unit === q.unit));
}

/** The claim's numbers that its quote does not carry, with what the quote has instead. */
export function missingNumbers(claim: string, quote: string): { number: StatedNumber; quoteHas: readonly StatedNumber[] }[] {
  const inClaim = statedNumbers(claim);
  if (inClaim.length === 0) return [];
  const inQuote = statedNumbers(quote);
  return inClaim.filter((n) => !stated(n, inQuote)).map((number) => ({ number, quoteHas: inQuote }));
}
