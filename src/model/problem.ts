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
