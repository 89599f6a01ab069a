// docs/SPEC.md is a copy of the shared contract, for clones that do not have
// ../shared beside them: it must say exactly what the contract says.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './helpers/workspace.js';

const SHARED = path.resolve(REPO, '../shared/SPEC.md');

(existsSync(SHARED) ? it : it.skip)('docs/SPEC.md is the shared SPEC.md, after its one-line header', () => {
  const copy = readFileSync(path.join(REPO, 'docs/SPEC.md'), 'utf8');
  expect(copy.slice(copy.indexOf('-->\n\n') + 5)).toBe(readFileSync(SHARED, 'utf8'));
});
