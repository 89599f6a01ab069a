// Every target of issue 18, judged for each Node that ran the CLI, side by
// side: issue18Targets() gives them as data, issue18Markdown() as the table
// the benchmark prints first.

const MiB = 1024 * 1024;
const fmtS = (s) => (s == null ? '–' : s < 10 ? s.toFixed(3) : s.toFixed(1));
const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const ok = (m) => !!m && m.bestS != null && !m.crash;

/** A judged cell: met true/false, or null when not measured. */
const cell = (met, text) => ({ met, text });
const notRun = (why) => cell(null, `not measured (${why})`);

function ratioAtMost(a, b, limit, what) {
  if (!ok(a) || !ok(b)) return notRun(`${what}: a run is missing or failed`);
  const x = a.bestS / b.bestS;
  return cell(x <= limit, `${fmtX(x)}× (${fmtS(a.bestS)} s / ${fmtS(b.bestS)} s; at most ${limit}×)`);
}

/** The targets, each with a cell per Node label, and how it is measured. */
export function issue18Targets({ results, checks, nodes }) {
  const by = Object.fromEntries(results.map((r) => [r.size, r]));
  const mode = (size, label, m) => by[size]?.byNode?.[label]?.[m];
  const rows = [];
  const add = (id, item, title, judge, measured) => {
    const cells = {};
    for (const n of nodes) cells[n.label] = judge(n.label);
    rows.push({ id, item, title, cells, measured });
  };

  // 1. No valid input refused.
  add(
    'numbered-2w-located',
    1,
    '50,000 two-word quotes of 60,000 numbered words (400 KB), all in it once: all located, the source verified',
    (l) => {
      const j = mode('numbered-2w', l, 'json');
      if (!ok(j)) return notRun('numbered-2w not run');
      const located = j.verdicts?.located ?? 0;
      return cell(
        located === by['numbered-2w'].citations && !j.unverified,
        `${located.toLocaleString('en-US')} of ${by['numbered-2w'].citations.toLocaleString('en-US')} located, ${j.unverified ?? 0} source unverified`,
      );
    },
    "the JSON report of numbered-2w: its verdicts and its source's status.",
  );
  add(
    'numbered-2w-time',
    1,
    'those 50,000 two-word quotes in under 2× the time of 50,000 eight-word quotes of the same source (text run)',
    (l) => {
      const a = mode('numbered-2w', l, 'text');
      const b = mode('numbered-8w', l, 'text');
      if (!ok(a) || !ok(b)) return notRun('numbered-2w and numbered-8w needed');
      const x = a.bestS / b.bestS;
      return cell(x < 2, `${fmtX(x)}× (${fmtS(a.bestS)} s / ${fmtS(b.bestS)} s)`);
    },
    'best text-run wall time of numbered-2w over that of numbered-8w.',
  );
  add(
    'budget',
    1,
    'the work budget never reached by natural or numbered text or boilerplate up to the source size limit (64 MB), with 1,000,000 quotes of 1 to 200 words',
    (l) => {
      // The work counted is the same with any Node: the check runs with the first.
      const cases = checks.budget?.[l] ?? checks.budget?.[nodes[0].label];
      if (!cases) return notRun('the budget check not run');
      const worst = Math.max(...cases.map((c) => c.fraction ?? Number.POSITIVE_INFINITY));
      const failed = cases.filter((c) => c.outcome !== 'checked');
      return cell(
        failed.length === 0 && worst < 1,
        `${cases.length - failed.length} of ${cases.length} scans within it; the most work ${(100 * worst).toFixed(2)}% of the budget` +
          ` (${cases.map((c) => `${c.kind} ${(c.sourceBytes / MiB).toFixed(1)} MB: ${(100 * (c.fraction ?? 1)).toFixed(2)}%, scan ${fmtS(c.scanS)} s`).join('; ')})`,
      );
    },
    'scripts/bench/budget.mjs: one scan of the engine (QuoteSet) of 400 KB and 64 MB of natural text, of numbered words and of numbered clauses of boilerplate, 1,000,000 quotes of 1 to 200 words (log-uniform) copied from it (of boilerplate, half of them whole clauses with or without their final period); the work done against the budget (QuoteSet.lastWork), with the first Node (the work counted does not depend on it).',
  );

  // 2. Explanations cost what the quote costs.
  for (const [vocab, a, b] of [
    ['natural text', 'explain-400k', 'explain-40k'],
    ['a small vocabulary (60 words)', 'explain-vocab-400k', 'explain-vocab-40k'],
  ]) {
    add(
      `${a}-vs-${b}`,
      2,
      `10,000 failing quotes against a 400 KB source within 2× of the same against a 40 KB source, ${vocab} (JSON run)`,
      (l) => {
        const c = ratioAtMost(mode(a, l, 'json'), mode(b, l, 'json'), 2, `${a}, ${b}`);
        const ta = mode(a, l, 'text');
        const tb = mode(b, l, 'text');
        if (c.met === null || !ok(ta) || !ok(tb)) return c;
        const ea = mode(a, l, 'json').bestS - ta.bestS;
        const eb = mode(b, l, 'json').bestS - tb.bestS;
        return cell(c.met, `${c.text}; the explanations alone (JSON − text) ${fmtS(ea)} s and ${fmtS(eb)} s`);
      },
      `best JSON-run wall time of ${a} over that of ${b}; each record a copied span of 5 to 30 words with one word replaced or "not" inserted, not in the source.`,
    );
  }
  add(
    'cut-json-vs-reference',
    2,
    'the JSON run of cut (100 × 40 KB, 10,000 quotes cut at any character) at least 50× faster than the reference',
    (l) => {
      const j = mode('cut', l, 'json');
      const ref = by.cut?.reference;
      if (!ok(j)) return notRun('cut not run');
      if (ref?.status !== 'ran' || !ref.timed) return notRun(ref?.note ?? 'the reference not run');
      const x = ref.elapsedS / j.bestS;
      const t = mode('cut', l, 'text');
      return cell(
        x >= 50,
        `${fmtX(x)}× (${fmtS(j.bestS)} s vs ${fmtS(ref.elapsedS)} s; text run ${ok(t) ? `${fmtX(ref.elapsedS / t.bestS)}×` : '–'})`,
      );
    },
    "best JSON-run wall time vs the best of the reference's check() calls over the same records, timed inside Python.",
  );
  add(
    'near-misses',
    2,
    'the near-miss fixtures give the same explanations (expected-explain.txt)',
    (l) => {
      const c = checks.nearMisses?.[l];
      if (!c) return notRun('the near-misses check not run');
      return cell(c.same, c.same ? `the same, ${c.lines} lines` : 'they differ');
    },
    '`check --manifest __fixtures__/near-misses/citegate.yml --explain`, its standard output against expected-explain.txt.',
  );

  // 3. The audit near the floor.
  for (const size of ['cut-medium', 'large']) {
    add(
      `${size}-vs-sha256sum`,
      3,
      `${size === 'large' ? 'large (256 MB, 200,000 citations)' : 'cut-medium (64 MB in 256 sources, 50,000 citations)'}: the JSON run within 3× sha256sum over the same sources`,
      (l) => {
        const j = mode(size, l, 'json');
        const sha = by[size]?.sha256sum?.bestS;
        if (!ok(j)) return notRun(`${size} not run`);
        if (!sha) return notRun('sha256sum did not run');
        const x = j.bestS / sha;
        const t = mode(size, l, 'text');
        return cell(
          x <= 3,
          `${fmtX(x)}× (${fmtS(j.bestS)} s vs ${fmtS(sha)} s; text run ${ok(t) ? `${fmtX(t.bestS / sha)}×` : '–'})`,
        );
      },
      'best JSON-run wall time vs the best sha256sum over the same files, in the page cache. Phase B (src/check).',
    );
  }
  add(
    'memory',
    3,
    'peak memory within 200 MB + 6× the largest source, on every corpus (text and JSON runs)',
    (l) => {
      const judged = results.filter((r) => r.byNode?.[l]);
      if (judged.length === 0) return notRun('no corpus run');
      const over = [];
      for (const r of judged) {
        const limit = 200 + (6 * r.largestSourceBytes) / MiB;
        for (const m of ['text', 'json']) {
          const rss = r.byNode[l][m].maxRssKiB;
          if (rss != null && rss / 1024 > limit)
            over.push(`${r.size} ${m} ${(rss / 1024).toFixed(0)} MB > ${limit.toFixed(0)} MB`);
        }
      }
      return cell(
        over.length === 0,
        over.length === 0 ? `all ${judged.length} corpora within it` : `over on ${over.length}: ${over.join('; ')}`,
      );
    },
    "the highest peak RSS of each corpus's runs (/usr/bin/time %M). Phase B (src/check) for the JSON runs.",
  );

  // 4. Cost grows linearly.
  for (const [a, b] of [
    ['cut-4x', 'cut'],
    ['cut-16x', 'cut-4x'],
  ]) {
    add(
      `scaling-${a}`,
      4,
      `${a} (4× the data of ${b}) within 4.5× its time, explanations included (JSON run)`,
      (l) => {
        const c = ratioAtMost(mode(a, l, 'json'), mode(b, l, 'json'), 4.5, `${a}, ${b}`);
        const t = mode(a, l, 'text');
        const u = mode(b, l, 'text');
        return c.met === null || !ok(t) || !ok(u) ? c : cell(c.met, `${c.text}; text run ${fmtX(t.bestS / u.bestS)}×`);
      },
      `best JSON-run wall time of ${a} over that of ${b}. Phase B (src/check: explainElsewhere) for the search of other sources.`,
    );
  }

  // 5. Ahead of the cheap alternative.
  add(
    'cheap-16x-text',
    5,
    'the text run at least 5× ahead of the cheap alternative (cheap_check.py) on cut-16x',
    (l) => {
      const t = mode('cut-16x', l, 'text');
      const c = by['cut-16x']?.cheap;
      if (!ok(t) || c?.status !== 'ran') return notRun('cut-16x or the cheap alternative not run');
      const x = c.bestS / t.bestS;
      return cell(x >= 5, `${fmtX(x)}× (${fmtS(t.bestS)} s vs ${fmtS(c.bestS)} s)`);
    },
    "best wall time of the cheap alternative (whole Python process) over the text run's.",
  );
  add(
    'cheap-json',
    5,
    'the JSON run ahead of the cheap alternative at every size (cut, cut-4x, cut-16x); the ratios at each size',
    (l) => {
      const parts = [];
      let met = true;
      let any = false;
      for (const size of ['cut', 'cut-4x', 'cut-16x']) {
        const c = by[size]?.cheap;
        const j = mode(size, l, 'json');
        const t = mode(size, l, 'text');
        if (c?.status !== 'ran' || !ok(j)) {
          met = null;
          parts.push(`${size}: not run`);
          continue;
        }
        any = true;
        if (c.bestS <= j.bestS) met = met === null ? null : false;
        parts.push(
          `${size}: cheap ${fmtS(c.bestS)} s, text ${ok(t) ? `${fmtX(c.bestS / t.bestS)}×` : '–'}, JSON ${fmtX(c.bestS / j.bestS)}×` +
            ` (verdicts as citegate's: ${c.same}/${c.total})`,
        );
      }
      return cell(any ? met : null, parts.join('; '));
    },
    "best wall time of the cheap alternative over the text and JSON runs' (above 1×: citegate ahead).",
  );

  // 6. An explanation depends on its record and its source alone.
  add(
    'shards',
    6,
    "the shards of a split run (cut, --shard 1/2 and 2/2, merge-reports) give the whole run's records, detail included",
    (l) => {
      if (l !== nodes[0].label) return cell(null, 'with the first Node only');
      const s = by.cut?.shards;
      if (s?.status !== 'ran') return notRun(s?.note ?? 'cut not run');
      return cell(
        s.same === s.total,
        `${s.same} of ${s.total} the same${s.differ.length ? `; differ: ${s.differ.join(', ')}` : ''}`,
      );
    },
    "every record of the merged report against the whole JSON run's: verdict, matches and detail. test/engine/company.test.ts (npm test) checks the engine alone: a record alone and in random batches.",
  );
  add(
    'huge-quote',
    6,
    'a quote of 50 MB explained in a heap of 512 MB: a bounded explanation or a clear outcome, never an abort',
    (l) => {
      const h = checks.hugeQuote?.[l];
      if (!h) return notRun('the huge-quote check not run');
      return cell(
        h.ok,
        `${h.exit}, ${h.verdict ?? 'no report'}, ${fmtS(h.wallS)} s, peak RSS ${h.maxRssMiB ?? '?'} MB`,
      );
    },
    '`node --max-old-space-size=512 dist/cli/index.js check --format json` on one record whose quote is 50 MB.',
  );
  return rows;
}

