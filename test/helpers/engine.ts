import { Buffer } from 'node:buffer';
import { SourceNormalizer } from '../../src/engine/normalize.js';
import { checkFields } from '../../src/engine/record.js';
import { IndexedSearcher, ScanSearcher } from '../../src/engine/search.js';
import { decideVerdict, type SourceAccess, type Verdict } from '../../src/engine/verdict.js';

/** The verdict the engine gives a record against a one-source manifest (source null: not in it). */
export function engineVerdict(source: string | null, record: Record<string, unknown>, search: 'scan' | 'index' = 'scan'): Verdict {
  const fields = checkFields(new Map(Object.entries(record)));
  let access: SourceAccess = { kind: 'unknown' };
  if (source !== null) {
    const normalized = new SourceNormalizer().normalize(Buffer.from(source, 'utf8'));
    access = { kind: 'ready', searcher: search === 'scan' ? new ScanSearcher(normalized.bytes) : new IndexedSearcher(normalized.bytes) };
  }
  return decideVerdict(fields, access).verdict;
}
