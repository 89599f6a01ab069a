// Findings beyond quotes, per citation file: sentences of the answer no claim
// covers, required sources no record cites, and numbers a claim states that
// its quote does not carry. Each is placed at its line; none changes a verdict.
import { createHash, type Hash } from 'node:crypto';
import type { FieldCheck } from '../engine/record.js';
import type { LoadedCitationFile } from '../load/citation-file.js';
import type { Manifest } from '../load/manifest.js';
import type { CheckLevels } from '../model/levels.js';
import { EXCERPT, shorten } from '../model/escape.js';
import type { Finding, FindingKind } from '../model/result.js';
import { claimCoverage, rangesCoverage, splitSentences } from '../engine/sentences.js';
import { missingNumbers } from '../engine/numbers.js';

/**
 * Findings of one kind listed for one file; past them, one finding counts the
 * rest. The kinds here grow with what a file or the manifest holds (every
 * sentence of an answer, every source of every `require` rule that matches),
 * and a pull request controls both: 2,000 required sources over 1,000 files
 * made 2,000,000 findings, a report of 497 MB, 16 s and 1.3 GB (Node 24,
 * docs/checks.md). Per file, so that a file's findings do not depend on the
 * others (a split run merges into the whole run's).
 */
export const MAX_LISTED_FINDINGS = 100;

/** Characters of the findings not listed gathered before they are hashed. */
const HASHED_AT = 1 << 16;

/** What a file's findings say, in a few words each, for the one that counts those not listed. */
const KIND_NAMES: Record<FindingKind, readonly [string, string]> = {
  'uncited claim': ['uncited claim', 'uncited claims'],
  'required source not cited': ['required source not cited', 'required sources not cited'],
  'claim number not in quote': ['claim number not in a quote', 'claim numbers not in their quotes'],
  'location not at quote': ['location not at its quote', 'locations not at their quotes'],
};

/**
 * The line of the manifest's rule that a required source's finding names,
 * at the end of its message (requiredSources): an edit of the manifest above
 * the rule (a source added) moves it, and the finding is still the same one.
 */
const RULE_LINE = /:\d+(\), but no(?: record|ne of its citations) does)$/;

/**
 * What a baseline matches a finding by (baseline.ts): its kind, record and
 * what it says (a sentence, a number, a source), not where in the manifest
 * the rule that wants it is. Its file is matched apart.
 */
export function findingKey(f: Finding): string {
  const says = f.kind === 'required source not cited' ? f.message.replace(RULE_LINE, '$1') : f.message;
  return JSON.stringify([f.kind, f.citationId ?? null, says]);
}

/**
 * A file's findings, at most MAX_LISTED_FINDINGS of each kind, then one that
 * counts the rest. It is placed at the first not listed, and its message
 * holds a digest of theirs: a baseline matches findings by what they say, so
 * that one finding not listed changed for another makes this one new, and a
 * run judged on what it made worse fails on it rather than pass it unseen.
 * The whole SHA-256: a pull request writes what is hashed, and two sets of
 * findings made to share a digest cut to 64 bits take some 2^32 tries.
 */
class FileFindings {
  private readonly listed: Finding[] = [];
  private readonly byKind = new Map<
    FindingKind,
    { listed: number; more?: { first: Finding; count: number; hash: Hash; pending: string } }
  >();

  add(finding: Finding): void {
    let kind = this.byKind.get(finding.kind);
    if (!kind) this.byKind.set(finding.kind, (kind = { listed: 0 }));
    if (kind.listed < MAX_LISTED_FINDINGS) {
      kind.listed++;
      this.listed.push(finding);
      return;
    }
    kind.more ??= { first: finding, count: 0, hash: createHash('sha256'), pending: '' };
    const more = kind.more;
    more.count++;
    // What a baseline matches it by, so that the digest changes when it would be new and only then
    // (not when a line added to the manifest moves a require rule). Hashed a few kilobytes at a
    // time: a call per finding cost more than making it (1,000,000 findings).
    more.pending += `${findingKey(finding)}\n`;
    if (more.pending.length >= HASHED_AT) {
      more.hash.update(more.pending);
      more.pending = '';
    }
  }

  list(): Finding[] {
    const counted: Finding[] = [];
    for (const [kind, { more }] of this.byKind) {
      if (!more) continue;
      const [one, many] = KIND_NAMES[kind];
      const { citationId: _, ...first } = more.first;
      counted.push({
        ...first,
        message:
          `${more.count.toLocaleString('en-US')} more ${more.count === 1 ? `${one} in this file is` : `${many} in this file are`} not listed ` +
          `(only the first ${MAX_LISTED_FINDINGS} of each kind are); their digest, ${more.hash.update(more.pending).digest('hex')}, changes when any of them does`,
      });
    }
    return counted.length === 0 ? this.listed : [...this.listed, ...counted];
  }
}

/** A record's missing claim numbers said one by one; the rest are counted in one finding. */
const MAX_MISSING_SHOWN = 10;
/** The quote's numbers named in each such finding. */
const MAX_QUOTE_NUMBERS_SHOWN = 8;

