// What citegate says when the input is wrong, as a person reads it on
// standard error: one problem for one YAML mistake.
import { makeTree, makeWorkspace, runCli, sha256 } from '../helpers/workspace.js';

const RETURNS = { path: 'sources/returns-v1.txt', text: 'Returns are accepted within 30 days.\n' };

describe('one YAML mistake, one problem', () => {
  it('in the manifest: a key indented one space too few', () => {
    const root = makeTree({
      'citegate.yml': [
        'version: 1',
        'sources:',
        '  returns-v1:',
        '    path: sources/returns-v1.txt',
        `   sha256: ${sha256(RETURNS.text)}`,
        '    retrieved: 2026-11-02',
        'citations:',
        '  - answers/*.json',
        '',
      ].join('\n'),
      [RETURNS.path]: RETURNS.text,
    });
    expect(runCli(['check'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'citegate.yml:5:1: all mapping items must start at the same column\n',
    });
  });

  it('in a citation file: a record key indented one space too few', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.yaml': '- citation_id: a1\n  source_id: returns-v1\n quote: Returns\n  claim: x\n' },
    );
    expect(runCli(['check'], root)).toEqual({
      code: 1,
      stdout: 'located=0/0\n',
      stderr:
        'answers/a.yaml:3:1: sequence item without - indicator\n' +
        'citegate: no citation records in the files checked (an empty run fails)\n',
    });
  });
});
