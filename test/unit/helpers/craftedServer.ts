/**
 * A real HTTP server on loopback whose answers a test writes by hand: for payloads and
 * behaviours the sandbox does not produce on purpose (messy fields, echoed secrets,
 * cursors that loop, reports that change between pages).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CraftedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

export interface CraftedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless it is already a string. */
  body: unknown;
}

export interface CraftedServer {
  url: string;
  requests: CraftedRequest[];
  close(): Promise<void>;
}

export async function startCraftedServer(
  answer: (request: CraftedRequest, index: number) => CraftedAnswer,
): Promise<CraftedServer> {
  const requests: CraftedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    const reply = answer(request, requests.length - 1);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
