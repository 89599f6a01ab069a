// SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif):
// one rule per failing verdict and per kind of input problem, one result per
// failing record at its citation file and line, and a fingerprint that stays
// the same from run to run while the finding does (even if lines move), and
// differs between results of one run (code scanning merges equal ones).
import { createHash } from 'node:crypto';
import { recordMessage } from './annotations.js';
import { explainRecord } from './explain-text.js';
import { type CheckLevels, DEFAULT_CHECKS } from '../model/levels.js';
import type { CheckResult, FindingKind, RecordResult } from '../model/result.js';
import type { Verdict } from '../model/verdict.js';
import type { Problem } from '../model/problem.js';
import { VERSION } from '../model/version.js';
import { escapeMessage } from '../model/escape.js';

interface RuleInfo {
  readonly id: string;
  readonly name: string;
  readonly short: string;
  readonly full: string;
}

const VERDICT_RULES: Record<Exclude<Verdict, 'located'>, RuleInfo> = {
  'quote not found': {
    id: 'citegate/quote-not-found',
    name: 'QuoteNotFound',
    short: 'Quote not found in its source',
    full: 'The quote does not appear verbatim (after NFC and whitespace normalization) in the pinned text of the source it cites.',
  },
  'ambiguous quote': {
    id: 'citegate/ambiguous-quote',
    name: 'AmbiguousQuote',
    short: 'Quote appears more than once',
    full: 'The quote appears two or more times in its source, so it does not identify one passage. Quote more, or give a prefix or suffix.',
  },
  'empty quote': {
    id: 'citegate/empty-quote',
    name: 'EmptyQuote',
    short: 'Empty quote',
    full: 'The quote is empty once whitespace is collapsed.',
  },
  'source unverified': {
    id: 'citegate/source-unverified',
    name: 'SourceUnverified',
    short: 'Source failed verification',
    full: 'The cited source file is missing, unreadable, outside the workspace, not UTF-8, too large, or does not match its pinned SHA-256.',
  },
  'source not permitted': {
    id: 'citegate/source-not-permitted',
    name: 'SourceNotPermitted',
    short: 'Source not permitted for this audience',
    full: "The source has an audience list and the citation file's audience is not in it.",
  },
  'unknown source': {
    id: 'citegate/unknown-source',
    name: 'UnknownSource',
    short: 'Unknown source id',
    full: 'The source_id is not in the manifest. Ids match exactly and are never replaced by another version.',
  },
  'invalid fields': {
    id: 'citegate/invalid-fields',
    name: 'InvalidFields',
    short: 'Invalid citation record',
    full: 'The record is not an object, lacks citation_id, source_id or quote, has a field of the wrong type, a duplicate or empty citation_id, or a lone surrogate.',
  },
};

const UNREADABLE_FILE: RuleInfo = {
  id: 'citegate/unreadable-citation-file',
  name: 'UnreadableCitationFile',
  short: 'Citation file cannot be read',
  full: 'The citation file cannot be read or parsed (invalid JSON, JSON Lines or YAML, not UTF-8, unreadable).',
};

const FINDING_RULES: Record<FindingKind, RuleInfo> = {
  'uncited claim': {
    id: 'citegate/uncited-claim',
    name: 'UncitedClaim',
    short: 'Sentence of the answer without a citation',
    full: "A sentence of the answer that no citation record's claim covers.",
  },
  'required source not cited': {
    id: 'citegate/required-source-not-cited',
    name: 'RequiredSourceNotCited',
    short: 'Required source not cited',
    full: 'The manifest requires answers matching this file to cite a source that no record of the file cites.',
  },
  'claim number not in quote': {
    id: 'citegate/claim-number-not-in-quote',
    name: 'ClaimNumberNotInQuote',
    short: 'Number in the claim not in the quote',
    full: "The claim states a number (with its unit or period) that the record's quote does not carry.",
  },
  'location not at quote': {
    id: 'citegate/location-not-at-quote',
    name: 'LocationNotAtQuote',
    short: 'Citation location not at the quote',
    full: "A saved response's citation names a place in its document (character indices, page numbers) where the pinned source does not hold the cited text.",
  },
};

const MANIFEST_RULE: RuleInfo = {
  id: 'citegate/manifest-rule',
  name: 'ManifestRule',
  short: 'Manifest rule that checks nothing',
  full: 'A rule of the manifest (a `require` rule) matches none of the citation files, so it checks nothing.',
};

const MODEL_RESPONSE: RuleInfo = {
  id: 'citegate/model-response',
  name: 'ModelResponse',
  short: 'Saved model response that cannot pass',
  full: 'A saved Claude Messages API response or batch result that cannot pass: a batch request that did not succeed, a response cut short or not finished, or a response without any citation.',
};

/** A rule's level when no manifest or input sets its check otherwise: only a check beyond quotes can warn. */
function defaultLevel(rule: RuleInfo): 'error' | 'warning' {
  const kind = (Object.keys(FINDING_RULES) as FindingKind[]).find((k) => FINDING_RULES[k] === rule);
  return kind !== undefined && DEFAULT_CHECKS[FINDING_CHECKS[kind]] === 'warn' ? 'warning' : 'error';
}

