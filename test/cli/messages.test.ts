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
      stderr: 'citegate.yml:5:1: error: all mapping items must start at the same column\n',
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
        'answers/a.yaml:3:1: error: sequence item without - indicator\n' +
        'citegate: error: no citation records in the files checked (an empty run fails)\n',
    });
  });
});

describe('did you mean, for a near-miss key of a citation file', () => {
  it('names the mistyped key of a record, escaped, and the one meant', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      {
        'answers/a.json': JSON.stringify([
          { citation_id: 'a1', source_id: 'returns-v1', qoute: 'Returns' },
          { citation_id: 'a2', 'sourc\u001b_id': 'returns-v1', quote: 'Returns' },
        ]),
      },
    );
    expect(runCli(['check'], root)).toEqual({
      code: 1,
      stdout: 'a1: invalid fields\na2: invalid fields\nlocated=0/2\n',
      stderr:
        'answers/a.json:1:2: error: a1: invalid fields: quote is missing (did you mean "quote", not "qoute"?)\n' +
        'answers/a.json:1:66: error: a2: invalid fields: source_id is missing (did you mean "source_id", not "sourc\\u001b_id"?)\n',
    });
  });

  it('names `citation` for `citations`', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': JSON.stringify({ citation: [{ citation_id: 'a1', source_id: 'returns-v1', quote: 'x' }] }) },
    );
    expect(runCli(['check'], root).stderr).toBe(
      'answers/a.json:1:1: error: expected an array of citation records, or an object with a "citations" array (did you mean "citations", not "citation"?)\n' +
        'citegate: error: no citation records in the files checked (an empty run fails)\n',
    );
  });
});

describe('a report written where the citation files are', () => {
  it('is said to be one, at its first line, and the other files are still checked', () => {
    const root = makeWorkspace(
      { 'returns-v1': RETURNS },
      { 'answers/a.json': JSON.stringify([{ citation_id: 'a1', source_id: 'returns-v1', quote: 'Returns' }]) },
    );
    expect(runCli(['check', '--format', 'json', '--output', 'answers/report.json'], root).code).toBe(0);
    expect(runCli(['check', '--format', 'sarif', '--output', 'answers/sarif.json'], root).code).toBe(1);
    const tail = "not a citation file: write reports where the manifest's `citations` patterns do not match them";
    expect(runCli(['check'], root)).toEqual({
      code: 1,
      stdout: 'answers/a.json:1: a1: located\nlocated=1/1\n',
      stderr:
        `answers/report.json:1:1: error: this is a citegate JSON report (\`--format json\` writes one), ${tail}\n` +
        `answers/sarif.json:1:1: error: this is a SARIF report (\`--format sarif\` writes one), ${tail}\n`,
    });
  });
});

describe('did you mean, for a mistyped option or command', () => {
  const root = makeWorkspace({ 'returns-v1': RETURNS }, {});
  it.each([
    [['check', '--frmat', 'json'], "unknown option '--frmat' (did you mean --format?); see citegate check --help"],
    [['check', '--frmat=json'], "unknown option '--frmat' (did you mean --format?); see citegate check --help"],
    [['check', '--explian'], "unknown option '--explian' (did you mean --explain?); see citegate check --help"],
    [['check', '--expl'], "unknown option '--expl' (did you mean --explain?); see citegate check --help"],
    [
      ['check', '--uncited-claim', 'off'],
      "unknown option '--uncited-claim' (did you mean --uncited-claims?); see citegate check --help",
    ],
    [['pin', '--mainfest', 'x.yml'], "unknown option '--mainfest' (did you mean --manifest?); see citegate pin --help"],
    [
      ['merge-reports', '--ouptut', 'x'],
      "unknown option '--ouptut' (did you mean --output?); see citegate merge-reports --help",
    ],
    [['chek'], 'unknown command "chek" (did you mean check?); see citegate --help'],
    [['merge'], 'unknown command "merge" (did you mean merge-reports?); see citegate --help'],
    // `help` names a command as running one does.
    [['help', 'chek'], 'unknown command "chek" (did you mean check?); see citegate --help'],
    [['help', 'merge'], 'unknown command "merge" (did you mean merge-reports?); see citegate --help'],
    [['help', 'frobnicate'], 'unknown command "frobnicate"; see citegate --help'],
    // Found: a key every object has was taken for a command, and its help printed as "undefined", exit 0.
    [['help', 'constructor'], 'unknown command "constructor"; see citegate --help'],
    // Nothing near enough: no guess.
    [['check', '--frobnicate'], "unknown option '--frobnicate'; see citegate check --help"],
    [['check', '-x'], "unknown option '-x'; see citegate check --help"],
    [['frobnicate'], 'unknown command "frobnicate"; see citegate --help'],
    // Found by fuzzing: Node's three sentences came through, joined by ".;".
    [
      ['check', '--max-source-bytes', '-XYZ'],
      '--max-source-bytes needs a value, and the argument after it starts with a dash: if it is the value, write --max-source-bytes=-XYZ; see citegate check --help',
    ],
  ])('%j', (args, message) => {
    expect(runCli(args, root)).toEqual({ code: 2, stdout: '', stderr: `citegate: error: ${message}\n` });
  });
});
