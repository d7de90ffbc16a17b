/**
 * Articles for the demo workspace (`npm start`) and the e2e scenarios: one Markdown, one MDX and
 * one HTML file, each named after a SubID the sandbox reports clicks for. Each holds
 * - two deeplinks (built by the extension's own link rules) to the active merchants that SubID's
 *   clicks of the last weeks went to most, carrying the article's SubID, each on a line of its
 *   own: with the SubID setting `${fileBasenameNoExtension}`, the article's figures show at its
 *   top and on those lines;
 * - two plain URLs on other active merchants' domains, for Monetize Links, Insert Deeplink and
 *   the hover;
 * - the first article, also the tracking link of an inactive merchant and a tracking link no merchant
 *   owns (a merchant that left the network), which Monetize leaves alone; the inactive merchant is
 *   the one its SubID's clicks of the last weeks went to most, so Revenue at Risk has money to show;
 * - the MDX article, an `<a>` with a merchant's tracking link and no `rel="sponsored"`.
 * So the link health has something to show in the Problems panel: the inactive merchant, the
 * unknown tracking link, the missing rel, and the plain URLs that could earn (a hint).
 * Every merchant linked is the only one with its domain, so a URL names one merchant.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WireMerchant } from '../../src/api/wire';
import { deeplinkOf } from '../../src/links/deeplink';
import { escapeHtml, linkMarkup } from '../../src/links/linkMarkup';
import { trackingLinkOf } from '../../src/links/trackingLink';
import { clickDay, type SandboxDataset } from '../../src/sandbox/dataset';

export type ArticleFormat = 'md' | 'mdx' | 'html';

export interface DemoArticle {
  file: string;
  format: ArticleFormat;
  subId: string;
  /** The merchants its deeplinks go to, in order, each on a line of its own. */
  merchants: string[];
  /** The merchants of its plain URLs, in order: what Monetize Links finds to convert. */
  plainMerchants: string[];
  /** The inactive merchant whose tracking link it holds (the first article only). */
  inactiveMerchant?: string;
  /** The clicks of the article's SubID to that merchant in the last RECENT_DAYS days: its clicks at risk. */
  inactiveClicks?: number;
  /** A link on a tracking host that no merchant owns (the first article only). */
  unknownTrackingLink?: string;
  /** The merchant whose tracking link stands in an `<a>` without rel (the MDX article only). */
  relMissingMerchant?: string;
}

interface Link {
  name: string;
  url: string;
}

/** Days back whose clicks choose an article's merchants: inside the figures' 30, whatever the time zone. */
const RECENT_DAYS = 28;
const FORMATS: readonly ArticleFormat[] = ['md', 'mdx', 'html'];
/** The pages of the plain URLs, as the sentence that holds them says. */
const PLAIN_PATHS = ['outlet', 'sale'];

function domainKey(domain: string): string {
  return domain.toLowerCase().replace(/^www\./, '');
}

/** Merchants whose default domain no other merchant lists: a URL there matches them alone. */
function soleOwners(merchants: readonly WireMerchant[]): WireMerchant[] {
  const owners = new Map<string, number>();
  for (const merchant of merchants) {
    for (const domain of new Set([merchant.defaultDomain, ...merchant.domains].map(domainKey))) {
      owners.set(domain, (owners.get(domain) ?? 0) + 1);
    }
  }
  return merchants.filter(
    (merchant) => merchant.defaultDomain !== '' && owners.get(domainKey(merchant.defaultDomain)) === 1,
  );
}

/** The SubIDs with most clicks in the sandbox's data: their articles have figures to show. */
function busiestSubIds(dataset: SandboxDataset, count: number): string[] {
  const clicks = new Map<string, number>();
  for (const item of dataset.clicks) {
    if (item.subId !== null) {
      clicks.set(item.subId, (clicks.get(item.subId) ?? 0) + item.count);
    }
  }
  return [...clicks.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([subId]) => subId);
}

