// GET /repos/{owner}/{repo}/compare/{base}...{head}: the files a push or a merge group changed.
import type { getOctokit } from '@actions/github';
import { API_TIMEOUT_MS, toChangedFile, type ChangedFileList } from './changed-file.js';

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
  const files = (response.data.files ?? []).map(toChangedFile);
  return { files, truncated: files.length >= COMPARE_FILES_CAP };
}
