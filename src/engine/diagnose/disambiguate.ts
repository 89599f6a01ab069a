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

/** Contexts are searched up to this many words. */
const MAX_CONTEXT_WORDS = 12;
/** Suggestions are made for this many matches at most. */
export const MAX_SUGGESTIONS = 5;

/**
 * `text` is the normalized source, `starts` the matches' start indices in it
 * (UTF-16, ascending) and `length` the quote's length in UTF-16 units.
 */
export function suggestContexts(text: string, starts: readonly number[], length: number): ContextSuggestion[] {
  const before = starts.map((s) => wordsBefore(text, s));
  const after = starts.map((s) => wordsAfter(text, s + length));
  const beforeText = before.map((w) => w.join(' '));
  const afterText = after.map((w) => w.join(' '));
  const suggestions: ContextSuggestion[] = [];
  for (let k = 0; k < starts.length && k < MAX_SUGGESTIONS; k++) {
    // A context picks out match k when no other match's text ends (starts) with it:
    // the same test the prefix and suffix fields get (SPEC §1).
    const prefix = shortest(before[k], (n) => before[k].slice(before[k].length - n).join(' '),
      (candidate) => beforeText.every((other, j) => j === k || !other.endsWith(candidate)));
    const suffix = shortest(after[k], (n) => after[k].slice(0, n).join(' '),
      (candidate) => afterText.every((other, j) => j === k || !other.startsWith(candidate)));
    suggestions.push({ match: k, ...(prefix !== undefined ? { prefix } : {}), ...(suffix !== undefined ? { suffix } : {}) });
  }
  return suggestions;
}

function shortest(words: string[], take: (n: number) => string, unique: (candidate: string) => boolean): string | undefined {
  for (let n = 1; n <= Math.min(words.length, MAX_CONTEXT_WORDS); n++) {
    const candidate = take(n);
    if (unique(candidate)) return candidate;
  }
  return undefined;
}

function wordsBefore(text: string, start: number): string[] {
  const from = Math.max(0, start - 400);
  const words = text.slice(from, start).split(' ').filter(Boolean);
  // The first piece may be cut in the middle of a word.
  if (from > 0 && words.length > 0) words.shift();
  return words.slice(-MAX_CONTEXT_WORDS);
}

function wordsAfter(text: string, end: number): string[] {
  const to = Math.min(text.length, end + 400);
  const words = text.slice(end, to).split(' ').filter(Boolean);
  if (to < text.length && words.length > 0) words.pop();
  return words.slice(0, MAX_CONTEXT_WORDS);
}
