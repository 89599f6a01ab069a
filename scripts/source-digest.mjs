// The digest of what the bundles are built from: every file under src/, and
// the lock file and compiler settings. `npm run build` writes it to
// dist/source-digest.txt; the tests refuse to run a dist/ whose digest is not
// the working tree's (test/global-setup.mjs), so they always test the code.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Hex SHA-256 over the inputs of the build, in path order. */
export function sourceDigest(repo) {
  const files = [
    ...filesUnder(path.join(repo, 'src')),
    path.join(repo, 'package-lock.json'),
    path.join(repo, 'tsconfig.json'),
  ]
    .map((f) => path.relative(repo, f).split(path.sep).join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(repo, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
