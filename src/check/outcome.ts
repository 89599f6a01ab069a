// Whether a run passes (SPEC §5), decided here and nowhere else: every report,
// exit status and step result reads the outcome this makes.
import {
  type CheckResult,
  type FailReason,
  isLocated,
  type JudgedResult,
  type RunOutcome,
  tally,
} from '../model/result.js';

/**
 * SPEC §5 and §8. Without a baseline (or with fail-on any), a run passes when it checked at least one record (unless it is partial: a
 * shard, or the files a change touched, may hold none), every record is
 * located, no input had a problem (every file read, every source verified),
 * and no check beyond quotes that is set to fail found anything.
 */
export function judge(result: CheckResult): RunOutcome {
  const counts = tally(result);
  const reasons: FailReason[] = [];
  if (result.baseline?.failOn === 'new') {
    // Only what the change made worse: records located in the baseline and not
    // now, new records not located, new failing findings. A problem (a file
    // not read, a source not verified) fails the run whatever the baseline
    // says: what cannot be read or verified was never checked.
    let broken = 0;
    let newFailing = 0;
    for (const r of result.records) {
      if (r.baseline?.state === 'broken') broken++;
      else if (r.baseline?.state === 'new' && !isLocated(r)) newFailing++;
    }
    if (broken > 0) reasons.push({ kind: 'records broken', count: broken });
    if (newFailing > 0) reasons.push({ kind: 'new records not located', count: newFailing });
    if (counts.problems > 0) reasons.push({ kind: 'problems', count: counts.problems });
    const findings = result.findings.filter((f) => f.level === 'fail' && f.baseline !== 'still failing').length;
    if (findings > 0) reasons.push({ kind: 'failing findings', count: findings });
  } else {
    if (counts.failed > 0) reasons.push({ kind: 'records not located', count: counts.failed, total: counts.total });
    if (counts.problems > 0) reasons.push({ kind: 'problems', count: counts.problems });
    if (counts.findings.fail > 0) reasons.push({ kind: 'failing findings', count: counts.findings.fail });
  }
  if (counts.total === 0 && result.partial !== true) reasons.push({ kind: 'no records' });
  return { passed: reasons.length === 0, reasons };
}

/** The result with its outcome. */
export function judged(result: CheckResult): JudgedResult {
  return { ...result, outcome: judge(result) };
}
