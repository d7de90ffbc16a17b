/**
 * Preloaded into a process (`node --require out/bench/netCount.js`, bundled by cliRequests.ts) to count every way
 * out of it onto a network: each socket connection begun (TCP or a local socket; Node's http, https, http2, tls,
 * net and the undici of `fetch` and of the service client all connect through `net.Socket.prototype.connect`),
 * each name looked up (dns), each UDP socket made. At exit it appends what it saw, as a JSON line, to the file that
 * `BENCH_NET_LOG` names.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';

const seen: string[] = [];

/** Where a connection goes, from `connect`'s first argument (options, a port, a path, or Node's normalised list). */
function target(first: unknown): string {
  const given: unknown = Array.isArray(first) ? first[0] : first;
  if (typeof given === 'object' && given !== null) {
    const { host, port, path } = given as { host?: unknown; port?: unknown; path?: unknown };
    return path === undefined ? `${String(host ?? 'localhost')}:${String(port)}` : String(path);
  }
  return String(given);
}

/** Replaces `owner[name]` by a function that notes its call, then calls the original. */
function note(owner: object, name: string, what: (args: unknown[]) => string): void {
  const record = owner as Record<string, (...args: unknown[]) => unknown>;
  const original = record[name];
  if (typeof original !== 'function') {
    return;
  }
  record[name] = function (this: unknown, ...args: unknown[]) {
    seen.push(what(args));
    return original.apply(this, args);
  };
}

note(net.Socket.prototype, 'connect', (args) => `connect ${target(args[0])}`);
for (const name of ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  note(dns, name, (args) => `dns.${name} ${String(args[0])}`);
  note(dns.promises, name, (args) => `dns.promises.${name} ${String(args[0])}`);
}
note(dgram, 'createSocket', () => 'dgram.createSocket');

process.on('exit', () => {
  const log = process.env.BENCH_NET_LOG;
  if (log !== undefined) {
    fs.appendFileSync(log, `${JSON.stringify({ pid: process.pid, seen })}\n`);
  }
});
