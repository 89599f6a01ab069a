// The folders of src/ are layers, and imports run one way: front ends
// (cli, action) → report → check → load → engine, with model (the types and
// text helpers every layer shares) importable from anywhere and importing
// nothing of the project. api (one GitHub REST call per file) sits under the
// Action. This test reads every import of src/ and fails on one against that
// direction, on an import cycle, and on I/O in the pure layers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/workspace.js';

const SRC = path.join(REPO, 'src');

/** Each layer and the layers it may import (its own, and model, always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  model: [],
  engine: [],
  load: ['engine'],
  check: ['load', 'engine'],
  report: ['check', 'load', 'engine'],
  api: [],
  cli: ['report', 'check', 'load', 'engine'],
  action: ['api', 'report', 'check', 'load', 'engine'],
};
/** Layers that do no I/O: they never import the file system, processes or the network. */
const PURE = ['model', 'engine'];
const IO_MODULES = /^node:(fs|child_process|net|http|https|worker_threads)(\/|$)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module a file imports: static imports and re-exports, and dynamic import()s. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) found.push(m[1]);
  for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push(m[1]);
  return found;
}

const layerOf = (file: string) => path.relative(SRC, file).split(path.sep)[0];

interface Edge {
  readonly from: string;
  readonly to: string;
}

const files = sources(SRC);
const edges: Edge[] = files.flatMap((file) =>
  importsOf(readFileSync(file, 'utf8'))
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({ from: file, to: path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')) })),
);

describe('the layers of src/', () => {
  it('has every file in a known layer', () => {
    const unknown = files.filter((f) => !(layerOf(f) in MAY_IMPORT)).map((f) => path.relative(REPO, f));
    expect(unknown).toEqual([]);
  });

  it('imports only downward, and model from anywhere', () => {
    const wrong = edges
      .filter(({ from, to }) => {
        const a = layerOf(from);
        const b = layerOf(to);
        return a !== b && b !== 'model' && !MAY_IMPORT[a]?.includes(b);
      })
      .map(({ from, to }) => `${path.relative(REPO, from)} imports ${path.relative(REPO, to)}`);
    expect(wrong).toEqual([]);
  });

  it('keeps model and engine free of I/O', () => {
    const wrong = files
      .filter((f) => PURE.includes(layerOf(f)))
      .flatMap((f) =>
        importsOf(readFileSync(f, 'utf8'))
          .filter((spec) => IO_MODULES.test(spec) || spec.startsWith('@actions/'))
          .map((spec) => `${path.relative(REPO, f)} imports ${spec}`),
      );
    expect(wrong).toEqual([]);
  });

  it('has no import cycle', () => {
    const next = new Map<string, string[]>();
    for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, way: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...way.slice(way.indexOf(file)), file].map((f) => path.relative(SRC, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const to of next.get(file) ?? []) visit(to, [...way, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('can tell a wrong import from a right one', () => {
    // The reader of imports itself, on text made for it.
    expect(
      importsOf("import { a } from '../check/run.js';\nexport { b } from './x.js';\nawait import('../y.js');"),
    ).toEqual(['../check/run.js', './x.js', '../y.js']);
  });
});
