/**
 * "Requests to the service: 0" for `affiliate-links check` (issue 36 §3), shown two ways, each with a control that
 * shows the way can see a request:
 * - **Counted.** The check runs with netCount.ts preloaded (every socket connection, name lookup and UDP socket of
 *   the process), with a key in `AFFILIATE_LINKS_KEY` (a command that pulled the catalog when it has a key would
 *   try) and every proxy variable pointing at a loopback server that counts what reaches it. Control: a `fetch` of
 *   that server from the same preload, which must show one connection there and one request.
 * - **Without a network.** The check runs in a network namespace of its own (`unshare -rn`: no interface up, not
 *   even loopback) and must exit and find as it does with one. Control: the same `fetch` there, which must fail.
 *   Skipped, and said, where `unshare` is refused.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { childEnv, runProcess, textProblems, type ProcessRun } from './cliProcess';

export interface RequestsProof {
  /** What the preload saw during the check (connections, lookups, UDP sockets). */
  seen: string[];
  /** What reached the loopback server during the check. */
  server: { connections: number; requests: number };
  /** The control: a `fetch` of the server under the same preload. */
  control: { seen: string[]; requests: number };
  /** The check without a network; undefined where `unshare -rn` is refused. */
  offline?: { code: number | null; problems: number; controlCode: number | null; ms: number };
}

/** A loopback HTTP server that counts the connections and requests that reach it. */
async function countingServer() {
  const counts = { connections: 0, requests: 0 };
  const server = http.createServer((_request, response) => {
    counts.requests++;
    response.writeHead(503).end();
  });
  server.on('connection', () => counts.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { counts, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The preload, bundled for `node --require`. */
async function bundlePreload(root: string): Promise<string> {
  const file = path.join(root, 'out/bench/netCount.js');
  await esbuild.build({
    entryPoints: [path.join(__dirname, 'netCount.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: file,
    logLevel: 'warning',
  });
  return file;
}

/** What the preload wrote for the processes since `log` was emptied. */
function seenIn(log: string): string[] {
  const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
  fs.rmSync(log, { force: true });
  return text
    .split('\n')
    .filter((line) => line !== '')
    .flatMap((line) => (JSON.parse(line) as { seen: string[] }).seen);
}

/** Whether this machine lets a process have a network namespace of its own. */
function unshareWorks(): boolean {
  try {
    execFileSync('unshare', ['-rn', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A script that fetches `url` and exits 0 when an answer came, 3 when the fetch failed. */
const FETCH = 'fetch(process.argv[1]).then((r) => r.text()).then(() => process.exit(0), () => process.exit(3))';

/**
 * The check of the site (`checkArgs`, run in `site`) counted, then without a network; `problems` is what it finds
 * with one (the text format's summary), which the runs here must find too.
 */
export async function requestsOfCheck(
  root: string,
  site: string,
  checkArgs: readonly string[],
  problems: number,
): Promise<RequestsProof> {
  const preload = await bundlePreload(root);
  const log = path.join(path.dirname(site), 'net-log.jsonl');
  const server = await countingServer();
  const cli = path.join(root, 'dist/cli.js');
  try {
    const env = childEnv({
      BENCH_NET_LOG: log,
      AFFILIATE_LINKS_KEY: 'bench-key-that-must-not-be-sent',
      ...Object.fromEntries(
        ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy'].map((name) => [
          name,
          server.url,
        ]),
      ),
    });
    const node = (args: readonly string[]) => runProcess(process.execPath, ['--require', preload, ...args], site, env);

    // The control first: the preload and the server see a fetch (undici, as the service client is).
    const control = await node(['-e', FETCH, server.url]);
    const controlSeen = seenIn(log);
    const controlRequests = server.counts.requests;
    if (control.code !== 0 || controlRequests !== 1 || !controlSeen.some((line) => line.startsWith('connect '))) {
      throw new Error(
        `the request count's control failed: exit ${control.code}, ${controlRequests} requests, saw ${JSON.stringify(controlSeen)}`,
      );
    }
    server.counts.requests = 0;
    server.counts.connections = 0;

    const counted = await node([cli, ...checkArgs]);
    sameFinding('with every way out counted', counted, problems);
    const proof: RequestsProof = {
      seen: seenIn(log),
      server: { ...server.counts },
      control: { seen: controlSeen, requests: controlRequests },
    };

    if (unshareWorks()) {
      const apart = (args: readonly string[]) =>
        runProcess('unshare', ['-rn', process.execPath, ...args], site, childEnv());
      const offlineControl = await apart(['-e', FETCH, server.url]);
      const offline = await apart([cli, ...checkArgs]);
      sameFinding('without a network', offline, problems);
      if (offlineControl.code !== 3) {
        throw new Error(
          `a fetch without a network exited ${offlineControl.code}, not 3 (failed): it reached the server`,
        );
      }
      proof.offline = {
        code: offline.code,
        problems: textProblems(offline).problems,
        controlCode: offlineControl.code,
        ms: offline.ms,
      };
    }
    return proof;
  } finally {
    await server.close();
    fs.rmSync(log, { force: true });
  }
}

/** The run exits 1 (findings) with the problems the check finds with a network. */
function sameFinding(what: string, run: ProcessRun, problems: number): void {
  const found = run.code === 1 ? textProblems(run).problems : undefined;
  if (found !== problems) {
    throw new Error(
      `the check ${what} exited ${run.code} with ${found} problems, not 1 with ${problems}: ${run.stderr.slice(0, 2_000)}`,
    );
  }
}