/** The check each kind of finding comes from. */
const FINDING_CHECKS: Record<FindingKind, keyof CheckLevels> = {
  'uncited claim': 'uncitedClaims',
  'required source not cited': 'requiredSources',
  'claim number not in quote': 'claimNumbers',
  'location not at quote': 'citationLocations',
};

// New rules go last: a rule's index is part of every result that names it.
const RULES: readonly RuleInfo[] = [
  ...Object.values(VERDICT_RULES),
  UNREADABLE_FILE,
  MANIFEST_RULE,
  ...Object.values(FINDING_RULES),
  MODEL_RESPONSE,
];

/** The rule of an input problem. */
function problemRule(p: Problem): RuleInfo {
  switch (p.kind) {
    case 'source unverified':
      return VERDICT_RULES['source unverified'];
    case 'manifest rule':
      return MANIFEST_RULE;
    case 'response':
      return MODEL_RESPONSE;
    case 'not all listed':
    case undefined:
      return UNREADABLE_FILE;
  }
}

/**
 * GitHub code scanning rejects a whole file whose run has more results than
 * this (and shows the first 5,000, errors first): past it, the errors are
 * kept before the warnings and the rest is counted in a notification.
 */
export const MAX_SARIF_RESULTS = 25_000;

/** How many results a SARIF file of the run leaves out for that limit: the one count both it and the Action's note use. */
export function sarifResultsLeftOut(result: CheckResult): number {
  const all =
    result.problems.length + result.records.filter((r) => r.verdict !== 'located').length + result.findings.length;
  return Math.max(0, all - MAX_SARIF_RESULTS);
}

/**
 * Fingerprints for one run: the hash of what identifies a finding, and for
 * the second and later findings with the same identity (a repeated record),
 * the same with their occurrence number, so that each stays apart. Every
 * result is counted, in order, whether or not the file keeps it; only the
 * ones kept are hashed.
 */
function fingerprinter(): (parts: unknown[]) => () => string {
  const seen = new Map<string, number>();
  return (parts) => {
    const key = JSON.stringify(parts);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return () =>
      createHash('sha256')
        .update(n === 0 ? key : JSON.stringify([...parts, n]))
        .digest('hex');
  };
}

