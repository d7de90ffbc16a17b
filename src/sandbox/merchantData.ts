/** Generates the sandbox's merchant catalog (spec 2.1) in storage order, deterministic for a generator and clock. */
import type { WireAdCampaign, WireCommissionRate, WireMerchant } from '../api/wire';
import type { Random } from './random';
import {
  BRAND_SYLLABLES,
  DESCRIPTION_GOODS,
  DESCRIPTION_OPENINGS,
  GENERIC_TLDS,
  LOGO_HOST,
  MARKETS,
  NAME_ADJECTIVES,
  NAME_FORMS,
  NAME_NOUNS,
  SUBDOMAINS,
  TRACKING_HOSTS,
  type Market,
} from './vocabulary';

const MS_PER_DAY = 86_400_000;

/**
 * With this many merchants or more, storage indexes INACTIVE_RUN_START up to
 * INACTIVE_RUN_END - 1 all hold inactive merchants, so a filtered page of 500 can be empty.
 */
export const INACTIVE_RUN_START = 500;
export const INACTIVE_RUN_END = 1000;

const NULL_MERCHANT_ID_SHARE = 0.005;
const NULL_FIGURE_SHARE = 0.15;
const NO_FIGURES_SHARE = 0.08;

function capitalize(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}

function inventName(random: Random): string {
  if (random.chance(0.6)) {
    return `${random.pick(NAME_ADJECTIVES)} ${random.pick(NAME_NOUNS)}${random.pick(NAME_FORMS)}`;
  }
  const syllables = random.int(2, 3);
  let brand = '';
  for (let i = 0; i < syllables; i++) {
    brand += random.pick(BRAND_SYLLABLES);
  }
  return capitalize(brand) + (random.chance(0.3) ? random.pick(NAME_FORMS) : '');
}

function uniqueName(random: Random, taken: Set<string>): string {
  let name = inventName(random);
  for (let attempt = 0; taken.has(name) && attempt < 8; attempt++) {
    name = inventName(random);
  }
  const base = name;
  for (let suffix = 2; taken.has(name); suffix++) {
    name = `${base} ${suffix}`;
  }
  taken.add(name);
  return name;
}

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');
}

function inventDomains(random: Random, slug: string, market: Market): { defaultDomain: string; domains: string[] } {
  const base = slug + (random.chance(0.75) ? random.pick(market.tlds) : random.pick(GENERIC_TLDS));
  const defaultDomain = random.chance(0.4) ? `www.${base}` : base;
  const domains = new Set<string>([defaultDomain]);
  if (random.chance(0.6)) {
    domains.add(defaultDomain === base ? `www.${base}` : base);
  }
  const extras = random.int(0, 2);
  for (let i = 0; i < extras; i++) {
    if (random.chance(0.5)) {
      domains.add(`${random.pick(SUBDOMAINS)}.${base}`);
    } else {
      domains.add(slug + random.pick(random.pick(MARKETS).tlds));
    }
  }
  return { defaultDomain, domains: [...domains] };
}

function inventCommissionRates(random: Random): WireCommissionRate[] {
  const count = random.int(1, 3);
  const rates: WireCommissionRate[] = [];
  for (let i = 0; i < count; i++) {
    rates.push(
      random.chance(0.65)
        ? { fixedCommission: 0, percentageCommission: random.amount(1, 15, 1) }
        : { fixedCommission: random.amount(0.5, 50), percentageCommission: 0 },
    );
  }
  return rates;
}

function inventCampaigns(random: Random, name: string, countries: string[], nowMs: number): WireAdCampaign[] {
  const count = random.int(1, 3);
  const campaigns: WireAdCampaign[] = [];
  for (let i = 0; i < count; i++) {
    const regions = random.sample(countries, random.int(1, countries.length));
    campaigns.push({
      name: `${name} CPC ${regions.join('/')}${count > 1 ? ` #${i + 1}` : ''}`,
      activeFrom: new Date(nowMs - random.int(10, 400) * MS_PER_DAY).toISOString(),
      activeTo: new Date(nowMs + random.int(10, 365) * MS_PER_DAY).toISOString(),
      allowDeeplink: random.chance(0.6),
      rates: regions.map((countryCode) => ({ countryCode, clickRate: random.amount(0.01, 0.6, 3) })),
    });
  }
  return campaigns;
}

