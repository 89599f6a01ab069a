// The verdicts of SPEC §2, in the order reports list them (best first). The
// engine decides them (engine/verdict.ts); every layer names them.

/** Every verdict, best first. */
export const VERDICTS = [
  'located',
  'quote not found',
  'ambiguous quote',
  'empty quote',
  'source unverified',
  'source not permitted',
  'unknown source',
  'invalid fields',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Whether a record of this verdict says why: refused on its fields, or on its source (a report carries the reason). */
export function needsReason(verdict: Verdict): boolean {
  return verdict === 'invalid fields' || verdict === 'source unverified' || verdict === 'source not permitted';
}
