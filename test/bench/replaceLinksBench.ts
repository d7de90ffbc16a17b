/**
 * Replace Links to Merchant (issue 33 §3): the edit built for a merchant linked from 1,000 files, in plain Node with
 * the pure core minified as it ships (`src/revenue/`, in dist/linkHealth.js). Each file's text is read again and its
 * links found and rewritten (`replaceInText`); what the shell adds is turning those edits into one WorkspaceEdit and
 * reading the files. The offer (the choices over the whole catalog) is timed too, in the note.
 */
import path from 'node:path';
import type { JsonObject } from '../../src/api/normalize/fields';
import type { WireMerchant } from '../../src/api/wire';
import type { CatalogMerchant } from '../../src/merchant/merchantFields';
import type { MerchantKey } from '../../src/merchant/merchantKey';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/sandboxOptions';
import { siteDeeplink, siteMerchants } from '../../src/sandbox/siteLinks';
import { emit, median, round2, settle, timeOf } from './figures';
import { SITE_NOW } from './linkHealthSite';
import { loadShipped } from './shippedBundle';

type Shipped = typeof import('./shippedReplaceLinks');

const FILES = 1_000;
const ROUNDS = 5;
const TARGET_MS = 1_000;

const amp = (text: string) => text.replace(/&/g, '&amp;');

/** An article of about 60 lines: prose, three links to the merchant (each markup's own), five to others. */
function article(i: number, dead: WireMerchant, others: readonly WireMerchant[]): { text: string; language: string } {
  const format = (['markdown', 'mdx', 'html'] as const)[i % 3];
  const link = (m: WireMerchant, page: string) =>
    siteDeeplink(m.trackingLink!, `https://${m.defaultDomain}/${page}?ref=${i}&x=(y)`, `article-${i}`);
  const prose = 'Some words about the products of this article, with (parentheses) & an ampersand.';
  const lines: string[] = [];
  for (let line = 0; line < 50; line++) {
    lines.push(line % 5 === 4 ? '' : `${prose} ${line}`);
  }
  const theirs = others.slice(i % 40, (i % 40) + 5);
  if (format === 'html') {
    lines.splice(
      5,
      0,
      `<p><a href="${amp(link(dead, 'a'))}">a</a> and <a href="${amp(link(dead, 'b'))}" rel="sponsored">b</a></p>`,
    );
    lines.splice(20, 0, `<p>Also <a href="${amp(link(dead, 'c'))}">c</a>.</p>`);
    theirs.forEach((m, k) => lines.splice(30 + k, 0, `<p><a href="${amp(link(m, 'o'))}" rel="sponsored">o</a></p>`));
  } else {
    lines.splice(5, 0, `Read [the review](${link(dead, 'a')}) today.`);
    lines.splice(20, 0, `Or here: <${link(dead, 'b')}>, or ${link(dead, 'c')}.`);
    theirs.forEach((m, k) => lines.splice(30 + k, 0, `[other ${k}](${link(m, 'o')})`));
  }
  return { text: `${lines.join('\n')}\n`, language: format };
}

export async function benchReplaceLinks(root: string, catalogSize: number): Promise<void> {
  const h = await loadShipped<Shipped>(root, path.join(__dirname, 'shippedReplaceLinks.ts'), 'replaceLinks');
  const merchants = generateDataset({
    ...SANDBOX_DEFAULTS,
    merchants: catalogSize,
    clicks: 0,
    actions: 0,
    now: SITE_NOW,
  }).merchants;
  const catalog = new Map<MerchantKey, CatalogMerchant>();
  for (const wire of JSON.parse(JSON.stringify(merchants)) as JsonObject[]) {
    const result = h.normalizeMerchant(wire);
    if (result.ok) {
      catalog.set(h.merchantKey(result.value), h.toCatalogMerchant(result.value));
    }
  }
  const rules = new h.LinkHealthRules(
    { index: new h.MerchantDomainIndex(catalog) },
    { ...h.DEFAULT_HEALTH_OPTIONS, disclosurePatterns: [] },
  );
  const sorted = siteMerchants(merchants);
  const dead = sorted.inactive[0]!;
  const owner = [...catalog].find(([, m]) => m.merchantId === dead.merchantId)!;
  const texts = Array.from({ length: FILES }, (_, i) => article(i, dead, sorted.healthy));
  const targets = h.targetsOfLinks(
    rules,
    texts.flatMap(({ text }) => [...text.matchAll(/https:\/\/[^\s)>"]+/g)].map((m) => m[0].replace(/&amp;/g, '&'))),
    owner[0],
  );
  const refs = () => [...catalog].map(([key, merchant]) => ({ key, merchant }));
  const offer = () =>
    h.replacementChoices({
      owner: { key: owner[0], merchant: owner[1] },
      targets,
      catalog: refs(),
      rules,
      epcOf: () => undefined,
    });
  const choices = offer();
  const choice = choices.alternatives[0] ?? choices.unwrap;
  let replaced = 0;
  let edits = 0;
  const build = () => {
    replaced = 0;
    edits = 0;
    const reader = new h.LineReader();
    for (const { text, language } of texts) {
      const result = h.replaceInText(text, language, {
        rules,
        owner: owner[0],
        choice,
        expectedSubId: 'article',
        relSponsored: true,
        reader,
      });
      replaced += result.replaced;
      edits += result.edits.length;
    }
  };
  const first = timeOf(build);
  const times: number[] = [];
  const offers: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    settle();
    times.push(timeOf(build));
    settle();
    offers.push(timeOf(offer));
  }
  if (replaced !== 3 * FILES) {
    throw new Error(`Replace Links rewrote ${replaced} links of ${3 * FILES}`);
  }
  const value = median(times);
  emit({
    name: `Replace Links to a merchant linked from ${FILES.toLocaleString('en-US')} files: the edit built (pure core, minified; ${replaced} links, ${edits} text edits, choice: ${choice.kind})`,
    value: round2(value),
    unit: 'ms',
    target: `< ${TARGET_MS} ms`,
    note: `first round ${round2(first)} ms; the offer (same page and ranked alternatives over ${catalog.size} merchants, ${choices.alternatives.length} alternatives) ${round2(median(offers))} ms; reading the files and the WorkspaceEdit are the shell's, not timed here`,
  });
}