function uri(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

export interface SarifOptions {
  /**
   * A file's path from the top of the repository code scanning shows it in
   * (default: the workspace's); undefined: not in it, so the workspace's is kept.
   */
  readonly repositoryPath?: (file: string) => string | undefined;
}

type SarifResult = { level: 'error' | 'warning'; [field: string]: unknown };

/**
 * A result whose level and place are known, made when the file keeps it: a
 * run past MAX_SARIF_RESULTS leaves some out, and a failing record's message
 * (its explanation, escaped) is most of what making one costs.
 */
interface PlannedResult {
  readonly level: 'error' | 'warning';
  make(): SarifResult;
}

/** The results the file holds, in its order, each made when asked for; and how many the run has in all. */
function sarifResults(result: CheckResult, options: SarifOptions): { kept: PlannedResult[]; total: number } {
  const sources = new Map(result.sources.map((s) => [s.id, s]));
  const ruleIndex = new Map(RULES.map((r, i) => [r.id, i]));
  const planned: PlannedResult[] = [];
  const fingerprint = fingerprinter();

  const location = (file: string, line: number, column: number) => ({
    physicalLocation: {
      artifactLocation: { uri: uri(options.repositoryPath?.(file) ?? file), uriBaseId: '%SRCROOT%' },
      // A problem with a whole file is placed at its start: code scanning wants a region to show.
      region: line > 0 ? { startLine: line, startColumn: Math.max(column, 1) } : { startLine: 1 },
    },
  });

  for (const p of result.problems) {
    const rule = problemRule(p);
    const print = fingerprint([rule.id, p.file, p.message]);
    planned.push({
      level: 'error',
      make: () => ({
        ruleId: rule.id,
        ruleIndex: ruleIndex.get(rule.id),
        level: 'error',
        message: { text: escapeMessage(p.message) },
        locations: [location(p.file, p.line, p.column)],
        partialFingerprints: { 'citegateFinding/v1': print() },
      }),
    });
  }
  for (const r of result.records) {
    if (r.verdict === 'located') continue;
    const rule = VERDICT_RULES[r.verdict];
    const print = fingerprint([rule.id, r.file, recordKey(r), r.sourceId, r.quote]);
    planned.push({
      level: 'error',
      make: () => ({
        ruleId: rule.id,
        ruleIndex: ruleIndex.get(rule.id),
        level: 'error',
        // What the annotation says: what was looked for where, then the closest passage and the hints.
        message: {
          text: [
            recordMessage(r, r.sourceId === null ? undefined : sources.get(r.sourceId), result),
            ...explainRecord(r).map(escapeMessage),
          ].join('\n'),
        },
        locations: [location(r.file, r.line, r.column)],
        partialFingerprints: { 'citegateFinding/v1': print() },
        // SARIF's own word for it: a result the baseline had too is unchanged, any other is new.
        ...(r.baseline ? { baselineState: r.baseline.state === 'still failing' ? 'unchanged' : 'new' } : {}),
      }),
    });
  }

  for (const f of result.findings) {
    const rule = FINDING_RULES[f.kind];
    const level = f.level === 'fail' ? 'error' : 'warning';
    const print = fingerprint([rule.id, f.file, f.citationId ?? null, f.message]);
    planned.push({
      level,
      make: () => ({
        ruleId: rule.id,
        ruleIndex: ruleIndex.get(rule.id),
        level,
        message: { text: escapeMessage(f.message) },
        locations: [location(f.file, f.line, f.column)],
        partialFingerprints: { 'citegateFinding/v1': print() },
        ...(f.baseline ? { baselineState: f.baseline === 'still failing' ? 'unchanged' : 'new' } : {}),
      }),
    });
  }

  // Stable: results of one level keep their order (problems, records, findings).
  const kept =
    sarifResultsLeftOut(result) === 0
      ? planned
      : [...planned]
          .sort((a, b) => Number(a.level !== 'error') - Number(b.level !== 'error'))
          .slice(0, MAX_SARIF_RESULTS);
  return { kept, total: planned.length };
}

/** The SARIF document of the run, `results` as given, `left` of its `total` results left out. */
function sarifDocument(results: readonly SarifResult[], left: number, total: number) {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'citegate',
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: 'https://github.com/citegate/citegate',
            rules: RULES.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.short },
              fullDescription: { text: r.full },
              help: { text: `${r.full} See https://github.com/citegate/citegate/blob/main/docs/verdicts.md.` },
              defaultConfiguration: { level: defaultLevel(r) },
              properties: { tags: ['citations'], precision: 'very-high', 'problem.severity': defaultLevel(r) },
            })),
          },
        },
        ...(left > 0
          ? {
              invocations: [
                {
                  executionSuccessful: true,
                  toolExecutionNotifications: [
                    {
                      level: 'warning',
                      message: {
                        text:
                          `${left.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results are not in this file: GitHub code scanning refuses a run of more than ` +
                          `${MAX_SARIF_RESULTS.toLocaleString('en-US')} results. citegate's JSON report (\`--format json\`, or the Action's \`report\` input) has every record.`,
                      },
                    },
                  ],
                },
              ],
            }
          : {}),
        columnKind: 'unicodeCodePoints',
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The top folder of the repository checked.' } } },
        results,
      },
    ],
  };
}

export function buildSarif(result: CheckResult, options: SarifOptions = {}) {
  const { kept, total } = sarifResults(result, options);
  return sarifDocument(
    kept.map((p) => p.make()),
    total - kept.length,
    total,
  );
}

/** Results stringified at a time when the file is written in pieces. */
const RESULTS_PER_CHUNK = 256;
/** The indentation of a result's line in the file: runs, its run, its results, the result. */
const RESULT_INDENT = ' '.repeat(8);

/**
 * The SARIF file as the Action and the CLI write it: the document, indented,
 * with each result on a line of its own, and a line end, in pieces: the
 * results made and written a few at a time, so that a file of 25,000 results
 * is neither one string of tens of megabytes (stringifying it at once took
 * twice as long as its results one by one) nor 25,000 result objects held at
 * once. A result is not indented within: code scanning reads the file, people
 * rarely do, and indenting made the file a third larger (12.6 MB against 9.4
 * for cut's 9,186 results) and its writing 60 ms slower (measured).
 */
export function* sarifChunks(result: CheckResult, options: SarifOptions = {}): Generator<string> {
  const { kept, total } = sarifResults(result, options);
  const empty = JSON.stringify(sarifDocument([], total - kept.length, total), null, 2);
  if (kept.length === 0) {
    yield `${empty}\n`;
    return;
  }
  // `results` is the last member of the run: its empty list is the last `"results": []` of the text
  // (one inside a string would have its quotes escaped).
  const at = empty.lastIndexOf('"results": []');
  yield `${empty.slice(0, at)}"results": [`;
  for (let from = 0; from < kept.length; from += RESULTS_PER_CHUNK) {
    let chunk = '';
    for (let i = from; i < Math.min(kept.length, from + RESULTS_PER_CHUNK); i++)
      chunk += `${i === 0 ? '' : ','}\n${RESULT_INDENT}${JSON.stringify(kept[i].make())}`;
    yield chunk;
  }
  yield `\n${' '.repeat(6)}]${empty.slice(at + '"results": []'.length)}\n`;
}

/**
 * A record's identity in its file: its id, or none (null). Not its position:
 * a record added above one without an id would change the identity of every
 * such record below it, and code scanning would close their alerts and open
 * new ones. Records alike in everything are kept apart by their occurrence.
 */
function recordKey(r: RecordResult): string | null {
  return r.citationId;
}
