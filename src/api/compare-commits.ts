// GET /repos/{owner}/{repo}/compare/{base}...{head}: the files a push or a merge group changed.
import type { getOctokit } from '@actions/github';
import { API_TIMEOUT_MS, MalformedResponseError, toChangedFile, type ChangedFileList } from './changed-file.js';

/** The compare API lists at most this many files, on its first page only. */
export const COMPARE_FILES_CAP = 300;

export async function compareCommits(
  octokit: ReturnType<typeof getOctokit>,
  params: { owner: string; repo: string; base: string; head: string },
): Promise<ChangedFileList> {
  const response = await octokit.rest.repos.compareCommitsWithBasehead({
    owner: params.owner,
    repo: params.repo,
    basehead: `${params.base}...${params.head}`,
    per_page: 1,
    request: { signal: AbortSignal.timeout(API_TIMEOUT_MS) },
  });
  // No `files` is not "no files": an empty list must come from the API itself.
  const listed: unknown = (response.data as { files?: unknown }).files;
  if (!Array.isArray(listed))
    throw new MalformedResponseError(
      `the compare response has ${listed === undefined ? 'no' : 'a malformed'} file list`,
    );
  const files = listed.map(toChangedFile);
  return { files, truncated: files.length >= COMPARE_FILES_CAP };
}
