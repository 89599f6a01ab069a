/** Where a command writes; the entry point passes the process streams, tests pass strings. */
export interface CommandIO {
  stdout(text: string): void;
  stderr(text: string): void;
}
