import assert from 'node:assert/strict';
import { acceptedItem, ITEMS_SETTLE_MS } from '../../src/catalog/search/pickAcceptance';

describe('the merchant an Enter in the pick chooses', () => {
  const items = ['Alpine Vitamins Market', 'Alpine Vitamins Hub', 'Alpine Toys Direct'];

  it('is the row the user chose once the items have had time to show', () => {
    assert.equal(acceptedItem(items[2], items, ITEMS_SETTLE_MS), 'Alpine Toys Direct');
    assert.equal(acceptedItem(items[1], items, 5_000), 'Alpine Vitamins Hub');
  });

  it('is the best match for what was typed when Enter came before the new items could show', () => {
    // The host read the old list's row index against the new items: the second row of these.
    assert.equal(acceptedItem(items[1], items, 0), 'Alpine Vitamins Market');
    assert.equal(acceptedItem(items[2], items, ITEMS_SETTLE_MS - 1), 'Alpine Vitamins Market');
  });

  it('is the best match when the row named was past the end of the new items (nothing selected)', () => {
    assert.equal(acceptedItem(undefined, items, 10_000), 'Alpine Vitamins Market');
  });

  it('is nothing when nothing matches what was typed', () => {
    assert.equal(acceptedItem(undefined, [], 0), undefined);
    assert.equal(acceptedItem(undefined, [], 10_000), undefined);
  });
});
