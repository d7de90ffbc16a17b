/** Authentication as in spec 5: `Authorization: Bearer <key>`, the key alphanumeric. */
import { timingSafeEqual } from 'node:crypto';

const BEARER = /^Bearer ([A-Za-z0-9]+)$/;

export function isValidKey(key: string): boolean {
  return /^[A-Za-z0-9]+$/.test(key);
}

/** True when the header carries exactly the sandbox's key; compared in constant time. */
export function isAuthorized(header: string | undefined, key: string): boolean {
  const match = header === undefined ? null : BEARER.exec(header);
  if (!match) {
    return false;
  }
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
