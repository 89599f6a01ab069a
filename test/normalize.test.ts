import { Buffer } from 'node:buffer';
import { normalizeText, SourceNormalizer } from '../src/engine/normalize.js';

function viaBytes(s: string): string {
  return new SourceNormalizer().normalize(Buffer.from(s, 'utf8')).bytes.toString('utf8');
}

describe('normalizeText', () => {
  it('composes and collapses', () => {
    expect(normalizeText('  Cafe\u0301\t\n orders  ')).toBe('Café orders');
  });
});

describe('SourceNormalizer', () => {
  it('agrees with normalizeText', () => {
    for (const s of ['', ' ', 'a', ' a ', 'a\u0301', 'x  e\u0301\u0302 y', '\u1100\u1161\u11a8', '가\u11a8', 'Å', '\u212b', 'e\u0301'.repeat(5)]) {
      expect(viaBytes(s)).toBe(normalizeText(s));
    }
  });
});
