/** What a merchant row shows and holds in the catalog tree: its description, context value and detail nodes. */
import * as l10n from '@vscode/l10n';
import type { Merchant } from '../../api/types';
import type { MerchantSummary } from '../../merchant/merchantFields';
import { asMerchantKey, type MerchantKey } from '../../merchant/merchantKey';
import { formatClickRate, formatCommissionRate, formatPeriod } from '../present/merchantFormat';
import type { DetailNode } from './treeNodes';

/**
 * Context-value tokens of a merchant row, space-separated, for `when` clauses such as
 * `viewItem =~ /\bmerchant\.deeplink\b/`:
 * - `merchant`: always;
 * - `merchant.deeplink`: `deeplinkAllowed` is true;
 * - `merchant.cpc`: the merchant supports CPC (`paymentModels` holds `CPC`, or it has ad campaigns);
 * - `merchant.active` or `merchant.inactive`: `isActive`.
 */
const MERCHANT_CONTEXT_TOKENS = {
  merchant: 'merchant',
  deeplink: 'merchant.deeplink',
  cpc: 'merchant.cpc',
  active: 'merchant.active',
  inactive: 'merchant.inactive',
} as const;

export function merchantContextValue(m: MerchantSummary): string {
  const tokens: string[] = [MERCHANT_CONTEXT_TOKENS.merchant];
  if (m.deeplinkAllowed) {
    tokens.push(MERCHANT_CONTEXT_TOKENS.deeplink);
  }
  if (m.supportsCpc) {
    tokens.push(MERCHANT_CONTEXT_TOKENS.cpc);
  }
  tokens.push(m.isActive ? MERCHANT_CONTEXT_TOKENS.active : MERCHANT_CONTEXT_TOKENS.inactive);
  return tokens.join(' ');
}

/**
 * The key as it appears inside detail ids, `detail:<key>:<path>`: `%` written `%25` and `:` written
 * `%3A`, so that the key ends at the first `:` (merchant keys may hold colons).
 */
export function encodeDetailKey(key: MerchantKey): string {
  return key.replace(/%/g, '%25').replace(/:/g, '%3A');
}

/** The merchant key a detail id belongs to, or undefined when `id` is not a detail id. */
export function detailOwnerKey(id: string): MerchantKey | undefined {
  if (!id.startsWith('detail:')) {
    return undefined;
  }
  const end = id.indexOf(':', 'detail:'.length);
  const encoded = id.slice('detail:'.length, end === -1 ? undefined : end);
  return asMerchantKey(encoded.replace(/%3A/g, ':').replace(/%25/g, '%'));
}

/**
 * The detail nodes of one merchant, built at once when its row is first expanded. Paths: `domains`,
 * `domain:<i>`, `rates`, `rate:<i>`, `campaigns`, `campaign:<i>`, `campaign:<i>:rate:<j>`. Sections
 * with nothing in them are left out (a CPC-only merchant has no `Commission rates`).
 */
export class MerchantDetails {
  readonly sections: DetailNode[] = [];
  private readonly childNodes = new Map<string, DetailNode[]>();
  private readonly nodes = new Map<string, DetailNode>();
  private readonly prefix: string;

  constructor(
    key: MerchantKey,
    private readonly merchant: Merchant,
    private readonly merchantNodeId: string,
    private readonly locale?: string,
  ) {
    this.prefix = `detail:${encodeDetailKey(key)}:`;
    this.addDomains();
    this.addRates();
    this.addCampaigns();
  }

  children(id: string): DetailNode[] {
    return this.childNodes.get(id) ?? [];
  }

  node(id: string): DetailNode | undefined {
    return this.nodes.get(id);
  }

  private add(parentId: string, path: string, label: string, description?: string): DetailNode {
    const node: DetailNode = { kind: 'detail', id: this.prefix + path, parentId, label, hasChildren: false };
    if (description !== undefined) {
      node.description = description;
    }
    this.nodes.set(node.id, node);
    if (parentId === this.merchantNodeId) {
      this.sections.push(node);
    } else {
      const parent = this.nodes.get(parentId)!;
      parent.hasChildren = true;
      const siblings = this.childNodes.get(parentId);
      if (siblings) {
        siblings.push(node);
      } else {
        this.childNodes.set(parentId, [node]);
      }
    }
    return node;
  }

  private addDomains(): void {
    const { domains, defaultDomain } = this.merchant;
    const list = domains.length > 0 ? domains : defaultDomain !== '' ? [defaultDomain] : [];
    if (list.length === 0) {
      return;
    }
    const section = this.add(this.merchantNodeId, 'domains', l10n.t('Domains'), String(list.length));
    list.forEach((domain, i) => {
      this.add(
        section.id,
        `domain:${i}`,
        domain,
        domain === defaultDomain
          ? l10n.t({ message: 'default', comment: ["Beside a merchant's default domain."] })
          : undefined,
      );
    });
  }

  private addRates(): void {
    const { commissionRates, currencyCode } = this.merchant;
    const rates = commissionRates
      .map((rate) => formatCommissionRate(rate, currencyCode, this.locale))
      .filter((text): text is string => text !== null);
    if (rates.length === 0) {
      return;
    }
    const section = this.add(this.merchantNodeId, 'rates', l10n.t('Commission rates'), String(rates.length));
    rates.forEach((text, i) => {
      this.add(section.id, `rate:${i}`, text);
    });
  }

  private addCampaigns(): void {
    const { adCampaigns, currencyCode } = this.merchant;
    if (adCampaigns.length === 0) {
      return;
    }
    const section = this.add(this.merchantNodeId, 'campaigns', l10n.t('Ad campaigns'), String(adCampaigns.length));
    adCampaigns.forEach((campaign, i) => {
      const period = formatPeriod(campaign.activeFrom, campaign.activeTo) ?? l10n.t('period not given');
      const deeplinks = campaign.allowDeeplink ? l10n.t('deeplinks allowed') : l10n.t('no deeplinks');
      const node = this.add(section.id, `campaign:${i}`, campaign.name, `${period} · ${deeplinks}`);
      campaign.rates.forEach((rate, j) => {
        const countries = rate.countryCodes.length > 0 ? rate.countryCodes.join(', ') : l10n.t('countries not given');
        this.add(
          node.id,
          `campaign:${i}:rate:${j}`,
          countries,
          formatClickRate(rate.clickRate, currencyCode, this.locale),
        );
      });
    });
  }
}
