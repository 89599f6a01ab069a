// Diagnostics as the run computes them, for one record against one source text.
import { Buffer } from 'node:buffer';
import { explain } from '../../src/check/explain.js';
import { placer } from '../../src/check/placer.js';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { SourceNormalizer } from '../../src/engine/normalize.js';
import { checkFields } from '../../src/engine/record.js';
import { ScanSearcher } from '../../src/engine/search.js';
import { decideVerdict } from '../../src/engine/verdict.js';
import type { Explanation, MatchPosition } from '../../src/model/result.js';

/** The diagnostics of one record against `original`, as the run computes them. */
export function explainIn(original: string, record: Record<string, unknown>): { verdict: string; detail: Explanation } {
  const bytes = Buffer.from(original, 'utf8');
  const normalized = new SourceNormalizer().normalize(bytes);
  const fields = checkFields(new Map(Object.entries({ citation_id: 'c', source_id: 's', ...record })));
  const decision = decideVerdict(fields, { kind: 'ready', searcher: new ScanSearcher(normalized.bytes) });
  const detail = explain(decision, new SourceView(Buffer.from(normalized.bytes)), placer(bytes, normalized), 's');
  return { verdict: decision.verdict, detail };
}

/** The original text at a reported range (lines and columns in code points). */
export function sliceAt(original: string, m: MatchPosition): string {
  const lines = original.split(/\r\n|\r|\n/).map((l) => [...l]);
  if (m.line === m.endLine) return lines[m.line - 1].slice(m.column - 1, m.endColumn - 1).join('');
  const parts = [lines[m.line - 1].slice(m.column - 1).join('')];
  for (let l = m.line + 1; l < m.endLine; l++) parts.push(lines[l - 1].join(''));
  parts.push(lines[m.endLine - 1].slice(0, m.endColumn - 1).join(''));
  return parts.join('\n');
}
