// How the checks beyond quotes count (the manifest's `checks`, and the
// options and inputs that override it).

/** Not run, reported, or failing the run. */
export type CheckLevel = 'off' | 'warn' | 'fail';
export const CHECK_LEVELS: readonly CheckLevel[] = ['off', 'warn', 'fail'];

export interface CheckLevels {
  readonly uncitedClaims: CheckLevel;
  readonly requiredSources: CheckLevel;
  readonly claimNumbers: CheckLevel;
  /** Where a saved response's citation says its quote is (docs/claude.md). */
  readonly citationLocations: CheckLevel;
}

export const DEFAULT_CHECKS: CheckLevels = {
  uncitedClaims: 'warn',
  requiredSources: 'fail',
  claimNumbers: 'fail',
  // Warn: the API does not document the unit of its character indices, and
  // they count in the document the request sent, which may differ from the
  // pinned file by a BOM or its line ends; the quote itself is checked verbatim.
  citationLocations: 'warn',
};

/** The manifest's names of the checks; the CLI's options and the Action's inputs have dashes for underscores. */
export const CHECK_NAMES: Record<keyof CheckLevels, string> = {
  uncitedClaims: 'uncited_claims',
  requiredSources: 'required_sources',
  claimNumbers: 'claim_numbers',
  citationLocations: 'citation_locations',
};

/** A level given for a check that is not one: the option or input, and the value. */
export class LevelError extends Error {
  constructor(
    readonly option: string,
    readonly value: string,
  ) {
    super(`${option} takes ${CHECK_LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
  }
}

/**
 * The levels a front end's options or inputs set, read by their dashed names
 * (`uncited-claims`): `read` gives a value or undefined when not set. Throws
 * LevelError for a value that is not a level; the front end words it.
 */
export function readLevelOverrides(read: (name: string) => string | undefined): Partial<CheckLevels> {
  const overrides: { -readonly [K in keyof CheckLevels]?: CheckLevel } = {};
  for (const [field, name] of Object.entries(CHECK_NAMES) as [keyof CheckLevels, string][]) {
    const dashed = name.replace(/_/g, '-');
    const value = read(dashed);
    if (value === undefined) continue;
    if (!(CHECK_LEVELS as readonly string[]).includes(value)) throw new LevelError(dashed, value);
    overrides[field] = value as CheckLevel;
  }
  return overrides;
}
