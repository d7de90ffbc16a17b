/**
 * How the figures ask the report store: how long a read (here or by another window) serves each query, the
 * active article's SubIDs first, then the figures' own queries, and each kind of failure logged once. No `vscode`.
 */
import type { RequestPriority } from '../api/budget/budgetWindows';
import { httpStatusOf, serviceErrorKind } from '../api/errors';
import type { ClientLogger } from '../api/types';
import { messageOf } from '../common/errorMessage';
import { queryKey, type ReportState, type StoreQuery } from '../reports/store/reportState';
import { watchedQueries, type Watched } from './figuresFromStore';
import { figuresQueries, type FiguresQueries } from './figuresQueries';

/** How long another window's read of the previous period serves: it hardly changes. */
export const PREVIOUS_FRESH_MS = 6 * 3_600_000;

/**
 * How long a read of `query` serves, here or by another window: not at all for a person who waits
 * (`interactive`); else `refreshMinutes`, and at least six hours for the previous period.
 */
export function freshForMs(
  query: StoreQuery,
  queries: FiguresQueries | undefined,
  priority: RequestPriority,
  refreshMinutes: number,
): number {
  if (priority === 'interactive') {
    return 0;
  }
  const fresh = refreshMinutes * 60_000;
  return query === queries?.previous ? Math.max(fresh, PREVIOUS_FRESH_MS) : fresh;
}

/** Opens the figures' own queries at `priority`, each skipped while a read of it is fresh; their states after. */
export function readFigures(
  watched: Watched,
  priority: RequestPriority,
  refreshMinutes: number,
): Promise<ReportState[]> {
  return Promise.all(
    watchedQueries(watched).map((query) =>
      watched.store.open(query, { priority, freshForMs: freshForMs(query, watched.queries, priority, refreshMinutes) }),
    ),
  );
}

/**
 * Reads the three queries of each of `subIds` not read yet (foreground: the active article is on
 * screen), each skipped while a read of it, here or by another window, is as fresh as the figures'
 * own (`freshForMs`; `priority` is that of the figures' read it comes with: `interactive` reads again).
 */
export async function readFocus(
  watched: Watched,
  subIds: readonly string[],
  options: { priority: RequestPriority; refreshMinutes: number; log: Pick<ClientLogger, 'debug'> },
): Promise<void> {
  const fresh = subIds.filter((subId) => !watched.focus.has(subId));
  if (watched.queries === undefined || fresh.length === 0) {
    return;
  }
  const opens: Array<Promise<ReportState>> = [];
  for (const subId of fresh) {
    const queries = figuresQueries(watched.days, watched.today, subId, watched.platformId);
    watched.focus.set(subId, queries);
    for (const query of [queries.clicks, queries.previous, queries.actions]) {
      watched.keys.add(queryKey(query));
      watched.subscriptions.push(watched.store.hold(query));
      const freshFor = freshForMs(query, queries, options.priority, options.refreshMinutes);
      opens.push(watched.store.open(query, { priority: 'foreground', freshForMs: freshFor }));
    }
  }
  options.log.debug(
    `Figures: nothing account-wide is cached yet; reading the active article's SubIDs first (${fresh.join(', ')}).`,
  );
  await Promise.all(opens);
}

/** Logs each kind of failure of the figures' reads once until a refresh succeeds; never a notification. */
export class FiguresFailures {
  private readonly logged = new Set<string>();

  constructor(private readonly log: Pick<ClientLogger, 'warn'>) {}

  /** Notes how a refresh went: a success forgets what was logged, so the next failure is logged again. */
  note(states: readonly ReportState[]): void {
    const failures = states.filter((state) => state.status === 'failed' || state.status === 'offline');
    if (failures.length === 0) {
      this.logged.clear();
      return;
    }
    for (const state of failures) {
      const kind =
        state.status === 'offline'
          ? 'offline'
          : `${serviceErrorKind(state.error) ?? state.error?.name ?? 'failed'} ${httpStatusOf(state.error) ?? ''}`;
      this.once(
        kind,
        `Figures: the ${state.query.kind} report of ${state.query.period.from}..${state.query.period.to} could not be refreshed (${messageOf(state.error)}); ${state.report ? 'the cached figures stay' : 'no figures are shown'}.`,
      );
    }
  }

  once(kind: string, message: string): void {
    if (!this.logged.has(kind)) {
      this.logged.add(kind);
      this.log.warn(message);
    }
  }
}
