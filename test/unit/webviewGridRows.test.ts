import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RowsResult, TableRow } from '../../src/reports/panel/protocol';
import { BLOCK_SIZE, RowBlocks } from '../../src/webviews/reports/app/gridRows';

interface Asked {
  selectionId: number;
  offset: number;
  count: number;
  answer(rows?: TableRow[]): void;
  fail(message: string): void;
}

/** Row blocks over a fake host whose answers the test gives, in any order. */
function blocksWithHost(tag = 'r') {
  const asked: Asked[] = [];
  let loaded = 0;
  const blocks = new RowBlocks(
    (selectionId, offset, count) =>
      new Promise<RowsResult>((resolve, reject) => {
        asked.push({
          selectionId,
          offset,
          count,
          answer: (rows) =>
            resolve({
              selectionId,
              offset,
              rows:
                rows ??
                Array.from({ length: count }, (_, i) => ({
                  key: `${tag}${offset + i}`,
                  cells: [offset + i],
                  actions: [],
                })),
            }),
          fail: (message) => reject(new Error(message)),
        });
      }),
    () => loaded++,
  );
  return { blocks, asked, loadedCount: () => loaded };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('webview row blocks', () => {
  it('asks for the missing blocks of a range once, and gives their rows when answered', async () => {
    const { blocks, asked, loadedCount } = blocksWithHost();
    blocks.reset(1, 1050);
    blocks.ensure(90, 250);
    blocks.ensure(90, 250);
    assert.deepEqual(
      asked.map((a) => [a.selectionId, a.offset, a.count]),
      [
        [1, 0, 100],
        [1, 100, 100],
        [1, 200, 100],
      ],
    );
    assert.equal(blocks.row(95), undefined);
    asked[0].answer();
    await settle();
    assert.equal(blocks.row(95)?.key, 'r95');
    assert.equal(loadedCount(), 1);
    blocks.ensure(1040, 1100);
    assert.deepEqual(asked.at(-1)?.count, 50, 'the last block is short');
  });

  it('drops the answers of an earlier selection', async () => {
    const { blocks, asked } = blocksWithHost();
    blocks.reset(1, 500);
    blocks.ensure(0, 10);
    blocks.reset(2, 500);
    asked[0].answer();
    await settle();
    assert.equal(blocks.row(0), undefined);
    blocks.ensure(0, 10);
    assert.deepEqual(
      asked.map((a) => a.selectionId),
      [1, 2],
    );
  });

  it('keeps showing a refreshed selection’s rows, stale, while they are read again', async () => {
    const { blocks, asked } = blocksWithHost();
    blocks.reset(1, 500);
    blocks.ensure(0, 10);
    asked[0].answer();
    await settle();
    blocks.reset(1, 500);
    assert.equal(blocks.row(3)?.key, 'r3');
    blocks.ensure(0, 10);
    assert.equal(asked.length, 2);
    asked[1].answer([
      { key: 'new', cells: [], actions: [] },
      ...Array.from({ length: 99 }, () => ({ key: 'n', cells: [], actions: [] })),
    ]);
    await settle();
    assert.equal(blocks.row(0)?.key, 'new');
  });

  it('says why a block failed and does not ask again for the same table', async () => {
    const { blocks, asked } = blocksWithHost();
    blocks.reset(1, 500);
    blocks.ensure(0, 10);
    asked[0].fail('The selection changed.');
    await settle();
    assert.equal(blocks.error(), 'The selection changed.');
    blocks.ensure(0, 10);
    assert.equal(asked.length, 1);
    blocks.reset(1, 500);
    assert.equal(blocks.error(), undefined);
    blocks.ensure(0, 10);
    assert.equal(asked.length, 2);
  });

  it('keeps a bounded number of blocks, never those in view', async () => {
    const { blocks, asked } = blocksWithHost();
    blocks.reset(1, 100_000);
    for (let block = 0; block < 100; block++) {
      blocks.ensure(block * BLOCK_SIZE, block * BLOCK_SIZE + 10);
      asked.at(-1)?.answer();
      await settle();
    }
    assert.equal(blocks.row(0), undefined, 'the first block was let go');
    assert.equal(blocks.row(99 * BLOCK_SIZE)?.key, `r${99 * BLOCK_SIZE}`);
    const kept = Array.from({ length: 100 }, (_, block) => blocks.row(block * BLOCK_SIZE)).filter(
      (row) => row !== undefined,
    ).length;
    assert.ok(kept <= 40, `${kept} blocks kept`);
  });

  it('asks only for rows of the table, at most 200 at a time, whatever the range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.tuple(fc.integer({ min: -500, max: 110_000 }), fc.integer({ min: 0, max: 400 })), {
          maxLength: 20,
        }),
        (rowCount, ranges) => {
          const { blocks, asked } = blocksWithHost();
          blocks.reset(1, rowCount);
          for (const [first, length] of ranges) {
            blocks.ensure(first, first + length);
          }
          for (const { offset, count } of asked) {
            assert.ok(
              offset >= 0 && count > 0 && count <= 200 && offset + count <= rowCount,
              JSON.stringify({ rowCount, offset, count }),
            );
          }
        },
      ),
    );
  });
});
