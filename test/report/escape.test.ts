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
    expect(feed(['::error::x\nok ::fine\n \u3000::warning::y\n'])).toBe(':\\u{003A}error::x\nok ::fine\n \u3000:\\u{003A}warning::y\n');
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
});
