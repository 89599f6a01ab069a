// The benchmark's Markdown: the results table, the targets, the machine. It is
// self-contained (command, machine, date, table, targets and how each one was
// measured), so .bench/last-results.md can be pasted into docs/benchmarks.md.

const MiB = 1024 * 1024;

export const TARGETS = {
  smallSpeedupIssue2: 50, // issue 2: small, the whole CLI run at least 50x faster than the reference's check() calls
  smallSpeedup: 100, // issue 5: the same, at least 100x
  largeVsSha: 3, // large within 3x sha256sum over the same sources
  scaling: 4.5, // large (4x the data of medium) at most 4.5x the medium time
  oneSeconds: 2, // 50,000 quotes against one 400 KB source in under 2 s
  missesSeconds: 1, // the JSON run (diagnostics) of 1,000 misses against one 200 KB source in under 1 s
  memBaseMiB: 200, // peak RSS at most 200 MB + 6x the largest source
  memPerLargest: 6,
};

const fmtS = (s) => (s == null ? '–' : s < 10 ? s.toFixed(3) : s.toFixed(1));
const fmtMB = (b) => (b / MiB).toFixed(b < MiB ? 2 : 1);
const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const fmtRss = (kib) => (kib == null ? '–' : (kib / 1024).toFixed(0));

/** A timed mode (`r.text` or `r.json`) that ran. */
const ran = (m) => !!m && m.bestS != null && !m.crash;
const label = (mode) => (mode.toLowerCase() === 'json' ? 'JSON run' : 'text run');
const why = (m, mode) => `the ${label(mode)} ${m?.crash ? `failed (${m.crash})` : 'did not run'}`;

/** value ≤ limit (or < limit when strict), with the margin either way; `what` names the value. */
function atMost(value, limit, unit, { strict = false, digits = 2, what = '' } = {}) {
  const met = strict ? value < limit : value <= limit;
  const v = `${what ? `${what} ` : ''}${value.toFixed(digits)}${unit}`;
  const l = `${limit}${unit}`;
  return met
    ? { met, text: `met: ${v} ${strict ? '<' : '≤'} ${l} (${fmtX(limit / value)}× headroom)` }
    : { met, text: `**NOT met**: ${v} ${strict ? '≥' : '>'} ${l} (${fmtX(value / limit)}× over)` };
}

function memoryLimitMiB(r) {
  return Number((TARGETS.memBaseMiB + TARGETS.memPerLargest * (r.largestSourceBytes / MiB)).toFixed(1));
}

/**
 * The targets, judged: [{ id, status: 'met' | 'not met' | 'not measured', line, measured }], where
 * `line` is the Markdown list item and `measured` one line saying what was measured.
 */
