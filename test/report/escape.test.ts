import fc from 'fast-check';
import {
  escapeJsonText,
  escapeMessage,
  escapeValue,
  type LineState,
  neutralizeCommands,
  neutralizeLegacyCommands,
  messageOf,
  OUTSIDE_SHOWN,
  shorten,
} from '../../src/model/escape.js';

/** Feeds `pieces` through one stream state, as the CLI does for each write. */
function feed(pieces: string[]): string {
  let state: LineState = 'start';
  return pieces
    .map((piece) => {
      const out = neutralizeCommands(piece, state);
      state = out.state;
      return out.text;
    })
    .join('');
}

describe('neutralizeCommands', () => {
  it('breaks `::` at the start of any line, after any white space', () => {
    expect(feed(['::error::x\nok ::fine\n \u3000::warning::y\r::notice::z\n'])).toBe(
      ':\\u{003A}error::x\nok ::fine\n \u3000:\\u{003A}warning::y\r:\\u{003A}notice::z\n',
    );
  });

  // Found in review: the runner's Trim() drops U+0085 (NEL), which JavaScript's \s does not match.
  it('counts U+0085 as the white space the runner trims, at a line start and across writes', () => {
    expect(feed(['a\n\u0085::error::x\n'])).toBe('a\n\u0085:\\u{003A}error::x\n');
    expect(feed(['\u0085::warning::y'])).toBe('\u0085:\\u{003A}warning::y');
    expect(feed(['a\n\u0085', ':', ':notice::z'])).toBe('a\n\u0085:\\u{003A}notice::z');
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
    const piece = fc.string({ unit: fc.constantFrom(' ', '\t', '\r', ':', '\n', 'a', '\u3000', '\u2028', '\u0085') });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const whole = feed([pieces.join('')]);
        expect(feed(pieces)).toBe(whole);
        for (const line of whole.split(/\r\n|\r|\n/)) expect(line.replace(/^[\s\u0085]+/u, '')).not.toMatch(/^::/);
        // Only colons change: removing the escapes gives the text back.
        expect(whole.replaceAll('\\u{003A}', ':')).toBe(pieces.join(''));
      }),
      { numRuns: 2000 },
    );
  });
});

/** The same for the older form, `##[command]`, which the runner finds anywhere in a line. */
function feedLegacy(pieces: string[]): string {
  let hashes = 0;
  return pieces
    .map((piece) => {
      const out = neutralizeLegacyCommands(piece, hashes);
      hashes = out.hashes;
      return out.text;
    })
    .join('');
}

// Found in review: actions/runner's ActionCommand.TryParse looks for `##[` with IndexOf, so
// `x ##[error]forged` mid-line is a command too; only `::` at a line start was broken.
describe('neutralizeLegacyCommands', () => {
  it('breaks every `##[`, wherever it is in a line', () => {
    expect(feedLegacy(['a1 ##[error]forged: located\n##[add-mask]x ###[warning]y'])).toBe(
      'a1 ##\\u{005B}error]forged: located\n##\\u{005B}add-mask]x ###\\u{005B}warning]y',
    );
    expect(feedLegacy(['# [a] #[b] ##'])).toBe('# [a] #[b] ##');
  });

  it('gives the same text however the output is cut into writes, and none of it holds `##[`', () => {
    const piece = fc.string({ unit: fc.constantFrom('#', '[', ']', '\n', 'a', ' ') });
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const whole = feedLegacy([pieces.join('')]);
        expect(feedLegacy(pieces)).toBe(whole);
        expect(whole).not.toContain('##[');
        expect(whole.replaceAll('\\u{005B}', '[')).toBe(pieces.join(''));
      }),
      { numRuns: 2000 },
    );
  });
});

// Found in review: JSON.stringify escapes only C0 controls, so `--format json` wrote DEL, C1
// controls (U+009B starts a terminal sequence), line separators and bidi overrides raw.
describe('escapeJsonText', () => {
  it('writes what JSON.stringify leaves raw as \\u escapes, and JSON reads it back the same', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const json = escapeJsonText(JSON.stringify({ text }));
        expect(json).not.toMatch(
          /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
        );
        expect(JSON.parse(json)).toEqual({ text });
      }),
    );
    expect(escapeJsonText(JSON.stringify('a\u009b31m\u202eb\u007f'))).toBe('"a\\u009b31m\\u202eb\\u007f"');
  });

  it('writes the `[` of `##[` as \\u005b, which JSON reads back as `[`', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('#', '[', 'a', '"', '\\') }), (text) => {
        const json = escapeJsonText(JSON.stringify({ text }));
        expect(json).not.toContain('##[');
        expect(JSON.parse(json)).toEqual({ text });
      }),
    );
  });
});

describe('shorten', () => {
  // The plain definition: at most `max` code points, a cut marked with an ellipsis.
  const byCodePoints = (text: string, max: number) => {
    const cps = [...text];
    return cps.length <= max ? text : `${cps.slice(0, max - 1).join('')}…`;
  };

  it('cuts to code points, lone surrogates and pairs alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.integer({ min: 1, max: 50 }), (text, max) => {
        expect(shorten(text, max)).toBe(byCodePoints(text, max));
      }),
      { numRuns: 2000 },
    );
    expect(shorten('\ud83d\ude00\ud83d\ude00\ud83d', 2)).toBe('\ud83d\ude00…');
    expect(shorten('ab\ud800', 3)).toBe('ab\ud800');
  });

  it('cuts a message of a hundred megabytes without spreading it', () => {
    const huge = 'x'.repeat(100 * 1024 * 1024);
    expect(messageOf(new Error(huge))).toBe(`${'x'.repeat(OUTSIDE_SHOWN - 1)}…`);
  });
});

describe('escapeMessage and escapeValue', () => {
  /** What each escapes, code point by code point, written out: C0 and C1 controls, DEL, bidi controls, LS, PS, lone surrogates. */
  const unsafe = (cp: number) =>
    cp <= 0x1f ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x61c ||
    cp === 0x200e ||
    cp === 0x200f ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xd800 && cp <= 0xdfff);
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  const expected = (text: string, backslash: boolean) => {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (backslash && ch === '\\') out += '\\\\';
      else if (ch in named) out += named[ch];
      else if (unsafe(cp)) out += `\\u{${cp.toString(16).toUpperCase().padStart(4, '0')}}`;
      else out += ch;
    }
    return out;
  };
  // Mostly plain text, with every kind of character each escapes and the ones beside them.
  const edge = fc.constantFrom(
    ...'\u0000\u001f\u0020\u007e\u007f\u009f\u00a0\u061b\u061c\u061d\u200d\u200e\u200f\u2010\u2027\u2028\u2029\u202a\u202e\u202f\u2065\u2066\u2069\u206a\ud7ff\ud800\udbff\udc00\udfff\ue000\\\n\r\t',
    '😀',
    'a',
  );
  const text = fc.string({ unit: fc.oneof(edge, fc.constantFrom('a', 'b', ' '), fc.string({ unit: 'binary' })) });

  it('escapes exactly the unsafe characters, and escapeValue backslashes too', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(escapeMessage(t)).toBe(expected(t, false));
        expect(escapeValue(t)).toBe(expected(t, true));
      }),
      { numRuns: 3000 },
    );
  });
});
