// Source verification: the bytes of a source's file must hash to the pinned
// SHA-256, be strict UTF-8 and stay under the size limit; its `original`, when
// given, must hash to its pin too. Any failure leaves the source unverified.
import { Buffer, constants, isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { PinnedFile, SourceEntry } from './manifest.js';
import { bomLength, decodeUtf8Text, utf16ByteOrderMark } from './text.js';
import { pinCommandLine } from '../model/shell.js';
import type { Workspace } from './workspace.js';

export const DEFAULT_MAX_SOURCE_BYTES = 64 * 1024 * 1024;

/**
 * The largest source the engine can hold: its text becomes one JavaScript
 * string for explanations, and a string holds at most this many UTF-16 units
 * (0x1fffffe8 on 64-bit systems), which a UTF-8 file of this many bytes never
 * exceeds. Options that raise the limit are refused past it, in words.
 */
export const MAX_SOURCE_BYTES = constants.MAX_STRING_LENGTH;
export const MAX_SOURCE_BYTES_WHY = 'the longest text citegate can hold in memory';

export type SourceCheck =
  | {
      readonly ok: true;
      /** The text's UTF-8 bytes after any BOM: a view into the loader's buffer, valid until its next load. */
      readonly text: Buffer;
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** The SHA-256 of the file's bytes, when it could be read. */
      readonly actualSha256?: string;
    };

/**
 * Which files may be sources, beyond the path rules every run has: given a
 * file's real path and the bytes read from it, why it may not be one, or
 * undefined. The Action admits only files committed at the checked-out
 * commit, with those bytes (action/committed.ts).
 */
export type SourcePolicy = (abs: string, bytes: Uint8Array) => string | undefined;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Loads sources one at a time into buffers it reuses, so a run over many
 * sources holds one source in memory at once and does not ask the system for
 * fresh memory for each.
 */
export class SourceLoader {
  private sourceBuffer: Buffer = Buffer.allocUnsafe(0);
  private originalBuffer: Buffer = Buffer.allocUnsafe(0);

  constructor(
    private readonly workspace: Workspace,
    private readonly manifestDir: string,
    private readonly maxBytes: number,
    private readonly policy?: SourcePolicy,
  ) {}

  load(entry: SourceEntry): SourceCheck {
    const read = this.readPinned(entry.id, entry, 'source');
    if (!read.ok) return read;
    const bytes = read.bytes;
    if (!isUtf8(bytes)) {
      const decoded = decodeUtf8Text(bytes);
      const utf16 = utf16ByteOrderMark(bytes);
      const where = utf16
        ? ` (it starts with the byte order mark of ${utf16})`
        : decoded.ok
          ? ''
          : ` (line ${decoded.position.line}, column ${decoded.position.column})`;
      return {
        ok: false,
        reason: `${entry.path} is not valid UTF-8${where}: sources must be UTF-8 text`,
        actualSha256: read.sha256,
      };
    }
    if (entry.original) {
      const original = this.readPinned(entry.id, entry.original, 'original');
      if (!original.ok) return { ok: false, reason: original.reason, actualSha256: read.sha256 };
    }
    return { ok: true, text: bytes.subarray(bomLength(bytes)) };
  }

  /** `id`: the source's, for the command that re-pins it. */
  private readPinned(
    id: string,
    file: PinnedFile,
    role: 'source' | 'original',
  ): { ok: true; bytes: Buffer; sha256: string } | { ok: false; reason: string; actualSha256?: string } {
    const label = role === 'source' ? file.path : `original ${file.path}`;
    const resolved = this.workspace.resolve(this.manifestDir, file.path);
    if (!resolved.ok) return { ok: false, reason: `${label}: ${resolved.reason}` };
    const into = role === 'source' ? this.sourceBuffer : this.originalBuffer;
    const read = this.workspace.read(resolved.abs, this.maxBytes, into);
    if (!read.ok) return { ok: false, reason: `${label}: ${read.reason}` };
    const refused = this.policy?.(resolved.abs, read.bytes);
    if (refused !== undefined) return { ok: false, reason: `${label}: ${refused}` };
    // Keep the larger buffer for the next source.
    if (read.bytes.buffer !== into.buffer) {
      if (role === 'source') this.sourceBuffer = read.bytes;
      else this.originalBuffer = read.bytes;
    }
    const sha256 = sha256Hex(read.bytes);
    if (file.sha256 === undefined) return { ok: false, reason: `${label}: no sha256 is pinned`, actualSha256: sha256 };
    if (sha256 !== file.sha256) {
      return {
        ok: false,
        reason:
          `${label} has SHA-256 ${sha256}, but the manifest pins ${file.sha256}: ` +
          `review the new text, then run \`${pinCommandLine([id])}\` to accept it`,
        actualSha256: sha256,
      };
    }
    return { ok: true, bytes: read.bytes, sha256 };
  }
}
