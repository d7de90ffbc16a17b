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

/** Hosts whose public suffix a memo keeps; it is emptied when full. */
const SUFFIX_MEMO_SIZE = 4096;

/** The public suffixes of hosts, each worked out once while the memo keeps it: what a domain's rules ask of a host. */
export class SuffixMemo {
  private readonly memo = new Map<string, string | null>();

  /** Whether `domain` (`host` or a parent of it) is longer than the public suffix of `host`. */
  below(host: string, domain: string): boolean {
    let suffix = this.memo.get(host);
    if (suffix === undefined) {
      suffix = publicSuffixOf(host);
      if (this.memo.size >= SUFFIX_MEMO_SIZE) {
        this.memo.clear();
      }
      this.memo.set(host, suffix);
    }
    // No suffix: an IP address, which only its own entry matches.
    return suffix === null ? domain === host : domain.length > suffix.length;
  }
}
