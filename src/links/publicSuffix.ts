/** The public suffix of a host name, from the Public Suffix List that `tldts` bundles. */
import { getPublicSuffix } from 'tldts';

/** Frozen, shared by every call: the input is already a bare host name, so tldts skips URL parsing. */
const OPTIONS = Object.freeze({
  allowPrivateDomains: true,
  detectIp: true,
  extractHostname: false,
  mixedInputs: false,
  validateHostname: false,
});

/**
 * The public suffix of `host`, which must be in canonical form (lower case, ASCII, no trailing
 * dot; see canonicalHost). A name the list does not know ends in its last label (`shop.test` →
 * `test`), so a single-label name is its own suffix. Null for IP addresses, which have none.
 * Private entries count too (`github.io`, `blogspot.com`): a site on them belongs to its owner.
 */
export function publicSuffixOf(host: string): string | null {
  try {
    return getPublicSuffix(host, OPTIONS);
  } catch {
    return null;
  }
}
