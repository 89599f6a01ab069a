// The base version of a file from its head version and the unified diff the
// REST API gives for it (`patch`: hunks only, base -> head). Used for the
// manifest on a shallow checkout, where `git show base:…` has no history to
// read. Strict: every hunk must sit exactly where its header says, every
// context and added line must match the head text, and every count must add
// up; anything else returns undefined and the caller falls back.

interface Lines {
  readonly lines: string[];
  /** False when the text does not end with a line break (or is empty). */
  readonly finalNewline: boolean;
}

function toLines(text: string): Lines {
  if (text === '') return { lines: [], finalNewline: false };
  const lines = text.split('\n');
  const finalNewline = lines.at(-1) === '';
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** 0-based index of the first line of a range; a range of no lines sits after line `start`. */
function firstIndex(start: number, count: number): number {
  return count === 0 ? start : start - 1;
}

/** The text `patch` was made from, given the text it made; undefined when the patch does not fit exactly. */
export function reverseApplyPatch(head: string, patch: string): string | undefined {
  const { lines: headLines, finalNewline: headFinal } = toLines(head);
  const patchLines = patch.split('\n');
  // A patch from the API ends without a line break; one that has it leaves an empty last piece.
  if (patchLines.at(-1) === '') patchLines.pop();
  if (patchLines.length === 0) return undefined;

  const base: string[] = [];
  let h = 0; // next head line not yet copied
  let baseFinal = headFinal;
  let i = 0;
  while (i < patchLines.length) {
    const m = HUNK.exec(patchLines[i]);
    if (!m) return undefined;
    const baseStart = Number(m[1]);
    const baseCount = m[2] === undefined ? 1 : Number(m[2]);
    const headStart = Number(m[3]);
    const headCount = m[4] === undefined ? 1 : Number(m[4]);
    if (baseCount === 0 && headCount === 0) return undefined;
    const at = firstIndex(headStart, headCount);
    // Hunks in order, not overlapping, inside the head text.
    if (at < h || at > headLines.length) return undefined;
    for (; h < at; h++) base.push(headLines[h]);
    // The unchanged lines before the hunk are the same in both versions, so its base start must agree.
    if (base.length !== firstIndex(baseStart, baseCount)) return undefined;

    let seenBase = 0;
    let seenHead = 0;
    let last: ' ' | '-' | '+' | undefined;
    let headNoNewline = false;
    let baseNoNewline = false;
    for (
      i++;
      i < patchLines.length && (seenBase < baseCount || seenHead < headCount || patchLines[i].startsWith('\\'));
      i++
    ) {
      const line = patchLines[i];
      const kind = line[0];
      const text = line.slice(1);
      if (kind === '\\') {
        // "\ No newline at end of file": about the line just before.
        if (last === undefined) return undefined;
        if (last !== '+') baseNoNewline = true;
        if (last !== '-') headNoNewline = true;
        continue;
      }
      if (kind === ' ' || kind === '+') {
        if (h >= headLines.length || headLines[h] !== text) return undefined;
        h++;
        seenHead++;
      }
      if (kind === ' ' || kind === '-') {
        base.push(text);
        seenBase++;
      }
      if (kind !== ' ' && kind !== '-' && kind !== '+') return undefined;
      last = kind;
      if (seenBase > baseCount || seenHead > headCount) return undefined;
    }
    if (seenBase !== baseCount || seenHead !== headCount) return undefined;

    const reachesEnd = h === headLines.length;
    if (reachesEnd) {
      // The head text must end as the patch says it does.
      if (headCount > 0 && headNoNewline === headFinal) return undefined;
      baseFinal = base.length > 0 && !baseNoNewline;
    } else if (headNoNewline || baseNoNewline) {
      return undefined;
    }
  }
  if (h < headLines.length) {
    for (; h < headLines.length; h++) base.push(headLines[h]);
    baseFinal = headFinal;
  }
  return base.join('\n') + (baseFinal && base.length > 0 ? '\n' : '');
}
