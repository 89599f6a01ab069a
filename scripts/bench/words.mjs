// The vocabulary of the generated prose: a fixed list of realistic words plus a
// few thousand pronounceable pseudo-words made from syllables by a seeded
// generator, so every corpus draws from the same few thousand words.
import { Rng } from './prng.mjs';

export const BOILERPLATE = 'Contact support for help.';

export const FUNCTION_WORDS = (
  'the a an of to and or in on at by for with from as is are was be been it this that these ' +
  'those which who we you they our your their its not no all any each every some more most ' +
  'than then when if but so also only may must can will should within after before under over'
).split(' ');

const REALISTIC = (
  'return returns refund refunds order orders customer customers receipt receipts policy policies ' +
  'account accounts payment payments invoice invoices shipping delivery package packages item items ' +
  'product products warranty warranties repair repairs replacement store stores online purchase ' +
  'purchases price prices discount discounts coupon coupons member members membership subscription ' +
  'renewal cancellation period periods days weeks months year years date dates notice notices fee fees ' +
  'charge charges credit debit card cards bank transfer balance statement statements agent agents team ' +
  'office offices hours opening closing weekday weekend holiday holidays request requests form forms ' +
  'email address phone number numbers message messages reply replies ticket tickets case cases review ' +
  'reviews record records document documents page pages section sections paragraph clause clauses ' +
  'contract contracts agreement terms condition conditions exception exceptions rule rules limit limits ' +
  'amount amounts total totals tax taxes region regions country countries city cities local national ' +
  'standard express priority free paid unpaid damaged defective original opened unopened sealed used ' +
  'new old full partial eligible ineligible required optional available unavailable accepted rejected ' +
  'approved pending processed issued received sent shipped returned exchanged replaced repaired ' +
  'cancelled renewed updated changed verified confirmed reviewed signed printed stamped listed shown ' +
  'described explained provided requested submitted completed started finished opened closed written ' +
  'customer-facing first second third last next previous final initial annual monthly weekly daily ' +
  'written verbal formal informal clear brief short long small large heavy light fragile perishable ' +
  'seasonal regular special limited extended standard-size oversized digital physical electronic ' +
  'clothing shoes furniture appliances books music games toys tools garden kitchen bathroom bedroom ' +
  'battery batteries charger cable screen keyboard laptop phone tablet camera speaker headphones ' +
  'manual guide instructions label labels box boxes bag bags carrier courier warehouse depot counter ' +
  'desk branch headquarters manager supervisor staff employee employees contractor vendor supplier ' +
  'partner partners client clients user users visitor guest guests patient patients student students ' +
  'teacher course courses lesson exam results grade grades library loan loans fine fines deadline ' +
  'deadlines schedule schedules appointment appointments visit visits service services support help ' +
  'guarantee guaranteed proof evidence reason reasons cause decision decisions outcome approval denial ' +
  'claim claims dispute disputes complaint complaints feedback survey rating ratings score scores'
).split(/\s+/);

const APOSTROPHE_WORDS = [
  'customer’s',
  'company’s',
  'store’s',
  'don’t',
  'doesn’t',
  'isn’t',
  'aren’t',
  'won’t',
  'can’t',
  'it’s',
  'we’ll',
  'you’ll',
  'we’re',
  'they’re',
  'o’clock',
  'members’',
  'today’s',
  'year’s',
];

/** Precomposed (NFC) accented Latin words. */
export const ACCENTED = [
  'café',
  'niño',
  'über',
  'señor',
  'jalapeño',
  'naïve',
  'résumé',
  'façade',
  'crème',
  'brûlée',
  'déjà',
  'fiancée',
  'Müller',
  'Zürich',
  'São',
  'Ångström',
  'coöperate',
  'mañana',
  'años',
  'pâté',
  'smörgåsbord',
  'Björk',
  'Gödel',
  'Dvořák',
  'Łódź',
  'entrée',
  'protégé',
  'soirée',
  'piñata',
  'Málaga',
  'Köln',
  'Düsseldorf',
  'Ñuñoa',
  'élite',
  'rôle',
  'naïveté',
  'exposé',
  'cliché',
  'touché',
  'Bogotá',
];

/** The same words decomposed (NFD: e + U+0301 and so on), for about 1 word in 200. */
export const DECOMPOSED = ACCENTED.map((w) => w.normalize('NFD'));

export const FOREIGN = [
  'λόγος',
  'αλήθεια',
  'Ελλάδα',
  'ευχαριστώ',
  'правда',
  'книга',
  'Москва',
  'спасибо',
  'магазин',
  '東京',
  '漢字',
  '日本語',
  '中文',
  '北京',
  '返品',
  '한국어',
  '서울',
];

const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'cl',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'pr',
  'qu',
  'r',
  's',
  'sh',
  'sl',
  'st',
  't',
  'th',
  'tr',
  'v',
  'w',
  'z',
  '',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 't', 'm', 'nd', 'st', 'rk', 'x', 'ng'];
const SUFFIXES = ['', '', '', '', 'ing', 'ed', 'er', 'ly', 'tion', 'ment', 'ness', 'able', 's'];

function makeGenerated(count) {
  const rng = new Rng('citegate-bench/vocabulary/1');
  const seen = new Set([...FUNCTION_WORDS, ...REALISTIC]);
  const out = [];
  while (out.length < count) {
    const syllables = rng.range(1, 3);
    let w = '';
    for (let i = 0; i < syllables; i++) w += rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS);
    w += rng.pick(SUFFIXES);
    if (w.length < 3 || w.length > 10 || seen.has(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}

/** Content words: realistic ones first (drawn more often), then generated ones. */
export const CONTENT_WORDS = [...new Set(REALISTIC)].concat(makeGenerated(3200));

export { APOSTROPHE_WORDS };

/** Draws one word. The mix is tuned for prose that exercises normalization. */
export function drawWord(rng) {
  const r = rng.float();
  if (r < 0.34) return FUNCTION_WORDS[rng.int(FUNCTION_WORDS.length)];
  if (r < 0.345) return DECOMPOSED[rng.int(DECOMPOSED.length)]; // about 1 word in 200
  if (r < 0.36) return ACCENTED[rng.int(ACCENTED.length)];
  if (r < 0.364) return FOREIGN[rng.int(FOREIGN.length)];
  if (r < 0.38) return drawNumber(rng);
  if (r < 0.395) return APOSTROPHE_WORDS[rng.int(APOSTROPHE_WORDS.length)];
  // Mildly skewed towards the start of the list (the realistic words).
  const f = rng.float();
  return CONTENT_WORDS[Math.floor(f * f * CONTENT_WORDS.length)];
}

function drawNumber(rng) {
  const r = rng.float();
  if (r < 0.4) return String(rng.pick([1, 2, 3, 5, 7, 10, 14, 17, 21, 30, 45, 60, 90, 100, 365]));
  if (r < 0.6) return String(2000 + rng.int(40));
  if (r < 0.8) return `$${rng.range(1, 500)}.${String(rng.int(100)).padStart(2, '0')}`;
  return `${rng.range(1, 99)}%`;
}
