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
