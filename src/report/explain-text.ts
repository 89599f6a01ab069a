// Why a record got its verdict, in a few lines a reviewer reads at a glance.
// Shared by `check --explain`, the annotations and the job summary. Untrusted
// text (quotes, passages, ids) is escaped by the caller's sink.
import { MAX_COUNTED_MATCHES } from '../check/explain.js';
import { compactDiff, MAX_EXPLAINED_QUOTE } from '../engine/diagnose/closest.js';
import { MAX_REPORTED_MATCHES } from '../engine/verdict.js';
import type {
  AmbiguousQuote,
  ClosestResult,
  ContextDetail,
  HintResult,
  MatchPosition,
  RecordResult,
} from '../model/result.js';
import { shorten } from '../model/escape.js';

const PASSAGE_SHOWN = 200;
/** Shared words kept on either side of a change in a long diff. */
const DIFF_CONTEXT = 6;

/** Characters a reader cannot see but that make texts differ: shown as \u{…}. */
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

function visible(text: string): string {
  return text.replace(INVISIBLE, (ch) => `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
}

function at(p: MatchPosition): string {
  return p.line === p.endLine
    ? `line ${p.line}, columns ${p.column}-${p.endColumn - 1}`
    : `line ${p.line}, column ${p.column} to line ${p.endLine}, column ${p.endColumn - 1}`;
}

/** What a hint of each folding kind says differs (it would match but for that). */
const ONLY: Partial<Record<HintResult['kind'], string>> = {
  case: 'only letter case differs',
  accents: 'only accents differ',
  quotes: 'only typographic quotes, apostrophes or dashes differ',
  compatibility: 'only ligatures or other compatibility characters differ',
  invisible: 'only invisible characters differ',
  hyphenation: 'only a word hyphenated across a line break differs',
  markup: 'only Markdown markup differs',
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Similarity as a percentage; a passage that differs is never shown as 100%. */
function percent(similarity: number): number {
  return similarity >= 1 ? 100 : Math.min(99, Math.round(similarity * 100));
}

/** How a prefix or suffix narrowed the quote's matches. */
function contextLines(c: ContextDetail): string[] {
  // The quote alone is not there either: the closest passage explains that.
  if (c.candidates === 0) return [];
  const which = [c.prefix ? 'prefix' : '', c.suffix ? 'suffix' : ''].filter(Boolean).join(' and ');
  const alone =
    c.prefixKept !== undefined && c.suffixKept !== undefined
      ? `${c.moreCandidates ? `of the first ${c.candidates} matches, ` : ''}the prefix alone keeps ${c.prefixKept}, the suffix alone keeps ${c.suffixKept}`
      : undefined;
  const matches = c.moreCandidates ? `more than ${c.candidates} matches` : plural(c.candidates, 'match', 'matches');
  if (c.kept > 0) {
    if (alone) return [`${alone}, together ${c.kept} of the quote's ${matches}`];
    if (c.kept === c.candidates && c.kept > 1 && !c.moreCandidates)
      return [`the ${which} keeps all ${c.candidates} of the quote's matches: it sets none apart`];
    return [`the ${which} kept ${c.kept} of the quote's ${matches}`];
  }
  const rule =
    c.prefix && c.suffix
      ? 'after the prefix and before the suffix'
      : c.prefix
        ? 'after the prefix'
        : 'before the suffix';
  const shown = c.occurrences?.length ?? 0;
  const times = c.moreCandidates
    ? `more than ${c.candidates} times`
    : c.candidates === 1
      ? 'once'
      : `${c.candidates} times`;
  const lines = [
    `the quote occurs ${times} in the source, but never ${rule}${alone ? ` (${alone})` : ''}` +
      `${shown > 0 && shown < c.candidates ? `; the first ${shown}:` : shown > 0 ? ':' : ''}`,
  ];
  for (const o of c.occurrences ?? []) {
    const around = [
      o.before !== undefined
        ? o.before === ''
          ? 'at the start of the source'
          : `after "${shorten(o.before, 80)}"`
        : '',
      o.after !== undefined ? (o.after === '' ? 'at the end of the source' : `before "${shorten(o.after, 80)}"`) : '',
    ]
      .filter(Boolean)
      .join(' and ');
    lines.push(`at ${at(o.at)} it comes ${around}`);
  }
  return lines;
}

