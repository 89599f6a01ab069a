// Beyond quotes: the numbers a claim states (with their units, currencies and
// periods), which its quote must carry. A finding beside the verdicts; it
// never changes one.
import { normalizeText } from './normalize.js';
import { withoutListMarker } from './sentences.js';

export interface StatedNumber {
  /** As written, for messages (a whole range, for each of its ends). */
  readonly text: string;
  /** What it means in its unit: one value, or for a time of day without am or pm both readings (minutes after midnight). */
  readonly values: readonly number[];
  /** The unit or currency, canonical; undefined when none. */
  readonly unit: string | undefined;
  /** The period or rate it is per ("per month", "/GB", "monthly"), canonical; undefined when none. */
  readonly per: string | undefined;
  /** What a claim number with no unit matches here: the values, or for a time of day its hour as written. */
  readonly plain: readonly number[];
  /** The other reading of a comma between digits that is not a thousands separator ("8,10"): a list of numbers. */
  readonly list?: readonly StatedNumber[];
}

/** Decimal digits of other scripts, read as 0-9 (each one UTF-16 unit, so positions do not move). */
const DIGIT_BLOCKS = [
  0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0e50, 0x0ed0, 0xff10,
];

/** A decimal digit of one of those scripts. */
const OTHER_DIGIT =
  /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0b66-\u0b6f\u0be6-\u0bef\u0c66-\u0c6f\u0ce6-\u0cef\u0d66-\u0d6f\u0e50-\u0e59\u0ed0-\u0ed9\uff10-\uff19]/g;

function asciiDigits(text: string): string {
  OTHER_DIGIT.lastIndex = 0;
  if (!OTHER_DIGIT.test(text)) return text;
  return text.replace(OTHER_DIGIT, (d) => {
    const cp = d.charCodeAt(0);
    return String.fromCharCode(0x30 + cp - DIGIT_BLOCKS.find((b) => cp >= b && cp <= b + 9)!);
  });
}

const TIME_UNITS: Record<string, string> = {
  day: 'day',
  days: 'day',
  'business day': 'business day',
  'business days': 'business day',
  'working day': 'business day',
  'working days': 'business day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  year: 'year',
  years: 'year',
  night: 'night',
  nights: 'night',
  hour: 'hour',
  hours: 'hour',
  hr: 'hour',
  hrs: 'hour',
  h: 'hour',
  minute: 'minute',
  minutes: 'minute',
  min: 'minute',
  mins: 'minute',
  second: 'second',
  seconds: 'second',
  sec: 'second',
  secs: 'second',
};
const UNITS: Record<string, string> = {
  ...TIME_UNITS,
  '%': '%',
  percent: '%',
  'per cent': '%',
  pct: '%',
  dollar: 'USD',
  dollars: 'USD',
  usd: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  eur: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  gbp: 'GBP',
  yen: 'JPY',
  jpy: 'JPY',
  rupee: 'INR',
  rupees: 'INR',
  inr: 'INR',
  chf: 'CHF',
  cad: 'CAD',
  aud: 'AUD',
  cent: 'cent',
  cents: 'cent',
  item: 'item',
  items: 'item',
  time: 'time',
  times: 'time',
  km: 'km',
  kg: 'kg',
  g: 'g',
  m: 'm',
  cm: 'cm',
  mm: 'mm',
  mb: 'MB',
  gb: 'GB',
  kb: 'KB',
  tb: 'TB',
  '°': 'degree',
  degree: 'degree',
  degrees: 'degree',
  '°c': '°C',
  celsius: '°C',
  '°f': '°F',
  fahrenheit: '°F',
};
/** What may follow "per" or "/": any unit, and a few words that are only rates. */
const PER_WORDS: Record<string, string> = {
  ...UNITS,
  mo: 'month',
  yr: 'year',
  wk: 'week',
  annum: 'year',
  person: 'person',
  people: 'person',
  user: 'user',
  order: 'order',
};
/** What may follow "a", "an", "each" or "every": a time unit ("$10 a month"). */
const A_WORDS: Record<string, string> = { ...TIME_UNITS };
const ADJECTIVE_PERIODS: Record<string, string> = {
  hourly: 'hour',
  daily: 'day',
  nightly: 'night',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
  annually: 'year',
  annual: 'year',
  'p.a.': 'year',
};
const CURRENCY: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  C$: 'CAD',
  A$: 'AUD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  JPY: 'JPY',
  INR: 'INR',
  CHF: 'CHF',
  CAD: 'CAD',
  AUD: 'AUD',
};
/** The units that are money: an amount with one decimal comma is that amount, not a list. */
const MONEY = new Set([...Object.values(CURRENCY), 'cent']);
const MAGNITUDES: Record<string, number> = {
  k: 3,
  K: 3,
  M: 6,
  B: 9,
  bn: 9,
  thousand: 3,
  million: 6,
  billion: 9,
  trillion: 12,
};
/** Words between a number and its unit that do not change the unit ("30 calendar days"). */
const QUALIFIERS = 'calendar|consecutive|full|whole|straight|additional|extra|more|further';
/** Words between "per" (or "a", "each"…) and a period that do not change it ("per calendar year"). */
const PERIOD_QUALIFIERS = 'calendar|full|whole';