function figure<T>(random: Random, noFigures: boolean, value: T): T | null {
  return noFigures || random.chance(NULL_FIGURE_SHARE) ? null : value;
}

function inventMerchant(
  random: Random,
  index: number,
  merchantId: number | null,
  name: string,
  nowMs: number,
): WireMerchant {
  const slug = slugOf(name);
  const market = random.pick(MARKETS);
  const { defaultDomain, domains } = inventDomains(random, slug, market);
  const countryCodes = [
    ...new Set([market.country, ...random.sample(MARKETS, random.int(0, 3)).map((m) => m.country)]),
  ];
  const inInactiveRun = index >= INACTIVE_RUN_START && index < INACTIVE_RUN_END;
  const isActive = inInactiveRun ? false : random.chance(0.8);
  const hasCampaigns = random.chance(0.35);
  const adCampaigns = hasCampaigns ? inventCampaigns(random, name, countryCodes, nowMs) : [];
  const cpcOnly = hasCampaigns && random.chance(0.1);
  const commissionRates = cpcOnly ? [] : inventCommissionRates(random);
  const paymentModels = [...(hasCampaigns ? ['CPC'] : []), ...(cpcOnly ? [] : ['CPA'])];
  const deeplinkAllowed = adCampaigns.some((c) => c.allowDeeplink) || random.chance(0.6);
  const values = commissionRates.map((r) => r.percentageCommission || r.fixedCommission || 0);
  const noFigures = random.chance(NO_FIGURES_SHARE);
  const createdMs = nowMs - random.int(30, 1500) * MS_PER_DAY - random.int(0, 86_399) * 1000;
  const updatedMs = createdMs + Math.floor((random.next() * (nowMs - createdMs)) / 1000) * 1000;
  return {
    merchantId,
    name,
    imageUri: random.chance(0.1) ? null : `${LOGO_HOST}/${slug}.png`,
    defaultDomain,
    description: random.chance(0.15) ? null : `${random.pick(DESCRIPTION_OPENINGS)} ${random.pick(DESCRIPTION_GOODS)}.`,
    categoryId: random.int(1, 60),
    domains,
    currencyCode: market.currency,
    isActive,
    deeplinkAllowed,
    countryCodes,
    averageBasketValue: figure(random, noFigures, random.amount(8, 400)),
    averageCommission: figure(random, noFigures, random.amount(1, 20)),
    averageConfirmationTime: figure(random, noFigures, random.int(1, 90)),
    averageCancellationRate: figure(random, noFigures, random.amount(0, 0.5, 3)),
    minimumCommission: values.length ? figure(random, noFigures, Math.min(...values)) : null,
    maximumCommission: values.length ? figure(random, noFigures, Math.max(...values)) : null,
    commissionRates,
    adCampaigns,
    trackingLink: `https://${random.pick(TRACKING_HOSTS)}/${random.code(10)}`,
    paymentModels,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(updatedMs).toISOString(),
  };
}

/** `count` merchants in storage order, with unique names and increasing merchant ids. */
export function generateMerchants(random: Random, count: number, nowMs: number): WireMerchant[] {
  const names = new Set<string>();
  const merchants: WireMerchant[] = [];
  let nextId = 10_000;
  for (let index = 0; index < count; index++) {
    nextId += random.int(1, 5);
    const merchantId = random.chance(NULL_MERCHANT_ID_SHARE) ? null : nextId;
    merchants.push(inventMerchant(random, index, merchantId, uniqueName(random, names), nowMs));
  }
  return merchants;
}