/** Clicks of `subId` by merchant id over the last RECENT_DAYS of the data set. */
function recentClicks(dataset: SandboxDataset, subId: string): Map<number, number> {
  const since = new Date(Date.parse(dataset.generatedAt) - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
  const byMerchant = new Map<number, number>();
  for (const item of dataset.clicks) {
    if (item.subId === subId && typeof item.merchantId === 'number' && clickDay(item) >= since) {
      byMerchant.set(item.merchantId, (byMerchant.get(item.merchantId) ?? 0) + item.count);
    }
  }
  return byMerchant;
}

/** The merchant of `merchants` with most `clicks` (the first on a tie, or without clicks), and its clicks. */
function mostClicked(
  merchants: readonly WireMerchant[],
  clicks: ReadonlyMap<number, number> | undefined,
): { merchant: WireMerchant; clicks: number } | undefined {
  const clicksOf = (merchant: WireMerchant): number =>
    typeof merchant.merchantId === 'number' ? (clicks?.get(merchant.merchantId) ?? 0) : 0;
  return merchants.reduce<{ merchant: WireMerchant; clicks: number } | undefined>(
    (best, merchant) =>
      best === undefined || clicksOf(merchant) > best.clicks ? { merchant, clicks: clicksOf(merchant) } : best,
    undefined,
  );
}

function deeplink(merchant: WireMerchant, subId: string): Link {
  const link = deeplinkOf(merchant, `https://${merchant.defaultDomain}/bestsellers`, {
    urlParameter: 'url',
    subIdParameter: 's',
    subId,
  });
  if (!link.ok) {
    throw new Error(`the demo article's deeplink to ${merchant.name} was refused: ${link.message}`);
  }
  return { name: merchant.name, url: link.link };
}

function titleOf(subId: string): string {
  return subId.replace(/-/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
}

interface ArticleLinks {
  deeplinks: Link[];
  plain: Link[];
  inactive?: Link;
  unknown?: Link;
  withoutRel?: Link;
}

/** Markdown and MDX: the same article, MDX with front matter and an element of JSX. */
function markdownArticle(format: 'md' | 'mdx', title: string, links: ArticleLinks): string {
  const markup = (link: Link): string =>
    linkMarkup(format === 'md' ? 'markdown' : 'mdx', link.url, link.name, { rel: '' });
  const [first, second] = links.deeplinks;
  const [third, fourth] = links.plain;
  return [
    ...(format === 'mdx' ? ['---', `title: ${title}`, 'author: The editors', '---', ''] : []),
    `# ${title}`,
    '',
    ...(format === 'mdx'
      ? ['<aside className="note">Prices were checked this week; they change often.</aside>', '']
      : []),
    'We tried each of these for a month, and asked our readers what they ended up buying.',
    '',
    `Our favourite overall comes from ${markup(first!)}: the widest range, and returns that cost nothing.`,
    '',
    `For a second opinion, see what ${markup(second!)} recommends.`,
    '',
    '## Where else to look',
    '',
    `${markup(third!)} has a good outlet section, and ${format === 'md' ? fourth!.url : markup(fourth!)} is worth a look when the sales are on.`,
    '',
    ...(links.inactive ? [`Last year's favourite, ${markup(links.inactive)}, still lists the older models.`, ''] : []),
    ...(links.unknown ? [`The shop we used to send you to, ${markup(links.unknown)}, has closed.`, ''] : []),
    ...(links.withoutRel
      ? [`Gift cards come from <a href="${links.withoutRel.url}">${escapeHtml(links.withoutRel.name)}</a>.`, '']
      : []),
  ].join('\n');
}

function htmlArticle(title: string, links: ArticleLinks): string {
  const deeplinked = (link: Link): string => linkMarkup('html', link.url, link.name, { rel: 'sponsored' });
  const plain = (link: Link): string => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.name)}</a>`;
  const [first, second] = links.deeplinks;
  const [third, fourth] = links.plain;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '  <meta charset="utf-8">',
    `  <title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    '  <article>',
    `    <h1>${escapeHtml(title)}</h1>`,
    '    <p>We tried each of these for a month, and asked our readers what they ended up buying.</p>',
    `    <p>Our favourite overall comes from ${deeplinked(first!)}: the widest range, and returns that cost nothing.</p>`,
    `    <p>For a second opinion, see what ${deeplinked(second!)} recommends.</p>`,
    '    <h2>Where else to look</h2>',
    `    <p>${plain(third!)} has a good outlet section, and ${plain(fourth!)} is worth a look when the sales are on.</p>`,
    ...(links.inactive
      ? [`    <p>Last year's favourite, ${plain(links.inactive)}, still lists the older models.</p>`]
      : []),
    '  </article>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes `count` articles (Markdown, MDX, HTML, then again) into `folder`/articles; returns what each holds. */
export function writeDemoArticles(folder: string, dataset: SandboxDataset, count = 3): DemoArticle[] {
  const linkable = soleOwners(dataset.merchants).filter(
    (merchant) => merchant.isActive && merchant.deeplinkAllowed && merchant.trackingLink,
  );
  const inactives = soleOwners(dataset.merchants).filter(
    (merchant) => !merchant.isActive && trackingLinkOf(merchant).ok,
  );
  // No merchant's tracking link has a hyphen in its path: this one is nobody's.
  const unknown = linkable[0] && `${new URL(linkable[0].trackingLink!).origin}/left-the-network`;
  const directory = path.join(folder, 'articles');
  fs.mkdirSync(directory, { recursive: true });
  // Plain URLs go to merchants no article deeplinks to, a different pair in each article.
  const used = new Set<string>();
  const chosen = busiestSubIds(dataset, count).map((subId) => {
    const clicks = recentClicks(dataset, subId);
    const clicksOf = (merchant: WireMerchant): number =>
      typeof merchant.merchantId === 'number' ? (clicks.get(merchant.merchantId) ?? 0) : 0;
    const top = [...linkable].sort((a, b) => clicksOf(b) - clicksOf(a) || a.name.localeCompare(b.name)).slice(0, 2);
    top.forEach((merchant) => used.add(merchant.name));
    return { subId, top };
  });
  const spare = linkable.filter((merchant) => !used.has(merchant.name));
  const inactive = mostClicked(inactives, chosen[0] && recentClicks(dataset, chosen[0].subId));
  return chosen.map(({ subId, top }, index) => {
    const format = FORMATS[index % FORMATS.length]!;
    const plain = spare
      .slice(index * 2, index * 2 + 2)
      .map((merchant, at) => ({ name: merchant.name, url: `https://${merchant.defaultDomain}/${PLAIN_PATHS[at]}` }));
    if (top.length < 2 || plain.length < 2) {
      throw new Error(`the sandbox has too few active merchants with deeplinks for ${count} demo articles`);
    }
    const trackingLink = index === 0 && inactive ? trackingLinkOf(inactive.merchant) : undefined;
    const gifts = format === 'mdx' ? spare.at(-1) : undefined;
    const links: ArticleLinks = {
      deeplinks: top.map((merchant) => deeplink(merchant, subId)),
      plain,
      inactive: trackingLink?.ok ? { name: inactive!.merchant.name, url: trackingLink.link } : undefined,
      unknown: index === 0 && unknown ? { name: 'Closed Shop', url: unknown } : undefined,
      withoutRel: gifts ? { name: gifts.name, url: gifts.trackingLink! } : undefined,
    };
    const title = titleOf(subId);
    const file = path.join(directory, `${subId}.${format}`);
    fs.writeFileSync(file, format === 'html' ? htmlArticle(title, links) : markdownArticle(format, title, links));
    return {
      file,
      format,
      subId,
      merchants: links.deeplinks.map((link) => link.name),
      plainMerchants: plain.map((link) => link.name),
      ...(links.inactive ? { inactiveMerchant: links.inactive.name, inactiveClicks: inactive!.clicks } : {}),
      ...(links.unknown ? { unknownTrackingLink: links.unknown.url } : {}),
      ...(links.withoutRel ? { relMissingMerchant: links.withoutRel.name } : {}),
    };
  });
}
