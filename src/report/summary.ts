// The job summary: a page a reviewer reads at a glance. Headline, counts per
// verdict, every failing record, the problems, the sources used, and the
// located records folded away. Untrusted text is HTML-escaped inside HTML
// tables, on one line, so it can never become markup. GitHub refuses a summary
// over 1 MiB, so the page is cut to a budget with a note saying so: everything
// on it counts against the budget, the notes included.
import { explainRecord } from './explain-text.js';
import { recordName } from './text.js';
import {
  type FailingRecord,
  isLocated,
  type JudgedResult,
  reasonOf,
  type RecordResult,
  tally,
} from '../model/result.js';
import { escapeAttribute, escapeHtml, shorten } from '../model/escape.js';

/** GitHub's limit is 1 MiB per step; stay clear of it. */
export const SUMMARY_BUDGET_BYTES = 1_000_000;

export interface SummaryContext {
  /** Replaces the headline (a trusted phrase, no `##`). */
  readonly headline?: string;
  /** For links to files at the head commit. */
  readonly serverUrl?: string;
  readonly repository?: { readonly owner: string; readonly repo: string };
  readonly headSha?: string;
  /** A file's path in the repository the links are to (default: as the workspace names it); undefined: not in it, no link. */
  readonly repositoryPath?: (file: string) => string | undefined;
  /** Lines of prose about what was checked and why; they may hold ids, so they are escaped. */
  readonly notes?: readonly string[];
  /** Where to see everything when the page is cut (a trusted phrase). */
  readonly fullReportHint?: string;
  readonly budgetBytes?: number;
}

class Page {
  private readonly parts: string[] = [];
  private used = 0;
  truncated = false;

  constructor(private readonly budget: number) {}

  /** Adds text if it fits; false when the budget is spent. */
  add(text: string): boolean {
    const size = Buffer.byteLength(text, 'utf8');
    if (this.used + size > this.budget) {
      this.truncated = true;
      return false;
    }
    this.parts.push(text);
    this.used += size;
    return true;
  }

