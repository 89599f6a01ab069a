// Properties of the engine, over hostile text (fast-check).
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { closestPassage, nearestPassage } from '../../src/engine/diagnose/closest.js';
import { suggestContexts } from '../../src/engine/diagnose/disambiguate.js';
import { findHints } from '../../src/engine/diagnose/hints.js';
import { SourceView } from '../../src/engine/diagnose/view.js';
import { findMatches, prepareQuote } from '../../src/engine/match.js';
import { normalizeText, SourceNormalizer } from '../../src/engine/normalize.js';
import { checkFields } from '../../src/engine/record.js';
import { JsonSyntaxError, parseStrictJson } from '../../src/load/strict-json.js';
import { engineVerdict } from '../helpers/engine.js';
import { hostileText, WHITESPACE } from '../helpers/unicode.js';

const words = (text: string) => normalizeText(text).split(' ').filter(Boolean);

describe('engine properties', () => {
  it('locates any whole-word passage of a source that occurs there once', () => {
    fc.assert(
      fc.property(hostileText(40), fc.nat(), fc.nat(), (source, a, b) => {
        const w = words(source);
        if (w.length === 0) return;
        const from = a % w.length;
        const to = from + 1 + (b % (w.length - from));
        const quote = w.slice(from, to).join(' ');
        const occurrences = findMatches(Buffer.from(normalizeText(source)), prepareQuote(quote), 3).length;
        const verdict = engineVerdict(source, { citation_id: 'c', source_id: 's', quote });
        expect(verdict).toBe(occurrences === 1 ? 'located' : occurrences === 0 ? 'quote not found' : 'ambiguous quote');
        // A whole-word passage is always there at least once.
        expect(occurrences).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('normalizes the same whatever the whitespace and whether composed or decomposed', () => {
    fc.assert(
      fc.property(
        hostileText(30),
        fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 4 }),
        (text, spaces) => {
          let k = 0;
          const respaced = text.replace(
            /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g,
            () => spaces[k++ % spaces.length],
          );
          expect(normalizeText(respaced)).toBe(normalizeText(text));
          expect(normalizeText(text.normalize('NFD'))).toBe(normalizeText(text));
          expect(normalizeText(normalizeText(text))).toBe(normalizeText(text));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws, whatever the input, lone surrogates included', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 60 });
    fc.assert(
      fc.property(anyText, anyText, anyText, (source, quote, context) => {
        const normalized = new SourceNormalizer().normalize(Buffer.from(source, 'utf8'));
        const view = new SourceView(Buffer.from(normalized.bytes));
        const q = normalizeText(quote);
        if (q !== '' && q.isWellFormed()) {
          const near = nearestPassage(view, q);
          if (near) findHints(view, q, near);
          closestPassage(view, q);
          const starts = findMatches(normalized.bytes, prepareQuote(q), 100).map((b) => view.charIndex(b));
          suggestContexts(view.text, starts, q.length);
        }
        checkFields(
          new Map<string, unknown>([
            ['citation_id', quote],
            ['source_id', context],
            ['quote', quote],
            ['prefix', context],
          ]),
        );
        engineVerdict(source, { citation_id: 'c', source_id: 's', quote, prefix: context, suffix: context });
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the strict JSON scanner', () => {
  const jsonish = fc.oneof(
    fc.json(),
    fc.json().map((j) => j.replace(/,/, ',,')),
    fc.json().map((j) => j.replace(/}$/, ',}')),
    fc.json().map((j) => `${j} ${j}`),
    fc.stringMatching(/^[[\]{}",:0-9a-z.eE+\- \\]{0,30}$/),
  );

  it('accepts exactly what JSON.parse accepts, but for duplicate keys and depth', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        let strict = true;
        try {
          parseStrictJson(text);
        } catch (error) {
          if (!(error instanceof JsonSyntaxError)) throw error;
          strict = false;
          if (native) expect(error.message).toMatch(/^(duplicate key|nesting deeper|empty input)/);
        }
        if (strict) expect(native).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('finds where each record and its claim start, past strings of quotes and backslashes', () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', '\\', 'a', 'é', '\n', '\u2028', '}', ']', ',', ':') });
    const record = fc
      .array(fc.tuple(fc.oneof(tricky, fc.constant('claim')), fc.oneof(tricky, fc.jsonValue())), { maxLength: 4 })
      .map((entries) => [...new Map(entries)]);
    const space = fc.constantFrom('', ' ', '\n  ', '\r\n', '\t');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(record, fc.jsonValue()), space), { maxLength: 6 }),
        space,
        (items, lead) => {
          let text = `${lead}[`;
          const starts: number[] = [];
          const claims: [number, number][] = [];
          items.forEach(([item, ws], i) => {
            if (i > 0) text += ',';
            text += ws;
            const start = text.length;
            starts.push(start);
            if (
              !Array.isArray(item) ||
              !item.every((e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string')
            ) {
              text += JSON.stringify(item);
              return;
            }
            // A record, written key by key, so that where its claim's value starts is known.
            text += '{';
            (item as [string, unknown][]).forEach(([key, value], k) => {
              text += `${k > 0 ? ',' : ''}${JSON.stringify(key)}:`;
              if (key === 'claim') claims.push([start, text.length]);
              text += JSON.stringify(value);
            });
            text += '}';
          });
          text += ']';
          const parsed = parseStrictJson(text);
          expect(parsed.value).toEqual(JSON.parse(text));
          expect(parsed.recordOffsets).toEqual(starts);
          expect([...parsed.claimOffsets]).toEqual(claims);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
