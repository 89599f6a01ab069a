// Aliases resolved in one pass (yaml-nodes.ts): the values read from a
// document are what the yaml package's `toJS` makes of it, aliases sharing
// their anchor's value, on every YAML file of the repository and on random
// documents of anchors (given again), aliases, tags and `<<` keys; and
// `deref` finds the node the package's `Alias.resolve` finds.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { type Document, isCollection, visit } from 'yaml';
import { aliasProblem, deref, parseYaml, yamlValues } from '../../src/load/yaml-nodes.js';
import { REPO } from '../helpers/workspace.js';

/**
 * A value as a tree that tells apart what toEqual does not: the order of a
 * Map's entries, -0, a Map or array of another class, and an object met
 * before (an alias's value is its anchor's, the same object), even inside
 * itself.
 */
function shape(value: unknown): unknown {
  const seen = new Map<object, number>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'number') return ['number', Object.is(v, -0) ? '-0' : String(v)];
    if (typeof v !== 'object' || v === null) return [typeof v, String(v)];
    const at = seen.get(v);
    if (at !== undefined) return ['same as', at];
    seen.set(v, seen.size);
    if (Object.getPrototypeOf(v) === Map.prototype)
      return ['map', [...(v as Map<unknown, unknown>)].map(([k, x]) => [walk(k), walk(x)])];
    if (Object.getPrototypeOf(v) === Array.prototype) return ['list', (v as unknown[]).map(walk)];
    return ['other', Object.prototype.toString.call(v)];
  };
  return walk(value);
}

/** Each way's values (or that it threw), shaped. */
function bothWays(doc: Document.Parsed) {
  const outcome = (read: () => unknown) => {
    try {
      return shape(read());
    } catch (error) {
      return ['threw', (error as Error).message];
    }
  };
  return {
    ours: outcome(() => yamlValues(doc)),
    package: outcome(() => doc.toJS({ mapAsMap: true, maxAliasCount: -1 })),
  };
}

/** Every alias's node as `deref` finds it and as the package's `Alias.resolve` does. */
function targets(doc: Document.Parsed) {
  const ours: unknown[] = [];
  const package_: unknown[] = [];
  visit(doc, {
    Alias(_, node) {
      ours.push(deref(doc, node));
      package_.push(node.resolve(doc));
    },
  });
  return { ours, package: package_ };
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const at = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(at);
    return e.isFile() && /\.ya?ml$/.test(e.name) ? [at] : [];
  });
}

const files = [
  ...yamlFiles(path.join(REPO, '__fixtures__')),
  ...yamlFiles(path.join(REPO, '.github')),
  path.join(REPO, 'action.yml'),
];

describe('the values of a YAML document', () => {
  it.each(files.map((f) => [path.relative(REPO, f)]))('are the yaml package’s for %s', (file) => {
    const { doc } = parseYaml(readFileSync(path.join(REPO, file), 'utf8'));
    if (doc === undefined) return;
    // A billion laughs is refused before it is read into values, and the package would take hours.
    if (aliasProblem(doc)?.message.startsWith('too many aliases')) return;
    const { ours, package: theirs } = bothWays(doc);
    expect(ours).toEqual(theirs);
    const found = targets(doc);
    expect(found.ours).toEqual(found.package);
  });

  it('has YAML files with anchors and aliases among them', () => {
    expect(files.filter((f) => /(^|[\s[{,:-])\*\w/m.test(readFileSync(f, 'utf8'))).length).toBeGreaterThan(0);
  });

  it.each([
    ['an anchor given again', 'a: &x 1\nb: *x\nc: &x [2]\nd: *x\ne: *x\n'],
    ['an alias to a mapping, the same object each time', '- &m {k: v}\n- *m\n- {key: *m}\n'],
    ['an alias as a key', '- &k [1, 2]\n- {*k : v, ? &s str : *s}\n'],
    ['an alias inside its own anchor’s value', 'a: &a [1, *a]\n'],
    ['a merge key, which YAML 1.2 reads as an ordinary key', 'base: &b {x: 1}\nthis: {<<: *b, y: 2}\n'],
    [
      'tags of the core schema',
      "- !!str 12\n- !!int '7'\n- !!float 1\n- !!null ''\n- !!map {a: !!seq [0x1f, 0o7, -0, .nan, -.inf]}\n",
    ],
    ['an alias with no anchor before it', '- *x\n- &x 1\n'],
  ])('are the yaml package’s for %s', (_, text) => {
    const { doc } = parseYaml(text);
    const { ours, package: theirs } = bothWays(doc!);
    expect(ours).toEqual(theirs);
    const found = targets(doc!);
    expect(found.ours).toEqual(found.package);
  });

  it('are the yaml package’s for random documents of anchors and aliases, in flow and block style', () => {
    const names = fc.constantFrom('a', 'b', 'c');
    const scalar = fc.constantFrom(
      'x',
      'y',
      '"x"',
      "'q'",
      '1',
      '+1',
      '0x1',
      '1.0',
      '-0',
      '.nan',
      '.inf',
      '~',
      'null',
      'true',
      'yes',
      '2026-11-02',
      '<<',
      '!!str 1',
      '!!int "2"',
      '!!float 3',
      '""',
    );
    const { node } = fc.letrec<{ node: string; scalar: string; collection: string }>((tie) => ({
      scalar,
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        tie('scalar'),
        names.map((n) => `*${n}`),
        fc.tuple(names, tie('scalar')).map(([n, s]) => `&${n} ${s}`),
        tie('collection'),
        fc.tuple(names, tie('collection')).map(([n, c]) => `&${n} ${c}`),
      ),
      collection: fc.oneof(
        fc.array(tie('node'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
        fc
          .array(fc.tuple(tie('node'), tie('node')), { maxLength: 4 })
          // `? key : value`: a key may then be an alias, a collection or hold a colon.
          .map((pairs) => `{${pairs.map(([k, v]) => `? ${k} : ${v}`).join(', ')}}`),
      ),
    }));
    let compared = 0;
    let withAliases = 0;
    fc.assert(
      fc.property(node, fc.boolean(), fc.boolean(), (body, prelude, block) => {
        // Most aliases of a random document come before any anchor: a prelude of anchors makes them resolve.
        const text = prelude ? `[&a 1, &b [x, &c y], &c {k: *b}, ${body}]` : body;
        let { doc, issues } = parseYaml(text);
        if (doc === undefined || doc.errors.length > 0) return;
        if (block) {
          // The same document written in block style, anchors and aliases where they were.
          visit(doc, {
            Node(_, n) {
              if (isCollection(n)) n.flow = false;
            },
          });
          ({ doc, issues } = parseYaml(doc.toString({ verifyAliasOrder: false })));
          if (doc === undefined || doc.errors.length > 0) return;
        }
        const { ours, package: theirs } = bothWays(doc);
        expect(ours).toEqual(theirs);
        const found = targets(doc);
        expect(found.ours).toEqual(found.package);
        compared++;
        let aliases = 0;
        visit(doc, { Alias: () => void aliases++ });
        if (aliases > 0 && issues.length === 0) withAliases++;
      }),
      { numRuns: 3000, seed: 20_261_102 },
    );
    // The documents were read, and many of them used aliases as a file would.
    expect(compared).toBeGreaterThan(2000);
    expect(withAliases).toBeGreaterThan(200);
  });
});
