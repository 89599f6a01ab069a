// pin's last check before it writes: the edited manifest must read as the old
// one with the new hashes, each where it was written.
import { placeOf, readsBack } from '../../src/cli/pin.js';
import { parseManifest } from '../../src/load/manifest.js';

const H = 'a'.repeat(64);
const lines = (...rest: string[]) =>
  ['version: 1', 'sources:', '  s:', '    path: sources/s.txt', ...rest, '    retrieved: 2026-11-02', ''].join('\n');
const read = (text: string) => parseManifest(text, 'citegate.yml', '', { forPin: true, edit: true });

describe('pin reading its edit back', () => {
  const before = read(lines('    original:', '      path: originals/s.pdf'));
  const written = new Map([[placeOf(before.sources.get('s')!)!, H]]);

  it('passes the hash where it was written', () => {
    expect(
      readsBack(before, read(lines(`    sha256: ${H}`, '    original:', '      path: originals/s.pdf')), written),
    ).toEqual([]);
  });

  it('refuses a hash read elsewhere, and a value that changed, at the entry, with what to write by hand', () => {
    const elsewhere = read(lines('    original:', '      path: originals/s.pdf', `      sha256: ${H}`));
    expect(readsBack(before, elsewhere, written)).toEqual([
      {
        where: { file: 'citegate.yml', line: 4, column: 11 },
        message: `s: its hash written in place would not read back as written: write \`sha256: ${H}\` in its entry by hand`,
      },
      {
        where: { file: 'citegate.yml', line: 6, column: 13 },
        message: 's original: the hashes written in place would change how it reads: write them by hand',
      },
    ]);
    const moved = read(lines(`    sha256: ${H}`, '    original:', '      path: originals/t.pdf'));
    expect(readsBack(before, moved, written).map((f) => f.message)).toEqual([
      's original: the hashes written in place would change how it reads: write them by hand',
    ]);
  });
});
