import { Buffer } from 'node:buffer';
import { SourceNormalizer } from '../../src/engine/normalize.js';
import { checkFields } from '../../src/engine/record.js';
import { prepareQuote } from '../../src/engine/match.js';
import { normalizeText } from '../../src/engine/normalize.js';
import { QuoteSet } from '../../src/engine/quote-scan.js';
import { ScanSearcher, ScannedSearcher } from '../../src/engine/search.js';
import { decideVerdict, type SourceAccess } from '../../src/engine/verdict.js';
import type { Verdict } from '../../src/model/verdict.js';

/** The verdict the engine gives a record against a one-source manifest (source null: not in it). */
export function engineVerdict(
  source: string | null,
  record: Record<string, unknown>,
  search: 'scan' | 'set' = 'scan',
): Verdict {
  const fields = checkFields(new Map(Object.entries(record)));
  let access: SourceAccess = { kind: 'unknown' };
  if (source !== null) {
    const normalized = new SourceNormalizer().normalize(Buffer.from(source, 'utf8'));
    if (search === 'scan') access = { kind: 'ready', searcher: new ScanSearcher(normalized.bytes) };
    else {
      const set = new QuoteSet();
      const quote = typeof record.quote === 'string' ? normalizeText(record.quote) : '';
      const ids = quote === '' ? [] : [set.add(prepareQuote(quote), 100)];
      access = {
        kind: 'ready',
        searcher: new ScannedSearcher(normalized.bytes, set, set.scan(normalized.bytes, new Set(ids))),
      };
    }
  }
  return decideVerdict(fields, access).verdict;
}