export function findingsFor(
  loaded: LoadedCitationFile,
  checks: readonly FieldCheck[],
  manifest: Manifest,
  levels: CheckLevels,
): Finding[] {
  const findings = new FileFindings();
  const file = loaded.file;
  // A claim's numbers are placed at the claim field, not at the record's start.
  const records = checks.map((check, i) => ({
    check,
    claimAt: loaded.records[i].claimPosition ?? loaded.records[i].position,
  }));
  const level = (l: 'warn' | 'fail') => l;

  if (loaded.responses) {
    // Saved responses: each is an answer, and the parts its citations cover are known exactly.
    for (const response of loaded.responses) {
      const { answer, cited } = response;
      const name = shorten(response.name, EXCERPT);
      if (levels.uncitedClaims !== 'off') {
        const sentences = splitSentences(answer.text);
        const covered = rangesCoverage(answer.text, sentences, cited);
        for (const [i, sentence] of sentences.entries()) {
          if (covered[i]) continue;
          findings.add({
            kind: 'uncited claim',
            level: level(levels.uncitedClaims),
            file,
            ...answer.locate(sentence.start),
            message: `no citation covers this sentence of response ${name}: "${shorten(sentence.text, 160)}"`,
          });
        }
      }
      const own = records.slice(response.from, response.to).map((r) => r.check);
      requiredSources(
        findings,
        manifest,
        levels,
        file,
        own,
        response.position,
        (id, rule) =>
          `response ${name} must cite ${id} (the rule at ${manifest.file}:${rule}), but none of its citations does`,
      );
    }
  } else {
    if (levels.uncitedClaims !== 'off' && loaded.answer) {
      const claims = records.flatMap(({ check }) =>
        check.ok
          ? check.record.claim !== undefined
            ? [check.record.claim]
            : []
          : check.claim !== undefined
            ? [check.claim]
            : [],
      );
      const sentences = splitSentences(loaded.answer.text);
      const covered = claimCoverage(
        claims,
        sentences.map((s) => s.text),
      );
      for (const [i, sentence] of sentences.entries()) {
        if (covered[i]) continue;
        findings.add({
          kind: 'uncited claim',
          level: level(levels.uncitedClaims),
          file,
          ...loaded.answer.locate(sentence.start),
          message: `no record's claim covers this sentence of the answer: "${shorten(sentence.text, 160)}"`,
        });
      }
    }
    const where = loaded.answer?.position ?? loaded.records[0]?.position ?? { line: 1, column: 1 };
    requiredSources(
      findings,
      manifest,
      levels,
      file,
      checks,
      where,
      (id, rule) => `this answer must cite ${id} (the rule at ${manifest.file}:${rule}), but no record does`,
    );
  }

  const claimNumbers = levels.claimNumbers;
  if (claimNumbers !== 'off') {
    for (const { check, claimAt } of records) {
      if (!check.ok || check.record.claim === undefined) continue;
      const { missing, quoteHas } = missingNumbers(check.record.claim, check.record.quote);
      if (missing.length === 0) continue;
      const numberFinding = (message: string): Finding => ({
        kind: 'claim number not in quote',
        level: claimNumbers,
        file,
        ...claimAt,
        citationId: check.record.citationId,
        message,
      });
      // Said in full for a few numbers; a claim (or quote) of thousands would
      // otherwise make megabytes of findings.
      const listed = quoteHas
        .slice(0, MAX_QUOTE_NUMBERS_SHOWN)
        .map((q) => `"${shorten(q.text, 40)}"`)
        .join(', ');
      const more =
        quoteHas.length > MAX_QUOTE_NUMBERS_SHOWN ? ` and ${quoteHas.length - MAX_QUOTE_NUMBERS_SHOWN} more` : '';
      const has = quoteHas.length === 0 ? 'the quote states no number' : `the quote has ${listed}${more}`;
      const shown = missing.slice(0, MAX_MISSING_SHOWN);
      for (const number of shown)
        findings.add(numberFinding(`the claim says "${shorten(number.text, 40)}", but ${has}`));
      if (missing.length > shown.length)
        findings.add(
          numberFinding(`the claim says ${missing.length - shown.length} more numbers that the quote does not carry`),
        );
    }
  }
  return findings.list();
}

/**
 * The sources the manifest's `require` rules want an answer (a file, or one
 * response of it) to cite, and its records (`checks`) do not, placed `where`.
 */
function requiredSources(
  findings: FileFindings,
  manifest: Manifest,
  levels: CheckLevels,
  file: string,
  checks: readonly FieldCheck[],
  where: { readonly line: number; readonly column: number },
  say: (id: string, ruleLine: number) => string,
): void {
  if (levels.requiredSources === 'off' || manifest.requirements.length === 0) return;
  const rel =
    manifest.dir === '' ? file : file.startsWith(`${manifest.dir}/`) ? file.slice(manifest.dir.length + 1) : undefined;
  // A record with invalid fields still names its source: its own verdict says what is wrong with it.
  const cited = new Set(
    checks.flatMap((check) => {
      const id = check.ok ? check.record.sourceId : check.sourceId;
      return id !== undefined ? [id] : [];
    }),
  );
  for (const rule of manifest.requirements) {
    if (rel === undefined || !rule.glob.matches(rel)) continue;
    for (const id of rule.cite) {
      if (cited.has(id)) continue;
      findings.add({
        kind: 'required source not cited',
        level: levels.requiredSources,
        file,
        line: where.line,
        column: where.column,
        message: say(id, rule.position.line),
      });
    }
  }
}
