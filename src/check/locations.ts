// The location check (docs/claude.md): whether the place a saved response's
// citation names in its document holds the cited text in the pinned source.
// `char_location` indices are read as code points, 0-based with the end
// exclusive: the API does not document their unit, and its one example is
// ASCII, where code points, UTF-16 units and bytes agree (Python, which the
// API's examples use, indexes strings by code point). A span that holds the
// quote only when counted in UTF-16 units or in bytes is said so. `page_location`
// pages are checked against the source's form feeds (U+000C, the page breaks
// pdftotext writes); a source without any is not checked for pages.
import type { Buffer } from 'node:buffer';
import type { NormalizedSource } from '../engine/normalize.js';
import { cutBudget } from '../engine/offset-map.js';
import { normalizeText } from '../engine/normalize.js';
import { ByteLineIndex, lastAtOrBelow } from '../engine/positions.js';
import type { Decision } from '../engine/verdict.js';
import type { CitationLocation } from '../load/anthropic.js';
import type { SourceEntry } from '../load/manifest.js';
import { EXCERPT, shorten } from '../model/escape.js';

/** A record's citation location, and its quote (the cited text). */
export interface CitedLocation {
  readonly location: CitationLocation;
  readonly quote: string;
}

type Unit = 'code points' | 'UTF-16 code units' | 'bytes';

/** Every this many characters, where they start: a character index is found from the nearest. */
const SAMPLE = 1024;

const FORM_FEED = 0x0c;

export class LocationCheck {
  private lines: ByteLineIndex | undefined;
  private samples: { bytes: Int32Array; points: Float64Array; units: Float64Array; total: number } | undefined;
  private formFeeds: number[] | undefined;

  /** `bytes`: the source's text as UTF-8 (after any BOM), which `normalized` normalizes. */
  constructor(
    private readonly bytes: Buffer,
    private readonly normalized: NormalizedSource,
    private readonly entry: SourceEntry,
  ) {}

  /** What is wrong with where the citation says its quote is, or undefined (nothing, or not checked). */
  check(cited: CitedLocation, decision: Decision): string | undefined {
    if (decision.verdict === 'empty quote') return undefined;
    return cited.location.kind === 'char' ? this.chars(cited, decision) : this.pages(cited, decision);
  }

  private chars(cited: CitedLocation, decision: Decision): string | undefined {
    const { start, end } = cited.location;
    const indices = `start_char_index ${show(start)} and end_char_index ${show(end)}`;
    if (!isCount(start) || !isCount(end) || end < start) return `${indices} are not a range of characters`;
    const quote = normalizeText(cited.quote);
    const span = this.span('code points', start, end);
    if (span !== undefined && this.textOf(span) === quote) return undefined;
    const other = (['UTF-16 code units', 'bytes'] as const).find((unit) => {
      const s = this.span(unit, start, end);
      return s !== undefined && this.textOf(s) === quote;
    });
    const unit = other
      ? `; counted in ${other} they would point at it (the API does not document its unit; citegate counts code points)`
      : '';
    if (span === undefined) {
      const total = this.sampled().total;
      return `${indices} point past the end of ${this.entry.path}, which has ${total} character${total === 1 ? '' : 's'}${unit}`;
    }
    const there =
      span[0] === span[1]
        ? `no text, at ${this.place(span[0], span[0])} of ${this.entry.path}`
        : `${this.place(span[0], span[1])} of ${this.entry.path} ("${shorten(this.textOf(span), 80)}")`;
    return `${indices} point at ${there}, but ${this.quoteIs(decision)}${unit}`;
  }

  private pages(cited: CitedLocation, decision: Decision): string | undefined {
    const { start, end } = cited.location;
    const numbers = `start_page_number ${show(start)} and end_page_number ${show(end)}`;
    if (!isCount(start) || !isCount(end) || start < 1 || end <= start)
      return `${numbers} are not a range of pages (numbered from 1, the end exclusive)`;
    const feeds = this.feeds();
    if (feeds.length === 0) return undefined; // No page breaks: pages are not checked.
    const last = feeds[feeds.length - 1];
    // A form feed that ends the text ends its last page (pdftotext ends every page with one).
    const count = isBlank(this.bytes, last + 1) ? feeds.length : feeds.length + 1;
    const named = pageRange(start, end - 1);
    if (end - 1 > count)
      return `${numbers} name ${named}, but ${this.entry.path} has ${count} page${count === 1 ? '' : 's'} (its form feeds end pages)`;
    if (decision.verdict !== 'located') return undefined;
    const [from, to] = this.original(decision.matches[0], decision.quoteLength);
    const first = this.pageAt(from);
    const lastPage = this.pageAt(Math.max(from, to - 1));
    if (first >= start && lastPage < end) return undefined;
    return `${numbers} name ${named}, but the quote is on ${pageRange(first, lastPage)} of ${this.entry.path} (${this.place(from, to)})`;
  }

