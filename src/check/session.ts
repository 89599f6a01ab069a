// One check session: what both front ends call. It takes one typed settings
// object (the CLI builds it from its options, the Action from its inputs and
// its plan), selects the citation files, splits off the shard, runs the check
// and judges the run, so that the files a run covers, its digest and whether
// it passed are decided here, the same way for both.
import type { LoadedCitationFile } from '../load/citation-file.js';
import type { Manifest } from '../load/manifest.js';
import { type CitationFileList, type CitationFileRef, findCitationFiles, namedCitationFiles } from '../load/select.js';
import type { SourcePolicy } from '../load/sources.js';
import type { Workspace } from '../load/workspace.js';
import type { CheckLevels } from '../model/levels.js';
import type { Problem } from '../model/problem.js';
import type { CheckResult, JudgedResult } from '../model/result.js';
import type { FailOn } from '../model/baseline.js';
import type { Shard } from '../model/shard.js';
import { judged } from './outcome.js';
import { type Progress, runCheck } from './run.js';
import { inShard, runDigest, shardOf } from './shard.js';
import { type Baseline, compareWithBaseline } from './baseline.js';

/** Which citation files a session checks. */
export type FileSelection =
  /** Every file the manifest's `citations` patterns match. */
  | { readonly kind: 'manifest' }
  /** Files named on a command line, from the current folder. */
  | { readonly kind: 'named'; readonly names: readonly string[] }
  /**
   * Files the caller chose (the Action: the ones a change touched), with the
   * problems met choosing them; `complete` when they are every file the
   * manifest lists, so that a run with no records fails as a full run does.
   */
  | {
      readonly kind: 'chosen';
      readonly files: readonly CitationFileRef[];
      readonly problems?: readonly Problem[];
      readonly preloaded?: ReadonlyMap<string, LoadedCitationFile>;
      readonly complete: boolean;
    };

export interface SessionSettings {
  readonly workspace: Workspace;
  readonly manifest: Manifest;
  readonly selection: FileSelection;
  /** Check only this shard of the selected files (a job of a split audit). */
  readonly shard?: Shard;
  /** Levels of the checks beyond quotes set by options or inputs, over the manifest's. */
  readonly checks?: Partial<CheckLevels>;
  readonly maxSourceBytes?: number;
  /** Which files may be sources, beyond the path rules (the Action admits committed files only). */
  readonly sourcePolicy?: SourcePolicy;
  /** Explain every verdict that is not located (closest passages, hints): reports that show them need it. */
  readonly explain: boolean;
  /** In the Action: the event and the commits compared. It goes into the report and the shard's digest. */
  readonly github?: unknown;
  /** What fails the run: any record not located (the default without a baseline), or only what is new (with one). */
  readonly failOn?: FailOn;
  readonly onProgress?: (progress: Progress) => void;
}

/** A shard's report says which shard it is, and the digest of the run it is part of. */
export interface ShardOfRun extends Shard {
  readonly run: string;
}

export interface SessionResult extends JudgedResult {
  /** The files selected before the split into shards. */
  readonly selected: readonly CitationFileRef[];
  readonly shard?: ShardOfRun;
  readonly github?: unknown;
}

export class Session {
  /** Every file selected, before the split into shards: a report may not be written over one of them. */
  readonly selected: readonly CitationFileRef[];
  /** The files this session checks (its shard's, when split). */
  readonly files: readonly CitationFileRef[];
  private readonly problems: readonly Problem[];

  constructor(private readonly settings: SessionSettings) {
    const listed = select(settings);
    this.selected = listed.files;
    this.problems = listed.problems;
    this.files = inShard(listed.files, settings.shard);
  }

  /** Runs the check, with no baseline. */
  run(): SessionResult {
    return this.finish(this.check(), undefined);
  }

  /**
   * The check alone, before any baseline: a front end that reads the
   * baseline beside the check (baseline-file.ts) calls finish once it has it.
   */
  check(): CheckResult {
    const { workspace, manifest, selection } = this.settings;
    return runCheck({
      workspace,
      manifest,
      files: this.files,
      maxSourceBytes: this.settings.maxSourceBytes,
      sourcePolicy: this.settings.sourcePolicy,
      diagnose: this.settings.explain,
      checks: { ...manifest.checks, ...this.settings.checks },
      problems: this.problems,
      preloaded: selection.kind === 'chosen' ? selection.preloaded : undefined,
      onProgress: this.settings.onProgress,
    });
  }

  /**
   * The checked result against the baseline (SPEC §8), when there is one, and
   * whether the run passes. A baseline comes after the check: read beside it
   * from a file, or made by checking the base commit once the files are known.
   */
  finish(checked: CheckResult, baseline: Baseline | undefined): SessionResult {
    const { manifest, selection, shard } = this.settings;
    // Only a full, unsplit run fails for holding no records: missing data must
    // not look like success. A shard's emptiness is judged when the shards are
    // merged; a run over the files a change touched may find it removed them all.
    const complete = shard === undefined && (selection.kind !== 'chosen' || selection.complete);
    const partial = !complete;
    const github = this.settings.github;
    const compared = this.compared(partial ? { ...checked, partial } : checked, baseline);
    // Shards of one run are judged against one baseline, the same way: its digest is part of the run's.
    const against = compared.baseline;
    const digestOf = against ? { github: github ?? null, baseline: [against.digest, against.failOn] } : github;
    return {
      ...judged(compared),
      selected: this.selected,
      ...(shard ? { shard: { ...shard, run: runDigest(manifest.text, this.selected, digestOf) } } : {}),
      ...(github !== undefined ? { github } : {}),
    };
  }

  /** The result with what became of each record and finding since the baseline, when there is one. */
  private compared(result: CheckResult, baseline: Baseline | undefined): CheckResult {
    const { manifest, shard, selection } = this.settings;
    if (baseline === undefined) return result;
    const failOn = this.settings.failOn ?? 'new';
    const pins = new Map([...manifest.sources.values()].map((s) => [s.id, s.sha256]));
    // A file of the baseline counts as this run's when it could be in it: its shard's, and when the
    // run checked only some files (named ones, or the ones a change touched), one of those.
    const some = selection.kind === 'named' || (selection.kind === 'chosen' && !selection.complete);
    const chosen = some ? new Set(this.selected.map((f) => f.file)) : undefined;
    const counts = (file: string) =>
      (shard === undefined || shardOf(file, shard.count) === shard.index) && (chosen === undefined || chosen.has(file));
    const { records, findings, info } = compareWithBaseline(result, baseline, failOn, pins, counts);
    return { ...result, records, findings, baseline: info };
  }
}

function select(settings: SessionSettings): CitationFileList {
  const { workspace, manifest, selection } = settings;
  switch (selection.kind) {
    case 'manifest':
      return findCitationFiles(workspace, manifest);
    case 'named':
      return namedCitationFiles(workspace, manifest, selection.names);
    case 'chosen':
      return { files: [...selection.files], problems: [...(selection.problems ?? [])] };
  }
}
