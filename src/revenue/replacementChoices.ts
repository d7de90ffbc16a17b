/**
 * What Replace Links to Merchant offers for the site's links to one merchant (issue 33 §3), in order: the
 * merchants that take the same pages (a working link to the very page), the alternatives (another shop of the
 * same category and countries, ranked), the plain target URL, cancel. Pure: the shell shows the choices and
 * hands the chosen one to `linkReplacement.ts`.
 *
 * The ranking of alternatives:
 * - With history first: the account's EPC with the merchant (what `epcOf` gives, per currency). EPCs are
 *   compared within one currency: the one the most candidates with history have an EPC in (ties: the first
 *   of `compareCurrencies`, alphabetical, the unknown currency last). A candidate whose clicks earned nothing
 *   yet (an empty list) has an EPC of 0 in every currency. A candidate whose EPC is in other currencies only
 *   cannot be compared and is ranked with those without history.
 * - Then by the catalog: `averageCommission × (1 − cancelled)`, the average commission (a percentage) less
 *   the share of it cancelled. `averageCancellationRate` is read as `formatCancellationRate` shows it: a value
 *   up to 1 is a fraction (the service and the sandbox send 0–0.5), above 1 a percentage; clamped to 0..1.
 *   No cancellation rate: nothing taken off. No average commission: no score, ranked last (by name).
 */
