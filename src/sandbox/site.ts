/**
 * `npm run sandbox -- --site DIR --articles N`: a publisher's site over the sandbox's catalog, in
 * Markdown, MDX and HTML, page bundles and flat files, with a known count of link health findings.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { WireMerchant } from '../api/wire';
import { Random } from './random';
import {
  fits,
  FINDING_CODES,
  PROBLEM_KINDS,
  QUIET_KINDS,
  siteLink,
  siteMerchants,
  SUB_ID_PARAMETER,
  URL_PARAMETER,
  type ArticleContext,
  type FindingCode,
  type LinkKindName,
  type SiteFormat,
  type SiteLink,
} from './siteLinks';
import { renderArticle, type ArticleLayout } from './siteArticles';
import { SUB_IDS } from './vocabulary';

/**
 * The SubID setting the site is written for: a page bundle is named by its folder, a flat file
 * by the `slug` of its front matter (which every flat file has).
 */
export const SITE_SUB_ID_TEMPLATE = '${frontMatter:slug:fileDirnameBasename}';
/** What the site's disclosures say; the rule's default patterns find it. */
export const SITE_DISCLOSURE_PATTERNS = ['affiliate links'];
/** A folder the link index must leave out: it holds an inactive merchant's link that counts nowhere. */
export const SITE_EXCLUDED = 'node_modules';

export interface SiteSummary {
  site: string;
  articles: number;
  files: Record<SiteFormat, number>;
  subIdTemplate: string;
  deeplink: { urlParameter: string; subIdParameter: string };
  disclosurePatterns: string[];
  /** Left out of the counts: what an index must not read. */
  excluded: string[];
  /** Links written into the articles (those in code and comments not counted). */
  links: number;
  findings: Record<FindingCode, number>;
  total: number;
}

/** One article: where it is written, its SubID, the findings it must give and the links readers click. */
export interface SiteArticle {
  path: string;
  subId: string;
  findings: Record<FindingCode, number>;
  /** Its tracking links and deeplinks to a merchant, healthy or broken, in the order written. */
  links: SiteArticleLink[];
}

/** A link of an article that a reader clicks through to a merchant (the one the rules name for it). */
export interface SiteArticleLink {
  merchantId: number;
  merchant: string;
  /** The findings it gives; none for a healthy link (nor for one after an ignore comment). */
  codes: FindingCode[];
  /** The SubID it carries in its `s` parameter; undefined when it carries none. */
  carries?: string;
}

const LAYOUTS: readonly ArticleLayout[] = ['md-bundle', 'md-flat', 'mdx-bundle', 'html-bundle', 'mdx-flat'];
const STREAM = 0x53495445;
/** The stream of the links added to the articles of SHARED_PAIRS, so that every other article stays as it was. */
const SHARED_STREAM = 0x50414952;
/**
 * Articles (by index) that link one merchant of each kind only, with these links added: the second
 * has broken links that share one pair (its SubID and an inactive merchant), the third a healthy
 * deeplink and a broken link to the same merchant.
 */
const SHARED_PAIRS: ReadonlyMap<number, readonly LinkKindName[]> = new Map([
  [1, ['inactive-deeplink', 'inactive-tracking']],
  [2, ['target-off']],
]);

