/** Something wrong with an input file, at a place in it. */
export interface Problem {
  /** Workspace-relative path with `/`. */
  readonly file: string;
  /** 1-based; 0 when the problem is about the file as a whole (it cannot be read). */
  readonly line: number;
  /** 1-based, in code points; 0 with line 0. */
  readonly column: number;
  readonly message: string;
  /**
   * What the problem is about, where the file does not say it: a source that
   * failed verification, a rule of the manifest, a search for citation
   * files that links made too long to finish, or a saved model response that
   * cannot pass (a batch request that did not succeed, a response cut short
   * or without any citation). Problems with the manifest's own text never
   * reach a report (the run stops), and any other is a citation file's
   * (undefined).
   */
  readonly kind?: 'source unverified' | 'manifest rule' | 'not all listed' | 'response';
}

/** `file:line:column: message`, the form editors and terminals turn into links. */
export function formatProblem(problem: Problem): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
  return `${where}: ${problem.message}`;
}

/** How serious a line on standard error is: an error fails the run (or stops it), a warning does not. */
export type Level = 'error' | 'warning';

/**
 * The one form of every line the CLI writes to standard error, which editors
 * and problem matchers read: `file:line:column: level: message`, `file:
 * level: message` for a file as a whole, and `citegate: level: message` for
 * what is about no file (`file` is then undefined).
 */
export function formatDiagnostic(
  where: Pick<Problem, 'file' | 'line' | 'column'> | undefined,
  level: Level,
  message: string,
): string {
  const at =
    where === undefined ? 'citegate' : where.line > 0 ? `${where.file}:${where.line}:${where.column}` : where.file;
  return `${at}: ${level}: ${message}`;
}
