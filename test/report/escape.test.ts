import fc from 'fast-check';
import { type LineState, neutralizeCommands } from '../../src/report/escape.js';

/** Feeds `pieces` through one stream state, as the CLI does for each write. */
function feed(pieces: string[]): string {
  let state: LineState = 'start';
  return pieces.map((piece) => {
    const out = neutralizeCommands(piece, state);
    state = out.state;
    return out.text;
  }).join('');
}

describe('neutralizeCommands', () => {
  it('breaks `::` at the start of any line, after any white space', () => {
    expect(feed(['::error::x\nok ::fine\n \u3000::warning::y\r::notice::z\n'])).toBe(':\\u{003A}error::x\nok ::fine\n \u3000:\\u{003A}warning::y\r:\\u{003A}notice::z\n');
  });

  it('leaves text alone when no line starts with `::`', () => {
    const text = 'a1: located\nc: ::x\n:single\n';
    expect(feed([text])).toBe(text);
  });

  it('follows a line across writes, wherever they split it', () => {
    const line = '\n  ::error::x\n';
    for (let cut = 0; cut <= line.length; cut++) {
      expect(feed(['a', line.slice(0, cut), line.slice(cut)])).toBe('a\n  :\\u{003A}error::x\n');
    }
  });

  it('gives the same text however the output is cut into writes, and no line of it starts with `::`', () => {
    const piece = fc.string({ unit: fc.constantFrom(' ', '\t', '\r', ':', '\n', 'a', '\u3000', '\u2028') });
    fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
      const whole = feed([pieces.join('')]);
      expect(feed(pieces)).toBe(whole);
      for (const line of whole.split(/\r\n|\r|\n/)) expect(line.replace(/^\s+/u, '')).not.toMatch(/^::/);
      // Only colons change: removing the escapes gives the text back.
      expect(whole.replaceAll('\\u{003A}', ':')).toBe(pieces.join(''));
    }), { numRuns: 2000 });
  });
});
