/** Touching the reports: a few items of each changed as statistics move on, so the service lists them first. */
import type { WireActionItem, WireClickItem } from '../api/wire';
import { Random } from './random';
import { compareActionIds, compareClickIds, reorderMoved } from './reportOrder';

/** The most items of each report one touch may change. */
export const MAX_TOUCH_COUNT = 100_000;
/** Share of decided pending actions that are confirmed rather than canceled. */
const CONFIRM_CHANCE = 0.8;

/**
 * Salt of the touch stream, apart from the streams the data was generated from: items are picked over
 * the whole history from a random stream of its own, so a touch is repeatable from the seed.
 */
const TOUCH_STREAM = 0x544f5543;

export interface TouchedCounts {
  clicks: number;
  actions: number;
}

/** The two report lists a touch changes, in place (the dataset's own arrays). */
export interface TouchableReports {
  clicks: WireClickItem[];
  actions: WireActionItem[];
}

export class ReportToucher {
  private readonly random: Random;

  constructor(
    private readonly reports: TouchableReports,
    seed: number,
  ) {
    this.random = new Random(seed ^ TOUCH_STREAM);
  }

  /**
   * Changes `count` click items and `count` action items (all of them when there are fewer),
   * sets their `updatedAt` to `nowIso` and puts them back in report order. Throws RangeError
   * unless `count` is a whole number from 1 to MAX_TOUCH_COUNT.
   */
  touch(count: number, nowIso: string): TouchedCounts {
    if (!Number.isSafeInteger(count) || count < 1 || count > MAX_TOUCH_COUNT) {
      throw new RangeError(`count must be a whole number from 1 to ${MAX_TOUCH_COUNT}; got ${count}.`);
    }
    const { clicks, actions } = this.reports;
    const touchedClicks = this.pick(clicks.length, count);
    for (const index of touchedClicks) {
      const item = clicks[index];
      item.count += this.random.int(1, 5);
      item.updatedAt = nowIso;
    }
    reorderMoved(clicks, touchedClicks, compareClickIds);
    // A SETTLED action no longer changes: the touch moves the others on.
    const movable: number[] = [];
    for (let index = 0; index < actions.length; index++) {
      if (actions[index].status !== 'SETTLED') {
        movable.push(index);
      }
    }
    const touchedActions = this.pick(movable.length, count).map((at) => movable[at]);
    for (const index of touchedActions) {
      const item = actions[index];
      this.moveOn(item);
      item.updatedAt = nowIso;
    }
    reorderMoved(actions, touchedActions, compareActionIds);
    return { clicks: touchedClicks.length, actions: touchedActions.length };
  }

  /**
   * `count` distinct indexes below `size` (all of them when there are fewer), by Floyd's
   * sampling: exactly one draw per index, however close `count` is to `size`.
   */
  private pick(size: number, count: number): number[] {
    const taken = Math.min(count, size);
    const indexes = new Set<number>();
    for (let top = size - taken; top < size; top++) {
      const index = this.random.int(0, top);
      indexes.add(indexes.has(index) ? top : index);
    }
    return [...indexes];
  }

  /** A pending action is decided; a decided one has its commission corrected by a cent or more. */
  private moveOn(action: WireActionItem): void {
    if (action.status === 'PENDING') {
      action.status = this.random.chance(CONFIRM_CHANCE) ? 'CONFIRMED' : 'CANCELED';
      return;
    }
    // In thousandths: commissions of CLICK actions carry three decimals.
    const mills = Math.round(action.commission * 1000);
    const change = 10 * this.random.int(1, Math.max(1, Math.round(mills / 100)));
    // Corrections go both ways, but never down to less than a cent.
    const down = mills - change >= 10 && this.random.chance(0.5);
    action.commission = (down ? mills - change : mills + change) / 1000;
  }
}
