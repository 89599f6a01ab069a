// The engine (src/engine/) as plain JavaScript modules, for the benchmark's
// in-process measurements (the work budget, the cost of explanations): each
// file transpiled by TypeScript (a dev dependency) into
// .bench/engine-<hash of the sources>/, kept while the sources are unchanged.
// The CLI's bundle holds the same code, but exports none of it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

function sourcesOf(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesOf(full));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out.sort();
}

/** The directory of the transpiled engine (made if needed). */
export async function engineDir(benchDir = path.join(repo, '.bench')) {
  const src = path.join(repo, 'src', 'engine');
  const files = sourcesOf(src);
  const hash = createHash('sha256');
  for (const f of files) hash.update(path.relative(src, f)).update('\0').update(fs.readFileSync(f));
  const out = path.join(benchDir, `engine-${hash.digest('hex').slice(0, 12)}`);
  if (fs.existsSync(path.join(out, 'done'))) return out;
  const ts = (await import('typescript')).default;
  const tmp = `${out}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  for (const f of files) {
    const js = ts.transpileModule(fs.readFileSync(f, 'utf8'), {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      fileName: f,
    }).outputText;
    const dest = path.join(tmp, path.relative(src, f)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, js);
  }
  fs.writeFileSync(path.join(tmp, 'package.json'), '{"type": "module"}\n');
  fs.writeFileSync(path.join(tmp, 'done'), '');
  try {
    fs.renameSync(tmp, out);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // made by another run meanwhile
  }
  return out;
}

/** Imports one module of the transpiled engine, e.g. engineModule('quote-scan'). */
export async function engineModule(name, benchDir) {
  return import(pathToFileURL(path.join(await engineDir(benchDir), `${name}.js`)).href);
}
