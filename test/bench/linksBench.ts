/**
 * The link figures: building the domain index of a 20,000-merchant catalog, finding and
 * matching the URLs of a 10,000-line Markdown document holding 5,000 URLs, planning its
 * monetization, and answering Find Merchant queries. The code is measured as it ships:
 * bundled and minified by esbuild. Each figure has a floor measured in the same run.
 */
import path from 'node:path';
import type { Merchant } from '../../src/api/types';
import type { CatalogMerchant } from '../../src/merchant/merchantFields';
import type { JsonObject } from '../../src/api/normalize/fields';
import { generateDataset } from '../../src/sandbox/dataset';
import { loadShipped } from './shippedBundle';
import { emit, median, round2 } from './figures';
import { linkInForm } from './linkForms';
import type { MerchantKey } from '../../src/merchant/merchantKey';

type ShippedLinks = typeof import('./shippedLinks');

const ROUNDS = 21;
const LINES = 10_000;
const URLS = 5_000;

/** The median of `rounds` runs after a first one, whose time (cold code, cold strings) goes to `first`. */
function measure(rounds: number, body: () => unknown, first?: { ms: number }): number {
  const coldStart = performance.now();
  body();
  if (first) {
    first.ms = performance.now() - coldStart;
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    body();
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Every other line holds a URL; the URLs cycle through Markdown links, autolinks, bare URLs and hrefs, half of them on merchant domains. */
function markdownDocument(merchants: readonly Merchant[]): string {
  const lines: string[] = [];
  let url = 0;
  for (let line = 0; line < LINES; line++) {
    if (line % 2 === 0 || url >= URLS) {
      lines.push(`Paragraph text ${line}, written for readers, with no link in it.`);
      continue;
    }
    const merchant = merchants[(url * 7919) % merchants.length]!;
    const host =
      url % 2 === 0
        ? (merchant.domains[url % Math.max(1, merchant.domains.length)] ?? merchant.defaultDomain)
        : `blog${url}.example.org`;
    const target = `https://${host}/p/${url}?ref=news`;
    lines.push(linkInForm(url, target, `item ${url}`));
    url += 1;
  }
  return lines.join('\n');
}

/** Hosts the URL finder cannot vouch for by pattern, so every URL of them is parsed: Latin-1, CJK, punycode. */
const PARSED_HOSTS = [
  'b\u00fccher{n}.de',
  'stra\u00dfe{n}.example',
  '\u4f8b\u3048{n}.jp',
  'shop{n}.xn--bcher-kva.example',
  'caf\u00e9{n}.fr',
];

/** The same document with every URL on a host of PARSED_HOSTS: the finder's slow path, as a German or Japanese site writes. */
function accentedDocument(): string {
  const lines: string[] = [];
  for (let line = 0, url = 0; line < LINES; line++) {
    if (line % 2 === 0 || url >= URLS) {
      lines.push(`Paragraph text ${line}, written for readers, with no link in it.`);
      continue;
    }
    const target = `https://${PARSED_HOSTS[url % PARSED_HOSTS.length]!.replace('{n}', String(url))}/p/${url}?ref=news`;
    lines.push(linkInForm(url, target, `item ${url}`));
    url += 1;
  }
  return lines.join('\n');
}

export function benchLinks(root: string, catalogSize: number): Promise<void> {
  return loadShipped<ShippedLinks>(root, path.join(__dirname, 'shippedLinks.ts'), 'links').then((links) => {
    const dataset = generateDataset({
      seed: 5,
      merchants: catalogSize,
      clicks: 0,
      actions: 0,
      now: new Date('2026-11-01T00:00:00Z'),
    });
    const catalog = new Map<MerchantKey, CatalogMerchant>();
    // Through JSON, as the extension receives merchants (from the service or the cache file).
    const received = JSON.parse(JSON.stringify(dataset.merchants)) as unknown[];
    for (const wire of received) {
      const result = links.normalizeMerchant(wire as unknown as JsonObject);
      if (result.ok) {
        catalog.set(links.merchantKey(result.value), links.toCatalogMerchant(result.value));
      }
    }
    const merchants = [...catalog.values()];
    const domains = merchants.reduce((sum, m) => sum + m.domains.length, 0);

    // Index build against the floor: every domain lower-cased into a plain Map.
    const cold = { ms: 0 };
    const indexMs = measure(ROUNDS, () => new links.MerchantDomainIndex(catalog), cold);
    const floorMs = measure(ROUNDS, () => {
      const map = new Map<string, Merchant>();
      for (const merchant of merchants) {
        for (const domain of merchant.domains) {
          map.set(domain.toLowerCase(), merchant);
        }
      }
      return map;
    });
    emit({
      name: `domain index of ${catalog.size} merchants (${domains} domains) vs a plain Map of the domains`,
      value: round2(indexMs),
      unit: 'ms',
      baseline: round2(floorMs),
      ratio: round2(indexMs / floorMs),
      target: '< 50 ms',
      note: `first build ${round2(cold.ms)} ms`,
    });

    // Finding and matching the URLs of the document, against one regex pass over it.
    const index = new links.MerchantDomainIndex(catalog);
    const document = markdownDocument(merchants);
    let matched = 0;
    const findMs = measure(ROUNDS, () => {
      matched = 0;
      for (const found of links.findUrls(document)) {
        if (index.match(found.url).kind !== 'none') {
          matched += 1;
        }
      }
    });
    const scanMs = measure(ROUNDS, () => [...document.matchAll(/https?:\/\/[^\s<>"]+/g)].length);
    emit({
      name: `find and match the URLs of a ${LINES}-line Markdown document (${URLS} URLs) against ${catalog.size} merchants vs one regex pass`,
      value: round2(findMs),
      unit: 'ms',
      baseline: round2(scanMs),
      ratio: round2(findMs / scanMs),
      target: '< 30 ms',
      note: `${matched} URLs matched a merchant`,
    });

    // The same with every host one the finder parses (new URL in try/catch, issue 21), warm: measured after 21 rounds.
    const accented = accentedDocument();
    let parsed = 0;
    const accentedMs = measure(ROUNDS, () => {
      parsed = links.findUrls(accented).length;
    });
    const accentedScanMs = measure(ROUNDS, () => [...accented.matchAll(/https?:\/\/[^\s<>"]+/g)].length);
    emit({
      name: `find the URLs of the same document with every host accented, CJK or punycode (each one parsed) vs one regex pass`,
      value: round2(accentedMs),
      unit: 'ms',
      baseline: round2(accentedScanMs),
      ratio: round2(accentedMs / accentedScanMs),
      target: '< 30 ms',
      note: `${parsed} of ${URLS} URLs found`,
    });

    let candidates = 0;
    const planMs = measure(ROUNDS, () => {
      candidates = links.planMonetize(document, index, { deeplink: links.DEFAULT_DEEPLINK_OPTIONS }).candidates.length;
    });
    emit({
      name: 'Monetize Links plan of the same document (find, match, build every deeplink)',
      value: round2(planMs),
      unit: 'ms',
      note: `${candidates} deeplinks built`,
    });

    // Find Merchant: a query as the user types, on the whole catalog.
    const search = new links.MerchantSearchIndex(catalog);
    const queries = ['a', 'sh', 'shop', 'bright', 'brgt bg', 'xyzq', '.de', 'www.', 'nord', 'market direct'];
    const perQuery = queries.map((query) => measure(5, () => search.search(query)));
    emit({
      name: `Find Merchant query on ${catalog.size} merchants (median of ${queries.length} queries)`,
      value: round2(median(perQuery)),
      unit: 'ms',
      note: `slowest ${round2(Math.max(...perQuery))} ms`,
    });
  });
}
