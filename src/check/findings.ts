// Findings beyond quotes, per citation file: sentences of the answer no claim
// covers, required sources no record cites, and numbers a claim states that
// its quote does not carry. Each is placed at its line; none changes a verdict.
import type { FieldCheck } from '../engine/record.js';
import type { LoadedCitationFile } from '../load/citation-file.js';
import type { Manifest } from '../load/manifest.js';
import type { CheckLevels } from '../model/levels.js';
import { EXCERPT, shorten } from '../model/escape.js';
import type { Finding } from '../model/result.js';
import { claimCoverage, rangesCover, splitSentences } from '../engine/sentences.js';
import { missingNumbers } from '../engine/numbers.js';

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
  const findings: Finding[] = [];
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
        for (const sentence of splitSentences(answer.text)) {
          if (rangesCover(answer.text, sentence, cited)) continue;
          findings.push({
            kind: 'uncited claim',
            level: level(levels.uncitedClaims),
            file,
            ...answer.locate(sentence.start),
            message: `no citation covers this sentence of response ${name}: "${shorten(sentence.text, 160)}"`,
          });
        }
      }
      const own = records.slice(response.from, response.to).map((r) => r.check);
      findings.push(
        ...requiredSources(
          manifest,
          levels,
          file,
          own,
          response.position,
          (id, rule) =>
            `response ${name} must cite ${id} (the rule at ${manifest.file}:${rule}), but none of its citations does`,
        ),
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
        findings.push({
          kind: 'uncited claim',
          level: level(levels.uncitedClaims),
          file,
          ...loaded.answer.locate(sentence.start),
          message: `no record's claim covers this sentence of the answer: "${shorten(sentence.text, 160)}"`,
        });
      }
    }
    const where = loaded.answer?.position ?? loaded.records[0]?.position ?? { line: 1, column: 1 };
    findings.push(
      ...requiredSources(
        manifest,
        levels,
        file,
        checks,
        where,
        (id, rule) => `this answer must cite ${id} (the rule at ${manifest.file}:${rule}), but no record does`,
      ),
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
        findings.push(numberFinding(`the claim says "${shorten(number.text, 40)}", but ${has}`));
      if (missing.length > shown.length)
        findings.push(
          numberFinding(`the claim says ${missing.length - shown.length} more numbers that the quote does not carry`),
        );
    }
  }
  return findings;
}

/**
 * The sources the manifest's `require` rules want an answer (a file, or one
 * response of it) to cite, and its records (`checks`) do not, placed `where`.
 */
function requiredSources(
  manifest: Manifest,
  levels: CheckLevels,
  file: string,
  checks: readonly FieldCheck[],
  where: { readonly line: number; readonly column: number },
  say: (id: string, ruleLine: number) => string,
): Finding[] {
  if (levels.requiredSources === 'off' || manifest.requirements.length === 0) return [];
  const rel =
    manifest.dir === '' ? file : file.startsWith(`${manifest.dir}/`) ? file.slice(manifest.dir.length + 1) : undefined;
  // A record with invalid fields still names its source: its own verdict says what is wrong with it.
  const cited = new Set(
    checks.flatMap((check) => {
      const id = check.ok ? check.record.sourceId : check.sourceId;
      return id !== undefined ? [id] : [];
    }),
  );
  const findings: Finding[] = [];
  for (const rule of manifest.requirements) {
    if (rel === undefined || !rule.glob.matches(rel)) continue;
    for (const id of rule.cite) {
      if (cited.has(id)) continue;
      findings.push({
        kind: 'required source not cited',
        level: levels.requiredSources,
        file,
        line: where.line,
        column: where.column,
        message: say(id, rule.position.line),
      });
    }
  }
  return findings;
}
