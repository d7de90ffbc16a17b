/**
 * The floor the catalog figures are compared with: the merchant list walked with a bare
 * keep-alive undici dispatcher and JSON.parse, nothing else (no checks, no normalising, no
 * retries, nothing kept).
 */
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import request from 'undici/lib/api/api-request.js';
import { ENDPOINT_PATHS } from '../../src/api/wire';
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';

export interface BareWalk {
  merchants: number;
  requests: number;
}

/** Walks every page, 500 a page; `updatedAtFrom` restricts it as an incremental sync does. */
export async function bareCatalogWalk(url: string, updatedAtFrom?: string): Promise<BareWalk> {
  const dispatcher = new EnvHttpProxyAgent({ httpProxy: '', httpsProxy: '', noProxy: '' });
  const origin = new URL(url).origin;
  const filter = updatedAtFrom === undefined ? '' : `&updatedAtFrom=${encodeURIComponent(updatedAtFrom)}`;
  let next: number | null = null;
  const walk: BareWalk = { merchants: 0, requests: 0 };
  do {
    const path: string = `${ENDPOINT_PATHS.merchants}?limit=500${filter}${next === null ? '' : `&next=${next}`}`;
    const response = await request.call(dispatcher, {
      origin,
      path,
      method: 'GET',
      headers: { authorization: `Bearer ${DEFAULT_SANDBOX_KEY}`, accept: 'application/json' },
    });
    const body = JSON.parse(await response.body.text()) as { meta: { next: number | null }; data: unknown[] };
    walk.merchants += body.data.length;
    walk.requests += 1;
    next = body.meta.next;
  } while (next !== null);
  await dispatcher.close();
  return walk;
}
