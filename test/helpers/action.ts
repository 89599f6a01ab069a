// Runs the bundled Action (dist/index.js) as a child process, the way the
// runner does: inputs as INPUT_* variables, the event payload in a file, and
// the summary and outputs files, then reads back what it wrote.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO } from './workspace.js';

export const ACTION = path.join(REPO, 'dist/index.js');

export interface WorkflowCommand {
  readonly command: string;
  readonly properties: Record<string, string>;
  readonly message: string;
}

export interface ActionRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The workflow commands the runner would act on (outside ::stop-commands:: regions). */
  readonly commands: WorkflowCommand[];
  readonly annotations: WorkflowCommand[];
  readonly outputs: Record<string, string>;
  readonly summary: string;
}

export interface ActionOptions {
  readonly workspace: string;
  readonly event: string;
  readonly payload: object;
  readonly inputs?: Record<string, string>;
  readonly apiUrl?: string;
  readonly env?: NodeJS.ProcessEnv;
}

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** Parses stdout as the runner does: a line, leading whitespace trimmed, starting with `::` is a command. */
export function parseCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const raw of stdout.split(/\r?\n|\r/)) {
    const line = raw.trimStart();
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/s.exec(line);
    if (!m) continue;
    const properties: Record<string, string> = {};
    for (const pair of (m[2] ?? '').split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    const command = { command: m[1], properties, message: unescapeData(m[3]) };
    if (command.command === 'stop-commands') stopToken = command.message;
    commands.push(command);
  }
  return commands;
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]);
    outputs[m[1]] = value.join('\n');
  }
  return outputs;
}

export function runAction(options: ActionOptions): Promise<ActionRun> {
  const temp = mkdtempSync(path.join(tmpdir(), 'citegate-runner-'));
  const eventPath = path.join(temp, 'event.json');
  const summaryPath = path.join(temp, 'summary.md');
  const outputPath = path.join(temp, 'output.txt');
  writeFileSync(eventPath, JSON.stringify(options.payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const inputs: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries({ manifest: 'citegate.yml', scope: 'auto', token: '', report: '', sarif: '', ...options.inputs })) {
    inputs[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_NAME: options.event,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_REPOSITORY: 'acme/answers',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.apiUrl ?? 'http://127.0.0.1:9',
    RUNNER_TEMP: temp,
    ...inputs,
    ...options.env,
  };
  return new Promise((resolve) => {
    execFile(process.execPath, [ACTION], { cwd: options.workspace, env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      const commands = parseCommands(stdout);
      resolve({
        code,
        stdout,
        stderr,
        commands,
        annotations: commands.filter((c) => ['error', 'warning', 'notice'].includes(c.command)),
        outputs: existsSync(outputPath) ? parseOutputs(readFileSync(outputPath, 'utf8')) : {},
        summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
      });
    });
  });
}
