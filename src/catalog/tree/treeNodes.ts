/** The nodes of the catalog tree model and its options (their ids and order: `catalogTree.ts`). */
import type { CatalogMerchant } from '../../merchant/merchantFields';
import type { MerchantKey } from '../../merchant/merchantKey';

/** By name; by average commission, highest first; or by the publisher's own clicks, most first. */
export type SortOrder = 'name' | 'commission' | 'clicks';

export interface TreeOptions {
  sort: SortOrder;
  filter: string;
  deeplinkOnly: boolean;
  /** Most rows one level may list before a group is cut into buckets; default 1000. */
  bucketThreshold?: number;
  /** BCP 47 locale for name order and figures; the runtime's default when left out. */
  locale?: string;
  /**
   * The publisher's clicks on a merchant (by its `merchantId`) over the figures period, for the
   * `clicks` sort; undefined or left out: no clicks. Merchants without an id have none.
   */
  clicksOf?: (merchantId: number) => number | undefined;
}

export type CatalogNode =
  | {
      kind: 'group';
      id: string;
      active: boolean;
      /** "Active" or "Inactive", localised. */ label: string;
      count: number;
    }
  | { kind: 'bucket'; id: string; parentId: string; label: string; count: number }
  | { kind: 'merchant'; id: string; parentId: string; key: MerchantKey; merchant: CatalogMerchant }
  | { kind: 'detail'; id: string; parentId: string; label: string; description?: string; hasChildren: boolean };

export type GroupNode = Extract<CatalogNode, { kind: 'group' }>;
export type BucketNode = Extract<CatalogNode, { kind: 'bucket' }>;
export type MerchantNode = Extract<CatalogNode, { kind: 'merchant' }>;
export type DetailNode = Extract<CatalogNode, { kind: 'detail' }>;

/** A merchant of the catalog as the tree lists it. */
export interface CatalogEntry {
  key: MerchantKey;
  merchant: CatalogMerchant;
}

export function merchantNodeId(key: MerchantKey): string {
  return `merchant:${key}`;
}

export function merchantNode(entry: CatalogEntry, parentId: string): MerchantNode {
  return { kind: 'merchant', id: merchantNodeId(entry.key), parentId, key: entry.key, merchant: entry.merchant };
}
