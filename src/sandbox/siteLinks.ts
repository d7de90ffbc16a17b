/**
 * The links of a generated site (see site.ts): the sandbox's merchants sorted into the cases the
 * link health rules tell apart, and each case's markup with the findings it must give.
 */
import type { WireMerchant } from '../api/wire';
import type { Random } from './random';

/**
 * The link health rules' codes (`HEALTH_CODES`, src/health/healthCodes.ts), written again on purpose: the sandbox is
 * the service's stand-in and the yardstick link health is held against, so it imports only `api` (docs/architecture.md)
 * and the findings it says a site must give are not worked out from the code under test. The unit test "the sandbox's
 * site" holds the two lists equal, in order.
 */
export const FINDING_CODES = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'unknown-tracking-link',
  'target-off-merchant',
  'subid-mismatch',
  'not-monetized',
  'rel-sponsored-missing',
  'disclosure-missing',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export type SiteFormat = 'md' | 'mdx' | 'html';

/** The deeplink parameters the site is written with: the extension's defaults. */
export const URL_PARAMETER = 'url';
export const SUB_ID_PARAMETER = 's';

/** The merchants a site links to: each the only one with its domains and its tracking link. */
export interface SiteMerchants {
  /** Active, allowing deeplinks. */
  healthy: WireMerchant[];
  inactive: WireMerchant[];
  /** Active, not allowing deeplinks. */
  noDeeplinks: WireMerchant[];
  /** A tracking host of the catalog, and tracking-link paths no merchant has there. */
  trackingHost: string;
  takenPaths: ReadonlySet<string>;
}

const keyOf = (domain: string) => domain.toLowerCase().replace(/^www\./, '');
const domainsOf = (m: WireMerchant) => [...new Set([m.defaultDomain, ...m.domains].filter((d) => d !== '').map(keyOf))];
const trackingPath = (link: string) => {
  const url = new URL(link);
  return `${url.host}${url.pathname}`;
};

/**
 * The merchants no other merchant shares a domain or a tracking link with, so that the rules
 * name one merchant for each of their links and the counts hold exactly: a merchant without a
 * merchant id, an http(s) tracking link or a default domain is left out.
 */
export function siteMerchants(merchants: readonly WireMerchant[]): SiteMerchants {
  const domainOwners = new Map<string, number>();
  const pathOwners = new Map<string, number>();
  for (const merchant of merchants) {
    for (const domain of domainsOf(merchant)) {
      domainOwners.set(domain, (domainOwners.get(domain) ?? 0) + 1);
    }
    if (merchant.trackingLink?.startsWith('https://')) {
      const path = trackingPath(merchant.trackingLink);
      pathOwners.set(path, (pathOwners.get(path) ?? 0) + 1);
    }
  }
  const sole = merchants.filter(
    (m) =>
      m.merchantId !== null &&
      m.defaultDomain !== '' &&
      m.trackingLink?.startsWith('https://') === true &&
      pathOwners.get(trackingPath(m.trackingLink)) === 1 &&
      domainsOf(m).every((domain) => domainOwners.get(domain) === 1),
  );
  const healthy = sole.filter((m) => m.isActive && m.deeplinkAllowed);
  const inactive = sole.filter((m) => !m.isActive);
  const noDeeplinks = sole.filter((m) => m.isActive && !m.deeplinkAllowed);
  if (healthy.length < 2 || inactive.length < 1 || noDeeplinks.length < 1) {
    throw new Error(
      `the catalog has too few merchants for a site (${healthy.length} active with deeplinks, ${inactive.length} inactive, ${noDeeplinks.length} without deeplinks, each alone on its domains); give more --merchants`,
    );
  }
  return {
    healthy,
    inactive,
    noDeeplinks,
    trackingHost: new URL(healthy[0].trackingLink!).host,
    takenPaths: new Set(pathOwners.keys()),
  };
}