import { deeplinkOf, type DeeplinkOptions } from '../links/deeplink';
import type { LinkHealthRules } from '../health/healthRules';
import type { CatalogMerchant, MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import { amountIn, compareCurrencies, type CurrencyAmount } from '../reports/model/currencyAmounts';

/** The account's EPC with a merchant, per currency, where it has history (undefined: no clicks). */
export type EpcHistory = (merchantId: number) => readonly CurrencyAmount[] | undefined;

/** A merchant of the catalog with its details (category, countries, figures). */
export interface CatalogRef {
  key: MerchantKey;
  merchant: CatalogMerchant;
}

/** Another merchant that takes the very pages the links lead to. */
export interface SamePageChoice {
  kind: 'same-page';
  ref: MerchantRef;
}

/** Another shop of the same category, with the figures it is ranked by. */
export interface AlternativeChoice {
  kind: 'alternative';
  ref: MerchantRef;
  /** The EPC history (every currency), undefined without one. */
  epc: readonly CurrencyAmount[] | undefined;
  /** The EPC it was ranked by, in `rankCurrency`; undefined: ranked by the catalog. */
  rankedEpc: number | undefined;
  /** `averageCommission × (1 − cancelled)`, null without an average commission. */
  catalogScore: number | null;
  averageCommission: number | null;
  /** The cancelled share, 0..1, null when the catalog gives none. */
  cancelled: number | null;
  /** Average days to confirm a commission, null when not given. */
  confirmationDays: number | null;
  countryCodes: readonly string[];
  /** How many of the links' target pages are on its domains (those keep their page; the others go to its home page). */
  samePages: number;
}

export interface UnwrapChoice {
  kind: 'unwrap';
}

export type ReplacementChoice = SamePageChoice | AlternativeChoice | UnwrapChoice;

export interface ReplacementChoices {
  samePage: SamePageChoice[];
  alternatives: AlternativeChoice[];
  /** The currency EPCs were compared in; undefined when no candidate has history. */
  rankCurrency: string | null | undefined;
  unwrap: UnwrapChoice;
}

export interface ChoiceInputs {
  /** The merchant whose links are replaced. */
  owner: CatalogRef;
  /** The plain page each link leads to (its deeplink's target, else the merchant's home page). */
  targets: readonly string[];
  /** Every merchant of the catalog. */
  catalog: Iterable<CatalogRef>;
  rules: LinkHealthRules;
  epcOf: EpcHistory;
  /** At most this many alternatives (default 20). */
  maxAlternatives?: number;
}

/** The fraction of commission cancelled, 0..1, from the catalog's `averageCancellationRate`. */
export function cancelledShare(rate: number | null): number | null {
  if (rate === null || !Number.isFinite(rate)) {
    return null;
  }
  const share = Math.abs(rate) <= 1 ? rate : rate / 100;
  return Math.min(1, Math.max(0, share));
}

/** `averageCommission × (1 − cancelled)`; null without an average commission. */
export function catalogScore(merchant: Pick<CatalogMerchant, 'averageCommission' | 'averageCancellationRate'>) {
  const commission = merchant.averageCommission;
  if (commission === null || !Number.isFinite(commission)) {
    return null;
  }
  return commission * (1 - (cancelledShare(merchant.averageCancellationRate) ?? 0));
}

/** Whether a merchant can take a deeplink now (active, allowed, a usable tracking link). */
function takesDeeplinks(merchant: CatalogMerchant, options: DeeplinkOptions): boolean {
  return (
    merchant.isActive &&
    merchant.deeplinkAllowed &&
    merchant.defaultDomain.trim() !== '' &&
    deeplinkOf(merchant, `https://${merchant.defaultDomain.trim()}/`, options).ok
  );
}

/** The merchants (active, deeplinks allowed) whose domains hold every one of the targets, by name. */
export function samePageChoices(inputs: Pick<ChoiceInputs, 'owner' | 'targets' | 'rules'>): SamePageChoice[] {
  const { owner, targets, rules } = inputs;
  if (targets.length === 0) {
    return [];
  }
  const options = rules.options.deeplink;
  const candidates = new Map<MerchantKey, MerchantRef>();
  const match = rules.catalog.index.match(targets[0]);
  const refs = match.kind === 'merchant' ? [match.merchant] : match.kind === 'ambiguous' ? match.candidates : [];
  for (const ref of refs) {
    if (ref.key !== owner.key && ref.merchant.isActive && ref.merchant.deeplinkAllowed) {
      candidates.set(ref.key, ref);
    }
  }
  const distinct = [...new Set(targets)];
  return [...candidates.values()]
    .filter(
      (ref) =>
        distinct.every((target) => rules.verdicts.onMerchantDomains(ref, target)) &&
        distinct.every((target) => deeplinkOf(ref.merchant, target, options).ok),
    )
    .sort((a, b) => a.merchant.name.localeCompare(b.merchant.name))
    .map((ref) => ({ kind: 'same-page', ref }));
}

/** The currency the most histories have an EPC in (ties: `compareCurrencies`' first); undefined without any. */
export function rankCurrencyOf(
  histories: ReadonlyArray<readonly CurrencyAmount[] | undefined>,
): string | null | undefined {
  const counts = new Map<string | null, number>();
  for (const history of histories) {
    for (const code of new Set((history ?? []).map((entry) => entry.currencyCode))) {
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  let best: string | null | undefined;
  let bestCount = 0;
  for (const [code, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && compareCurrencies(code, best) < 0)) {
      best = code;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Sorts alternatives: those with an EPC in the rank currency first (highest first), then the others by their
 * catalog score (highest first, none last), then by name.
 */
export function rankAlternatives(alternatives: ReadonlyArray<Omit<AlternativeChoice, 'rankedEpc'>>): {
  ranked: AlternativeChoice[];
  rankCurrency: string | null | undefined;
} {
  const rankCurrency = rankCurrencyOf(alternatives.map((a) => a.epc));
  const ranked = alternatives.map((alternative): AlternativeChoice => {
    const epc = alternative.epc;
    let rankedEpc: number | undefined;
    if (epc !== undefined) {
      rankedEpc =
        epc.length === 0 ? 0 : rankCurrency === undefined ? undefined : (amountIn(epc, rankCurrency) ?? undefined);
    }
    return { ...alternative, rankedEpc };
  });
  ranked.sort((a, b) => {
    if ((a.rankedEpc === undefined) !== (b.rankedEpc === undefined)) {
      return a.rankedEpc === undefined ? 1 : -1;
    }
    if (a.rankedEpc !== undefined && b.rankedEpc !== undefined && a.rankedEpc !== b.rankedEpc) {
      return b.rankedEpc - a.rankedEpc;
    }
    if ((a.catalogScore === null) !== (b.catalogScore === null)) {
      return a.catalogScore === null ? 1 : -1;
    }
    if (a.catalogScore !== null && b.catalogScore !== null && a.catalogScore !== b.catalogScore) {
      return b.catalogScore - a.catalogScore;
    }
    return a.ref.merchant.name.localeCompare(b.ref.merchant.name);
  });
  return { ranked, rankCurrency };
}

const overlaps = (a: readonly string[], b: readonly string[]) => {
  const upper = new Set(a.map((code) => code.toUpperCase()));
  return b.some((code) => upper.has(code.toUpperCase()));
};

/**
 * Another shop for the owner's readers: active, deeplinks allowed, sharing a category with the owner and a
 * country (an owner that lists no country: any), not one of `exclude` (the same-page merchants). The catalog's
 * summary fields are read first, so a merchant's details (categories, figures) are read only for those left.
 */
export function alternativeCandidates(
  inputs: Pick<ChoiceInputs, 'owner' | 'catalog' | 'rules' | 'targets' | 'epcOf'>,
  exclude: ReadonlySet<MerchantKey>,
): Array<Omit<AlternativeChoice, 'rankedEpc'>> {
  const { owner, catalog, rules, targets, epcOf } = inputs;
  const categories = new Set(owner.merchant.categoryIds);
  const countries = owner.merchant.countryCodes;
  if (categories.size === 0) {
    return [];
  }
  const options = rules.options.deeplink;
  const distinct = [...new Set(targets)];
  const out: Array<Omit<AlternativeChoice, 'rankedEpc'>> = [];
  for (const ref of catalog) {
    const m = ref.merchant;
    if (
      ref.key === owner.key ||
      exclude.has(ref.key) ||
      !m.isActive ||
      !m.deeplinkAllowed ||
      (countries.length > 0 && !overlaps(countries, m.countryCodes)) ||
      !m.categoryIds.some((id) => categories.has(id)) ||
      !takesDeeplinks(m, options)
    ) {
      continue;
    }
    const summary = { key: ref.key, merchant: m };
    out.push({
      kind: 'alternative',
      ref: summary,
      epc: m.merchantId === null ? undefined : epcOf(m.merchantId),
      catalogScore: catalogScore(m),
      averageCommission: m.averageCommission,
      cancelled: cancelledShare(m.averageCancellationRate),
      confirmationDays: m.averageConfirmationTime,
      countryCodes: m.countryCodes,
      samePages: distinct.filter((target) => rules.verdicts.onMerchantDomains(summary, target)).length,
    });
  }
  return out;
}

/** Every choice, in the order the picker shows them. */
export function replacementChoices(inputs: ChoiceInputs): ReplacementChoices {
  const samePage = samePageChoices(inputs);
  const exclude = new Set(samePage.map((choice) => choice.ref.key));
  const { ranked, rankCurrency } = rankAlternatives(alternativeCandidates(inputs, exclude));
  return {
    samePage,
    alternatives: ranked.slice(0, inputs.maxAlternatives ?? 20),
    rankCurrency,
    unwrap: { kind: 'unwrap' },
  };
}
