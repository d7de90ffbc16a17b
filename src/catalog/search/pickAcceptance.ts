/**
 * Which merchant an Enter in the merchant pick means. The pick's items are replaced as the user
 * types, and the workbench reports the chosen row by its index in the list it shows, which the
 * extension host reads against the items it set last. An Enter pressed before the new items are
 * shown (a pasted name, fast typing) so names a row of the old list: nothing, or another merchant.
 */

/** How long new items may take to reach the screen: an Enter sooner than this means the best match. */
export const ITEMS_SETTLE_MS = 250;

/**
 * The item an accept chooses: the best match for what was typed (the first item, as the host
 * ranks them) when the items changed less than `ITEMS_SETTLE_MS` before or nothing was reported
 * selected, else the selected item.
 */
export function acceptedItem<T>(
  selected: T | undefined,
  items: readonly T[],
  msSinceItemsChanged: number,
): T | undefined {
  if (selected === undefined || msSinceItemsChanged < ITEMS_SETTLE_MS) {
    return items[0];
  }
  return selected;
}
