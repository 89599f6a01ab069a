// The ids that look like an unknown one, found through an index, are those
// a comparison with every id of the manifest finds, in the manifest's order:
// on random manifests of ids that share stems, differ by case (with letters
// whose lower case is longer, İ), hold pairs of surrogates, and are short
// (indexed by deletions) or longer (searched as a trie), each asked for
// ids a few edits away.
import fc from 'fast-check';
import { editDistance, withinEditDistance } from '../../src/engine/edit-distance.js';
import { SimilarIds, stemOf } from '../../src/check/similar-ids.js';

/** What explainElsewhere did before the index: every id compared. */
function everyIdCompared(ids: readonly string[], wanted: string): string[] {
  const wantedStem = stemOf(wanted);
  return ids.filter((id) => {
    const stem = stemOf(id);
    if (id !== wanted && stem !== '' && stem === wantedStem) return true;
    return Math.abs(id.length - wanted.length) <= 2 && editDistance(id.toLowerCase(), wanted.toLowerCase()) <= 2;
  });
}

const unit = fc.constantFrom(
  'a',
  'b',
  'A',
  'B',
  's',
  'r',
  'c',
  '-',
  '_',
  '.',
  'v',
  '1',
  '2',
  '0',
  'İ',
  'ß',
  '😀',
  '\ud800',
);
const idText = (max: number) => fc.array(unit, { maxLength: max }).map((units) => units.join(''));

/** An id a few edits from `id`: units replaced, inserted, deleted, swapped, or its case changed. */
function edited(id: string, edits: readonly [number, number, string][]): string {
  let s = id;
  for (const [kind, at, with_] of edits) {
    const i = s.length === 0 ? 0 : at % (s.length + 1);
    if (kind === 0) s = s.slice(0, i) + with_ + s.slice(i + 1);
    else if (kind === 1) s = s.slice(0, i) + with_ + s.slice(i);
    else if (kind === 2) s = s.slice(0, i) + s.slice(i + 1);
    else if (kind === 3) s = s.slice(0, i) + s.slice(i + 1, i + 2) + s.slice(i, i + 1) + s.slice(i + 2);
    else s = s.toUpperCase();
  }
  return s;
}
const edits = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.nat(), unit), { maxLength: 4 });

