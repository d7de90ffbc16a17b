/**
 * The link health rules: a document's links (see documentLinks.ts) checked against the catalog,
 * giving findings with a code, a range and a message. Severity is the shell's business.
 */
import { DEFAULT_DEEPLINK_OPTIONS, type DeeplinkOptions } from '../links/deeplink';
import type { MerchantDomainIndex } from '../links/domainIndex';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { DocumentLink, DocumentLinks } from './documentLinks';
import type { HealthCode, HealthSeverity } from './healthCodes';
import { findingWords, percent } from './healthMessages';
import { ignoredLinksMatcher } from './ignoredLinks';
import type { LinkKind } from './lineScan';
import { LinkVerdicts, type LinkVerdict } from './linkVerdict';

/** What the rules read of the catalog: its domain index, and when a merchant became inactive if the shell knows. */
export interface HealthCatalog {
  index: MerchantDomainIndex;
  inactiveSince?(ref: MerchantRef): string | undefined;
}

export interface HealthOptions {
  deeplink: DeeplinkOptions;
  /** Globs of links to leave alone (see ignoredLinks.ts). */
  ignoredLinks: readonly string[];
  /** Whether Markdown links need `rel="sponsored"` too (the site's build adds nothing). */
  relSponsoredInMarkdown: boolean;
  /** Phrases that count as a disclosure (case ignored, whole words): "affiliate links", "#ad", "Anzeige". */
  disclosurePatterns: readonly string[];
  /** Plain links to merchants paying a lower average commission (percent) are not reported; merchants without the figure neither when set. */
  notMonetizedMinCommission?: number;
}

/** Link health's settings (`affiliateLinks.linkHealth.*` and the SubID template), as the editor and the command line read them. */
export interface LinkHealthSettings {
  /** `affiliateLinks.linkHealth.enabled`: the editor's switch (the command line checks either way). */
  enabled: boolean;
  /** Globs besides the default articles'. */
  include: string[];
  severities: Record<HealthCode, HealthSeverity>;
  options: HealthOptions;
  disclosureSnippet: string;
  /** The template of `affiliateLinks.subId`, for each article's expected SubID. */
  subIdTemplate: string;
}

export const DEFAULT_HEALTH_OPTIONS: Readonly<HealthOptions> = Object.freeze({
  deeplink: DEFAULT_DEEPLINK_OPTIONS,
  ignoredLinks: [],
  relSponsoredInMarkdown: false,
  disclosurePatterns: ['affiliate link', 'affiliate links', '#ad', 'Anzeige', 'Werbung'],
});

export interface HealthFinding {
  code: HealthCode;
  /** UTF-16 offsets into the document's text; end exclusive. */
  start: number;
  end: number;
  message: string;
  merchantKey?: MerchantKey;
  /** The index of the link in `DocumentLinks.links` (for the disclosure: the first affiliate link). */
  link: number;
  /** For ranking and for the fixes: the merchant's average commission, the SubIDs found and expected. */
  data: { commission?: number | null; subIds?: string[]; expectedSubId?: string; deeplinkTarget?: string };
}

/** A finding at its place: one literal shape (spreading the two costs a site's first scan a copy per finding). */
function placed(
  at: { start: number; end: number; link: number },
  finding: Omit<HealthFinding, 'start' | 'end' | 'link'>,
): HealthFinding {
  return {
    code: finding.code,
    start: at.start,
    end: at.end,
    message: finding.message,
    merchantKey: finding.merchantKey,
    link: at.link,
    data: finding.data,
  };
}

/** The kinds a reader clicks, by language: the ones that can be monetized. */
const CLICKED: ReadonlySet<LinkKind> = new Set(['inline', 'definition', 'autolink', 'bare', 'anchor']);

/** The rules for one catalog snapshot and one set of options; keeps what it worked out per address. */
export class LinkHealthRules {
  readonly verdicts: LinkVerdicts;
  private readonly disclosure: RegExp | undefined;

  constructor(
    readonly catalog: HealthCatalog,
    readonly options: HealthOptions,
  ) {
    this.verdicts = new LinkVerdicts(catalog.index, options.deeplink, ignoredLinksMatcher(options.ignoredLinks));
    const phrases = options.disclosurePatterns.filter((p) => p.trim() !== '').map((p) => escapeRegExp(p.trim()));
    this.disclosure =
      phrases.length === 0
        ? undefined
        : new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
  }

  /** Whether a link is left alone: a comment before it, or the ignored-links setting. */
  isIgnored(link: DocumentLink): boolean {
    return link.ignoredByComment || this.verdicts.of(link.target).ignored;
  }

