// Fails the build when ncc left a module out: ncc exits 0 even then, leaving
// `webpackMissingModule` stubs that throw at run time. Then records what the
// bundles were built from (dist/source-digest.txt), for the tests.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { sourceDigest } from './source-digest.mjs';

// The entries, and the chunks ncc splits off for dynamic imports (dist/413.index.js).
const chunks = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d+\.index\.js$/.test(f))
        .map((f) => `${dir}/${f}`)
    : [];
let failed = false;
for (const file of ['dist/index.js', 'dist/cli/index.js', ...chunks('dist'), ...chunks('dist/cli')]) {
  if (!existsSync(file)) {
    console.error(`check-bundle: ${file} is missing`);
    failed = true;
    continue;
  }
  const text = readFileSync(file, 'utf8');
  if (text.includes('webpackMissingModule')) {
    console.error(`check-bundle: ${file} has webpackMissingModule stubs: a dependency was not bundled`);
    failed = true;
  }
}
for (const file of ['dist/package.json', 'dist/cli/package.json']) {
  if (existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).type !== 'module') {
    console.error(`check-bundle: ${file} does not say "type": "module"`);
    failed = true;
  }
}
if (!existsSync('dist/package.json')) {
  console.error('check-bundle: dist/package.json is missing: the ESM bundle needs it');
  failed = true;
}
if (!failed) writeFileSync('dist/source-digest.txt', `${sourceDigest('.')}\n`);
process.exit(failed ? 1 : 0);
