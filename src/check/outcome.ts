// Whether a run passes (SPEC §5), decided here and nowhere else: every report,
// exit status and step result reads the outcome this makes.
import { type CheckResult, type FailReason, type JudgedResult, type RunOutcome, tally } from '../model/result.js';

/**
 * A run passes when it checked at least one record (unless it is partial: a
 * shard, or the files a change touched, may hold none), every record is
 * located, no input had a problem (every file read, every source verified),
 * and no check beyond quotes that is set to fail found anything.
 */
export function judge(result: CheckResult): RunOutcome {
  const counts = tally(result);
  const reasons: FailReason[] = [];
  if (counts.failed > 0) reasons.push({ kind: 'records not located', count: counts.failed, total: counts.total });
  if (counts.problems > 0) reasons.push({ kind: 'problems', count: counts.problems });
  if (counts.findings.fail > 0) reasons.push({ kind: 'failing findings', count: counts.findings.fail });
  if (counts.total === 0 && result.partial !== true) reasons.push({ kind: 'no records' });
  return { passed: reasons.length === 0, reasons };
}

/** The result with its outcome. */
export function judged(result: CheckResult): JudgedResult {
  return { ...result, outcome: judge(result) };
}
