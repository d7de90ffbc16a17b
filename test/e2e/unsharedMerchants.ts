import type { WireMerchant } from '../../src/api/wire';

/** Merchants no other merchant shares a domain with, so their URLs match them alone. */
export function unshared(merchants: readonly WireMerchant[]): WireMerchant[] {
  const owners = new Map<string, number>();
  for (const merchant of merchants) {
    for (const domain of new Set([merchant.defaultDomain, ...(merchant.domains ?? [])])) {
      owners.set(domain, (owners.get(domain) ?? 0) + 1);
    }
  }
  return merchants.filter((merchant) => owners.get(merchant.defaultDomain) === 1);
}
