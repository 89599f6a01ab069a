// Why a run failed, in one sentence: the outcome's reasons (check/outcome.ts) in words.
import type { FailReason, RunOutcome } from '../model/result.js';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function reasonText(reason: FailReason): string {
  switch (reason.kind) {
    case 'records not located':
      return `${reason.count} of ${reason.total} records not located`;
    case 'problems':
      return `${plural(reason.count, 'problem')} with the input`;
    case 'failing findings':
      return `${plural(reason.count, 'failing finding')} beyond quotes`;
    case 'records broken':
      return `${plural(reason.count, 'record')} located in the baseline and not now`;
    case 'new records not located':
      return `${plural(reason.count, 'new record')} not located`;
    case 'no records':
      return 'no citation records were checked (an empty full run fails)';
  }
}

/** The reasons a run did not pass, joined ("2 of 5 records not located; 1 problem with the input"); '' when it passed. */
export function failureText(outcome: RunOutcome): string {
  return outcome.reasons.map(reasonText).join('; ');
}
