// Issue 17's speed target: a baseline of 200,000 records adds under 10% to
// the run. On `large` (200,000 citations), each run as it is and with
// `--baseline` set to the JSON report of an earlier run of the same corpus,
// interleaved, with each Node, in both modes: the JSON run, which is the
// Action's (it always explains), and the text run, the fastest, against
// which the baseline's cost (reading a report of 200,000 records, matching
// every record and finding) weighs most.
import fs from 'node:fs';
import path from 'node:path';
import { runCitegate } from './measure.mjs';

/**
 * Runs of each kind per Node and mode: a JSON run of large takes a minute.
 * The text run's time varies by 5% from run to run on this machine, as much
 * as the cost measured, so five pairs are run, and the median of the pairs
 * judged (baselineMarkdown).
 */
const RUNS = { text: 5, json: 1 };
const fmtS = (s) => (s == null ? '–' : s < 10 ? s.toFixed(3) : s.toFixed(1));

export async function checkBaseline(cli, corpus, opts, log) {
  const { dir, stamp } = corpus();
  const first = cli.nodes[0];
  // The baseline: the first Node's JSON report of the corpus's own run (this bench's, or an earlier
  // bundle's: a baseline is an earlier run), or one made here.
  let baseline = path.join(dir, `citegate-report-${first.label}.json`);
  if (!fs.existsSync(baseline)) {
    baseline = path.join(dir, 'baseline-report.json');
    log(`baseline: the JSON report of ${path.basename(dir)} to use as the baseline, Node ${first.version}`);
    const r = await runCitegate(cli.path, dir, {
      mode: 'json',
      reportFile: baseline,
      timeoutMs: opts.timeoutMs,
      node: first.path,
    });
    if (!r.ok) return { status: 'failed', note: `the baseline's JSON run: ${r.crash}` };
  }
  const records = JSON.parse(fs.readFileSync(baseline, 'utf8')).records.length;
  const out = {
    status: 'ran',
    records,
    citations: stamp.citations,
    baselineBytes: fs.statSync(baseline).size,
    byNode: {},
  };
  const reportFile = path.join(dir, 'baseline-check-report.json');
  for (const node of cli.nodes) out.byNode[node.label] = {};
  for (const mode of ['text', 'json']) {
    for (const node of cli.nodes) out.byNode[node.label][mode] = { plain: [], baseline: [], exit: null };
    for (let i = 0; i < RUNS[mode]; i++) {
      for (const node of cli.nodes) {
        const m = out.byNode[node.label][mode];
        // The pair's order alternates, so that whatever the first run of a pair pays (or saves) falls on both kinds.
        for (const kind of i % 2 === 0 ? ['plain', 'baseline'] : ['baseline', 'plain']) {
          const extraArgs = kind === 'baseline' ? ['--baseline', baseline] : [];
          log(`baseline: ${kind} ${mode} run ${i + 1}/${RUNS[mode]}, Node ${node.version}`);
          const r = await runCitegate(cli.path, dir, {
            mode,
            reportFile,
            timeoutMs: opts.timeoutMs,
            node: node.path,
            extraArgs,
          });
          if (!r.ok) return { status: 'failed', note: `${kind} ${mode} run, Node ${node.version}: ${r.crash}` };
          m[kind].push(r.wallS);
          if (kind === 'baseline') m.exit = r.code;
          log(`baseline: ${kind} ${mode} ${r.wallS.toFixed(3)} s, exit ${r.code}`);
        }
      }
    }
  }
  fs.rmSync(reportFile, { force: true });
  for (const modes of Object.values(out.byNode))
    for (const m of Object.values(modes)) {
      m.plainS = Math.min(...m.plain);
      m.baselineS = Math.min(...m.baseline);
      // Each run with the baseline against the run without it beside it: the cost within a pair.
      m.pairs = m.plain.map((plain, i) => m.baseline[i] / plain - 1);
      m.medianPair = median(m.pairs);
    }
  return out;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const pct = (x) => `${(x * 100).toFixed(1)}%`;

/**
 * The target as a Markdown section, one row per Node and mode. The cost is
 * judged on the median of the pairs (each run with the baseline against the
 * run without it beside it, their order alternating): the machine's speed drifts from minute to
 * minute by as much as the cost, and a pair shares its minute. The best of
 * each kind is shown beside it; one lucky run without the baseline moves it.
 */
export function baselineMarkdown(result, nodes) {
  const out = ['## Issue 17: the cost of a baseline', ''];
  if (!result) return '';
  if (result.status !== 'ran') return [...out, `Not measured: ${result.note}`, ''].join('\n');
  out.push(
    `Target: a baseline of 200,000 records adds under 10% to the run. Corpus \`large\` (${result.citations.toLocaleString('en-US')} citations); ` +
      `the baseline a JSON report of the same corpus (${result.records.toLocaleString('en-US')} records, ` +
      `${(result.baselineBytes / 1024 / 1024).toFixed(0)} MB); each run without and with \`--baseline\`, interleaved, ` +
      `${RUNS.json} JSON run${RUNS.json > 1 ? 's' : ''} of each (the Action's run: it explains) and ${RUNS.text} text runs of each. ` +
      "*added* is the median over the pairs of the time a run with the baseline adds to the run without it beside it (the two in turn first; the machine's speed drifts by as much as the cost, and a pair shares its minute), and is what the target is judged on; *pairs* lists each; *without* and *with* are the best of each kind.",
    '',
    '| Node | run | without | with --baseline | added | pairs | exit with the baseline | under 10% |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: | --- |',
  );
  for (const n of nodes) {
    for (const mode of ['json', 'text']) {
      const m = result.byNode[n.label]?.[mode];
      if (!m) continue;
      const added = m.medianPair;
      out.push(
        `| ${n.version} | ${mode} | ${fmtS(m.plainS)} s | ${fmtS(m.baselineS)} s | ${pct(added)} | ${m.pairs.map(pct).join(', ')} | ${m.exit} | ${added < 0.1 ? 'met' : '**NOT met**'} |`,
      );
    }
  }
  out.push('');
  return out.join('\n');
}
