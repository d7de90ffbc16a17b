/** One group (Active or Inactive) of the catalog tree: its filtered merchants, laid out directly or in buckets. */
import * as l10n from '@vscode/l10n';
import type { MerchantKey } from '../../merchant/merchantKey';
import { BUCKET_LETTERS, initialIndex } from '../present/textFold';
import { planLetterBuckets, planRankPages, type LetterBucketPlan } from './catalogBuckets';
import {
  merchantNode,
  type BucketNode,
  type CatalogEntry,
  type CatalogNode,
  type GroupNode,
  type SortOrder,
} from './treeNodes';

export type EntryComparator = (a: CatalogEntry, b: CatalogEntry) => number;

interface Bucket {
  node: BucketNode;
  /** Alphabetical bucket: its letters. Rank page: undefined (rank range below). */
  plan?: LetterBucketPlan;
  start: number;
  end: number;
}

interface LetterLayout {
  kind: 'letters';
  buckets: Bucket[];
  /** The letter (index into BUCKET_LETTERS) of each entry, by position in the group. */
  letterOf: Uint8Array;
  /** The group's entries per letter, in catalog order; made when a bucket is first expanded. */
  letterEntries?: CatalogEntry[][];
}

type Layout = { kind: 'flat' } | { kind: 'pages'; buckets: Bucket[] } | LetterLayout;

/**
 * Everything is worked out on first use: counting letters is all the first level needs; a bucket's
 * merchants are sorted when it is expanded, and the whole group only when sorted by commission or
 * clicks and a page is expanded (or a merchant revealed).
 */
export class CatalogGroup {
  readonly node: GroupNode;
  private layoutCache: Layout | undefined;
  private sortedAll: CatalogEntry[] | undefined;
  /** Sorted entries per bucket id (alphabetical) or per letter (split letters), once asked for. */
  private readonly sortedBuckets = new Map<string, CatalogEntry[]>();
  private readonly sortedLetters = new Map<number, CatalogEntry[]>();
  private parentIds: Map<MerchantKey, string> | undefined;

  constructor(
    active: boolean,
    /** The group's merchants that pass the filter, in catalog order. */
    private readonly entries: readonly CatalogEntry[],
    private readonly sort: SortOrder,
    private readonly threshold: number,
    private readonly compare: EntryComparator,
  ) {
    this.node = {
      kind: 'group',
      id: active ? 'group:active' : 'group:inactive',
      active,
      label: active
        ? l10n.t({ message: 'Active', comment: ['The group of active merchants.'] })
        : l10n.t({ message: 'Inactive', comment: ['The group of inactive merchants.'] }),
      count: entries.length,
    };
  }

  children(): CatalogNode[] {
    const layout = this.layout();
    if (layout.kind === 'flat') {
      return this.sorted().map((entry) => merchantNode(entry, this.node.id));
    }
    return layout.buckets.map((bucket) => bucket.node);
  }

  bucket(id: string): BucketNode | undefined {
    const layout = this.layout();
    return layout.kind === 'flat' ? undefined : layout.buckets.find((b) => b.node.id === id)?.node;
  }

  bucketChildren(id: string): CatalogNode[] {
    const layout = this.layout();
    if (layout.kind === 'flat') {
      return [];
    }
    const bucket = layout.buckets.find((b) => b.node.id === id);
    return bucket === undefined ? [] : this.bucketEntries(layout, bucket).map((entry) => merchantNode(entry, id));
  }

  /**
   * The id of the node a merchant of this group is listed under, or undefined when it is not in
   * the group. The first call maps every merchant of the group at once (sorting what the
   * layout needs), so that checking many merchants after a sync stays linear.
   */
  parentIdOf(key: MerchantKey): string | undefined {
    this.parentIds ??= this.mapParentIds();
    return this.parentIds.get(key);
  }

  private mapParentIds(): Map<MerchantKey, string> {
    const ids = new Map<MerchantKey, string>();
    const layout = this.layout();
    if (layout.kind === 'flat') {
      for (const entry of this.entries) {
        ids.set(entry.key, this.node.id);
      }
      return ids;
    }
    for (const bucket of layout.buckets) {
      // A bucket of whole letters needs no sorting to know who is in it.
      const plan = bucket.plan;
      const members =
        layout.kind === 'letters' && plan !== undefined && plan.part === undefined
          ? plan.letters.flatMap((letter) => this.letterEntries(layout, letter))
          : this.bucketEntries(layout, bucket);
      for (const entry of members) {
        ids.set(entry.key, bucket.node.id);
      }
    }
    return ids;
  }

  private layout(): Layout {
    this.layoutCache ??= this.planLayout();
    return this.layoutCache;
  }

  private planLayout(): Layout {
    const count = this.entries.length;
    if (count <= this.threshold) {
      return { kind: 'flat' };
    }
    if (this.sort !== 'name') {
      const buckets = planRankPages(count, this.threshold).map((page) => ({
        node: this.bucketNode(page.label, page.end - page.start),
        start: page.start,
        end: page.end,
      }));
      return { kind: 'pages', buckets };
    }
    // Counting is all the first level needs; who is in which bucket waits until one is expanded.
    const letterOf = new Uint8Array(count);
    const counts = BUCKET_LETTERS.map(() => 0);
    for (let i = 0; i < count; i++) {
      const letter = initialIndex(this.entries[i]!.merchant.name);
      letterOf[i] = letter;
      counts[letter]!++;
    }
    const buckets = planLetterBuckets(counts, this.threshold).map((plan) => ({
      node: this.bucketNode(plan.label, plan.count),
      plan,
      start: plan.part?.start ?? 0,
      end: plan.part?.end ?? plan.count,
    }));
    return { kind: 'letters', buckets, letterOf };
  }

  private letterEntries(layout: LetterLayout, letter: number): CatalogEntry[] {
    if (layout.letterEntries === undefined) {
      const lists: CatalogEntry[][] = BUCKET_LETTERS.map(() => []);
      this.entries.forEach((entry, i) => lists[layout.letterOf[i]!]!.push(entry));
      layout.letterEntries = lists;
    }
    return layout.letterEntries[letter]!;
  }

  private bucketNode(label: string, count: number): BucketNode {
    return {
      kind: 'bucket',
      id: `bucket:${this.node.active ? 'active' : 'inactive'}:${label}`,
      parentId: this.node.id,
      label,
      count,
    };
  }

  private sorted(): CatalogEntry[] {
    this.sortedAll ??= this.entries.slice().sort(this.compare);
    return this.sortedAll;
  }

  private sortedLetter(layout: LetterLayout, letter: number): CatalogEntry[] {
    let sorted = this.sortedLetters.get(letter);
    if (sorted === undefined) {
      sorted = this.letterEntries(layout, letter).slice().sort(this.compare);
      this.sortedLetters.set(letter, sorted);
    }
    return sorted;
  }

  private bucketEntries(layout: Exclude<Layout, { kind: 'flat' }>, bucket: Bucket): CatalogEntry[] {
    const plan = bucket.plan;
    if (layout.kind === 'pages' || plan === undefined) {
      return this.sorted().slice(bucket.start, bucket.end);
    }
    if (plan.part !== undefined) {
      return this.sortedLetter(layout, plan.letters[0]!).slice(bucket.start, bucket.end);
    }
    let sorted = this.sortedBuckets.get(bucket.node.id);
    if (sorted === undefined) {
      sorted = plan.letters.flatMap((letter) => this.letterEntries(layout, letter)).sort(this.compare);
      this.sortedBuckets.set(bucket.node.id, sorted);
    }
    return sorted;
  }
}
