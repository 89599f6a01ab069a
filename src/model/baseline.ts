// A baseline (SPEC §8): an earlier run's JSON report, against which a run is
// judged on what it made worse. The states, and what a run says of the
// baseline it was compared with.
import type { Verdict } from './verdict.js';

/**
 * What became of a record since the baseline: not in it (`new`), located
 * there and not now (`broken`), not located in either (`still failing`), not
 * located there and located now (`fixed`), located in both (`unchanged`).
 */
export type BaselineState = 'new' | 'broken' | 'still failing' | 'fixed' | 'unchanged';
export const BASELINE_STATES: readonly BaselineState[] = ['new', 'broken', 'still failing', 'fixed', 'unchanged'];

/** A record's state, and its verdict in the baseline when it was there. */
export interface RecordBaseline {
  readonly state: BaselineState;
  readonly verdict?: Verdict;
}

/** A finding beyond quotes is either new since the baseline, or was there already. */
export type FindingBaseline = 'new' | 'still failing';

/** Which records fail a run: any that is not located, or only what the change made worse. */
export type FailOn = 'any' | 'new';
export const FAIL_ON: readonly FailOn[] = ['any', 'new'];

/** A record of the baseline that the run no longer has. */
export interface RemovedRecord {
  readonly file: string;
  readonly citationId: string | null;
  readonly sourceId: string | null;
  readonly verdict: Verdict;
}

/** How the manifest's sources differ from those of the baseline's manifest, cited or not. */
export interface SourceChanges {
  /** In the manifest now, not in the baseline's. */
  readonly added: readonly string[];
  /** In the baseline's manifest, not in the manifest now. */
  readonly removed: readonly string[];
  /** In both, pinned to another SHA-256 now: their records are judged against the new text. */
  readonly repinned: readonly string[];
}

/** What a run says of the baseline it was judged against. */
export interface BaselineInfo {
  /** Where it came from, as given (a file, or the base commit of a pull request). */
  readonly from: string;
  /** The SHA-256 of the baseline report's bytes, or of the base commit's run: shards of one run share it. */
  readonly digest: string;
  readonly failOn: FailOn;
  readonly sources: SourceChanges;
  /** Records in the baseline that the run no longer has (of the files this run could have held). */
  readonly removed: readonly RemovedRecord[];
  /** Failing findings of the baseline that the run no longer has. */
  readonly findingsFixed: number;
}
