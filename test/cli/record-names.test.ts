// How records are named. A verdict line names a record by its citation_id as
// the reference prints it (SPEC §5), so an empty one prints as nothing; the
// messages on standard error (and the Action's annotations and summary) name
// it by its place instead, as a missing one (found in the bad-input review:
// "error: : invalid fields").
import { makeWorkspace, runCli } from '../helpers/workspace.js';

it('names a record with an empty citation_id by its place in messages, and as the reference does on its verdict line', () => {
  const quote = 'A receipt is required.';
  const root = makeWorkspace(
    { 'r-v1': { path: 'sources/r.txt', text: `${quote}\n` } },
    {
      'answers/k.json': JSON.stringify([
        { citation_id: '', source_id: 'r-v1', quote },
        { source_id: 'r-v1', quote },
      ]),
    },
  );
  const run = runCli(['check'], root);
  expect(run.stdout).toBe(': invalid fields\n(record 2): invalid fields\nlocated=0/2\n');
  expect(run.stderr).toBe(
    'answers/k.json:1:2: error: (record 1): invalid fields: citation_id is empty\n' +
      'answers/k.json:1:73: error: (record 2): invalid fields: citation_id is missing\n',
  );
});
