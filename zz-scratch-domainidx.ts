import type { Merchant } from './src/api/types';
import { normalizeMerchant } from './src/api/normalize/merchant';
import { generateDataset } from './src/sandbox/dataset';
import { MerchantDomainIndex } from './src/links/domainIndex';
const ds = generateDataset({ seed: 3, merchants: 20000, clicks: 0, actions: 0, now: new Date('2026-01-15T00:00:00Z') });
const ms = ds.merchants.map((w) => { const r = normalizeMerchant(w); if (!r.ok) throw new Error(); return r.value; });
const map = new Map(ms.map((m, i): [string, Merchant] => [`k${i}`, m]));
const times: number[] = [];
let idx!: MerchantDomainIndex;
for (let r = 0; r < 8; r++) { const t = performance.now(); idx = new MerchantDomainIndex(map); times.push(performance.now() - t); }
console.log('build ms (first cold, then warm):', times.map((t) => t.toFixed(1)).join(' '), 'domains', idx.domainCount);
const urls = ms.slice(0, 2000).flatMap((m) => [`https://${m.defaultDomain}/p?q=1`, `https://sub.${m.domains[m.domains.length - 1]}/x`, `https://nomatch-${m.name.length}.example.org/`]);
const objs = urls.map((u) => new URL(u));
const kinds: Record<string, number> = {};
for (const u of urls) { const k = idx.match(u).kind; kinds[k] = (kinds[k] ?? 0) + 1; }
console.log(kinds);
for (let r = 0; r < 3; r++) {
  const fresh = new MerchantDomainIndex(map);
  let t = performance.now(); for (const u of urls) fresh.match(u); const cold = (performance.now() - t) * 1000 / urls.length;
  t = performance.now(); for (let k = 0; k < 20; k++) for (const u of urls) fresh.match(u); const warm = (performance.now() - t) * 1000 / urls.length / 20;
  t = performance.now(); for (let k = 0; k < 20; k++) for (const u of objs) fresh.match(u); const obj = (performance.now() - t) * 1000 / urls.length / 20;
  t = performance.now(); for (const u of ['https://BÜCHER.de/x', 'https://shop.com:99999/']) for (let k = 0; k < 10000; k++) fresh.match(u); const slow = (performance.now() - t) * 1000 / 20000;
  console.log(`match µs: string first-seen ${cold.toFixed(2)}, string repeat ${warm.toFixed(2)}, URL object ${obj.toFixed(2)}, unicode/odd slow path ${slow.toFixed(2)}`);
}
