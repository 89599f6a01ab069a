import path from 'node:path';
import { selectChanged } from '../../src/action/scope.js';
import { loadManifest } from '../../src/load/manifest.js';
import { findCitationFiles } from '../../src/load/select.js';
import { Workspace } from '../../src/load/workspace.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

const HELP = { path: 'sources/help-v1.txt', text: 'Read the guide.\n' };

// Found in review: a search for citation files cut short by links was a problem at the pattern's
// base folder, which a change never touches, so a run over changed files dropped it and passed.
describe('selectChanged', () => {
  it('checks every file when the search for citation files was cut short', () => {
    const root = makeTree({
      'citegate.yml': manifestFor({ 'help-v1': HELP }, ['public/**/*.json']),
      [HELP.path]: HELP.text,
      'public/a.json': '[]',
    });
    const workspace = new Workspace(root);
    const manifest = loadManifest(workspace, path.join(root, 'citegate.yml'));
    const full = findCitationFiles(workspace, manifest);
    const cut = {
      ...full,
      problems: [{ file: 'public', line: 0, column: 0, kind: 'not all listed' as const, message: 'not all listed: …' }],
    };
    const select = (listed: typeof full) =>
      selectChanged({
        workspace,
        manifest,
        changed: [{ path: 'public/z', status: 'added' }],
        baseManifest: () => ({ kind: 'unknown', reason: 'not asked' }),
        loadAll: () => new Map(),
        listAll: () => listed,
      });
    expect(select(full)).toEqual({ files: [], changedFiles: [], changedSources: [], problems: [] });
    expect(select(cut).checkAll).toBe(
      'the search for citation files under public was cut short (links give its folders too many names)',
    );
  });
});
