// A loopback HTTP server standing in for the GitHub REST API: the pull request
// files (paginated with Link headers, a few files a page) and the compare API.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiFile {
  filename: string;
  status: string;
  previous_filename?: string;
  sha?: string;
  additions?: number;
  deletions?: number;
  changes?: number;
  blob_url?: string;
  raw_url?: string;
  contents_url?: string;
  /** Absent for binary files and diffs too large to show. */
  patch?: string;
}

export interface FakeApi {
  readonly url: string;
  readonly requests: { method: string; url: string; authorization?: string }[];
  close(): Promise<void>;
}

export interface FakeApiOptions {
  /** The files of pull request 7 in acme/answers. */
  readonly pullFiles?: ApiFile[];
  /** The files of any compare; 'omitted' leaves `files` out of the response, 'malformed' sends a string. */
  readonly compareFiles?: ApiFile[] | 'omitted' | 'malformed';
  /** Files per page of the pull request listing (the real API: up to 100). */
  readonly pageSize?: number;
  /** Answer every request with this status. */
  readonly refuseWith?: number;
  /** Answer every request with this, as it is (a body that is not JSON, say). */
  readonly raw?: { readonly status: number; readonly contentType: string; readonly body: string };
}

export async function startFakeApi(options: FakeApiOptions): Promise<FakeApi> {
  const requests: FakeApi['requests'] = [];
  let base = '';
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    if (options.raw) {
      res.writeHead(options.raw.status, { 'content-type': options.raw.contentType });
      res.end(options.raw.body);
      return;
    }
    if (options.refuseWith)
      return send(options.refuseWith, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest',
      });
    const pulls = /^\/repos\/acme\/answers\/pulls\/7\/files$/.exec(url.pathname);
    if (pulls && req.method === 'GET') {
      const size = options.pageSize ?? 100;
      const page = Number(url.searchParams.get('page') ?? '1');
      const files = options.pullFiles ?? [];
      const last = Math.max(1, Math.ceil(files.length / size));
      const link = (p: number) => {
        const next = new URL(url);
        next.searchParams.set('page', String(p));
        return next.toString();
      };
      const rels = [];
      if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
      if (page > 1) rels.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
      return send(
        200,
        files
          .slice((page - 1) * size, page * size)
          .map((f) => ({ sha: '0'.repeat(40), additions: 1, deletions: 0, changes: 1, ...f })),
        rels.length ? { link: rels.join(', ') } : {},
      );
    }
    const compare = /^\/repos\/acme\/answers\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})$/.exec(url.pathname);
    if (compare && req.method === 'GET') {
      const files = options.compareFiles ?? [];
      const commit = (sha: string) => ({ sha, commit: { message: 'change' }, parents: [] });
      return send(200, {
        url: `${base}${url.pathname}`,
        status: 'ahead',
        ahead_by: 1,
        behind_by: 0,
        total_commits: 1,
        base_commit: commit(compare[1]),
        merge_base_commit: commit(compare[1]),
        commits: [commit(compare[2])],
        ...(files === 'omitted' ? {} : { files: files === 'malformed' ? 'not a list' : files }),
      });
    }
    return send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
