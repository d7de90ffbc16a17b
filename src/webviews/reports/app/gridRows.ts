/**
 * The table's rows as the webview holds them: blocks of 100 read from the host by range, the most recently used kept,
 * stale blocks shown while read again.
 */
import { LatestWins, type Turn } from '../../../common/latestWins';
import type { RowsResult, TableRow } from '../../../reports/panel/protocol';

/** Rows per request (the host takes at most 200). */
export const BLOCK_SIZE = 100;
/** Blocks kept: 4,000 rows, several screens either side of the one shown. */
const MAX_BLOCKS = 40;

export type FetchRows = (selectionId: number, offset: number, count: number) => Promise<RowsResult>;

interface Block {
  rows: TableRow[] | undefined;
  /** Rows of an earlier snapshot of the same selection: shown, but read again. */
  stale: boolean;
  /** The table a request for this block was last sent in. */
  requested: Turn | undefined;
  /** The table a request failed in (not asked again in it). */
  failed: Turn | undefined;
  usedAt: number;
}

export class RowBlocks {
  private selectionId = -1;
  private rowCount = 0;
  /** A turn per table (new selection or refreshed): answers of an earlier one are dropped. */
  private readonly tables = new LatestWins();
  private table: Turn = this.tables.current();
  private clock = 0;
  private readonly blocks = new Map<number, Block>();
  private lastError: string | undefined;

  constructor(
    private readonly fetchRows: FetchRows,
    private readonly onLoaded: () => void,
  ) {}

  /** A new table. A new selection drops every block; the same selection refreshed keeps them, stale. */
  reset(selectionId: number, rowCount: number): void {
    if (selectionId !== this.selectionId) {
      this.blocks.clear();
    } else {
      for (const [index, block] of this.blocks) {
        if (index * BLOCK_SIZE >= rowCount) {
          this.blocks.delete(index);
        } else {
          block.stale = true;
        }
      }
    }
    this.selectionId = selectionId;
    this.rowCount = rowCount;
    this.table = this.tables.next();
    this.lastError = undefined;
  }

  /** The row at `index`, if its block is here (possibly stale); undefined while it loads. */
  row(index: number): TableRow | undefined {
    const block = this.blocks.get(Math.floor(index / BLOCK_SIZE));
    if (block === undefined || block.rows === undefined) {
      return undefined;
    }
    block.usedAt = this.clock;
    return block.rows[index % BLOCK_SIZE];
  }

  /** Why the last block could not be read in this table, if one could not. */
  error(): string | undefined {
    return this.lastError;
  }

  /** Reads the blocks of rows `first`..`last` (inclusive) that are missing or stale. */
  ensure(first: number, last: number): void {
    this.clock++;
    if (this.rowCount === 0 || last < first) {
      return;
    }
    const from = Math.floor(Math.max(0, first) / BLOCK_SIZE);
    const to = Math.floor(Math.min(this.rowCount - 1, last) / BLOCK_SIZE);
    for (let index = from; index <= to; index++) {
      let block = this.blocks.get(index);
      if (block === undefined) {
        block = { rows: undefined, stale: false, requested: undefined, failed: undefined, usedAt: this.clock };
        this.blocks.set(index, block);
      }
      block.usedAt = this.clock;
      const wanted = block.rows === undefined || block.stale;
      if (wanted && block.requested !== this.table && block.failed !== this.table) {
        this.load(index, block);
      }
    }
    this.evict(from, to);
  }

  private load(index: number, block: Block): void {
    const table = this.table;
    const selectionId = this.selectionId;
    const offset = index * BLOCK_SIZE;
    block.requested = table;
    this.fetchRows(selectionId, offset, Math.min(BLOCK_SIZE, this.rowCount - offset)).then(
      (result) => {
        if (
          !table.isCurrent ||
          result.selectionId !== selectionId ||
          result.offset !== offset ||
          this.blocks.get(index) !== block
        ) {
          return; // an earlier table's answer
        }
        block.rows = result.rows;
        block.stale = false;
        this.onLoaded();
      },
      (error: unknown) => {
        if (!table.isCurrent) {
          return;
        }
        block.failed = table;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.onLoaded();
      },
    );
  }

  /** Lets the least recently used blocks go, never those of the rows in view. */
  private evict(from: number, to: number): void {
    if (this.blocks.size <= MAX_BLOCKS) {
      return;
    }
    const candidates = [...this.blocks]
      .filter(([index]) => index < from || index > to)
      .sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [index] of candidates.slice(0, this.blocks.size - MAX_BLOCKS)) {
      this.blocks.delete(index);
    }
  }
}