/** Writes the site into `directory` (made if missing) and says what the link health must find there. */
export function writeSite(
  directory: string,
  merchants: readonly WireMerchant[],
  options: { articles: number; seed: number; moreDeeplinks?: number },
): { summary: SiteSummary; articles: SiteArticle[] } {
  const pools = siteMerchants(merchants);
  const random = new Random(options.seed ^ STREAM);
  const sharedRandom = new Random(options.seed ^ SHARED_STREAM);
  const zero = (): Record<FindingCode, number> =>
    Object.fromEntries(FINDING_CODES.map((code) => [code, 0])) as Record<FindingCode, number>;
  const findings = zero();
  const files: Record<SiteFormat, number> = { md: 0, mdx: 0, html: 0 };
  const slugs = Array.from({ length: options.articles }, (_, i) => {
    const round = Math.floor(i / SUB_IDS.length);
    return round === 0 ? SUB_IDS[i] : `${SUB_IDS[i % SUB_IDS.length]}-${round + 1}`;
  });
  const articles: SiteArticle[] = [];
  let links = 0;
  slugs.forEach((subId, i) => {
    const layout = LAYOUTS[i % LAYOUTS.length];
    const format = layout.slice(0, layout.indexOf('-')) as SiteFormat;
    const ctx: ArticleContext = {
      format,
      subId,
      otherSubId: slugs[(i + 1) % slugs.length] === subId ? `${subId}-x` : slugs[(i + 1) % slugs.length],
      merchants: pools,
      random,
      reference: 0,
    };
    // A denser site for the benches: more healthy deeplinks per article, which give no finding.
    const more = Array.from({ length: options.moreDeeplinks ?? 0 }, (): LinkKindName => 'deeplink');
    const plan = [...articleKinds(i, format, random), ...more].map((kind) => ({ kind, random }));
    const shared = SHARED_PAIRS.get(i) ?? [];
    if (shared.length > 0) {
      ctx.stick = new Map();
      shared.forEach((kind) => plan.splice(sharedRandom.int(1, plan.length), 0, { kind, random: sharedRandom }));
    }
    const written = plan.map(({ kind, random: stream }) => {
      ctx.reference += 1;
      return siteLink(kind, stream === random ? ctx : { ...ctx, random: stream });
    });
    const disclosed = random.chance(0.5);
    const own = zero();
    for (const link of written) {
      link.codes.forEach((code) => (own[code] += 1));
    }
    if (!disclosed && written.some((link) => link.affiliate)) {
      own['disclosure-missing'] += 1;
    }
    const { relative, text } = renderArticle(layout, subId, i, written, disclosed, random);
    const file = path.join(directory, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    files[format] += 1;
    links += written.filter((link) => link.codes.length > 0 || link.affiliate).length;
    FINDING_CODES.forEach((code) => (findings[code] += own[code]));
    articles.push({ path: relative, subId, findings: own, links: clicked(written) });
  });
  writeExcluded(directory, pools.inactive[0].trackingLink!);
  const summary: SiteSummary = {
    site: path.resolve(directory),
    articles: options.articles,
    files,
    subIdTemplate: SITE_SUB_ID_TEMPLATE,
    deeplink: { urlParameter: URL_PARAMETER, subIdParameter: SUB_ID_PARAMETER },
    disclosurePatterns: SITE_DISCLOSURE_PATTERNS,
    excluded: [`${SITE_EXCLUDED}/**`],
    links,
    findings,
    total: FINDING_CODES.reduce((sum, code) => sum + findings[code], 0),
  };
  return { summary, articles };
}

/**
 * An article's links: one or two healthy deeplinks, sometimes the plain tracking link, the
 * article's turn of the problem kinds (so that a small site has every one) and one or two
 * more, and a link the rules must leave alone; one article in ten links plainly only.
 */
function articleKinds(index: number, format: SiteFormat, random: Random): LinkKindName[] {
  if (index % 10 === 9) {
    return ['plain', random.pick(QUIET_KINDS)];
  }
  const problems = PROBLEM_KINDS.filter((kind) => fits(kind, format));
  const kinds: LinkKindName[] = ['deeplink'];
  if (random.chance(0.5)) {
    kinds.push('deeplink');
  }
  if (random.chance(0.3)) {
    kinds.push('tracking');
  }
  kinds.push(problems[index % problems.length]);
  for (let extra = random.int(0, 2); extra > 0; extra--) {
    kinds.push(random.pick(problems));
  }
  kinds.push(random.pick(QUIET_KINDS));
  return random.sample(kinds, kinds.length);
}

/** The links of an article that readers click through to a merchant. */
function clicked(links: readonly SiteLink[]): SiteArticleLink[] {
  return links.flatMap(({ tracked, codes }) =>
    tracked === undefined
      ? []
      : [
          {
            merchantId: tracked.merchant.merchantId!,
            merchant: tracked.merchant.name,
            codes,
            ...(tracked.carries === undefined ? {} : { carries: tracked.carries }),
          },
        ],
  );
}

/** A theme's read-me under node_modules: an index that reads it reports a link the counts leave out. */
function writeExcluded(directory: string, deadLink: string): void {
  const file = path.join(directory, SITE_EXCLUDED, 'site-theme', 'README.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `# Site theme\n\nSponsored by [an old shop](${deadLink}).\n`);
}
