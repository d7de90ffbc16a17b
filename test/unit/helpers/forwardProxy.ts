/**
 * A small forward proxy on loopback that tunnels CONNECT requests (as undici's ProxyAgent
 * sends them) and records each one, so a test can see traffic went through it.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TunnelRecord {
  target: string;
  proxyAuthorization: string | undefined;
}

export interface ForwardProxy {
  url: string;
  tunnels: TunnelRecord[];
  close(): Promise<void>;
}

/** `requiredAuthorization`: when set, tunnels without that Proxy-Authorization get a 407. */
export async function startForwardProxy(requiredAuthorization?: string): Promise<ForwardProxy> {
  const tunnels: TunnelRecord[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    sockets.add(client);
    const proxyAuthorization = req.headers['proxy-authorization'];
    tunnels.push({ target: req.url ?? '', proxyAuthorization });
    if (requiredAuthorization !== undefined && proxyAuthorization !== requiredAuthorization) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
