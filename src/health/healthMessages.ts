/** The words of the link health: each finding's message and each fix's title. */
import * as l10n from '@vscode/l10n';
import { quote, quoteName } from '../links/linkResult';

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/;

/** The date part of an ISO date or date-time, or undefined. */
function dateOf(value: string | null | undefined): string | undefined {
  return typeof value === 'string' ? ISO_DATE.exec(value)?.[1] : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

export const findingWords = {
  unknownTrackingLink: (url: string) =>
    l10n.t(
      'No merchant in the catalog owns this link on the tracking host {0}: the merchant may have left the network, and the link earns nothing.',
      hostOf(url),
    ),
  inactive(name: string, since: string | undefined, updatedAt: string | null) {
    const sinceDate = dateOf(since);
    if (sinceDate !== undefined) {
      return l10n.t('{0} has been inactive since {1}: this link earns nothing.', quoteName(name), sinceDate);
    }
    const changed = dateOf(updatedAt);
    return changed !== undefined
      ? l10n.t(
          '{0} is inactive (its catalog entry last changed on {1}): this link earns nothing.',
          quoteName(name),
          changed,
        )
      : l10n.t('{0} is inactive: this link earns nothing.', quoteName(name));
  },
  deeplinksNotAllowed: (name: string) =>
    l10n.t(
      '{0} no longer allows deeplinks: this deeplink earns nothing. Use its tracking link or another merchant.',
      quoteName(name),
    ),
  targetOffMerchant: (name: string, target: string) =>
    l10n.t(
      "This deeplink of {0} leads to {1}, which is not one of the merchant's domains: the click goes to a merchant that pays nothing for it.",
      quoteName(name),
      quote(hostOf(target)),
    ),
  subIdMismatch: (found: readonly string[], expected: string) =>
    found.length === 0
      ? l10n.t('This deeplink carries no SubID; the article’s SubID is {0}.', quote(expected))
      : l10n.t(
          'This deeplink carries the SubID {0}, not the article’s {1}: its clicks are credited to another article.',
          found.map((subId) => quote(subId)).join(', '),
          quote(expected),
        ),
  notMonetized: (name: string, commission: string | undefined) =>
    commission === undefined
      ? l10n.t('{0} allows deeplinks: this plain link to it earns nothing.', quoteName(name))
      : l10n.t({
          message: '{0} pays {1} average commission and allows deeplinks: this plain link to it earns nothing.',
          args: [quoteName(name), commission],
          comment: ['{1}: a percentage.'],
        }),
  relSponsoredMissing: () =>
    l10n.t('This affiliate link has no rel="sponsored", which Google asks of paid and affiliate links.'),
  disclosureMissing: () =>
    l10n.t(
      'This article has affiliate links but no disclosure before the first of them (this is guidance, not legal advice).',
    ),
};

export const fixWords = {
  replaceWithDeeplink: (name: string) => l10n.t('Replace with a deeplink of {0}', quoteName(name)),
  replaceWithTrackingLink: (name: string) => l10n.t('Replace with the tracking link of {0}', quoteName(name)),
  unwrap: (url: string) => l10n.t('Replace with the plain address {0}', quote(url)),
  fixSubId: (subId: string) => l10n.t('Set the SubID to {0}', quote(subId)),
  addRelSponsored: () => l10n.t('Add rel="sponsored"'),
  monetize: (name: string) => l10n.t('Make it a deeplink of {0}', quoteName(name)),
  insertDisclosure: () => l10n.t('Insert the disclosure at the top'),
  ignoreLink: () => l10n.t('Ignore this link'),
};

/** Made once: a formatter costs a fraction of a millisecond to make, and a site has thousands of such links. */
const PERCENT = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** A percentage as the catalog writes it (4.2 means 4.2%). */
export function percent(value: number): string {
  return PERCENT.format(value / 100);
}