export function issue18Markdown({ results, checks, nodes, machine, command, cli, started, elapsedS }) {
  const rows = issue18Targets({ results, checks, nodes });
  const out = ['## Issue 18: every target, each Node', ''];
  out.push(`Command: \`${command}\``, '');
  out.push(
    `Date: ${started
      .toISOString()
      .replace(/:\d\d\.\d+Z$/, ' UTC')
      .replace('T', ' ')} (the benchmark took ` +
      `${elapsedS < 120 ? `${elapsedS.toFixed(0)} s` : `${(elapsedS / 60).toFixed(1)} min`})`,
    '',
  );
  out.push(
    `Machine: ${machine.cpu}, ${machine.cores} logical cores, ${machine.memGiB} GiB RAM, ${machine.os}; harness Node ${machine.node}; ${machine.python}; ${machine.sha256sum}`,
    '',
  );
  out.push(`citegate: \`${cli.shown}\` (bundle sha256 ${cli.sha12}…, modified ${cli.mtime})`, '');
  const status = (c) => (c.met === true ? 'met' : c.met === false ? '**NOT met**' : '–');
  for (const n of nodes) {
    const cells = rows.map((r) => r.cells[n.label]);
    const count = (v) => cells.filter((c) => c.met === v).length;
    out.push(`- Node ${n.version}: ${count(true)} met, ${count(false)} not met, ${count(null)} not measured`);
  }
  out.push('');
  out.push(`| item | target | ${nodes.map((n) => `Node ${n.version}`).join(' | ')} |`);
  out.push(`| ---: | --- | ${nodes.map(() => '---').join(' | ')} |`);
  for (const r of rows) {
    const cells = nodes.map((n) => `${status(r.cells[n.label])}: ${r.cells[n.label].text}`.replace(/\|/g, '\\|'));
    out.push(`| ${r.item} | ${r.title} | ${cells.join(' | ')} |`);
  }
  out.push('', 'How each is measured:', '');
  for (const r of rows) out.push(`- ${r.title}: ${r.measured}`);
  out.push('');
  return out.join('\n');
}
