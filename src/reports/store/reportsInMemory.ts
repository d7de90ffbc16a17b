/**
 * The reports the store keeps in memory (the most recently changed, and those a view holds), with their filter choices.
 */
import type { IDisposable } from '../../common/lifecycle';
import type { CachedReport, CachedReportKind } from '../cache/reportCacheFile';
import { aggregateActions } from '../model/actionReport';
import { aggregateClicks } from '../model/clickReport';
import { filterChoices, type FilterChoices } from '../model/filterChoices';
import type { ReportState } from './reportState';

/**
 * Reports kept in memory, most recently changed first, besides those held (`hold`) or being
 * read; older ones are let go (their cache file stays, so opening one again shows it at once).
 * A 100,000-item report holds about 20 MB.
 */
export const REPORTS_IN_MEMORY = 6;

export class ReportsInMemory {
  /** By query key, the most recently changed last. */
  private readonly states = new Map<string, ReportState>();
  /** Queries something shows now, by how many holders: never let go while held. */
  private readonly held = new Map<string, number>();
  /** Filter choices worked out per report object; weak, so a report let go takes them along. */
  private readonly choicesOf = new WeakMap<CachedReport, FilterChoices>();

  get<K extends CachedReportKind>(key: string): ReportState<K> | undefined {
    return this.states.get(key) as ReportState<K> | undefined;
  }

  /** Keeps the query's report while the returned disposable lives, past the REPORTS_IN_MEMORY most recent. */
  hold(key: string): IDisposable {
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    let released = false;
    return {
      dispose: () => {
        if (released) {
          return;
        }
        released = true;
        const count = (this.held.get(key) ?? 1) - 1;
        if (count > 0) {
          this.held.set(key, count);
        } else {
          this.held.delete(key);
        }
      },
    };
  }

  /** Keeps `state` as the most recent, and lets go the oldest past REPORTS_IN_MEMORY neither held nor `reading`. */
  keep(state: ReportState, reading: (key: string) => boolean): void {
    this.states.delete(state.key);
    this.states.set(state.key, state);
    for (const key of this.states.keys()) {
      if (this.states.size <= REPORTS_IN_MEMORY) {
        break;
      }
      if (!reading(key) && !this.held.has(key)) {
        this.states.delete(key);
      }
    }
  }

  /**
   * The platforms, programs and SubIDs seen in `report`, with their names, most clicks (or
   * actions) first: the choices of the report's filters.
   */
  choices(report: CachedReport, period: { from: string; to: string }): FilterChoices {
    // Aggregating 100,000 items takes tens of milliseconds: once per report shown, not per call.
    let choices = this.choicesOf.get(report);
    if (choices === undefined) {
      choices =
        report.kind === 'clicks'
          ? filterChoices(
              aggregateClicks(
                (report as CachedReport<'clicks'>).windows.flatMap((window) => window.items),
                period,
              ),
            )
          : filterChoices(
              undefined,
              aggregateActions(
                (report as CachedReport<'actions'>).windows.flatMap((window) => window.items),
                period,
              ),
            );
      this.choicesOf.set(report, choices);
    }
    return choices;
  }
}
