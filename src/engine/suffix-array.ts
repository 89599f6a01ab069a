// A suffix array over bytes, built with SA-IS (Nong, Zhang and Chan, 2009) in
// linear time. With many quotes citing one source, each quote is found by two
// binary searches in it instead of a scan of the whole text, so the cost of a
// quote no longer grows with the length of its source.

/**
 * The suffix array of `text`: the start offsets of all its suffixes in
 * lexicographic (byte) order.
 */
export function buildSuffixArray(text: Uint8Array): Int32Array {
  return saIs(text, 255);
}

/** Small inputs: sort the suffixes directly. */
function naive(s: Int32Array | Uint8Array): Int32Array {
  const n = s.length;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => {
    if (a === b) return 0;
    while (a < n && b < n) {
      if (s[a] !== s[b]) return s[a] - s[b];
      a++;
      b++;
    }
    return a === n ? -1 : 1;
  });
  return Int32Array.from(order);
}

// SA-IS over symbols in [0, upper], after the AtCoder Library's sa_is: no
// sentinel symbol is needed, the end of the string sorts first.
function saIs(s: Int32Array | Uint8Array, upper: number): Int32Array {
  const n = s.length;
  if (n < 10) return naive(s);
  const sa = new Int32Array(n);
  // ls[i] = 1 when suffix i is S-type (smaller than suffix i + 1).
  const ls = new Uint8Array(n);
  for (let i = n - 2; i >= 0; i--) ls[i] = s[i] === s[i + 1] ? ls[i + 1] : s[i] < s[i + 1] ? 1 : 0;
  const sumL = new Int32Array(upper + 2);
  const sumS = new Int32Array(upper + 2);
  for (let i = 0; i < n; i++) {
    if (ls[i] === 0) sumS[s[i]]++;
    else sumL[s[i] + 1]++;
  }
  for (let i = 0; i <= upper; i++) {
    sumS[i] += sumL[i];
    if (i < upper) sumL[i + 1] += sumS[i];
  }
  const buf = new Int32Array(upper + 2);

  const induce = (lms: Int32Array) => {
    sa.fill(-1);
    buf.set(sumS);
    for (let i = 0; i < lms.length; i++) {
      const d = lms[i];
      if (d !== n) sa[buf[s[d]]++] = d;
    }
    buf.set(sumL);
    sa[buf[s[n - 1]]++] = n - 1;
    for (let i = 0; i < n; i++) {
      const v = sa[i];
      if (v >= 1 && ls[v - 1] === 0) sa[buf[s[v - 1]]++] = v - 1;
    }
    buf.set(sumL);
    for (let i = n - 1; i >= 0; i--) {
      const v = sa[i];
      if (v >= 1 && ls[v - 1] === 1) sa[--buf[s[v - 1] + 1]] = v - 1;
    }
  };

  const lmsMap = new Int32Array(n + 1).fill(-1);
  let m = 0;
  for (let i = 1; i < n; i++) if (ls[i - 1] === 0 && ls[i] === 1) lmsMap[i] = m++;
  const lms = new Int32Array(m);
  for (let i = 1, c = 0; i < n; i++) if (ls[i - 1] === 0 && ls[i] === 1) lms[c++] = i;

  induce(lms);

  if (m > 0) {
    const sorted = new Int32Array(m);
    for (let i = 0, c = 0; i < n; i++) if (lmsMap[sa[i]] !== -1) sorted[c++] = sa[i];
    const rec = new Int32Array(m);
    let recUpper = 0;
    rec[lmsMap[sorted[0]]] = 0;
    for (let i = 1; i < m; i++) {
      let l = sorted[i - 1];
      let r = sorted[i];
      const endL = lmsMap[l] + 1 < m ? lms[lmsMap[l] + 1] : n;
      const endR = lmsMap[r] + 1 < m ? lms[lmsMap[r] + 1] : n;
      let same = true;
      if (endL - l !== endR - r) same = false;
      else {
        while (l < endL && s[l] === s[r]) {
          l++;
          r++;
        }
        if (l === n || s[l] !== s[r]) same = false;
      }
      if (!same) recUpper++;
      rec[lmsMap[sorted[i]]] = recUpper;
    }
    const recSa = saIs(rec, recUpper);
    for (let i = 0; i < m; i++) sorted[i] = lms[recSa[i]];
    induce(sorted);
  }
  return sa;
}

/**
 * The range [from, to) of `sa` whose suffixes start with `pattern`; empty
 * (from === to) when the pattern does not occur.
 */
export function suffixRange(text: Uint8Array, sa: Int32Array, pattern: Uint8Array): [number, number] {
  const m = pattern.length;
  // Compares the suffix at `p` with the pattern on the pattern's length: <0, 0 or >0.
  const compare = (p: number): number => {
    const limit = Math.min(m, text.length - p);
    for (let i = 0; i < limit; i++) {
      const d = text[p + i] - pattern[i];
      if (d !== 0) return d;
    }
    return limit === m ? 0 : -1;
  };
  let lo = 0;
  let hi = sa.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sa[mid]) < 0) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = sa.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sa[mid]) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}
