// A loopback HTTP server standing in for the GitHub REST API: the pull request
// files (paginated with Link headers, a few files a page) and the compare API.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ApiFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

export interface FakeApi {
  readonly url: string;
  readonly requests: { method: string; url: string; authorization?: string }[];
  close(): Promise<void>;
}

export interface FakeApiOptions {
  /** The files of pull request 7 in acme/answers. */
  readonly pullFiles?: ApiFile[];
  /** The files of any compare. */
  readonly compareFiles?: ApiFile[];
  /** Files per page of the pull request listing (the real API: up to 100). */
  readonly pageSize?: number;
  /** Answer every request with this status. */
  readonly refuseWith?: number;
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
    if (options.refuseWith) return send(options.refuseWith, { message: 'Resource not accessible by integration' });
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
      return send(200, files.slice((page - 1) * size, page * size).map((f) => ({ sha: '0'.repeat(40), additions: 1, deletions: 0, changes: 1, ...f })),
        rels.length ? { link: rels.join(', ') } : {});
    }
    if (/^\/repos\/acme\/answers\/compare\/[0-9a-f]{40}\.\.\.[0-9a-f]{40}$/.test(url.pathname) && req.method === 'GET') {
      return send(200, { status: 'ahead', ahead_by: 1, behind_by: 0, total_commits: 1, commits: [], files: options.compareFiles ?? [] });
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