  private quoteIs(decision: Decision): string {
    if (decision.verdict === 'located') {
      const [from, to] = this.original(decision.matches[0], decision.quoteLength);
      return `the quote is at ${this.place(from, to)}`;
    }
    if (decision.verdict === 'ambiguous quote') {
      const n = decision.matches.length;
      return `the quote occurs ${n >= 100 ? '100 or more' : n} times in it, none of them there`;
    }
    return 'the quote is not in it';
  }

  /** A normalized range's original bytes. */
  private original(start: number, length: number): [number, number] {
    const texts = {
      original: this.bytes,
      normalized: this.normalized.bytes,
      budget: cutBudget(this.normalized.bytes.length),
    };
    return [
      this.normalized.map.toOriginalStart(start, texts),
      this.normalized.map.toOriginalEnd(start + length, texts),
    ];
  }

  /** Bytes [from, to) as a reader finds them: line and columns, the last column that of the last character. */
  private place(from: number, to: number): string {
    const lines = (this.lines ??= new ByteLineIndex(this.bytes));
    const a = lines.position(from);
    if (to <= from) return `line ${a.line}, column ${a.column}`;
    let last = to - 1;
    while (last > from && (this.bytes[last] & 0xc0) === 0x80) last--;
    const b = lines.position(last);
    return a.line === b.line
      ? `line ${a.line}, columns ${a.column}-${b.column}`
      : `line ${a.line}, column ${a.column} to line ${b.line}, column ${b.column}`;
  }

  private textOf([from, to]: readonly [number, number]): string {
    return normalizeText(this.bytes.toString('utf8', from, to));
  }

  /** The bytes that indices [start, end) in `unit` cover, or undefined past the end or inside a character. */
  private span(unit: Unit, start: number, end: number): [number, number] | undefined {
    const from = this.offsetOf(unit, start);
    const to = this.offsetOf(unit, end);
    return from === undefined || to === undefined ? undefined : [from, to];
  }

  /** The byte offset after `n` units of the text, or undefined past its end or inside a character. */
  private offsetOf(unit: Unit, n: number): number | undefined {
    const bytes = this.bytes;
    if (unit === 'bytes')
      return n <= bytes.length && (n === bytes.length || (bytes[n] & 0xc0) !== 0x80) ? n : undefined;
    const s = this.sampled();
    const counts = unit === 'code points' ? s.points : s.units;
    if (n > counts[counts.length - 1]) return undefined;
    const k = lastAtOrBelow(counts, n);
    let at = s.bytes[k];
    let count = counts[k];
    while (count < n) {
      const lead = bytes[at];
      count += unit === 'UTF-16 code units' && lead >= 0xf0 ? 2 : 1;
      at += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    }
    return count === n ? at : undefined;
  }

  /** Where every SAMPLEth character starts, with the code points and UTF-16 units before it; and the end. */
  private sampled() {
    if (this.samples) return this.samples;
    const bytes = this.bytes;
    const at: number[] = [0];
    const points: number[] = [0];
    const units: number[] = [0];
    let p = 0;
    let u = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if ((b & 0xc0) === 0x80) continue;
      if (p > 0 && p % SAMPLE === 0) {
        at.push(i);
        points.push(p);
        units.push(u);
      }
      p++;
      u += b >= 0xf0 ? 2 : 1;
    }
    at.push(bytes.length);
    points.push(p);
    units.push(u);
    this.samples = {
      bytes: Int32Array.from(at),
      points: Float64Array.from(points),
      units: Float64Array.from(units),
      total: p,
    };
    return this.samples;
  }

  private feeds(): number[] {
    if (this.formFeeds) return this.formFeeds;
    const feeds: number[] = [];
    for (let i = this.bytes.indexOf(FORM_FEED); i >= 0; i = this.bytes.indexOf(FORM_FEED, i + 1)) feeds.push(i);
    return (this.formFeeds = feeds);
  }

  /** The page (from 1) a byte is on: one more than the form feeds before it. */
  private pageAt(offset: number): number {
    const feeds = this.feeds();
    let lo = 0;
    let hi = feeds.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (feeds[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function show(value: unknown): string {
  if (value === undefined) return '(missing)';
  // JSON.stringify writes a number past the doubles (1e999, read as Infinity) as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return 'a non-finite number';
  return shorten(JSON.stringify(value) ?? String(value), EXCERPT);
}

function pageRange(first: number, last: number): string {
  return first === last ? `page ${first}` : `pages ${first}-${last}`;
}

/** Whether the bytes from `from` on are only ASCII whitespace (form feeds included). */
function isBlank(bytes: Uint8Array, from: number): boolean {
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== FORM_FEED) return false;
  }
  return true;
}