/** A deeplink as the extension writes one: the target in `url`, the SubID in `s` (none when undefined). */
export function siteDeeplink(trackingLink: string, target: string, subId: string | undefined): string {
  const url = new URL(trackingLink);
  url.searchParams.set(URL_PARAMETER, new URL(target).href);
  if (subId !== undefined) {
    url.searchParams.set(SUB_ID_PARAMETER, subId);
  }
  return url.href;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One link of an article: its markup, the findings it gives, whether it counts as an affiliate link for the disclosure. */
export interface SiteLink {
  markup: string;
  codes: FindingCode[];
  affiliate: boolean;
  /** A reference definition to put at the end of a Markdown article. */
  definition?: string;
  /**
   * A tracking link or deeplink a reader clicks through: the merchant whose tracking link it is
   * (the one the rules name) and the SubID it carries, if any. The site's reports count clicks for it.
   */
  tracked?: { merchant: WireMerchant; carries?: string };
}

/** The kinds of links: those the rules flag, healthy ones, and those that must not fire. */
export const PROBLEM_KINDS = [
  'inactive-tracking',
  'inactive-deeplink',
  'no-deeplinks',
  'unknown-tracking',
  'target-off',
  'subid-other',
  'subid-none',
  'plain',
  'rel-missing',
  'inactive-definition',
] as const;
export const QUIET_KINDS = ['code-span', 'fenced', 'comment', 'look-alike', 'ignored'] as const;
export type LinkKindName = (typeof PROBLEM_KINDS)[number] | (typeof QUIET_KINDS)[number] | 'deeplink' | 'tracking';

/** Whether the kind can be written in the format (`<a>` without rel in HTML and MDX, reference definitions in Markdown). */
export function fits(kind: LinkKindName, format: SiteFormat): boolean {
  return kind === 'rel-missing' ? format !== 'md' : kind === 'inactive-definition' ? format !== 'html' : true;
}

export interface ArticleContext {
  format: SiteFormat;
  subId: string;
  /** Another article's SubID, for a mismatch. */
  otherSubId: string;
  merchants: SiteMerchants;
  random: Random;
  /** Numbers reference definitions within the article. */
  reference: number;
  /**
   * When set, the article links one merchant of each pool only: the first it draws (the draw is
   * made all the same, so the random stream is the same as without).
   */
  stick?: Map<readonly WireMerchant[], WireMerchant>;
}

/** A merchant of `pool` for the article: a fresh draw, or the article's one merchant of the pool. */
function pickFrom(ctx: ArticleContext, pool: readonly WireMerchant[]): WireMerchant {
  const drawn = ctx.random.pick(pool);
  if (ctx.stick === undefined) {
    return drawn;
  }
  const kept = ctx.stick.get(pool) ?? drawn;
  ctx.stick.set(pool, kept);
  return kept;
}

/** An `<a>` (HTML and MDX; `&` escaped in HTML only) or a Markdown link. */
function markup(format: SiteFormat, url: string, text: string, rel: string | undefined, anchor = false): string {
  if (format === 'html' || anchor) {
    const href = format === 'html' ? escapeHtml(url) : url;
    return `<a href="${href}"${rel === undefined ? '' : ` rel="${rel}"`}>${escapeHtml(text)}</a>`;
  }
  return `[${text.replace(/[[\]]/g, '')}](${url})`;
}

/** The link of one kind in one article. */
export function siteLink(kind: LinkKindName, ctx: ArticleContext): SiteLink {
  const { format, subId, merchants, random } = ctx;
  const healthy = pickFrom(ctx, merchants.healthy);
  const page = (m: WireMerchant) => `https://${m.defaultDomain}/${random.pick(PAGES)}`;
  const sponsored = (
    url: string,
    m: WireMerchant | undefined,
    codes: FindingCode[] = [],
    carries?: string,
  ): SiteLink => ({
    markup: markup(format, url, m?.name ?? 'a shop that left', 'sponsored', format === 'mdx' && random.chance(0.3)),
    codes,
    affiliate: true,
    ...(m === undefined ? {} : { tracked: carries === undefined ? { merchant: m } : { merchant: m, carries } }),
  });
  switch (kind) {
    case 'deeplink':
      return sponsored(siteDeeplink(healthy.trackingLink!, page(healthy), subId), healthy, [], subId);
    case 'tracking':
      return sponsored(healthy.trackingLink!, healthy);
    case 'inactive-tracking': {
      const m = pickFrom(ctx, merchants.inactive);
      return sponsored(m.trackingLink!, m, ['inactive-merchant']);
    }
    case 'inactive-deeplink': {
      const m = pickFrom(ctx, merchants.inactive);
      return sponsored(siteDeeplink(m.trackingLink!, page(m), subId), m, ['inactive-merchant'], subId);
    }
    case 'inactive-definition': {
      const m = pickFrom(ctx, merchants.inactive);
      const label = `ref-${ctx.reference}`;
      return {
        markup: `[${m.name}][${label}]`,
        codes: ['inactive-merchant'],
        affiliate: true,
        definition: `[${label}]: ${m.trackingLink}`,
        tracked: { merchant: m },
      };
    }
    case 'no-deeplinks': {
      const m = pickFrom(ctx, merchants.noDeeplinks);
      return sponsored(siteDeeplink(m.trackingLink!, page(m), subId), m, ['deeplinks-not-allowed'], subId);
    }
    case 'unknown-tracking': {
      let path = random.code(10);
      while (merchants.takenPaths.has(`${merchants.trackingHost}/${path}`)) {
        path = random.code(10);
      }
      const url = siteDeeplink(`https://${merchants.trackingHost}/${path}`, page(healthy), subId);
      return sponsored(url, undefined, ['unknown-tracking-link']);
    }
    case 'target-off': {
      const other = merchants.healthy.find((m) => m !== healthy)!;
      const url = siteDeeplink(healthy.trackingLink!, page(other), subId);
      return sponsored(url, healthy, ['target-off-merchant'], subId);
    }
    case 'subid-other': {
      const url = siteDeeplink(healthy.trackingLink!, page(healthy), ctx.otherSubId);
      return sponsored(url, healthy, ['subid-mismatch'], ctx.otherSubId);
    }
    case 'subid-none':
      return sponsored(siteDeeplink(healthy.trackingLink!, page(healthy), undefined), healthy, ['subid-mismatch']);
    case 'plain':
      return {
        markup: markup(format, page(healthy), healthy.name, undefined),
        codes: ['not-monetized'],
        affiliate: false,
      };
    case 'rel-missing': {
      const url = siteDeeplink(healthy.trackingLink!, page(healthy), subId);
      return {
        markup: markup(format, url, healthy.name, undefined, true),
        codes: ['rel-sponsored-missing'],
        affiliate: true,
        tracked: { merchant: healthy, carries: subId },
      };
    }
    default:
      return quiet(kind, ctx);
  }
}

/**
 * Links the rules must leave alone: in code, in comments, on look-alike hosts, after an ignore
 * comment. Only the ignored one is a link a reader can click.
 */
function quiet(kind: (typeof QUIET_KINDS)[number], ctx: ArticleContext): SiteLink {
  const { format, merchants, random } = ctx;
  const deadMerchant = random.pick(merchants.inactive);
  const dead = deadMerchant.trackingLink!;
  const text = (markup: string): SiteLink => ({ markup, codes: [], affiliate: false });
  switch (kind) {
    case 'code-span':
      return text(format === 'html' ? `<code>${dead}</code>` : `\`${dead}\``);
    case 'fenced':
      return text(format === 'html' ? `<pre>\n${dead}\n</pre>` : ['```text', dead, '```'].join('\n'));
    case 'comment':
      return text(format === 'mdx' ? `{/* was ${dead} */}` : `<!-- was ${dead} -->`);
    case 'look-alike': {
      const m = random.pick(merchants.healthy);
      const shop = `https://${m.defaultDomain}.mirror-shop.test/${random.pick(PAGES)}`;
      const trk = `https://${merchants.trackingHost}.evil.test/${random.code(10)}`;
      return text(
        `${markup(format, shop, 'a copy of the shop', undefined)} and ${markup(format, trk, 'a copy of the link', undefined)}`,
      );
    }
    case 'ignored': {
      const comment = format === 'mdx' ? '{/* affiliate-links-ignore-next */}' : '<!-- affiliate-links-ignore-next -->';
      return {
        ...text(`${comment} ${markup(format, dead, 'an old favourite', 'sponsored')}`),
        tracked: { merchant: deadMerchant },
      };
    }
  }
}

const PAGES = ['sale', 'bestsellers', 'new-arrivals', 'outlet', 'gift-cards', 'p/12345', 'category/shoes?size=42'];
