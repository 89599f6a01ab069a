import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Writes a report to a file piece by piece (creating its folder), so it is never whole in memory. */
export function writeChunks(file: string, chunks: Iterable<string>): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    for (const chunk of chunks) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}