export function targetResults(results) {
  const by = Object.fromEntries(results.map((r) => [r.size, r]));
  const out = [];
  const add = (id, title, judged, measured) => {
    const status = judged.met === true ? 'met' : judged.met === false ? 'not met' : 'not measured';
    out.push({ id, status, line: `- ${title}: ${judged.text}`, measured: `- ${title}: ${measured}` });
  };
  const notMeasured = (why) => ({ met: null, text: `not measured (${why})` });
  const failed = (why) => ({ met: false, text: `**NOT met**: ${why}` });
  const runsOf = (r, mode) =>
    r ? `best of ${r.runs} ${mode}-mode run${r.runs > 1 ? 's' : ''}` : `best ${mode}-mode run`;

  // small: speed-up over the reference, identical verdicts
  const small = by.small;
  for (const [id, factor, issue] of [
    ['small-speedup-50', TARGETS.smallSpeedupIssue2, 2],
    ['small-speedup', TARGETS.smallSpeedup, 5],
  ]) {
    const title = `small, whole CLI run ≥ ${factor}× faster than the Python reference (issue ${issue})`;
    let j;
    if (!small) j = notMeasured('small not run');
    else if (!ran(small.text)) j = failed(why(small.text, 'text'));
    else if (small.reference?.status !== 'ran' || !small.reference.timed) {
      j = notMeasured(small.reference?.note ?? 'reference not run');
    } else {
      const ref = small.reference.elapsedS;
      const speedup = ref / small.text.bestS;
      const jsonNote = ran(small.json)
        ? `; JSON run ${fmtX(ref / small.json.bestS)}×, ${fmtS(small.json.bestS)} s`
        : '';
      j =
        speedup >= factor
          ? {
              met: true,
              text:
                `met: ${fmtX(speedup)}× (text run ${fmtS(small.text.bestS)} s vs ${fmtS(ref)} s; ` +
                `${fmtX(speedup / factor)}× headroom${jsonNote})`,
            }
          : {
              met: false,
              text:
                `**NOT met**: ${fmtX(speedup)}× (text run ${fmtS(small.text.bestS)} s vs ${fmtS(ref)} s; ` +
                `needs ${fmtX(factor / speedup)}× more, i.e. ≤ ${fmtS(ref / factor)} s${jsonNote})`,
            };
    }
    const refRuns = small?.reference?.runsS?.length ?? 1;
    add(
      id,
      title,
      j,
      `${runsOf(small, 'text')} (wall time of the whole \`check\` process) vs the best of ${refRuns} run${refRuns === 1 ? '' : 's'} of the ` +
        `reference's check() calls over the same ${small ? `${fmtInt(small.citations)} ` : ''}records, timed inside Python (its start-up and ` +
        'JSON loading left out).',
    );
  }
  {
    const title = 'small, identical verdicts';
    let j;
    if (!small) j = notMeasured('small not run');
    else if (small.reference?.status !== 'ran') j = notMeasured(small.reference?.note ?? 'reference not run');
    else {
      const a = small.reference.agreement;
      const differ = a.total - a.same;
      j =
        differ === 0 && a.extra === 0
          ? { met: true, text: `met: ${fmtInt(a.same)}/${fmtInt(a.total)} records agree` }
          : {
              met: false,
              text:
                `**NOT met**: ${fmtInt(differ)} of ${fmtInt(a.total)} records differ` +
                `${a.missing ? ` (${a.missing} missing from citegate's report)` : ''}` +
                `${a.extra ? `, ${a.extra} extra records in citegate's report` : ''}`,
            };
    }
    add(
      'small-verdicts',
      title,
      j,
      "the verdict of every record in citegate's JSON report vs the reference's check() for the same file and " +
        'citation_id (with --verify-all, the other sizes too: see the table).',
    );
  }

  // large: within 3x sha256sum; scaling from medium
  const large = by.large;
  const shaRatio = (mode) => {
    if (!large) return notMeasured('large not run');
    if (!ran(large[mode])) return failed(why(large[mode], mode));
    if (!large.sha256sum?.bestS) return notMeasured('sha256sum did not run');
    const ratio = large[mode].bestS / large.sha256sum.bestS;
    const j = atMost(ratio, TARGETS.largeVsSha, '×', { what: 'ratio' });
    return {
      met: j.met,
      text: `${j.text}: ${fmtS(large[mode].bestS)} s vs sha256sum ${fmtS(large.sha256sum.bestS)} s`,
    };
  };
  add(
    'large-vs-sha256sum',
    'large, within 3× sha256sum over the same sources',
    shaRatio('text'),
    `${runsOf(large, 'text')} vs the best of as many sha256sum runs over the same ` +
      `${large ? `${fmtInt(large.sources)} ` : ''}source files, both with the files in the page cache.`,
  );

  const medium = by.medium;
  {
    let j;
    let title = 'scaling, large ≤ 4.5× the medium time';
    if (!large || !medium) j = notMeasured('needs medium and large in the same run');
    else if (!ran(large.text) || !ran(medium.text)) j = failed('a text run failed');
    else {
      title = `scaling, large (${(large.sourceBytes / medium.sourceBytes).toFixed(2)}× the data of medium) ≤ 4.5× the medium time`;
      const r = atMost(large.text.bestS / medium.text.bestS, TARGETS.scaling, '×', { what: 'ratio' });
      j = { met: r.met, text: `${r.text}: ${fmtS(large.text.bestS)} s vs ${fmtS(medium.text.bestS)} s` };
    }
    add('scaling', title, j, 'best text-mode wall time of large divided by that of medium.');
  }

  // one: under 2 s
  const one = by.one;
  const oneTitle = one
    ? `one, ${fmtInt(one.citations)} quotes against one ${(one.largestSourceBytes / 1024).toFixed(0)} KB source in < 2 s`
    : 'one, 50,000 quotes against one 400 KB source in < 2 s';
  const oneJudge = (mode) => {
    if (!one) return notMeasured('one not run');
    if (!ran(one[mode])) return failed(why(one[mode], mode));
    return atMost(one[mode].bestS, TARGETS.oneSeconds, ' s', { strict: true, digits: 3, what: label(mode) });
  };
  add('one', oneTitle, oneJudge('text'), `${runsOf(one, 'text')}: wall time of the whole process.`);

  // Diagnostics keep the run within its speed target.
  add(
    'diagnostics-one',
    'diagnostics keep one within its speed target: the JSON run also in < 2 s',
    oneJudge('json'),
    `${runsOf(one, 'JSON')} (\`--format json --output FILE\`: diagnostics for every record not located), wall time of ` +
      'the whole process.',
  );
  add(
    'diagnostics-large',
    'diagnostics keep large within its speed target: the JSON run also within 3× sha256sum',
    shaRatio('json'),
    `${runsOf(large, 'JSON')} vs the best sha256sum run over the same source files.`,
  );

  // misses: diagnostics for 1,000 misses in under 1 s, with quotes of a few words and of a paragraph
  for (const [size, words] of [
    ['misses', '5 to 30'],
    ['misses-long', '150 to 250'],
  ]) {
    const misses = by[size];
    const title = misses
      ? `${size}, the JSON run (with diagnostics) of ${fmtInt(misses.citations)} misses of ${words} words against one ` +
        `${(misses.largestSourceBytes / 1024).toFixed(0)} KB source in < 1 s`
      : `${size}, the JSON run (with diagnostics) of 1,000 misses of ${words} words against one 200 KB source in < 1 s`;
    let j;
    if (!misses) j = notMeasured(`${size} not run`);
    else if (!ran(misses.json)) j = failed(why(misses.json, 'JSON'));
    else {
      const r = atMost(misses.json.bestS, TARGETS.missesSeconds, ' s', { strict: true, digits: 3, what: 'JSON run' });
      const notFound = misses.json.verdicts?.['quote not found'] ?? 0;
      const textNote = ran(misses.text)
        ? `text run ${fmtS(misses.text.bestS)} s, so the diagnostics cost ` +
          `${fmtS(Math.max(0, misses.json.bestS - misses.text.bestS))} s`
        : why(misses.text, 'text');
      j = {
        met: r.met,
        text:
          `${r.text}; ${textNote}; ${fmtInt(notFound)} of ${fmtInt(misses.citations)} records are ` +
          '"quote not found"',
      };
    }
    add(
      size,
      title,
      j,
      `${runsOf(misses, 'JSON')}, wall time of the whole process; every record is a copied span of ${words} words with one word ` +
        'replaced or a "not" inserted, checked at generation not to be in the source, so each one gets diagnostics.',
    );
  }

  // memory: every size
  for (const r of results) {
    const limit = memoryLimitMiB(r);
    const title = `memory, ${r.size}, peak RSS ≤ 200 MB + 6 × ${fmtMB(r.largestSourceBytes)} MB = ${limit.toFixed(1)} MB`;
    let j;
    if (r.text?.crash) j = failed(why(r.text, 'text'));
    else if (r.text?.maxRssKiB == null) j = notMeasured('no /usr/bin/time');
    else {
      const t = atMost(r.text.maxRssKiB / 1024, limit, ' MB', { digits: 0, what: 'text run' });
      let json;
      if (r.json?.maxRssKiB == null) json = r.json?.crash ? why(r.json, 'json') : 'JSON run not measured';
      else {
        const mb = r.json.maxRssKiB / 1024;
        json = `JSON run ${mb.toFixed(0)} MB, ${
          mb <= limit ? `within it too (${fmtX(limit / mb)}× headroom)` : `**over it** (${fmtX(mb / limit)}× over)`
        }`;
      }
      j = { met: t.met, text: `${t.text}; ${json}` };
    }
    out.push({
      id: `memory-${r.size}`,
      status: j.met === true ? 'met' : j.met === false ? 'not met' : 'not measured',
      line: `- ${title}: ${j.text}`,
      measured: null,
    });
  }
  if (results.length) {
    out.push({
      id: 'memory',
      status: null,
      line: null,
      measured:
        '- memory, each size: the highest peak RSS (/usr/bin/time %M, the node process) of the text-mode runs, ' +
        "judged against 200 MB + 6 × the largest source file of the corpus; the JSON runs' is shown beside it.",
    });
  }
  return out;
}

export function markdown({ results, machine, command, cli, runsNote, notes, started, elapsedS }) {
  const out = [];
  out.push('## citegate benchmark', '');
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
    `Machine: ${machine.cpu}, ${machine.cores} logical cores, ${machine.memGiB} GiB RAM, ${machine.os}; ` +
      `Node ${machine.node}${cli.node?.shown ? ' (runs the harness)' : ''}; ${machine.python}; ${machine.sha256sum}`,
    '',
  );
  const node = cli.node?.shown ? `, run with Node ${cli.node.version} (\`${cli.node.shown}\`, from \`--node\`)` : '';
  out.push(`citegate: \`${cli.shown}\` (bundle sha256 ${cli.sha12}…, modified ${cli.mtime})${node}`, '');
  out.push(
    '| size | sources | source MB | citations | text s | text RSS MB | json s | json RSS MB | json / text | ' +
      'MB/s | citations/s | sha256sum s | text / sha256sum | reference s | speed-up | verdicts = reference |',
  );
  out.push(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  const cell = (m) => (m?.crash ? `crashed (${m.crash})` : fmtS(m?.bestS));
  for (const r of results) {
    const t = r.text ?? {};
    const j = r.json ?? {};
    const mb = r.sourceBytes / MiB;
    const tOk = ran(t);
    const sha = r.sha256sum?.bestS;
    const ref = r.reference;
    let refS = '–';
    let speed = '–';
    let agree = '–';
    if (ref?.status === 'ran') {
      refS = ref.timed ? fmtS(ref.elapsedS) : 'not timed';
      speed = tOk && ref.timed ? `${fmtX(ref.elapsedS / t.bestS)}×` : '–';
      const a = ref.agreement;
      agree = a
        ? a.same === a.total && a.extra === 0
          ? `yes, ${fmtInt(a.same)}/${fmtInt(a.total)}`
          : `**no**: ${fmtInt(a.total - a.same)} of ${fmtInt(a.total)} differ`
        : '–';
    } else if (ref) {
      refS = `skipped (${ref.note})`;
    }
    out.push(
      `| ${r.size} | ${fmtInt(r.sources)} | ${mb.toFixed(1)} | ${fmtInt(r.citations)} | ` +
        `${cell(t)} | ${fmtRss(t.maxRssKiB)} | ${cell(j)} | ${fmtRss(j.maxRssKiB)} | ` +
        `${tOk && ran(j) ? `${fmtX(j.bestS / t.bestS)}×` : '–'} | ` +
        `${tOk ? (mb / t.bestS).toFixed(mb / t.bestS < 1 ? 2 : 1) : '–'} | ${tOk ? fmtInt(r.citations / t.bestS) : '–'} | ` +
        `${fmtS(sha)} | ${tOk && sha ? `${fmtX(t.bestS / sha)}×` : '–'} | ${refS} | ${speed} | ${agree} |`,
    );
  }
  out.push('');
  out.push(
    `${runsNote} **text** is the run a user makes, \`node dist/cli/index.js check --root DIR --manifest ` +
      'DIR/citegate.yml` (one line per record, then located=N/M; its standard output goes to a pipe the harness ' +
      'drains and drops; no diagnostics). **json** is the same with `--format json --output FILE`, which also computes ' +
      'the diagnostics of every record not located (closest passage, hints, suggestions, quotes found in another ' +
      'source). Each time is the wall time of the whole process (start-up, hashing, parsing, matching, report); ' +
      'RSS MB is the highest peak RSS of its runs (/usr/bin/time %M). MB/s, citations/s, text / sha256sum and speed-up ' +
      "use the text time. reference s times only the Python reference's check() calls (on small; with --verify-all " +
      'the other sizes are compared with the reference untimed, its normalize() memoized); verdicts are compared with ' +
      'the JSON report. MB = 2^20 bytes, KB = 1024 bytes. Source files are in the page cache (a sha256sum pass runs ' +
      'first).',
    '',
  );

  const targets = targetResults(results);
  const judged = targets.filter((t) => t.line);
  const count = (s) => judged.filter((t) => t.status === s).length;
  out.push('### Targets', '');
  out.push(
    `${count('met')} met, ${count('not met')} not met, ${count('not measured')} not measured. Speed targets ` +
      'are judged on the text run; the JSON run is judged where a target says so.',
    '',
  );
  out.push(...judged.map((t) => t.line), '');
  out.push('How each target was measured:', '');
  out.push(...targets.filter((t) => t.measured).map((t) => t.measured), '');

  out.push('### Verdicts', '');
  out.push("From the JSON report; the last column is the text run's last line.", '');
  const names = ['located', 'quote not found', 'ambiguous quote', 'unknown source', 'empty quote'];
  out.push(`| size | ${names.join(' | ')} | other | unverified sources | corpus | text run |`);
  out.push(`|---|${names.map(() => '---:|').join('')}---:|---:|---|---|`);
  for (const r of results) {
    const v = r.json?.verdicts;
    const corpus = r.generatedS != null ? `generated in ${r.generatedS.toFixed(1)} s` : 'reused';
    const text = r.text?.summary ? `\`${r.text.summary.slice(0, 40)}\`` : '–';
    if (!v) {
      out.push(`| ${r.size} | ${names.map(() => '–').join(' | ')} | – | – | ${corpus} | ${text} |`);
      continue;
    }
    const other =
      Object.entries(v)
        .filter(([k]) => !names.includes(k))
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ') || '0';
    out.push(
      `| ${r.size} | ${names.map((k) => fmtInt(v[k] ?? 0)).join(' | ')} | ${other} | ${r.json.unverified ?? '–'} | ` +
        `${corpus} | ${text} |`,
    );
  }
  out.push('');

  for (const r of results) {
    const a = r.reference?.agreement;
    if (!a || a.mismatches.length === 0) continue;
    out.push(
      `### Verdicts that differ from the reference (${r.size}, first ${Math.min(10, a.mismatches.length)} of ${a.mismatches.length})`,
      '',
    );
    out.push('| file | citation_id | source_id | quote | reference | citegate |', '|---|---|---|---|---|---|');
    for (const m of a.mismatches.slice(0, 10)) {
      const q = JSON.stringify(m.quote ?? null);
      out.push(
        `| ${m.file} | ${m.citation_id} | ${JSON.stringify(m.source_id)} | \`${(q.length > 120 ? `${q.slice(0, 117)}…` : q).replace(/\|/g, '\\|').replace(/`/g, 'ˋ')}\` | ` +
          `${m.reference} | ${m.citegate}${m.reason ? ` (${m.reason})` : ''} |`,
      );
    }
    out.push('', `All of them: \`.bench/${r.size}/mismatches.json\``, '');
  }

  for (const r of results) {
    for (const mode of ['text', 'json']) {
      const m = r[mode];
      if (m?.crash) {
        out.push(
          `### citegate (${mode}) failed on ${r.size}: ${m.crash}`,
          '',
          '```',
          (m.stderr ?? '').slice(-3000),
          '```',
          '',
        );
      }
    }
  }
  if (notes.length) out.push('### Notes', '', ...notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}
