import type { Merchant } from './src/api/types';
import { normalizeMerchant } from './src/api/normalize/merchant';
import { generateDataset } from './src/sandbox/dataset';
import { MerchantDomainIndex, canonicalHost } from './src/links/domainIndex';
const ds = generateDataset({ seed: 3, merchants: 20000, clicks: 0, actions: 0, now: new Date('2026-01-15T00:00:00Z') });
const wire = JSON.parse(JSON.stringify(ds.merchants)) as unknown[];
const ms = wire.map((w) => { const r = normalizeMerchant(w); if (!r.ok) throw new Error(); return r.value; });
const map = new Map(ms.map((m, i): [string, Merchant] => [`k${i}`, m]));
const mode = process.argv[2];
// Touch every string once (hash), as other catalog code (search index, tree) would have.
const pre = new Set<string>(); for (const m of ms) { pre.add(m.defaultDomain); for (const d of m.domains) pre.add(d); }
const t = performance.now(); let n = 0;
if (mode === 'index') n = new MerchantDomainIndex(map).domainCount;
if (mode === 'canon') for (const m of ms) { n += canonicalHost(m.defaultDomain)!.length; for (const d of m.domains) n += canonicalHost(d)!.length; }
if (mode === 'floor') { const d = new Map<string, { domain: string; refs: unknown[] }>();
  for (const [key, m] of map) { const ref = { key, merchant: m };
    for (const x of [m.defaultDomain, ...m.domains]) { const e = d.get(x); if (!e) d.set(x, { domain: x, refs: [ref] }); else if (e.refs[e.refs.length - 1] !== ref) e.refs.push(ref); } } n = d.size; }
console.log((performance.now() - t).toFixed(1));
void n;
