// Why a record got its verdict, in a few lines a reviewer reads at a glance.
// Shared by `check --explain`, the annotations and the job summary. Untrusted
// text (quotes, passages, ids) is escaped by the caller's sink.
import type { MatchPosition, RecordResult } from '../check/result.js';
import { shorten } from './escape.js';

const PASSAGE_SHOWN = 200;

/** Characters a reader cannot see but that make texts differ: shown as \u{…}. */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

function visible(text: string): string {
  return text.replace(INVISIBLE, (ch) => `\\u{${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`);
}

export function at(p: MatchPosition): string {
  return p.line === p.endLine
    ? `line ${p.line}, columns ${p.column}-${p.endColumn - 1}`
    : `line ${p.line}, column ${p.column} to line ${p.endLine}, column ${p.endColumn - 1}`;
}

/** Explanation lines for a record (none for a plain located one). */
export function explainRecord(r: RecordResult): string[] {
  const lines: string[] = [];
  const d = r.detail;
  if (r.verdict === 'located' && r.matches[0]) lines.push(`found at ${at(r.matches[0])}`);
  if (d?.context) {
    const which = [d.context.prefix ? 'prefix' : '', d.context.suffix ? 'suffix' : ''].filter(Boolean).join(' and ');
    lines.push(`the ${which} kept ${d.context.kept} of the quote's ${d.context.candidates} match${d.context.candidates === 1 ? '' : 'es'}`);
  }
  if (r.verdict === 'ambiguous quote') {
    const shown = r.matches.slice(0, 10).map(at).join('; ');
    lines.push(`${r.matches.length >= 100 ? '100 or more' : r.matches.length} matches: ${shown}${r.matches.length > 10 ? '; …' : ''}`);
    for (const s of d?.suggestions ?? []) {
      const ways = [
        s.prefix !== undefined ? `prefix "${shorten(s.prefix, 80)}"` : '',
        s.suffix !== undefined ? `suffix "${shorten(s.suffix, 80)}"` : '',
      ].filter(Boolean);
      lines.push(ways.length > 0
        ? `to cite the one at ${at(s.at)}: add ${ways.join(' or ')} (or quote that much more)`
        : `the one at ${at(s.at)} has no nearby text that sets it apart`);
    }
  }
  if (d?.closest === null) lines.push('no passage of the source is close to the quote');
  else if (d?.closest) {
    lines.push(`closest passage (${Math.round(d.closest.similarity * 100)}% similar, ${at(d.closest.at)}): ${visible(shorten(d.closest.diff, PASSAGE_SHOWN * 2))}`);
  }
  for (const h of d?.hints ?? []) {
    if (h.kind === 'other version') {
      lines.push(`hint: the quote is in ${h.sourceId}, another version of this document, at ${at(h.at)}`);
    } else if (h.kind === 'other source') {
      lines.push(`hint: the quote is in another source, ${h.sourceId}, at ${at(h.at)}`);
    } else {
      lines.push(`hint: it would match but for ${h.difference}: the source has "${visible(shorten(h.passage, PASSAGE_SHOWN))}" at ${at(h.at)}`);
    }
  }
  if (d?.similarIds && d.similarIds.length > 0) lines.push(`did you mean ${d.similarIds.join(' or ')}?`);
  return lines;
}
