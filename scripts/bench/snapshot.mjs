// Content-addressed copies of a bundle (dist/cli/, or the Action's dist/) in
// .bench/<prefix>-<sha256 of index.js>/, so that a rebuild during a run, or
// another run going on, cannot change or remove what is timed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Copies the files of `from` (its folders left out) to
 * benchDir/<prefix>-<sha>/ unless a copy is there already, and gives the
 * copy's folder and sha (16 hex digits); null when index.js changed while
 * being copied. Copies of this prefix unused for a week are removed.
 */
export function snapshotBundle(from, benchDir, prefix) {
  const entry = path.join(from, 'index.js');
  if (!fs.existsSync(entry)) return null;
  const bytes = fs.readFileSync(entry);
  const sha = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const to = path.join(benchDir, `${prefix}-${sha}`);
  if (!fs.existsSync(path.join(to, 'index.js'))) {
    const tmp = `${to}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp, { recursive: true });
    for (const f of fs.readdirSync(from, { withFileTypes: true })) {
      if (f.isFile()) fs.copyFileSync(path.join(from, f.name), path.join(tmp, f.name));
    }
    if (!fs.readFileSync(path.join(tmp, 'index.js')).equals(bytes)) {
      fs.rmSync(tmp, { recursive: true, force: true });
      return null;
    }
    try {
      fs.renameSync(tmp, to);
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }); // another run made the same copy first
    }
  }
  const pattern = new RegExp(`^${prefix}-[0-9a-f]{16}$`);
  for (const d of fs.readdirSync(benchDir)) {
    const full = path.join(benchDir, d);
    if (pattern.test(d) && full !== to && Date.now() - fs.statSync(full).mtimeMs > 7 * 86400e3) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
  fs.utimesSync(to, new Date(), new Date());
  return { dir: to, sha };
}