/** Explanation lines for a record (none for a plain located one). */
export function explainRecord(r: RecordResult): string[] {
  const lines: string[] = [];
  switch (r.verdict) {
    case 'located':
      if (r.match) lines.push(`found at ${at(r.match)}`);
      if (r.context) lines.push(...contextLines(r.context));
      break;
    case 'empty quote':
      lines.push(r.quote === '' ? 'the quote is empty' : 'the quote is empty once whitespace is collapsed');
      break;
    case 'unknown source':
      if (r.sourceId !== null) {
        const missing = `the manifest has no source "${shorten(r.sourceId, 80)}"`;
        if (r.similarIds && r.similarIds.length > 0)
          lines.push(`${missing}; did you mean ${r.similarIds.join(' or ')}?`);
        else if (r.sourceIds && r.sourceIds.length > 0)
          lines.push(`${missing}; its ${r.sourceIds.length === 1 ? 'source is' : 'sources are'} ${list(r.sourceIds)}`);
        else lines.push(`${missing}, nor one with a similar id`);
      }
      lines.push(...hintLines(r.hints, undefined));
      break;
    case 'ambiguous quote':
      if (r.context) lines.push(...contextLines(r.context));
      lines.push(...ambiguityLines(r));
      break;
    case 'quote not found':
      if (r.context) lines.push(...contextLines(r.context));
      if (r.tooLong)
        lines.push(
          `the quote is too long to explain (over ${MAX_EXPLAINED_QUOTE.toLocaleString('en-US')} characters): no closest passage was looked for`,
        );
      else if (r.closest === null) lines.push('no passage of the source is close to the quote');
      else if (r.closest) lines.push(closestLine(r.closest));
      lines.push(...hintLines(r.hints, r.closest));
      break;
    default:
      break;
  }
  return lines;
}

function ambiguityLines(r: AmbiguousQuote): string[] {
  const lines: string[] = [];
  const shown = r.matches.slice(0, 10).map(at).join('; ');
  const count = r.tooManyMatches
    ? `more than ${MAX_COUNTED_MATCHES}`
    : (r.matchCount ??
      (r.matches.length >= MAX_REPORTED_MATCHES ? `${MAX_REPORTED_MATCHES} or more` : r.matches.length));
  lines.push(`${count} matches: ${shown}${r.matches.length > 10 ? '; …' : ''}`);
  if (r.tooManyMatches)
    lines.push('too many matches to suggest a prefix or suffix that sets one apart: quote more of the passage');
  for (const s of r.suggestions ?? []) {
    // A record that has a prefix already is told to extend it: the suggestion ends with it.
    const ways = [
      s.prefix !== undefined
        ? `${r.context?.prefix ? 'extend its prefix to' : 'add prefix'} "${shorten(s.prefix, 80)}"`
        : '',
      s.suffix !== undefined
        ? `${r.context?.suffix ? 'extend its suffix to' : 'add suffix'} "${shorten(s.suffix, 80)}"`
        : '',
    ].filter(Boolean);
    if (ways.length === 2 && ways[1].startsWith('add ') && ways[0].startsWith('add ')) ways[1] = ways[1].slice(4);
    lines.push(
      ways.length > 0
        ? `to cite the one at ${at(s.at)}: ${ways.join(' or ')} (or quote that much more)`
        : `the one at ${at(s.at)} has no nearby text that sets it apart`,
    );
  }
  return lines;
}

function closestLine(closest: ClosestResult): string {
  // Long runs of shared words are cut around each change, so that every change shows (read back from JSON, the diff is only shortened).
  const diff =
    closest.parts && closest.diff.length > PASSAGE_SHOWN * 2 ? compactDiff(closest.parts, DIFF_CONTEXT) : closest.diff;
  return `closest passage (${percent(closest.similarity)}% similar, ${at(closest.at)}): ${visible(shorten(diff, PASSAGE_SHOWN * 2))}`;
}

function hintLines(hints: readonly HintResult[] | undefined, closest: ClosestResult | null | undefined): string[] {
  const lines: string[] = [];
  for (const h of hints ?? []) {
    if (h.kind === 'other version') {
      lines.push(`hint: the quote is in ${h.sourceId}, another version of this document, at ${at(h.at)}`);
    } else if (h.kind === 'other source') {
      lines.push(`hint: the quote is in another source, ${h.sourceId}, at ${at(h.at)}`);
    } else {
      // Without a closest passage above it, the hint shows the source's text too.
      const passage = closest ? '' : `: the source has "${visible(shorten(h.passage, PASSAGE_SHOWN))}"`;
      const label = ONLY[h.kind];
      lines.push(
        `hint: ${label ? `${label}: ` : ''}${visible(shorten(h.difference, PASSAGE_SHOWN * 2))} (${at(h.at)})${passage}`,
      );
    }
  }
  return lines;
}
