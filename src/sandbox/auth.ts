/** Authentication as in spec 5: `Authorization: Bearer <key>`, the key alphanumeric. */
import { timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer ([A-Za-z0-9]+)$/;

export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9]+$/.test(key);
}

/** True when the header carries exactly the sandbox's key; compared in constant time. */
export function isAuthorized(header: string | undefined, key: string): boolean {
  return matchingKey(header, [key]) === 0;
}

/**
 * The index in `keys` of the key the header carries, or -1 (no header, not `Bearer <key>`, or
 * no such key). The header's key is compared with every one of `keys`, each in constant time
 * (as isAuthorized always did), and the search never stops at a match.
 */
export function matchingKey(header: string | undefined, keys: readonly string[]): number {
  const match = header === undefined ? null : BEARER.exec(header);
  if (!match) {
    return -1;
  }
  const given = Buffer.from(match[1]);
  let found = -1;
  keys.forEach((key, index) => {
    const expected = Buffer.from(key);
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    if (same && found < 0) {
      found = index;
    }
  });
  return found;
}