const words = (table: Record<string, unknown>) =>
  Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .map((u) => u.replace(/[.$]/g, '\\$&').replace(/ /g, '[\\s-]'))
    .join('|');
const END = '(?![\\p{L}\\p{N}])';

// All on text whose digits are ASCII. A number starts after no letter, digit or
// `_`, and not just after "1." or "1," (the rest of a number this did not read).
const START = /(?<![\p{L}\p{N}_])(?<![0-9][.,'\u066b\u066c])[0-9]/gu;
/** Groups of three after one kind of separator (, . ' space, Arabic U+066C), then perhaps a decimal part. */
const GROUPED = /([0-9]{1,3})([,.' \u066c])([0-9]{3}(?![0-9])(?:\2[0-9]{3}(?![0-9]))*)(?:([.,\u066b])([0-9]+))?/y;
const TIME = /([0-9]{1,2}):([0-9]{2})(?::[0-9]{2})?(?![0-9])/y;
const PLAIN = /[0-9]+(?:[.,\u066b][0-9]+)*/y;
const CURRENCY_BEFORE = /(?:(US\$|C\$|A\$|[$€£¥₹])|(?<!\p{L})(USD|EUR|GBP|JPY|INR|CHF|CAD|AUD)) ?$/u;
// The patterns that ignore case are matched against caseFolded(text), not with
// the `i` flag: with `u`, `i` makes V8 spend 5 to 10 ms compiling each long word
// list (measured), about as much as the claims of a hundred files take to
// check. One difference: under /iu, \p{L} also took in U+0345 (a combining
// mark whose case folding is a Greek iota); without `i` it is not a letter, as
// SPEC §4's word code points have it.
/**
 * What /iu matches with an ASCII letter, in NFC text: the upper-case letters
 * and LONG S (s). The third, KELVIN SIGN, is a K once NFC has been applied.
 */
const FOLDS_TO_ASCII = /[A-Z\u017f]/g;

/**
 * NFC text with each of those written as its ASCII letter in lower case, at
 * the same length. toLowerCase() does that, natively, but for LONG S, which it
 * leaves, and İ, which it makes two units long: then letter by letter. It
 * lowers other letters too, which the patterns below do not tell apart (still
 * letters, digits or whitespace, each of them).
 */
function caseFolded(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
  return text.replace(FOLDS_TO_ASCII, (c) => (c === '\u017f' ? 's' : c.toLowerCase()));
}

// On the case-folded text, so written in lower case:
const AM_PM = new RegExp(`\\s?(a\\.m\\.|p\\.m\\.|am|pm|noon|midnight)${END}`, 'uy');
const MAGNITUDE_WORD = new RegExp(`\\s?(thousand|million|billion|trillion|bn)${END}`, 'uy');
const UNIT = new RegExp(
  `(?:\\s|[-\\u2010\\u2011])?(?:(?:${QUALIFIERS})[\\s-])?(${words(UNITS)})${END}|\\s?([$€£¥₹])(?![0-9])`,
  'uy',
);
const PER = new RegExp(
  `\\s?(?:per\\s(?:(?:${PERIOD_QUALIFIERS})\\s)?|/\\s?)(${words(PER_WORDS)})${END}|\\s(?:a|an|each|every)\\s(?:(?:${PERIOD_QUALIFIERS})\\s)?(${words(A_WORDS)})${END}|\\s(${words(ADJECTIVE_PERIODS)})${END}`,
  'uy',
);
const TIME_WORD = /(?<![\p{L}\p{N}_])(noon|midday|midnight)(?![\p{L}\p{N}_])/gu;
const RANGE = /^\s?(?:[-\u2010\u2011\u2012\u2013\u2014\u2212]|to|through|thru|until|till)\s?$/u;
const AND = /^\sand\s$/;
const BETWEEN_BEFORE = /\bbetween\s$/;
/** On the text as written: "5k", "$5M", "$2B" (after a currency only), "2bn". */
const MAGNITUDE_SUFFIX = new RegExp(`([kKMB]|bn)${END}`, 'uy');
const TIME_WORDS: Record<string, number> = { noon: 720, midday: 720, midnight: 0 };
const MAY_STATE_A_NUMBER = /\p{Nd}|noon|midday|midnight/iu;

/** A number as it is read, before ranges share units and values are computed. */
interface Reading {
  start: number;
  end: number;
  /** Decimal text of the value ("1234.5"), undefined for a list with no single value ("8,10,12"). */
  decimal: string | undefined;
  /** The integers of the list reading, if any. */
  list: string[] | undefined;
  exponent: number;
  negative: boolean;
  unit: string | undefined;
  per: string | undefined;
  /** Minutes after midnight, for a time of day. */
  times: number[] | undefined;
  hour: number | undefined;
  paren: boolean;
}

function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** A minus before a number, not a dash between numbers ("3-5", "3 -5") or a hyphen in a word. */
function isSign(t: string, at: number): boolean {
  const c = t[at];
  if (c !== '-' && c !== '\u2212') return false;
  if (at === 0) return true;
  const before = t[at - 1];
  if (before === ' ') return at < 2 || !/[0-9%]/.test(t[at - 2]);
  return /[([{=:;~≈<>$€£¥₹"'“‘«*_]/.test(before);
}

/** The digits at `at`: how far they go, their value and, for "8,10", the list they may also be. */
function readDigits(
  t: string,
  at: number,
): { end: number; decimal: string | undefined; list: string[] | undefined; time?: [number, number] } {
  const time = sticky(TIME, t, at);
  if (time && Number(time[1]) <= 24 && Number(time[2]) <= 59)
    return { end: at + time[0].length, decimal: undefined, list: undefined, time: [Number(time[1]), Number(time[2])] };
  const grouped = sticky(GROUPED, t, at);
  // One group after a 0 ("0.500") is a decimal part, not thousands.
  if (grouped && !(/^0+$/.test(grouped[1]) && grouped[3].length === 3 && /[,.]/.test(grouped[2]))) {
    const integer = grouped[1] + grouped[3].replaceAll(grouped[2], '');
    const decimalPart = grouped[4] !== undefined && grouped[4] !== grouped[2];
    const end = at + (decimalPart ? grouped[0].length : grouped[1].length + grouped[2].length + grouped[3].length);
    return { end, decimal: decimalPart ? `${integer}.${grouped[5]}` : integer, list: undefined };
  }
  const plain = sticky(PLAIN, t, at)!;
  const pieces = plain[0].split(/[.,\u066b]/);
  const end = at + plain[0].length;
  if (pieces.length === 1) return { end, decimal: pieces[0], list: undefined };
  if (pieces.length === 2)
    return { end, decimal: `${pieces[0]}.${pieces[1]}`, list: plain[0].includes(',') ? pieces : undefined };
  return { end, decimal: undefined, list: pieces };
}

/** Minutes after midnight for h:mm, with am or pm, or both readings when neither is said. */
function timesOf(hour: number, minute: number, suffix: string | undefined): number[] | undefined {
  const s = suffix?.toLowerCase().replace(/\./g, '');
  if (s === 'noon' || s === 'midnight') return hour === 12 && minute === 0 ? [TIME_WORDS[s]] : undefined;
  if (s !== undefined)
    return hour >= 1 && hour <= 12 ? [((hour % 12) + (s === 'pm' ? 12 : 0)) * 60 + minute] : undefined;
  if (hour >= 1 && hour <= 12) return [(hour % 12) * 60 + minute, ((hour % 12) + 12) * 60 + minute];
  return [(hour % 24) * 60 + minute];
}

/** `t`: the text with ASCII digits; `lower`: the same, case-folded. */
function readNumber(t: string, lower: string, at: number): Reading {
  let start = at;
  let unit: string | undefined;
  const currencyAt = (end: number) => {
    const m = CURRENCY_BEFORE.exec(t.slice(Math.max(0, end - 8), end));
    return m ? { unit: CURRENCY[m[1] ?? m[2]], length: m[0].length } : undefined;
  };
  let currency = currencyAt(start);
  if (currency) start -= currency.length;
  const negative = isSign(t, start - 1);
  if (negative) {
    start--;
    if (!currency && (currency = currencyAt(start))) start -= currency.length;
  }
  unit = currency?.unit;
  const paren = t[at - 1] === '(';
  const digits = readDigits(t, at);
  const reading: Reading = {
    start,
    end: digits.end,
    decimal: digits.decimal,
    list: digits.list,
    exponent: 0,
    negative,
    unit,
    per: undefined,
    times: undefined,
    hour: undefined,
    paren: false,
  };
  let pos = digits.end;

  // A time of day: h:mm, perhaps with am or pm; or an hour with am or pm ("5 pm", "5.30 pm", "12 noon").
  const raw = t.slice(at, digits.end);
  const hm =
    digits.time ??
    (!currency && !negative && /^[0-9]{1,2}(?:\.[0-9]{2})?$/.test(raw) ? raw.split('.').map(Number) : undefined);
  if (hm) {
    const [hour, minute = 0] = hm;
    const suffix = sticky(AM_PM, lower, pos);
    let times = suffix ? timesOf(hour, minute, suffix[1]) : undefined;
    if (times) pos += suffix![0].length;
    else if (digits.time) times = timesOf(hour, minute, undefined);
    if (times)
      return {
        ...reading,
        end: pos,
        decimal: undefined,
        list: undefined,
        unit: 'time of day',
        times,
        hour: minute === 0 ? hour : undefined,
      };
  }

  const magnitude = sticky(MAGNITUDE_SUFFIX, t, pos) ?? sticky(MAGNITUDE_WORD, lower, pos);
  if (magnitude && (magnitude[1] !== 'B' || currency)) {
    reading.exponent = MAGNITUDES[magnitude[1]];
    pos += magnitude[0].length;
  }
  if (unit === undefined) {
    // "thirty (30) days": the unit comes after the closing parenthesis.
    const close = paren && t[pos] === ')' ? 1 : 0;
    const m = sticky(UNIT, lower, pos + close);
    if (m) {
      unit = m[1] !== undefined ? UNITS[m[1].replace(/[\s-]+/g, ' ')] : CURRENCY[m[2]];
      pos += close + m[0].length;
      reading.paren = close === 1;
    }
  }
  const per = sticky(PER, lower, pos);
  if (per) {
    reading.per =
      per[1] !== undefined
        ? PER_WORDS[per[1].replace(/[\s-]+/g, ' ')]
        : per[2] !== undefined
          ? A_WORDS[per[2].replace(/[\s-]+/g, ' ')]
          : ADJECTIVE_PERIODS[per[3]];
    pos += per[0].length;
  }
  return { ...reading, end: pos, unit };
}

function scale(decimal: string, exponent: number, negative: boolean): number {
  const value = Number(`${decimal}e${exponent}`);
  return negative ? -value : value;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The numbers stated in a text, each with its unit or currency and its period. */
export function statedNumbers(text: string): StatedNumber[] {
  // Most text states no number: one quick look before reading it.
  if (!MAY_STATE_A_NUMBER.test(text)) return [];
  const written = normalizeText(text);
  const t = asciiDigits(written);
  const lower = caseFolded(t);
  const readings: Reading[] = [];
  START.lastIndex = 0;
  for (let m = START.exec(t); m; m = START.exec(t)) {
    const r = readNumber(t, lower, m.index);
    // ".5%" is half a percent, not 5%; but "No.5" and "p.12" are numbers 5 and 12.
    if (
      t[m.index - 1] === '.' &&
      !LETTER_OR_DIGIT.test(t[m.index - 2] ?? '') &&
      r.start === m.index &&
      r.decimal !== undefined &&
      /^[0-9]+$/.test(r.decimal) &&
      r.times === undefined
    ) {
      r.start--;
      r.decimal = `0.${r.decimal}`;
      r.list = undefined;
    }
    readings.push(r);
    START.lastIndex = r.end;
  }
  TIME_WORD.lastIndex = 0;
  for (const m of lower.matchAll(TIME_WORD)) {
    if (readings.some((r) => m.index >= r.start && m.index < r.end)) continue; // "12 noon"
    readings.push({
      start: m.index,
      end: m.index + m[0].length,
      decimal: undefined,
      list: undefined,
      exponent: 0,
      negative: false,
      unit: 'time of day',
      per: undefined,
      times: [TIME_WORDS[m[1]]],
      hour: 12,
      paren: false,
    });
  }
  readings.sort((a, b) => a.start - b.start);

  // Ranges ("3-5 days", "3 to 5 days", "between 3 and 5 days"): both ends share a
  // unit, period and magnitude one of them gives, and are named by the whole range.
  const texts = readings.map((r) => written.slice(r.paren ? r.start - 1 : r.start, r.end).trim());
  for (let i = 0; i + 1 < readings.length; i++) {
    let j = i;
    while (j + 1 < readings.length && joined(lower, readings[j], readings[j + 1])) j++;
    if (j === i) continue;
    const range = written.slice(readings[i].start, readings[j].end).trim();
    for (let k = i; k <= j; k++) texts[k] = range;
    const [a, b] = [readings[i], readings[j]];
    if (j === i + 1 && a.times === undefined && b.times === undefined) {
      if (a.unit === undefined) a.unit = b.unit;
      else if (b.unit === undefined) b.unit = a.unit;
      if (a.per === undefined) a.per = b.per;
      else if (b.per === undefined) b.per = a.per;
      if (a.exponent === 0) a.exponent = b.exponent;
    }
    i = j;
  }

  return readings.map((r, i): StatedNumber => {
    if (r.times)
      return {
        text: texts[i],
        values: r.times,
        unit: r.unit,
        per: undefined,
        plain: r.hour !== undefined ? [r.hour] : [],
      };
    const values = r.decimal !== undefined ? [scale(r.decimal, r.exponent, r.negative)] : [];
    // "€4,95" is an amount, never the list 4 and 95 (which would carry a claim's "€95").
    const amount = r.decimal !== undefined && r.unit !== undefined && MONEY.has(r.unit);
    const list = amount
      ? undefined
      : r.list?.map((piece): StatedNumber => {
          const v = [scale(piece, r.exponent, false)];
          return { text: piece, values: v, unit: r.unit, per: r.per, plain: v };
        });
    return { text: texts[i], values, unit: r.unit, per: r.per, plain: values, ...(list ? { list } : {}) };
  });
}

/** `lower`: the case-folded text. */
function joined(lower: string, a: Reading, b: Reading): boolean {
  const between = lower.slice(a.end, b.start);
  if (RANGE.test(between)) return true;
  return AND.test(between) && BETWEEN_BEFORE.test(lower.slice(Math.max(0, a.start - 8), a.start));
}

/** Whether `q` says what `n` says: the same value, and the same unit and period where `n` gives them. */
function carries(n: StatedNumber, q: StatedNumber): boolean {
  const value =
    n.unit === undefined
      ? n.values.some((v) => q.plain.includes(v))
      : n.unit === q.unit && n.values.some((v) => q.values.includes(v));
  return value && (n.per === undefined || n.per === q.per);
}

/**
 * The same question as carries() over a whole quote, as keys: a claim number
 * with no unit is carried by a quote number of the same value as written
 * plain; one with a unit, by the same value in the same unit; and one with a
 * period, only with the same period. For a claim of many numbers against a
 * quote of many, which compared pair by pair took seconds.
 */
function carried(quote: readonly StatedNumber[]): (n: StatedNumber) => boolean {
  const keys = new Set<string>();
  for (const q of quote) {
    for (const v of q.plain) keys.add(`p ${v}`).add(`p ${v} ${q.per}`);
    for (const v of q.values) keys.add(`u ${v} ${q.unit}`).add(`u ${v} ${q.unit} ${q.per}`);
  }
  return (n) =>
    n.values.some((v) => {
      const key = n.unit === undefined ? `p ${v}` : `u ${v} ${n.unit}`;
      return keys.has(n.per === undefined ? key : `${key} ${n.per}`);
    });
}

/** Pairs beyond which carried()'s keys cost less than comparing each pair (most claims and quotes state a number or two). */
const PAIRS_FOR_KEYS = 256;

/** Whether the quote's numbers carry `n`, or, for a list, each of its numbers. */
function stated(n: StatedNumber, carriedBy: (n: StatedNumber) => boolean): boolean {
  return carriedBy(n) || n.list?.every((p) => stated(p, carriedBy)) === true;
}

/** The claim's numbers that its quote does not carry (once per text as written), and what the quote has instead (once per text). */
export function missingNumbers(
  claim: string,
  quote: string,
): { missing: StatedNumber[]; quoteHas: readonly StatedNumber[] } {
  const none = { missing: [], quoteHas: [] };
  if (!MAY_STATE_A_NUMBER.test(claim)) return none;
  const inClaim = statedNumbers(withoutListMarker(normalizeText(claim)));
  if (inClaim.length === 0) return none;
  const inQuote = statedNumbers(quote);
  const all = inQuote.flatMap((q) => [q, ...(q.list ?? [])]);
  const carriedBy =
    inClaim.length * all.length > PAIRS_FOR_KEYS ? carried(all) : (n: StatedNumber) => all.some((q) => carries(n, q));
  const seen = new Set<string>();
  const quoteHas = inQuote.filter((q) => !seen.has(q.text) && seen.add(q.text));
  const said = new Set<string>();
  return { missing: inClaim.filter((n) => !stated(n, carriedBy) && !said.has(n.text) && said.add(n.text)), quoteHas };
}
