// What `citegate init` writes for a folder of source texts: a manifest that
// lists each as a source (its id from its file name, pinned to the SHA-256 of
// its bytes, retrieved today) with a `citations` pattern, and an example
// citation file whose one record quotes a passage that occurs exactly once in
// its source, so that it is `located`. Plans only: the front end writes.
import { Buffer } from 'node:buffer';
import path from 'node:path';
import { findMatches, prepareQuote } from '../engine/match.js';
import { normalizeText } from '../engine/normalize.js';
import { splitSentences } from '../engine/sentences.js';
import { ManifestError, parseManifest } from '../load/manifest.js';
import type { FolderText } from '../load/source-folder.js';
import { sha256Hex } from '../load/sources.js';
import { bomLength } from '../load/text.js';

/** The manifest init writes, at the workspace root, and the example beside the answers it stands for. */
export const INIT_MANIFEST = 'citegate.yml';
export const INIT_EXAMPLE = 'answers/example.json';
// Every format citegate reads: a pattern of .json alone left the YAML answers that the next steps invite unread.
export const INIT_PATTERN = 'answers/**/*.{json,jsonl,yaml,yml}';

export interface InitPlan {
  readonly manifest: string;
  readonly example: string;
  readonly sources: readonly { readonly id: string; readonly file: string }[];
  /** The source the example quotes. */
  readonly quoted: string;
}

/** Nothing can be planned (no text, or none with a passage to quote): exit 2, nothing written. */
export class InitError extends Error {}

/**
 * Plans the two files for the texts under `folder` (workspace-relative), read
 * by readSourceFolder, on the date `today` (YYYY-MM-DD).
 */
export function planInit(texts: readonly FolderText[], folder: string, today: string, folderLabel: string): InitPlan {
  if (texts.length === 0) {
    throw new InitError(`${folderLabel} holds no source text (UTF-8 files): put the reviewed texts there`);
  }
  const ids = sourceIds(
    texts.map((t) => t.file),
    folder,
  );
  const sources = texts.map((t, i) => ({ id: ids[i], file: t.file, sha256: sha256Hex(t.bytes) }));
  let example: { id: string; quote: string } | undefined;
  for (const [i, t] of texts.entries()) {
    const quote = uniquePassage(t.bytes.toString('utf8', bomLength(t.bytes)));
    if (quote !== undefined) {
      example = { id: ids[i], quote };
      break;
    }
  }
  if (example === undefined) {
    throw new InitError(
      `no text under ${folderLabel} has a line or sentence that occurs exactly once in it, for the example to quote`,
    );
  }
  const manifest = [
    '# The sources that answers may quote, each pinned to the SHA-256 of the text',
    '# that was reviewed, and where the citation files are. Written by',
    `# citegate init on ${today}: see https://github.com/citegate/citegate/blob/main/docs/manifest.md`,
    'version: 1',
    'sources:',
    ...sources.flatMap((s) => [
      `  ${yamlString(s.id)}:`,
      `    path: ${yamlString(s.file)}`,
      `    sha256: ${s.sha256}`,
      `    retrieved: ${today}`,
    ]),
    'citations:',
    `  - ${INIT_PATTERN}   # JSON, JSON Lines and YAML`,
    '',
  ].join('\n');
  // What is written must load as it will be read: a name the YAML above cannot carry stops here.
  try {
    const loaded = parseManifest(manifest, INIT_MANIFEST, '');
    if (loaded.sources.size !== sources.length) throw new Error('init: a source id was lost in the manifest');
  } catch (error) {
    if (error instanceof ManifestError)
      throw new Error(`init: the manifest it planned does not load: ${error.message}`);
    throw error;
  }
  const record = { citation_id: 'example-1', source_id: example.id, quote: example.quote };
  return {
    manifest,
    example: `${JSON.stringify({ citations: [record] }, null, 2)}\n`,
    sources: sources.map(({ id, file }) => ({ id, file })),
    quoted: example.id,
  };
}

/**
 * Each file's id: its path under the folder without the extension
 * (`returns-v1` for sources/returns-v1.txt, `policies/returns-v1` for a
 * subfolder's); with the extension kept, for files that would share one.
 */
function sourceIds(files: readonly string[], folder: string): string[] {
  const under = files.map((f) => (folder === '' ? f : f.slice(folder.length + 1)));
  const stems = under.map((f) => {
    const ext = path.posix.extname(f);
    return ext === '' || ext === f ? f : f.slice(0, -ext.length);
  });
  const count = new Map<string, number>();
  for (const s of stems) count.set(s, (count.get(s) ?? 0) + 1);
  return stems.map((s, i) => (count.get(s)! > 1 ? under[i] : s));
}

/** A YAML scalar for an id or a path: plain when YAML reads it back as that string, JSON-quoted otherwise. */
function yamlString(value: string): string {
  return /^[A-Za-z_][A-Za-z0-9_./-]*$/.test(value) && !/^(true|false|null)$/i.test(value)
    ? value
    : JSON.stringify(value);
}

/** Passages longer than this are not quoted whole: the example is read by people. */
const LONGEST = 300;

/**
 * A passage of the text that occurs exactly once in it, as the check matches
 * quotes (after normalization, on word boundaries): the first line (or, in a
 * long line, the first sentence) that reads as a sentence of four words or
 * more, else the first of any length; undefined when none is unique.
 */
export function uniquePassage(text: string): string | undefined {
  const source = Buffer.from(normalizeText(text), 'utf8');
  const pieces: string[] = [];
  for (const line of text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.length <= LONGEST) pieces.push(trimmed);
    else
      for (const s of splitSentences(trimmed)) {
        const words = s.text.split(/\s+/);
        pieces.push(s.text.length <= LONGEST ? s.text : words.slice(0, 20).join(' '));
      }
    // Enough to choose from: a long source is not read to its end.
    if (pieces.length >= 2000) break;
  }
  const words = (p: string) => normalizeText(p).split(' ').length;
  const ranked = [
    ...pieces.filter((p) => words(p) >= 4 && /[.!?]["'”’)]?$/.test(p)),
    ...pieces.filter((p) => words(p) >= 4 && !/[.!?]["'”’)]?$/.test(p)),
    ...pieces.filter((p) => words(p) < 4),
  ];
  for (const piece of ranked.slice(0, 200)) {
    const normalized = normalizeText(piece);
    if (normalized === '') continue;
    if (findMatches(source, prepareQuote(normalized), 2).length === 1) return piece;
  }
  return undefined;
}
