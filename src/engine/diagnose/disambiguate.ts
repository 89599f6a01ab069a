// For an ambiguous quote: the shortest context that picks out each match, in
// the manner of the W3C TextQuoteSelector (and Apache Annotator's
// describeTextQuote): a few whole words just before (prefix) or after (suffix)
// that no other match shares.

export interface ContextSuggestion {
  /** Index of the match in the list it was given (ascending positions). */
  readonly match: number;
  /** Whole words before the match that no other match has there; undefined if none do. */
  readonly prefix?: string;
  /** Whole words after the match that no other match has there. */
  readonly suffix?: string;
}

/** Contexts are looked for up to this many characters away. */
const MAX_CONTEXT = 300;
/** Suggestions are made for this many matches at most. */
export const MAX_SUGGESTIONS = 5;

/**
 * `text` is the normalized source, `starts` the matches' start indices in it
 * (UTF-16, ascending) and `length` the quote's length in UTF-16 units.
 */
export function suggestContexts(text: string, starts: readonly number[], length: number): ContextSuggestion[] {
  const suggestions: ContextSuggestion[] = [];
  for (let k = 0; k < starts.length && k < MAX_SUGGESTIONS; k++) {
    const prefix = uniquePrefix(text, starts, k);
    const suffix = uniqueSuffix(text, starts, length, k);
    suggestions.push({
      match: k,
      ...(prefix !== undefined ? { prefix } : {}),
      ...(suffix !== undefined ? { suffix } : {}),
    });
  }
  return suggestions;
}

/**
 * The fewest whole words before match k whose text no other match has just
 * before it: longer than the longest stretch match k shares with any other,
 * then out to the start of a word. SPEC §1 compares contexts without the one
 * space where context meets quote, and so does this.
 */
function uniquePrefix(text: string, starts: readonly number[], k: number): string | undefined {
  const end = contextEnd(text, starts[k]);
  let shared = 0;
  for (let j = 0; j < starts.length; j++) {
    if (j === k) continue;
    const other = contextEnd(text, starts[j]);
    let n = 0;
    while (n < MAX_CONTEXT && n < end && n < other && text[end - 1 - n] === text[other - 1 - n]) n++;
    // The other match's context is all of this one's: no prefix can tell them apart.
    if (n === end) return undefined;
    if (n > shared) shared = n;
  }
  if (shared >= MAX_CONTEXT) return undefined;
  // One character more than is shared, then out to the start of that word.
  let from = end - shared - 1;
  while (from > 0 && text.charCodeAt(from - 1) !== 0x20) from--;
  return text.slice(from, end);
}

function uniqueSuffix(text: string, starts: readonly number[], length: number, k: number): string | undefined {
  const from = contextStart(text, starts[k] + length);
  let shared = 0;
  for (let j = 0; j < starts.length; j++) {
    if (j === k) continue;
    const other = contextStart(text, starts[j] + length);
    let n = 0;
    while (n < MAX_CONTEXT && from + n < text.length && other + n < text.length && text[from + n] === text[other + n])
      n++;
    if (from + n === text.length) return undefined;
    if (n > shared) shared = n;
  }
  if (shared >= MAX_CONTEXT) return undefined;
  let to = from + shared + 1;
  while (to < text.length && text.charCodeAt(to) !== 0x20) to++;
  return text.slice(from, to);
}

/** Where the context before a match ends: before the one space that joins them. */
function contextEnd(text: string, start: number): number {
  return start > 0 && text.charCodeAt(start - 1) === 0x20 ? start - 1 : start;
}

function contextStart(text: string, end: number): number {
  return end < text.length && text.charCodeAt(end) === 0x20 ? end + 1 : end;
}
