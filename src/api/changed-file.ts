/** A file a pull request, push or merge group changed, as the REST API lists it. */
export interface ChangedFile {
  /** Repository-relative path with `/`. */
  readonly path: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  readonly status: string;
  /** For a rename: where the file was before. */
  readonly previousPath?: string;
}

export interface ChangedFileList {
  readonly files: readonly ChangedFile[];
  /** True when the API stopped at its cap, so the list may be incomplete. */
  readonly truncated: boolean;
}

/** Requests to the API time out rather than hang the job. */
export const API_TIMEOUT_MS = 30_000;

export function toChangedFile(entry: { filename: string; status: string; previous_filename?: string }): ChangedFile {
  return {
    path: entry.filename,
    status: entry.status,
    ...(entry.previous_filename ? { previousPath: entry.previous_filename } : {}),
  };
}
