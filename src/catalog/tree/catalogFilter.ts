/** The catalog tree's filter: text matched against names, domains and country codes, and deeplinks only. */
import type { MerchantSummary } from '../../merchant/merchantFields';
import { foldText } from '../present/textFold';

export type MerchantPredicate = (m: MerchantSummary) => boolean;

const COUNTRY_CODE = /^[a-z]{2}$/;
const NON_ASCII = /[^\x00-\x7f]/;

const REGEXP_SPECIAL = /[.*+?^${}()|[\]\\]/g;

/**
 * A test for "the folded text contains `folded`". A case-insensitive regular expression settles
 * plain ASCII text (most names and domains) without building a lower-cased copy; the full fold
 * only runs for text with other characters.
 */
function containsTest(folded: string): (text: string) => boolean {
  const pattern = new RegExp(folded.replace(REGEXP_SPECIAL, '\\$&'), 'i');
  return (text) => pattern.test(text) || (NON_ASCII.test(text) && foldText(text).includes(folded));
}

/**
 * A merchant passes when the (trimmed) filter text is empty, or is a case- and accent-insensitive
 * substring of its name or of any of its domains (the default domain included), or, when the text
 * is two letters, equals one of its country codes. `deeplinkOnly` keeps only `deeplinkAllowed` ones.
 */
export function compileCatalogFilter(filter: string, deeplinkOnly: boolean): MerchantPredicate {
  const folded = foldText(filter.trim());
  if (folded === '') {
    return deeplinkOnly ? (m) => m.deeplinkAllowed : () => true;
  }
  const country = COUNTRY_CODE.test(folded) ? folded.toUpperCase() : null;
  const contains = containsTest(folded);
  return (m) => {
    if (deeplinkOnly && !m.deeplinkAllowed) {
      return false;
    }
    if (contains(m.name)) {
      return true;
    }
    // The default domain is nearly always one of the domains too; look at it once.
    if (!m.domains.includes(m.defaultDomain) && contains(m.defaultDomain)) {
      return true;
    }
    const domains = m.domains;
    for (let i = 0; i < domains.length; i++) {
      if (contains(domains[i]!)) {
        return true;
      }
    }
    if (country !== null) {
      for (const code of m.countryCodes) {
        if (code.toUpperCase() === country) {
          return true;
        }
      }
    }
    return false;
  };
}
