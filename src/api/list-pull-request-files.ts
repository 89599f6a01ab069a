// GET /repos/{owner}/{repo}/pulls/{pull_number}/files, every page (Link headers).
import type { getOctokit } from '@actions/github';
import {
  API_TIMEOUT_MS,
  MalformedResponseError,
  toChangedFile,
  type ChangedFile,
  type ChangedFileList,
} from './changed-file.js';

/** The API lists at most this many files of a pull request. */
export const PULL_REQUEST_FILES_CAP = 3000;

export async function listPullRequestFiles(
  octokit: ReturnType<typeof getOctokit>,
  params: { owner: string; repo: string; pullNumber: number },
): Promise<ChangedFileList> {
  const files: ChangedFile[] = [];
  const pages = octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
    owner: params.owner,
    repo: params.repo,
    pull_number: params.pullNumber,
    per_page: 100,
    request: { signal: AbortSignal.timeout(API_TIMEOUT_MS) },
  });
  for await (const page of pages) {
    const data: unknown = page.data;
    if (!Array.isArray(data)) throw new MalformedResponseError('a page of the pull request files is not a list');
    for (const entry of data) files.push(toChangedFile(entry));
    // Past the cap the API returns empty pages: stop on one.
    if (data.length === 0 || files.length >= PULL_REQUEST_FILES_CAP) break;
  }
  return { files, truncated: files.length >= PULL_REQUEST_FILES_CAP };
}
