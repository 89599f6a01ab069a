// What the explaining pass reads: the other-source pass takes over the cited
// sources the first pass verified and normalized, and reads again only what
// it must (docs/diagnostics.md, "What is read when").
import type { Buffer } from 'node:buffer';
import path from 'node:path';
import { runCheck } from '../../src/check/run.js';
import { parseManifest } from '../../src/load/manifest.js';
import { Workspace } from '../../src/load/workspace.js';
import { makeTree, manifestFor } from '../helpers/workspace.js';

/** A workspace that counts how often each source file is read. */
class CountingWorkspace extends Workspace {
  readonly reads = new Map<string, number>();

  override read(abs: string, maxBytes: number, into?: Buffer) {
    const name = path.basename(abs);
    if (path.basename(path.dirname(abs)) === 'sources') this.reads.set(name, (this.reads.get(name) ?? 0) + 1);
    return super.read(abs, maxBytes, into);
  }
}

const SOURCES = {
  'returns-v1': {
    path: 'sources/returns.txt',
    text: 'Returns are accepted within 30 days of delivery. A receipt is required.',
  },
  'returns-v2': {
    path: 'sources/returns2.txt',
    text: 'Returns are accepted within 45 days of delivery. A receipt is required.',
  },
  'shipping-v1': { path: 'sources/shipping.txt', text: 'Orders ship within two business days.' },
  'broken-v1': { path: 'sources/broken.txt', text: 'This text does not match its pin.' },
};

function run(records: object[], diagnose = true) {
  const manifestText = manifestFor(SOURCES, ['answers/*.json']);
  const tree: Record<string, string> = {
    'citegate.yml': manifestText,
    'answers/a.json': JSON.stringify(records),
    ...Object.fromEntries(Object.values(SOURCES).map((s) => [s.path, s.text])),
  };
  tree['sources/broken.txt'] = 'Changed after pinning.';
  const workspace = new CountingWorkspace(makeTree(tree));
  const manifest = parseManifest(manifestText, 'citegate.yml', '');
  const result = runCheck({ workspace, manifest, files: [{ file: 'answers/a.json', audience: undefined }], diagnose });
  return { result, reads: Object.fromEntries(workspace.reads) };
}

const record = (id: string, sourceId: string, quote: string) => ({ citation_id: id, source_id: sourceId, quote });

describe('the other-source pass', () => {
  it('reads no cited source again when no lost quote is in it, and skips the source that failed verification', () => {
    const { result, reads } = run([
      record('lost', 'returns-v1', 'Returns are accepted within 60 days of delivery.'),
      record('fine', 'returns-v2', 'A receipt is required.'),
      record('broken', 'broken-v1', 'This text does not match its pin.'),
    ]);
    expect(result.records.map((r) => r.verdict)).toEqual(['quote not found', 'located', 'source unverified']);
    // Cited sources once; the uncited one is read by this pass only, to look for the lost quote.
    expect(reads).toEqual({ 'returns.txt': 1, 'returns2.txt': 1, 'broken.txt': 1, 'shipping.txt': 1 });
  });

  it('reads a cited source again only to say where a lost quote is in it', () => {
    const { result, reads } = run([
      record('wrong-version', 'returns-v1', 'Returns are accepted within 45 days of delivery.'),
      record('fine', 'returns-v2', 'A receipt is required.'),
    ]);
    const lost = result.records[0];
    expect(lost.verdict === 'quote not found' && lost.hints?.map((h) => [h.kind, h.sourceId, h.at])).toEqual([
      ['other version', 'returns-v2', { line: 1, column: 1, endLine: 1, endColumn: 49 }],
    ]);
    expect(reads).toEqual({ 'returns.txt': 1, 'returns2.txt': 2, 'broken.txt': 1, 'shipping.txt': 1 });
  });

  it('needs no second pass when every quote is found, and none without diagnostics', () => {
    expect(run([record('fine', 'returns-v2', 'A receipt is required.')]).reads).toEqual({ 'returns2.txt': 1 });
    expect(
      run([record('lost', 'returns-v1', 'Returns are accepted within 45 days of delivery.')], false).reads,
    ).toEqual({ 'returns.txt': 1 });
  });
});