  /**
   * Adds text that must be there whatever the budget: only short, fixed text
   * (headings, closing tags, the cut note), which RESERVE leaves room for.
   */
  force(text: string): void {
    this.parts.push(text);
    this.used += Buffer.byteLength(text, 'utf8');
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** Room kept for the forced text: the headline, headings, table frames, the cut note. */
const RESERVE = 6_000;
/** A note is a sentence or two; past this it is shortened. */
const NOTE_SHOWN = 2_000;

/** Adds a note, shortened to what is left of the budget if need be. */
function addNote(page: Page, note: string): void {
  for (let max = NOTE_SHOWN; max >= 40; max = Math.floor(max / 2)) {
    if (page.add(`<p>${escapeHtml(shorten(note, max))}</p>\n\n`)) return;
  }
}

export function buildSummary(result: JudgedResult, context: SummaryContext = {}): string {
  const page = new Page((context.budgetBytes ?? SUMMARY_BUDGET_BYTES) - RESERVE);
  const counts = tally(result);
  const { total, located } = counts;
  const ok = result.outcome.passed;
  // Judged on what a change made worse, the page leads with that.
  const judgedOnChange = result.baseline?.failOn === 'new' ? changeHeadline(result) : undefined;
  const headline =
    context.headline ??
    `${ok ? '✅' : '❌'} citegate: ${judgedOnChange ?? `${located} of ${total} record${total === 1 ? '' : 's'} located`} — ${ok ? 'pass' : 'fail'}`;
  page.force(`## ${headline}\n\n`);
  if (result.baseline)
    addNote(page, `What changed since the baseline (${result.baseline.from}): ${changeLine(result)}`);
  // Notes hold ids and reasons: an HTML paragraph keeps them out of Markdown altogether.
  for (const note of context.notes ?? []) addNote(page, note);

  if (total > 0) {
    page.force('| verdict | records |\n| --- | ---: |\n');
    for (const [verdict, n] of Object.entries(counts.verdicts)) page.force(`| ${verdict} | ${n} |\n`);
    page.force('\n');
  }

  const failing = result.records.filter((r): r is FailingRecord => !isLocated(r));
  // Against a baseline, what the change made worse comes first, and what was failing already folds away.
  const byChange = (r: FailingRecord) => CHANGE_ORDER.indexOf(r.baseline?.state ?? 'new');
  const worse = result.baseline
    ? failing.filter((r) => r.baseline?.state !== 'still failing').sort((a, b) => byChange(a) - byChange(b))
    : failing;
  const already = result.baseline ? failing.filter((r) => r.baseline?.state === 'still failing') : [];
  const columns = [
    'file',
    'citation',
    'source',
    'verdict',
    ...(result.baseline ? ['baseline'] : []),
    'quote',
    'claim',
    'what was found',
  ];
  const cells = (r: FailingRecord) => [
    fileLink(r, context),
    escapeHtml(recordName(r)),
    escapeHtml(r.sourceId ?? ''),
    `<b>${r.verdict}</b>${reasonOf(r) ? `<br>${escapeHtml(shorten(reasonOf(r)!, 200))}` : ''}`,
    ...(result.baseline ? [baselineCell(r)] : []),
    escapeHtml(shorten(r.quote ?? '', 120)),
    escapeHtml(shorten(r.claim ?? '', 120)),
    whatWasFound(r),
  ];
  if (worse.length > 0) {
    const title = result.baseline ? 'Failing records, broken and new first' : 'Failing records';
    page.force(`### ${title} (${worse.length})\n\n`);
    table(page, columns, worse, cells, 'failing records');
  }
  if (already.length > 0) {
    const counted = result.baseline?.failOn === 'new' ? ', not counted' : '';
    page.force(`<details><summary>${already.length} failing in the baseline too${counted}</summary>\n\n`);
    table(page, columns, already, cells, 'records failing in the baseline too');
    page.force('\n</details>\n\n');
  }

  if (result.problems.length > 0) {
    page.force(`### Problems with the input (${result.problems.length})\n\n`);
    table(
      page,
      ['where', 'problem'],
      result.problems,
      (p) => [escapeHtml(p.line > 0 ? `${p.file}:${p.line}:${p.column}` : p.file), escapeHtml(shorten(p.message, 400))],
      'problems',
    );
  }

  if (result.findings.length > 0) {
    page.force(`### Findings beyond quotes (${result.findings.length})\n\n`);
    table(
      page,
      ['where', 'finding', 'level', 'citation', 'what'],
      result.findings,
      (f) => [
        fileLinkAt(f.file, f.line, context),
        escapeHtml(f.kind),
        f.level === 'fail' ? '<b>fail</b>' : 'warn',
        escapeHtml(f.citationId ?? ''),
        escapeHtml(shorten(f.message, 300)),
      ],
      'findings',
    );
  }

  if (result.sources.length > 0) {
    page.force(`### Sources used (${result.sources.length})\n\n`);
    table(
      page,
      ['source', 'path', 'SHA-256', 'retrieved', 'status', 'records'],
      result.sources,
      (s) => [
        escapeHtml(s.id),
        escapeHtml(s.path),
        `<code>${escapeHtml((s.sha256 ?? '').slice(0, 12))}</code>`,
        escapeHtml(s.retrieved),
        s.status === 'verified' ? 'verified' : `<b>unverified</b><br>${escapeHtml(shorten(s.reason ?? '', 200))}`,
        String(s.citedBy),
      ],
      'sources',
    );
  }

  const good = result.records.filter(isLocated);
  if (good.length > 0) {
    page.force(`<details><summary>${good.length} located record${good.length === 1 ? '' : 's'}</summary>\n\n`);
    table(
      page,
      ['file', 'citation', 'source', 'at'],
      good,
      (r) => [
        fileLink(r, context),
        escapeHtml(recordName(r)),
        escapeHtml(r.sourceId ?? ''),
        r.match ? `line ${r.match.line}, column ${r.match.column}` : '',
      ],
      'located records',
    );
    page.force('\n</details>\n\n');
  }

  if (page.truncated) {
    page.force(
      `> [!NOTE]\n> This summary was cut to stay under GitHub's 1 MiB limit. ${shorten(context.fullReportHint ?? 'The full list is in the JSON report and in the log.', 300)}\n`,
    );
  }
  return page.toString();
}

/** The failing states in the order a reviewer wants them. */
const CHANGE_ORDER: readonly string[] = ['broken', 'new', 'still failing'];

function baselineCell(r: FailingRecord): string {
  const b = r.baseline;
  if (!b) return '';
  return `${b.state === 'broken' ? '<b>broken</b>' : escapeHtml(b.state)}${b.verdict ? `<br>was ${escapeHtml(b.verdict)}` : ''}`;
}

/** The headline of a run judged on what it made worse: "3 newly broken, 2 fixed, 4 still failing (not counted)". */
function changeHeadline(result: JudgedResult): string {
  const counts = tally(result).baseline!;
  let newFailing = 0;
  for (const r of result.records) if (r.baseline?.state === 'new' && !isLocated(r)) newFailing++;
  return [
    `${counts.broken} newly broken`,
    ...(newFailing > 0 ? [`${newFailing} new not located`] : []),
    `${counts.fixed} fixed`,
    `${counts['still failing']} still failing (not counted)`,
  ].join(', ');
}

/** What changed since the baseline, in one sentence ("2 newly broken, 1 fixed, 4 still failing (not counted)"). */
function changeLine(result: JudgedResult): string {
  const b = result.baseline!;
  const counts = tally(result).baseline!;
  let newFailing = 0;
  for (const r of result.records) if (r.baseline?.state === 'new' && !isLocated(r)) newFailing++;
  const notCounted = b.failOn === 'new' ? ' (not counted)' : '';
  const parts = [
    `${counts.broken} newly broken`,
    `${newFailing} new not located`,
    `${counts.fixed} fixed`,
    `${counts['still failing']} still failing${notCounted}`,
    `${counts.unchanged} unchanged`,
    `${counts.removed} removed`,
  ];
  const { added, removed, repinned } = b.sources;
  if (repinned.length > 0) parts.push(`re-pinned since: ${repinned.join(', ')} (judged against the new text)`);
  if (added.length > 0) parts.push(`sources added to the manifest since: ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`sources removed from the manifest since: ${removed.join(', ')}`);
  return `${parts.join('; ')}.`;
}

/** The explanation, with the closest passage's diff marked up (<del> what the source has, <ins> what the quote has). */
function whatWasFound(r: FailingRecord): string {
  const closest = r.verdict === 'quote not found' ? r.closest : undefined;
  return explainRecord(r)
    .slice(0, 4)
    .map((line) => {
      if (closest?.parts && line.startsWith('closest passage (')) {
        const head = line.slice(0, line.indexOf('): ') + 3);
        const diff = closest.parts
          .map((p) => {
            const text = escapeHtml(shorten(p.text, 200));
            return p.op === 'same' ? text : p.op === 'added' ? `<ins>${text}</ins>` : `<del>${text}</del>`;
          })
          .join(' ');
        return `${escapeHtml(head)}${diff}`;
      }
      return escapeHtml(shorten(line, 300));
    })
    .join('<br>');
}

function table<T>(page: Page, headers: string[], rows: readonly T[], cells: (row: T) => string[], what: string): void {
  page.force(`<table>\n<thead><tr>${headers.map((h) => `<th>${h}</th>`).join('')}</tr></thead>\n<tbody>\n`);
  let shown = 0;
  for (const row of rows) {
    if (
      !page.add(
        `<tr>${cells(row)
          .map((c) => `<td>${c}</td>`)
          .join('')}</tr>\n`,
      )
    )
      break;
    shown++;
  }
  if (shown < rows.length) {
    page.force(
      `<tr><td colspan="${headers.length}"><i>${rows.length - shown} more ${what} not shown (summary size limit)</i></td></tr>\n`,
    );
  }
  page.force('</tbody>\n</table>\n\n');
}

function fileLink(r: RecordResult, context: SummaryContext): string {
  return fileLinkAt(r.file, r.line, context);
}

function fileLinkAt(file: string, line: number, context: SummaryContext): string {
  const label = escapeHtml(line > 0 ? `${file}:${line}` : file);
  const inRepository = context.repositoryPath ? context.repositoryPath(file) : file;
  if (!context.serverUrl || !context.repository || !context.headSha || inRepository === undefined) return label;
  const path = inRepository.split('/').map(encodeURIComponent).join('/');
  const { owner, repo } = context.repository;
  const href = `${context.serverUrl}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/blob/${context.headSha}/${path}${line > 0 ? `#L${line}` : ''}`;
  return `<a href="${escapeAttribute(href)}">${label}</a>`;
}
