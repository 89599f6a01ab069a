/** A file a pull request, push or merge group changed, as the REST API lists it. */
export interface ChangedFile {
  /** Repository-relative path with `/` (workspace-relative once mapped). */
  readonly path: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  readonly status: string;
  /** For a rename: where the file was before. */
  readonly previousPath?: string;
  /** The unified diff from base to head (hunks only), when the API gave one. */
  readonly patch?: string;
}

export interface ChangedFileList {
  readonly files: readonly ChangedFile[];
  /** True when the API stopped at its cap, so the list may be incomplete. */
  readonly truncated: boolean;
}

/** Requests to the API time out rather than hang the job. */
export const API_TIMEOUT_MS = 30_000;

/** The API answered with something that is not a list of files: what it says cannot be trusted. */
export class MalformedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedResponseError';
  }
}

/** One entry of the API's `files`, checked: a malformed one makes the whole list unknown. */
export function toChangedFile(entry: unknown): ChangedFile {
  const e = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
  if (typeof e.filename !== 'string' || e.filename === '' || typeof e.status !== 'string') {
    throw new MalformedResponseError('an entry of its file list has no filename or status');
  }
  if (e.previous_filename !== undefined && e.previous_filename !== null && typeof e.previous_filename !== 'string') {
    throw new MalformedResponseError('an entry of its file list has a previous_filename that is not a string');
  }
  return {
    path: e.filename,
    status: e.status,
    ...(typeof e.previous_filename === 'string' && e.previous_filename !== ''
      ? { previousPath: e.previous_filename }
      : {}),
    ...(typeof e.patch === 'string' ? { patch: e.patch } : {}),
  };
}
