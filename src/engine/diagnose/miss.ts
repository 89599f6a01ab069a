// What is said of a quote not found in its source (it never changes the
// verdict): the nearest passage, whether it is close enough to show, and the
// hints. In one place, so that the check layer and the tests that an
// explanation depends on its record and its source alone explain alike.
import { type ClosestPassage, MIN_SIMILARITY, nearestPassage, verbatimPassage } from './closest.js';
import { findHints, findHintsAnywhere, type Hint, insideLongerWords } from './hints.js';
import type { SourceView } from './view.js';

export interface Miss {
  /**
   * The nearest passage however far, where hints were looked for (else, for a quote found only inside
   * longer words, around those words); undefined when nothing points anywhere.
   */
  readonly nearest?: ClosestPassage;
  /** The nearest passage when it is close enough to show (MIN_SIMILARITY). */
  readonly closest?: ClosestPassage;
  readonly hints: readonly Hint[];
}

/** The explanation of a normalized quote that is not in the view's text (explainable: the caller asks). */
export function explainMiss(view: SourceView, quote: string): Miss {
  // The source's own text cut inside a word: its passage is where that text is, without a search;
  // the folds are still tried around it, as a folded copy on whole words may be near.
  const inside = insideLongerWords(view, quote);
  const nearest = inside ? verbatimPassage(view, quote, inside) : nearestPassage(view, quote);
  const closest = nearest && nearest.similarity >= MIN_SIMILARITY ? nearest : undefined;
  const hints = nearest || inside ? findHints(view, quote, nearest ?? inside!) : [];
  // Nothing close: the difference may be in every word, so that no word points to the passage until folded.
  // Not for a quote whose text is in the source: its hint is where that text is, and a search of each
  // folded source for each such quote would cost more than the rest of its explanation (measured on cut).
  if (!closest && !inside)
    for (const h of findHintsAnywhere(view, quote)) if (!hints.some((f) => f.kind === h.kind)) hints.push(h);
  return { nearest, closest, hints };
}
