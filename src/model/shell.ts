// Commands a message tells the user to run: ids and paths come from the
// manifest, so each word is quoted as a POSIX shell reads it back, and a
// word that starts with `-` comes after `--`, where no option is parsed.

/** A word as a POSIX shell reads it back. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The `citegate pin` command that re-pins these sources, by id. */
export function pinCommandLine(ids: Iterable<string>): string {
  const words = [...ids];
  const end = words.some((id) => id.startsWith('-')) ? ' --' : '';
  return `citegate pin${end}${words.map((id) => ` ${shellWord(id)}`).join('')}`;
}