  /**
   * Every finding of the document, in document order (a document-wide one at its first affiliate link).
   * `disclosureEnd` (see below) stands in for the text of a document checked from the site's index.
   */
  check(doc: DocumentLinks, expectedSubId?: string, disclosureEnd?: number): HealthFinding[] {
    const findings: HealthFinding[] = [];
    let firstAffiliate = -1;
    for (let i = 0; i < doc.links.length; i++) {
      const link = doc.links[i];
      const verdict = this.verdicts.of(link.target);
      if (verdict.kind === 'other' || link.ignoredByComment || verdict.ignored) {
        continue;
      }
      const at = { start: link.start, end: link.end, link: i };
      if (verdict.kind === 'monetizable') {
        const finding = this.notMonetized(doc, link, verdict.ref);
        if (finding !== undefined) {
          findings.push(placed(at, finding));
        }
        continue;
      }
      if (firstAffiliate < 0 && link.kind !== 'front-matter') {
        firstAffiliate = i;
      }
      const dead = this.deadLink(verdict, link.target);
      if (dead !== undefined) {
        findings.push(placed(at, dead));
        continue;
      }
      const subId = expectedSubId?.trim();
      if (subId && verdict.deeplinkTarget !== undefined && verdict.subIds.some((s) => s !== subId)) {
        findings.push({
          ...at,
          code: 'subid-mismatch',
          message: findingWords.subIdMismatch(verdict.subIds, subId),
          merchantKey: verdict.owner?.key,
          data: { subIds: verdict.subIds, expectedSubId: subId },
        });
      } else if (subId && verdict.deeplinkTarget !== undefined && verdict.subIds.length === 0) {
        findings.push({
          ...at,
          code: 'subid-mismatch',
          message: findingWords.subIdMismatch([], subId),
          merchantKey: verdict.owner?.key,
          data: { subIds: [], expectedSubId: subId },
        });
      }
      if (this.needsRel(doc, link)) {
        findings.push({
          ...at,
          code: 'rel-sponsored-missing',
          message: findingWords.relSponsoredMissing(),
          merchantKey: verdict.owner?.key,
          data: {},
        });
      }
    }
    if (firstAffiliate >= 0 && this.disclosure !== undefined) {
      const first = doc.links[firstAffiliate];
      const cut = Math.max(0, first.constructStart < 0 ? first.start : first.constructStart);
      const disclosed =
        disclosureEnd === undefined
          ? this.disclosure.test(doc.text.slice(0, cut))
          : disclosureEnd >= 0 && disclosureEnd <= cut;
      if (!disclosed) {
        findings.push({
          code: 'disclosure-missing',
          start: first.start,
          end: first.end,
          link: firstAffiliate,
          message: findingWords.disclosureMissing(),
          data: {},
        });
      }
    }
    return findings;
  }

  /** Where the first disclosure phrase of `text` ends, -1 without one: what the site's index keeps of a text. */
  disclosureEnd(text: string): number {
    const match = this.disclosure?.exec(text);
    return match ? match.index + match[0].length : -1;
  }

  /** Whether a disclosure phrase occurs in `text`. */
  hasDisclosure(text: string): boolean {
    return this.disclosure?.test(text) ?? false;
  }

  private deadLink(
    verdict: LinkVerdict & { kind: 'tracking' },
    target: string,
  ): Omit<HealthFinding, 'start' | 'end' | 'link'> | undefined {
    const { owner, problem, deeplinkTarget } = verdict;
    const data = { deeplinkTarget };
    switch (problem) {
      case undefined:
        return undefined;
      case 'unknown-tracking-link':
        return { code: problem, message: findingWords.unknownTrackingLink(target), data };
      case 'inactive-merchant':
        return {
          code: problem,
          merchantKey: owner!.key,
          message: findingWords.inactive(
            owner!.merchant.name,
            this.catalog.inactiveSince?.(owner!),
            owner!.merchant.updatedAt,
          ),
          data,
        };
      case 'deeplinks-not-allowed':
        return {
          code: problem,
          merchantKey: owner!.key,
          message: findingWords.deeplinksNotAllowed(owner!.merchant.name),
          data,
        };
      case 'target-off-merchant':
        return {
          code: problem,
          merchantKey: owner!.key,
          message: findingWords.targetOffMerchant(owner!.merchant.name, deeplinkTarget ?? ''),
          data,
        };
    }
  }

  private notMonetized(doc: DocumentLinks, link: DocumentLink, ref: MerchantRef) {
    if (!CLICKED.has(link.kind) || (doc.language === 'html' && link.kind !== 'anchor')) {
      return undefined;
    }
    const commission = ref.merchant.averageCommission;
    const minimum = this.options.notMonetizedMinCommission;
    if (minimum !== undefined && (commission === null || commission < minimum)) {
      return undefined;
    }
    return {
      code: 'not-monetized' as const,
      merchantKey: ref.key,
      message: findingWords.notMonetized(ref.merchant.name, commission === null ? undefined : percent(commission)),
      data: { commission },
    };
  }

  /** Whether the link, were it a live affiliate link, would need `rel="sponsored"` (an `<a>` without it; Markdown links by the setting). */
  needsRel(doc: DocumentLinks, link: DocumentLink): boolean {
    if (link.kind === 'anchor') {
      const rel = link.tag?.rel;
      return (
        rel === undefined ||
        !/(?:^|\s)sponsored(?:\s|$)/i.test(rel.quote === '{' ? rel.value.replace(/["'`]/g, ' ') : rel.value)
      );
    }
    return this.options.relSponsoredInMarkdown && doc.language !== 'html' && CLICKED.has(link.kind);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
