// The benchmark's Markdown: the results table, the targets, the machine.

const MiB = 1024 * 1024;

export const TARGETS = {
  smallSpeedup: 100, // the whole CLI run at least 100x faster than the reference's check() calls
  largeVsSha: 3, // large within 3x sha256sum over the same sources
  scaling: 4.5, // large (4x the data of medium) at most 4.5x the medium time
  oneSeconds: 2, // 50,000 quotes against one 400 KB source in under 2 s
  memBaseMiB: 200, // peak RSS at most 200 MB + 6x the largest source
  memPerLargest: 6,
};

const fmtS = (s) => (s == null ? '–' : s < 10 ? s.toFixed(3) : s.toFixed(1));
const fmtMB = (b) => (b / MiB).toFixed(b < MiB ? 2 : 1);
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

function atMost(value, limit, unit, what) {
  if (value <= limit) return `met: ${what} ${value.toFixed(2)}${unit} ≤ ${limit}${unit} (${fmtX(limit / value)}× headroom)`;
  return `**NOT met**: ${what} ${value.toFixed(2)}${unit} > ${limit}${unit} (${fmtX(value / limit)}× over)`;
}

export function targetLines(results) {
  const by = Object.fromEntries(results.map((r) => [r.size, r]));
  const ok = (r) => r && r.citegate && r.citegate.bestS != null && !r.citegate.crash;
  const lines = [];

  const small = by.small;
  if (!small) {
    lines.push('- small, ≥ 100× faster than the reference: not measured (small not run)');
    lines.push('- small, identical verdicts: not measured (small not run)');
  } else if (!ok(small)) {
    lines.push(`- small: **NOT met**: citegate ${small.citegate?.crash ?? 'did not run'}`);
  } else if (!small.reference || small.reference.status !== 'ran' || !small.reference.timed) {
    const why = small.reference?.note ?? 'reference not run';
    lines.push(`- small, ≥ 100× faster than the reference: not measured (${why})`);
    lines.push(`- small, identical verdicts: not measured (${why})`);
  } else {
    const speedup = small.reference.elapsedS / small.citegate.bestS;
    lines.push(speedup >= TARGETS.smallSpeedup
      ? `- small, whole CLI run ≥ 100× faster than the reference: met: ${fmtX(speedup)}× ` +
        `(${fmtS(small.citegate.bestS)} s vs ${fmtS(small.reference.elapsedS)} s; ${fmtX(speedup / TARGETS.smallSpeedup)}× headroom)`
      : `- small, whole CLI run ≥ 100× faster than the reference: **NOT met**: ${fmtX(speedup)}× ` +
        `(${fmtS(small.citegate.bestS)} s vs ${fmtS(small.reference.elapsedS)} s; needs ${fmtX(TARGETS.smallSpeedup / speedup)}× more, ` +
        `i.e. ≤ ${fmtS(small.reference.elapsedS / TARGETS.smallSpeedup)} s)`);
    const a = small.reference.agreement;
    const differ = a.total - a.same;
    lines.push(differ === 0 && a.extra === 0
      ? `- small, identical verdicts: met: ${fmtInt(a.same)}/${fmtInt(a.total)} records agree`
      : `- small, identical verdicts: **NOT met**: ${fmtInt(differ)} of ${fmtInt(a.total)} records differ` +
        `${a.missing ? ` (${a.missing} missing from citegate's report)` : ''}${a.extra ? `, ${a.extra} extra records in citegate's report` : ''}`);
  }

  const large = by.large;
  if (!large) lines.push('- large, within 3× sha256sum: not measured (large not run)');
  else if (!ok(large)) lines.push(`- large, within 3× sha256sum: **NOT met**: citegate ${large.citegate?.crash ?? 'did not run'}`);
  else if (!large.sha256sum?.bestS) lines.push('- large, within 3× sha256sum: not measured (sha256sum did not run)');
  else {
    const ratio = large.citegate.bestS / large.sha256sum.bestS;
    lines.push(`- large, within 3× sha256sum (${fmtS(large.citegate.bestS)} s vs ${fmtS(large.sha256sum.bestS)} s): ` +
      atMost(ratio, TARGETS.largeVsSha, '×', 'ratio'));
  }

  const medium = by.medium;
  if (!large || !medium) lines.push('- scaling, large ≤ 4.5× medium: not measured (needs medium and large in the same run)');
  else if (!ok(large) || !ok(medium)) lines.push('- scaling, large ≤ 4.5× medium: **NOT met**: a run failed');
  else {
    const ratio = large.citegate.bestS / medium.citegate.bestS;
    const data = large.sourceBytes / medium.sourceBytes;
    lines.push(`- scaling, large (${data.toFixed(2)}× the data of medium) ≤ 4.5× the medium time ` +
      `(${fmtS(large.citegate.bestS)} s vs ${fmtS(medium.citegate.bestS)} s): ` + atMost(ratio, TARGETS.scaling, '×', 'ratio'));
  }

  const one = by.one;
  if (!one) lines.push('- one, 50,000 quotes against one 400 KB source in < 2 s: not measured (one not run)');
  else if (!ok(one)) lines.push(`- one, < 2 s: **NOT met**: citegate ${one.citegate?.crash ?? 'did not run'}`);
  else {
    const s = one.citegate.bestS;
    lines.push(`- one, ${fmtInt(one.citations)} quotes against one ${(one.largestSourceBytes / 1024).toFixed(0)} KB source in < 2 s: ` +
      (s < TARGETS.oneSeconds
        ? `met: ${fmtS(s)} s (${fmtX(TARGETS.oneSeconds / s)}× headroom)`
        : `**NOT met**: ${fmtS(s)} s (${fmtX(s / TARGETS.oneSeconds)}× over)`));
  }

  for (const r of results) {
    const limit = TARGETS.memBaseMiB + TARGETS.memPerLargest * (r.largestSourceBytes / MiB);
    const rss = r.citegate?.maxRssKiB;
    if (rss == null) {
      lines.push(`- memory, ${r.size}: not measured (${r.citegate?.crash ?? 'no /usr/bin/time'})`);
      continue;
    }
    lines.push(`- memory, ${r.size}, peak RSS ≤ 200 MB + 6 × ${fmtMB(r.largestSourceBytes)} MB = ${limit.toFixed(1)} MB: ` +
      atMost(rss / 1024, Number(limit.toFixed(1)), ' MB', 'peak RSS'));
  }
  return lines;
}

export function markdown({ results, machine, command, cli, runsNote, notes }) {
  const out = [];
  out.push('## citegate benchmark', '');
  out.push(`Command: \`${command}\``, '');
  out.push(`Machine: ${machine.cpu}, ${machine.cores} logical cores, ${machine.memGiB} GiB RAM, ${machine.os}; ` +
    `Node ${machine.node}; ${machine.python}; ${machine.sha256sum}`, '');
  out.push(`citegate: \`${cli.shown}\` (bundle sha256 ${cli.sha12}…, modified ${cli.mtime})`, '');
  out.push('| size | sources | source MB | citations | citegate s | MB/s | citations/s | peak RSS MB | sha256sum s | ' +
    'citegate / sha256sum | reference s | speed-up | verdicts = reference |');
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    const c = r.citegate ?? {};
    const mb = r.sourceBytes / MiB;
    const cg = c.crash ? `crashed (${c.crash})` : fmtS(c.bestS);
    const good = !c.crash && c.bestS != null;
    const sha = r.sha256sum?.bestS;
    const ref = r.reference;
    let refS = '–';
    let speed = '–';
    let agree = '–';
    if (ref?.status === 'ran') {
      refS = ref.timed ? fmtS(ref.elapsedS) : 'not timed';
      speed = good && ref.timed ? `${fmtX(ref.elapsedS / c.bestS)}×` : '–';
      const a = ref.agreement;
      agree = a ? (a.same === a.total && a.extra === 0 ? `yes, ${fmtInt(a.same)}/${fmtInt(a.total)}`
        : `**no**: ${fmtInt(a.total - a.same)} of ${fmtInt(a.total)} differ`) : '–';
    } else if (ref) {
      refS = `skipped (${ref.note})`;
    }
    out.push(`| ${r.size} | ${fmtInt(r.sources)} | ${mb.toFixed(1)} | ${fmtInt(r.citations)} | ${cg} | ` +
      `${good ? (mb / c.bestS).toFixed(1) : '–'} | ${good ? fmtInt(r.citations / c.bestS) : '–'} | ` +
      `${c.maxRssKiB != null ? (c.maxRssKiB / 1024).toFixed(0) : '–'} | ${fmtS(sha)} | ` +
      `${good && sha ? `${fmtX(c.bestS / sha)}×` : '–'} | ${refS} | ${speed} | ${agree} |`);
  }
  out.push('');
  out.push(`${runsNote} citegate s is the wall time of the whole \`node dist/cli/index.js check … --format json --output …\` ` +
    'process (start-up, hashing, parsing, matching, report); peak RSS is the highest of its runs (/usr/bin/time %M). ' +
    'reference s times only the Python reference\'s check() calls (on small; with --verify-all the other sizes are ' +
    'compared with the reference untimed, its normalize() memoized). MB = 2^20 bytes. Source files are in the page cache ' +
    '(a sha256sum pass runs first).', '');

  out.push('### Targets', '');
  out.push(...targetLines(results), '');

  out.push('### Verdicts', '');
  const names = ['located', 'quote not found', 'ambiguous quote', 'unknown source', 'empty quote'];
  out.push(`| size | ${names.join(' | ')} | other | unverified sources | corpus |`);
  out.push(`|---|${names.map(() => '---:|').join('')}---:|---:|---|`);
  for (const r of results) {
    const v = r.citegate?.verdicts;
    const corpus = r.generatedS != null ? `generated in ${r.generatedS.toFixed(1)} s` : 'reused';
    if (!v) {
      out.push(`| ${r.size} | ${names.map(() => '–').join(' | ')} | – | – | ${corpus} |`);
      continue;
    }
    const other = Object.entries(v).filter(([k]) => !names.includes(k)).map(([k, n]) => `${k}: ${n}`).join(', ') || '0';
    out.push(`| ${r.size} | ${names.map((k) => fmtInt(v[k] ?? 0)).join(' | ')} | ${other} | ${r.citegate.unverified ?? '–'} | ${corpus} |`);
  }
  out.push('');

  for (const r of results) {
    const a = r.reference?.agreement;
    if (!a || a.mismatches.length === 0) continue;
    out.push(`### Verdicts that differ from the reference (${r.size}, first ${Math.min(10, a.mismatches.length)} of ${a.mismatches.length})`, '');
    out.push('| file | citation_id | source_id | quote | reference | citegate |', '|---|---|---|---|---|---|');
    for (const m of a.mismatches.slice(0, 10)) {
      const q = JSON.stringify(m.quote ?? null);
      out.push(`| ${m.file} | ${m.citation_id} | ${JSON.stringify(m.source_id)} | \`${(q.length > 120 ? q.slice(0, 117) + '…' : q).replace(/\|/g, '\\|').replace(/`/g, 'ˋ')}\` | ` +
        `${m.reference} | ${m.citegate}${m.reason ? ` (${m.reason})` : ''} |`);
    }
    out.push('', `All of them: \`.bench/${r.size}/mismatches.json\``, '');
  }

  for (const r of results) {
    if (r.citegate?.crash) {
      out.push(`### citegate failed on ${r.size}: ${r.citegate.crash}`, '', '```', (r.citegate.stderr ?? '').slice(-3000), '```', '');
    }
  }
  if (notes.length) out.push('### Notes', '', ...notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}
