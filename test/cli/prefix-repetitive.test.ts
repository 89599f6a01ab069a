// A prefix is the SPEC's way to tell copies of a passage apart (§1): records
// quoting one sentence that a regulation repeats in each of its sections,
// each with its section's prefix, are valid input, and must not get the
// source given up however many there are (found in the bad-input review: 300
// records against 10,000 sections made it "source unverified", where each
// file of them alone passed).
import { makeWorkspace, runCli } from '../helpers/workspace.js';

const SENTENCE = 'The fee is waived where the provisions of this section apply.';

it('checks 300 records that tell 10,000 copies of a sentence apart by prefix', () => {
  const text = Array.from({ length: 10_000 }, (_, i) => `Section ${i + 1}. ${SENTENCE}\n`).join('');
  const records = Array.from({ length: 300 }, (_, k) => ({
    citation_id: `q${k}`,
    source_id: 'code-v1',
    quote: SENTENCE,
    prefix: `Section ${1 + ((k * 7919) % 10_000)}.`,
  }));
  const root = makeWorkspace(
    { 'code-v1': { path: 'sources/code.txt', text } },
    {
      'answers/code.json': JSON.stringify(records.slice(0, 200)),
      'answers/more.json': JSON.stringify(records.slice(200)),
    },
  );
  const run = runCli(['check'], root);
  expect(run.stderr).toBe('');
  expect(run.stdout.split('\n').slice(-2)).toEqual(['located=300/300', '']);
  expect(run.code).toBe(0);
});
