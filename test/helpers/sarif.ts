// Validation against the official SARIF 2.1.0 schema (JSON Schema draft-04).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv } from 'ajv';
import { REPO } from './workspace.js';

const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS with only a default export.
const AjvDraft04 = require('ajv-draft-04') as typeof Ajv;
const ajv = new AjvDraft04({ allErrors: true, strict: false });
// The formats the SARIF schema uses.
ajv.addFormat('uri', (value: string) => URL.canParse(value));
ajv.addFormat('uri-reference', (value: string) => URL.canParse(value, 'file:///'));
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
const validate = ajv.compile(
  JSON.parse(readFileSync(path.join(REPO, '__fixtures__/schemas/sarif-schema-2.1.0.json'), 'utf8')),
);

/** The schema errors of a SARIF document: [] when it is valid. */
export function sarifErrors(document: unknown): unknown[] {
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
