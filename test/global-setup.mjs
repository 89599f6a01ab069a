// Before any test: refuse a dist/ built from other sources than the working
// tree's. Many tests run the bundles as a user does; run against a stale one
// they would test old code and pass.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceDigest } from '../scripts/source-digest.mjs';

export default function freshBundle() {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.join(repo, 'dist/source-digest.txt');
  const built = existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  if (built !== sourceDigest(repo)) {
    throw new Error(
      built === undefined
        ? 'dist/ was not built by npm run build (no dist/source-digest.txt): run npm run build, then the tests'
        : 'dist/ was built from other sources than src/ now holds: run npm run build, then the tests',
    );
  }
}
