/** Groups built in one pass over a report's items, and how they are labelled and ranked afterwards. */

export interface NamedTally {
  /** The first non-empty name met for the key: items come newest first, so the newest. */
  name: string | null;
}

/**
 * The tally of `key` in `groups`, created by `create` on first use.
 *
 * A plain Map of object literals, not a class: the hidden class of a per-call class instance
 * dies with it, and V8 then throws away the optimised code of the aggregation loop at every
 * garbage collection (measured in the bench: two to three times slower).
 */
export function tallyOf<K, T extends NamedTally>(
  groups: Map<K, T>,
  key: K,
  name: string | null,
  create: (name: string | null) => T,
): T {
  let tally = groups.get(key);
  if (tally === undefined) {
    tally = create(name);
    groups.set(key, tally);
  } else if (tally.name === null && name !== null) {
    tally.name = name;
  }
  return tally;
}

/**
 * What a group is called: its name, else its id; the group of items without an id is called by
 * `noValueLabel` ("No SubID"), whatever names its items carry, since they may differ.
 */
export function groupLabel(key: string | null, name: string | null, noValueLabel: string): string {
  if (key === null) {
    return noValueLabel;
  }
  return name ?? key;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Labels in a reader's order: case-insensitive, numbers by value ("SubID 2" before "SubID 10"). */
export function compareLabels(a: string, b: string): number {
  return collator.compare(a, b);
}

export interface RankedRow {
  key: string | null;
  label: string;
}

/** Biggest first by `measure`, then by label, then by key (the null key last): a total order. */
export function rankRows<R extends RankedRow>(rows: R[], measure: (row: R) => number): R[] {
  return rows.sort((a, b) => {
    const byMeasure = measure(b) - measure(a);
    if (byMeasure !== 0) {
      return byMeasure;
    }
    const byLabel = compareLabels(a.label, b.label);
    if (byLabel !== 0) {
      return byLabel;
    }
    if (a.key === b.key) {
      return 0;
    }
    if (a.key === null || b.key === null) {
      return a.key === null ? 1 : -1;
    }
    return a.key < b.key ? -1 : 1;
  });
}

export function shareOf(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
