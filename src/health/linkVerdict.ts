/**
 * What a link's address is to the catalog, worked out once per address: a tracking link or
 * deeplink (whose, and what is wrong with it), a merchant's page that could be a deeplink, or
 * nothing the rules care about. Independent of the document, so it is cached by address.
 */
import type { DeeplinkOptions } from '../links/deeplink';
import { deeplinkOf } from '../links/deeplink';
import type { MerchantDomainIndex } from '../links/domainIndex';
import { canonicalHost, httpHostOf } from '../links/hostNames';
import { SuffixMemo } from '../links/publicSuffix';
import { queryParametersOf } from '../links/queryParameters';
import type { MerchantRef, MerchantSummary } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';

export type DeadCode = 'unknown-tracking-link' | 'inactive-merchant' | 'deeplinks-not-allowed' | 'target-off-merchant';

export type LinkVerdict =
  /** No merchant, a domain several merchants share, or a merchant that cannot take a deeplink. */
  | { kind: 'other'; ignored: boolean }
  /** A page of an active merchant that allows deeplinks and has a usable tracking link. */
  | { kind: 'monetizable'; ignored: boolean; ref: MerchantRef }
  | {
      kind: 'tracking';
      ignored: boolean;
      /** The merchant the link belongs to (the best of several), undefined when none does. */
      owner: MerchantRef | undefined;
      problem: DeadCode | undefined;
      /** The deeplink's target page as its parameter holds it; undefined for a plain tracking link. */
      deeplinkTarget: string | undefined;
      /** The values of the SubID parameter. */
      subIds: string[];
    };

const WWW = 'www.';

/** A merchant's domains as the domain index keeps them: its default domain and its list, canonical, hosts only. */
function ownDomainsOf(merchant: MerchantSummary): ReadonlySet<string> {
  const domains = new Set<string>();
  for (const domain of [merchant.defaultDomain, ...(Array.isArray(merchant.domains) ? merchant.domains : [])]) {
    const canonical = typeof domain === 'string' ? canonicalHost(domain) : undefined;
    if (canonical !== undefined) {
      domains.add(canonical);
    }
  }
  return domains;
}

const rank = (m: MerchantSummary) => (m.isActive ? 2 : 0) + (m.deeplinkAllowed ? 1 : 0);

/** Verdicts of one catalog and one set of options, memoised by address. */
export class LinkVerdicts {
  private readonly memo = new Map<string, LinkVerdict>();
  /** Each merchant's own domains, canonical (as the domain index keeps them). */
  private readonly ownDomains = new Map<MerchantKey, ReadonlySet<string>>();
  /** Public suffixes by host, for `onMerchantDomains`. */
  private readonly suffixes = new SuffixMemo();

  constructor(
    private readonly index: MerchantDomainIndex,
    private readonly deeplink: DeeplinkOptions,
    private readonly isIgnored: ((target: string) => boolean) | undefined,
    /** Above the distinct addresses of a 10,000-article site (about 91,000): a smaller memo emptied itself on every full check. */
    private readonly memoSize = 250_000,
  ) {}

  of(target: string): LinkVerdict {
    let verdict = this.memo.get(target);
    if (verdict === undefined) {
      verdict = this.judge(target);
      if (this.memo.size >= this.memoSize) {
        this.memo.clear();
      }
      this.memo.set(target, verdict);
    }
    return verdict;
  }

  /**
   * Whether `url`'s host is on one of the merchant's own domains (by the domain index's rules): what a domain index of
   * that merchant's domains alone would match, without making one per merchant (a site's first check met 16,000). The
   * host or its nearest parent the merchant lists (itself or as `www.`), below the host's public suffix.
   */
  onMerchantDomains(ref: MerchantRef, url: string): boolean {
    let own = this.ownDomains.get(ref.key);
    if (own === undefined) {
      own = ownDomainsOf(ref.merchant);
      this.ownDomains.set(ref.key, own);
    }
    try {
      const host = httpHostOf(url);
      for (let candidate = host; candidate !== undefined; ) {
        if (own.has(candidate) || own.has(WWW + candidate)) {
          return this.suffixes.below(host!, candidate);
        }
        const dot = candidate.indexOf('.');
        candidate = dot < 0 ? undefined : candidate.slice(dot + 1);
      }
      return false;
    } catch {
      return false;
    }
  }

  private judge(target: string): LinkVerdict {
    const ignored = this.isIgnored?.(target) ?? false;
    const match = this.index.match(target);
    if (match.kind === 'merchant') {
      const { merchant } = match.merchant;
      const monetizable =
        merchant.isActive && merchant.deeplinkAllowed && deeplinkOf(merchant, target, this.deeplink).ok;
      return monetizable ? { kind: 'monetizable', ignored, ref: match.merchant } : { kind: 'other', ignored };
    }
    if (match.kind !== 'tracking') {
      return { kind: 'other', ignored };
    }
    const owners = [...match.merchants].sort((a, b) => rank(b.merchant) - rank(a.merchant));
    const owner = owners[0];
    let deeplinkTarget: string | undefined;
    let subIds: string[] = [];
    // A tracking host was matched, so the address parses; nothing to add if not.
    const params = queryParametersOf(target);
    if (params !== undefined) {
      deeplinkTarget = params.get(this.deeplink.urlParameter.trim()) ?? undefined;
      subIds = params.getAll(this.deeplink.subIdParameter.trim()).filter((s) => s !== '');
    }
    let problem: DeadCode | undefined;
    if (owner === undefined) {
      problem = 'unknown-tracking-link';
    } else if (!owner.merchant.isActive) {
      problem = 'inactive-merchant';
    } else if (deeplinkTarget !== undefined && !owner.merchant.deeplinkAllowed) {
      problem = 'deeplinks-not-allowed';
    } else if (deeplinkTarget !== undefined && !owners.some((o) => this.onMerchantDomains(o, deeplinkTarget!))) {
      problem = 'target-off-merchant';
    }
    return { kind: 'tracking', ignored, owner, problem, deeplinkTarget, subIds };
  }
}
