// Annotations for the pull request: one per failing record, at its line in
// the citation file, and one per input problem (a source that failed
// verification is annotated on the manifest, at its entry). The most useful
// come first, because GitHub shows only the first ten errors of a step.
import { explainRecord } from './explain-text.js';
import { recordName } from './text.js';
import {
  type CheckResult,
  type FailingRecord,
  isLocated,
  type RecordResult,
  type SourceResult,
} from '../model/result.js';
import type { Verdict } from '../model/verdict.js';
import type { Problem } from '../model/problem.js';
import { escapeMessage, escapeValue, shorten } from '../model/escape.js';

export interface Annotation {
  /**
   * Findings set to warn are warnings; against a baseline with fail-on new,
   * what was failing there already is a notice; everything else fails the run.
   */
  readonly level: 'error' | 'warning' | 'notice';
  readonly title: string;
  readonly message: string;
  readonly file: string;
  /** 1-based; absent for a problem with a whole file. */
  readonly line?: number;
  readonly column?: number;
}

/**
 * Failing verdicts, most useful to a reviewer first. A quote that is not in
 * its source is the likeliest sign of a made-up quote; records whose source is
 * unverified come last because their cause is annotated once, on the manifest.
 */
const USEFULNESS: readonly Verdict[] = [
  'quote not found',
  'unknown source',
  'ambiguous quote',
  'source not permitted',
  'empty quote',
  'invalid fields',
  'source unverified',
];

const QUOTE_SHOWN = 160;

/** Against a baseline: records broken by the change first, then new ones, then those failing already. */
const CHANGE_RANK: readonly string[] = ['broken', 'new', 'still failing'];

/**
 * An annotation whose place in the order and level are known, made when asked
 * for: GitHub shows the first few of each level, and making the message of a
 * failing record (its explanation, escaped) for the tens of thousands that a
 * large run has and nobody sees took a third of a second.
 */
export interface PlannedAnnotation {
  readonly level: Annotation['level'];
  make(): Annotation;
}

/** Every annotation of the run in the order they are shown, each made when asked for. */
export function planAnnotations(result: CheckResult): PlannedAnnotation[] {
  const sources = new Map(result.sources.map((s) => [s.id, s]));
  const annotations: PlannedAnnotation[] = [];
  // Problems with sources (on the manifest) affect every record citing them: first.
  const problems = [...result.problems].sort(
    (a, b) => Number(b.file === result.manifest) - Number(a.file === result.manifest),
  );
  for (const p of problems) {
    annotations.push({
      level: 'error',
      make: () => ({
        level: 'error',
        title: problemTitle(p),
        message: escapeMessage(p.message),
        file: p.file,
        ...(p.line > 0 ? { line: p.line, column: p.column } : {}),
      }),
    });
  }
  const failing = result.records.filter((r): r is FailingRecord => !isLocated(r));
  // Against a baseline with fail-on new, what the change made worse first, and what was failing already as notices.
  const onChange = result.baseline?.failOn === 'new';
  const change = (r: RecordResult) => (onChange ? CHANGE_RANK.indexOf(r.baseline?.state ?? 'new') : 0);
  const rank = (r: RecordResult) => USEFULNESS.indexOf(r.verdict);
  const ordered = failing
    .map((r, i) => ({ r, i }))
    .sort((a, b) => change(a.r) - change(b.r) || rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => r);
  for (const r of ordered) {
    const level = onChange && r.baseline?.state === 'still failing' ? 'notice' : 'error';
    annotations.push({
      level,
      make: () => ({
        level,
        title: `${r.verdict}: ${recordName(r)}`,
        message: [
          recordMessage(r, r.sourceId === null ? undefined : sources.get(r.sourceId), result),
          ...explainRecord(r).map(escapeMessage),
        ].join('\n'),
        file: r.file,
        line: r.line,
        column: r.column,
      }),
    });
  }
  // Findings beyond quotes, failing ones with the errors, the others as warnings.
  for (const f of [...result.findings].sort((a, b) => Number(a.level === 'warn') - Number(b.level === 'warn'))) {
    const level = f.level === 'warn' ? 'warning' : onChange && f.baseline === 'still failing' ? 'notice' : 'error';
    annotations.push({
      level,
      make: () => ({
        level,
        title: f.citationId !== undefined ? `${f.kind}: ${escapeMessage(f.citationId)}` : f.kind,
        message: escapeMessage(f.message),
        file: f.file,
        line: f.line,
        column: f.column,
      }),
    });
  }
  return annotations;
}

/** What a problem is about, as its annotation's title says it. */
function problemTitle(p: Problem): string {
  switch (p.kind) {
    case 'source unverified':
      return 'source unverified';
    case 'manifest rule':
      return 'manifest rule';
    case 'not all listed':
      return 'citation files not all listed';
    case 'response':
      return 'model response';
    case undefined:
      return 'unreadable citation file';
  }
}

/** What was looked for where, and what was found, for a failing record. */
export function recordMessage(r: FailingRecord, source: SourceResult | undefined, result: CheckResult): string {
  // In quotes, with its own quotes and backslashes escaped: a quote that differs from its source by its
  // straight quotes ("final sale" for “final sale”) must show where it starts and ends.
  const quote = r.quote === null ? '' : `"${escapeValue(shorten(r.quote, QUOTE_SHOWN)).replaceAll('"', '\\"')}"`;
  const where = source
    ? `${escapeMessage(source.id)} (${escapeMessage(source.path)})`
    : escapeMessage(r.sourceId ?? '');
  switch (r.verdict) {
    case 'quote not found':
      return `Looked for ${quote} in ${where}: it is not there, verbatim. Copy the passage from the source exactly (case, punctuation and negations count).`;
    case 'ambiguous quote': {
      const at = r.matches.map((m) => `line ${m.line}, column ${m.column}`).join('; ');
      return `Looked for ${quote} in ${where}: it occurs ${r.matches.length >= 100 ? '100 or more' : r.matches.length} times (${at}). Quote more of the passage, or add a prefix or suffix, so that it matches once.`;
    }
    case 'unknown source':
      return `The source id ${escapeMessage(r.sourceId ?? '')} is not in ${escapeMessage(result.manifest)}: cite a source id from the manifest exactly (it is never replaced by another version).`;
    case 'source not permitted':
      return `Not permitted: ${escapeMessage(r.reason)}.`;
    case 'source unverified':
      return `Source ${where} is unverified: ${escapeMessage(r.reason)}`;
    case 'empty quote':
      return `The quote for ${where} is empty once whitespace is collapsed.`;
    case 'invalid fields':
      return `This record is invalid: ${escapeMessage(r.reason)}.`;
  }
}
