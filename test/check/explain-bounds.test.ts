// A record's explanation is its own: however many records with a context a
// source has to explain, each gets the answer it gets alone (the quote's own
// matches are looked up, not rationed among the records that ask).
import { runCheck } from '../../src/check/run.js';
import { parseManifest } from '../../src/load/manifest.js';
import { Workspace } from '../../src/load/workspace.js';
import { explanationOf } from '../../src/model/result.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

const SOURCE = Array.from({ length: 100 }, (_, i) => `m${i} is a marker here.`).join(' ');

function explained(records: object[]) {
  const manifestText = manifestFor({ 'many-v1': { path: 'sources/many.txt', text: SOURCE } }, ['answers/*.json']);
  const root = makeTree({
    'citegate.yml': manifestText,
    'answers/a.json': JSON.stringify(records),
    'sources/many.txt': SOURCE,
  });
  const manifest = parseManifest(manifestText, 'citegate.yml', '');
  const result = runCheck({
    workspace: new Workspace(root),
    manifest,
    files: [{ file: 'answers/a.json', audience: undefined }],
  });
  return result.records.map((r) => [r.verdict, explanationOf(r)] as const);
}

// Each quotes its own marker once, with a prefix the source does not have there.
const record = (i: number) => ({
  citation_id: `c${i}`,
  source_id: 'many-v1',
  quote: `m${i} is a marker here.`,
  prefix: 'not what comes before',
});

test('the 65th record with a context gets the explanation it gets alone', () => {
  const all = explained(Array.from({ length: 80 }, (_, i) => record(i)));
  for (const i of [0, 63, 64, 65, 79]) expect(all[i]).toEqual(explained([record(i)])[0]);
  const [verdict, detail] = all[64];
  expect(verdict).toBe('quote not found');
  expect(detail?.context).toMatchObject({ prefix: true, candidates: 1, kept: 0 });
  expect(detail?.context?.occurrences).toHaveLength(1);
});
