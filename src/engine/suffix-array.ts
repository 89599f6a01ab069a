// Suffix arrays of integer strings by induced sorting (SA-IS: Nong, Zhang and
// Chan, "Two efficient algorithms for linear time suffix array construction",
// 2011), in time and memory linear in the length of the string, whatever it
// repeats. The steps follow the AtCoder Library's sa_is (CC0), on typed arrays.
//
// No package is used: the runtime dependencies are @actions/core,
// @actions/github and yaml only, and the one suffix array on the npm registry
// in wide use (mnemonist's SuffixArray) sorts the suffixes by comparing them,
// which costs the square of the length on text that repeats.

/** Below this length, the suffixes are sorted by comparing them. */
const NAIVE = 10;

/**
 * The suffix array of `s`: the start of each suffix of `s`, in lexicographic
 * order of the suffixes (a suffix that is a prefix of another comes first).
 * Every value of `s` is in [0, upper].
 */
export function suffixArray(s: Int32Array, upper: number): Int32Array {
  const n = s.length;
  if (n === 0) return new Int32Array(0);
  if (n === 1) return Int32Array.of(0);
  if (n === 2) return s[0] < s[1] ? Int32Array.of(0, 1) : Int32Array.of(1, 0);
  if (n < NAIVE) return naive(s);

  const sa = new Int32Array(n);
  // ls[i]: suffix i is S-type (smaller than suffix i + 1); the last is L-type
  // (the empty suffix after it is smaller than any).
  const ls = new Uint8Array(n);
  for (let i = n - 2; i >= 0; i--) ls[i] = s[i] === s[i + 1] ? ls[i + 1] : s[i] < s[i + 1] ? 1 : 0;
  // sumL[c]: where bucket c starts; sumS[c]: where its S-type suffixes start (after its L-type ones).
  const sumL = new Int32Array(upper + 2);
  const sumS = new Int32Array(upper + 2);
  for (let i = 0; i < n; i++) {
    if (ls[i] === 0) sumS[s[i]]++;
    else sumL[s[i] + 1]++;
  }
  for (let c = 0; c <= upper; c++) {
    sumS[c] += sumL[c];
    if (c < upper) sumL[c + 1] += sumS[c];
  }
  const buf = new Int32Array(upper + 2);

  const induce = (lms: Int32Array, count: number) => {
    sa.fill(-1);
    buf.set(sumS);
    for (let k = 0; k < count; k++) {
      const d = lms[k];
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

  // The LMS positions (an S-type suffix after an L-type one), numbered in text order.
  const lmsMap = new Int32Array(n + 1).fill(-1);
  let m = 0;
  for (let i = 1; i < n; i++) if (ls[i - 1] === 0 && ls[i] === 1) lmsMap[i] = m++;
  const lms = new Int32Array(m);
  for (let i = 1, k = 0; i < n; i++) if (ls[i - 1] === 0 && ls[i] === 1) lms[k++] = i;

  induce(lms, m);

  if (m > 0) {
    // The LMS substrings in the order the induction put them, named by rank
    // (equal substrings one name), make a string of at most n / 2 names: its
    // suffix array orders the LMS suffixes, from which the rest is induced.
    const sorted = new Int32Array(m);
    for (let i = 0, k = 0; i < n; i++) if (lmsMap[sa[i]] !== -1) sorted[k++] = sa[i];
    const names = new Int32Array(m);
    let upperNames = 0;
    names[lmsMap[sorted[0]]] = 0;
    for (let k = 1; k < m; k++) {
      let l = sorted[k - 1];
      let r = sorted[k];
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
      if (!same) upperNames++;
      names[lmsMap[sorted[k]]] = upperNames;
    }
    const reduced = suffixArray(names, upperNames);
    for (let k = 0; k < m; k++) sorted[k] = lms[reduced[k]];
    induce(sorted, m);
  }
  return sa;
}

function naive(s: Int32Array): Int32Array {
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