describe('SimilarIds', () => {
  test('finds what comparing every id finds, in the same order', () => {
    fc.assert(
      fc.property(
        // Short ids (indexed by deletions, up to 8 units) and longer ones (searched as a trie).
        fc.uniqueArray(fc.oneof(idText(12), idText(40)), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), edits, fc.boolean(), idText(40)), { minLength: 1, maxLength: 10 }),
        // The index of deletions as large as it is, full from the start, or full after a few ids.
        fc.constantFrom(undefined, 0, 200),
        (ids, asked, maxDeletions) => {
          const similar = new SimilarIds(ids, Number.POSITIVE_INFINITY, maxDeletions);
          for (const [pick, change, random, other] of asked) {
            const wanted = random ? other : edited(ids[pick % ids.length], change);
            expect(similar.similarTo(wanted)).toEqual(everyIdCompared(ids, wanted));
          }
        },
      ),
      { numRuns: 3000, seed: 18 },
    );
  });

  test('finds the same among many ids that share long prefixes, all searched as a trie', () => {
    fc.assert(
      fc.property(
        // Ids made from one base by a few edits: they share long prefixes, where the trie leaves out branches.
        idText(30),
        fc.uniqueArray(edits, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), edits), { minLength: 1, maxLength: 10 }),
        (base, variants, asked) => {
          const ids = [...new Set(variants.map((change) => edited(base, change)))];
          const similar = new SimilarIds(ids, Number.POSITIVE_INFINITY, 0);
          for (const [pick, change] of asked) {
            const wanted = edited(ids[pick % ids.length], change);
            expect(similar.similarTo(wanted)).toEqual(everyIdCompared(ids, wanted));
          }
        },
      ),
      { numRuns: 2000, seed: 20 },
    );
  });

  test('lists at most `max` of them, the first that comparing every id finds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(idText(12), idText(40)), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(), edits, fc.boolean(), idText(40)), { minLength: 1, maxLength: 10 }),
        (ids, max, asked) => {
          const similar = new SimilarIds(ids, max);
          for (const [pick, change, random, other] of asked) {
            const wanted = random ? other : edited(ids[pick % ids.length], change);
            expect(similar.similarTo(wanted)).toEqual(everyIdCompared(ids, wanted).slice(0, max));
          }
        },
      ),
      { numRuns: 300, seed: 19 },
    );
  });

  test('versions and typos of bench-like ids, and long ids', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `src-${String(i).padStart(4, '0')}-v1`);
    ids.push('a'.repeat(33), 'a'.repeat(34), `${'b'.repeat(40)}-v2`, 'c'.repeat(32));
    const similar = new SimilarIds(ids);
    for (const wanted of [
      'src-0042-v2',
      'SRC-0042-V1',
      'src-042-v1',
      ' src-0042-v1',
      'src-9999-v1',
      'a'.repeat(35),
      'a'.repeat(31),
      `${'b'.repeat(40)}-v9`,
      'c'.repeat(34),
      '',
    ])
      expect(similar.similarTo(wanted)).toEqual(everyIdCompared(ids, wanted));
    // A long id, found from a wanted one two units longer.
    expect(similar.similarTo('c'.repeat(34))).toEqual(['c'.repeat(32)]);
    // The answer is kept: asked again, the same list.
    expect(similar.similarTo('src-0042-v2')).toBe(similar.similarTo('src-0042-v2'));
  });

  test('ids alike for their whole length: the trie gives up, the same way for each id in any company', () => {
    // 40 units, two of them changed: each stays within two edits of the others for most of its length.
    const letters = 'bcdefghijklmnopqrstuvwxyz';
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 3)
      for (let j = i + 1; j < 40; j += 5) {
        const units = [...'a'.repeat(40)];
        units[i] = letters[(i + j) % 25];
        units[j] = letters[(i * j) % 25];
        ids.push(units.join(''));
      }
    ids.push(`${'a'.repeat(40)}-v1`);
    // A typo of the first id (one unit more), and another version of the last.
    const typo = `${ids[0]}x`;
    const version = `${'a'.repeat(40)}-v2`;
    const everything = new SimilarIds(ids, Number.POSITIVE_INFINITY, 0);
    expect(everything.similarTo(typo)).toEqual(everyIdCompared(ids, typo));
    expect(everything.similarTo(typo)).toContain(ids[0]);
    const bounded = () => new SimilarIds(ids, Number.POSITIVE_INFINITY, 0, 100);
    // Past 100 rows the trie's answer is left out; what the stems find stays.
    expect(bounded().similarTo(typo)).toEqual([]);
    expect(bounded().similarTo(version)).toEqual([`${'a'.repeat(40)}-v1`]);
    // Asked alone, first, or after other ids: the same answer.
    const asked = bounded();
    for (const other of ids.slice(0, 20)) asked.similarTo(`${other}y`);
    expect(asked.similarTo(typo)).toEqual(bounded().similarTo(typo));
    expect(asked.similarTo(version)).toEqual(bounded().similarTo(version));
  });

  test('the bound on the trie leaves the answers of large natural manifests whole', () => {
    // 50,000 ids alike but for a number, none in the index of deletions: a search took at most 15,715 rows.
    const ids = Array.from(
      { length: 50_000 },
      (_, i) => `knowledge-base/policies/returns/article-${String(i).padStart(5, '0')}-v1`,
    );
    const bounded = new SimilarIds(ids, Number.POSITIVE_INFINITY, 0);
    const unbounded = new SimilarIds(ids, Number.POSITIVE_INFINITY, 0, Number.POSITIVE_INFINITY);
    for (const n of ['10000', '19999', '31415', '49999', '0999', '100000']) {
      const wanted = `knowledge-base/policies/returns/article-${n}-v2`;
      const whole = unbounded.similarTo(wanted);
      // Typos found by the trie, beyond the other version of the same number.
      expect(whole.length).toBeGreaterThan(1);
      expect(bounded.similarTo(wanted)).toEqual(whole);
    }
  });
});

describe('withinEditDistance', () => {
  test('says what the whole distance says, for distances up to 3', () => {
    fc.assert(
      fc.property(idText(14), edits, fc.integer({ min: 0, max: 3 }), (a, change, k) => {
        const b = edited(a, change);
        expect(withinEditDistance(a, b, k)).toBe(editDistance(a, b) <= k);
        expect(withinEditDistance(b, a, k)).toBe(editDistance(b, a) <= k);
      }),
      { numRuns: 3000, seed: 18 },
    );
  });
});
