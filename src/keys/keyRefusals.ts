/** What a 401 or a 403 means, from who refused which key. */
import type { KeyOpens } from './keyRing';

export type RefusalMeaning =
  /** The side needs the other kind of key: an account key for the reports, a platform key for the catalog. */
  | 'wrongKind'
  /** The key itself was refused: set it again. */
  | 'keyRefused'
  /** The report's platform filter names a platform not of the account. */
  | 'platformNotYours';

export interface RefusedRequest {
  status: number;
  side: 'catalog' | 'reports';
  /** The kind of the key sent, and what it opened when checked. */
  keyKind: 'platform' | 'account';
  opens: KeyOpens;
  /** The report asked was filtered to one platform. */
  platformFiltered?: boolean;
}

/**
 * The meaning of a 401 or 403; undefined for any other status. The service does not document which
 * endpoint refuses which kind of key, or with which status: a refusal of a key never seen to open
 * that side is "the wrong kind of key", never a failure or "not your platform". Only a key that
 * opened that side before was refused for itself (regenerated, say); and only a 403 of a report
 * filtered to a platform, asked with a key that opens the reports, is "not one of your account's".
 */
export function refusalMeaning(request: RefusedRequest): RefusalMeaning | undefined {
  const { status, side, keyKind, opens } = request;
  if (status !== 401 && status !== 403) {
    return undefined;
  }
  if (side === 'catalog') {
    // A platform key is what the catalog takes: its refusal is of the key (mistyped, regenerated).
    return keyKind === 'account' ? 'wrongKind' : 'keyRefused';
  }
  if (status === 403 && request.platformFiltered === true && (keyKind === 'account' || opens.reports === true)) {
    return 'platformNotYours';
  }
  if (keyKind === 'account') {
    return 'keyRefused';
  }
  return opens.reports === true ? 'keyRefused' : 'wrongKind';
}
