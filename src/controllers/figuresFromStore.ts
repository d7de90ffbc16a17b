/**
 * What the figures make of the reports the store holds now (today's clicks, the aggregate's reports, where they
 * stand), and the queries they watch and hold. Reads the store; never asks it for a read.
 */
import type { IDisposable } from '../common/lifecycle';
import { buildFiguresAggregate, type FiguresAggregate } from '../reports/figures/figuresAggregate';
import { queryKey, type ReportProgress, type ReportState, type StoreQuery } from '../reports/store/reportState';
import type { ReportStore } from '../reports/store/reportStore';
import { clicksOn, figuresQueries, todayQuery, type FiguresQueries, type TodayClicks } from './figuresQueries';
import type { FiguresDays } from '../settings/figuresSettings';

/** The store and queries the figures follow, for one day, period and setting. */
export interface Watched {
  store: ReportStore;
  days: FiguresDays;
  today: string;
  /** The workspace's platform the figures count (the reports' `adspaceId`); undefined for all. */
  platformId: string | undefined;
  /** The figures' queries; undefined while the figures are off (today's clicks are still read). */
  queries: FiguresQueries | undefined;
  /** The query today's clicks are counted from: the figures' clicks, or today's alone. */
  todayClicks: StoreQuery<'clicks'>;
  /** The active article's SubIDs read first, each with its three queries. */
  focus: Map<string, FiguresQueries>;
  keys: Set<string>;
  subscriptions: IDisposable[];
  /** The report objects the aggregate was built from: a state change that keeps them needs no rebuild. */
  builtFrom: unknown[];
}

/** The figures' own queries: the three of the figures period, or today's clicks alone while the figures are off. */
export function watchedQueries(watched: Pick<Watched, 'queries' | 'todayClicks'>): StoreQuery[] {
  const { queries, todayClicks } = watched;
  return queries === undefined ? [todayClicks] : [queries.clicks, queries.previous, queries.actions];
}

/** Whether `watched` follows `store` for these settings: else the figures watch anew. */
export function stillWatches(
  watched: Watched,
  store: ReportStore,
  settings: { days: FiguresDays; enabled: boolean; today: string; platformId: string | undefined },
): boolean {
  return (
    watched.store === store &&
    watched.days === settings.days &&
    watched.today === settings.today &&
    watched.platformId === settings.platformId &&
    (watched.queries !== undefined) === settings.enabled
  );
}

/**
 * Watches the figures' queries of `today` in `store`: holds them (the store keeps them in memory),
 * and says when one of them changed, and when the clicks' read waits for the rate limit.
 */
export function watchFigures(
  store: ReportStore,
  settings: { days: FiguresDays; enabled: boolean; today: string; platformId: string | undefined },
  on: { changed(): void; waiting(wait: ReportProgress['wait']): void },
): Watched {
  const { days, today, platformId } = settings;
  const queries = settings.enabled ? figuresQueries(days, today, undefined, platformId) : undefined;
  const todayClicks = queries?.clicks ?? todayQuery(today, platformId);
  const all = watchedQueries({ queries, todayClicks });
  const keys = new Set(all.map((query) => queryKey(query)));
  const todayKey = queryKey(todayClicks);
  const watched: Watched = {
    store,
    days,
    today,
    platformId,
    queries,
    todayClicks,
    focus: new Map(),
    keys,
    subscriptions: all.map((query) => store.hold(query)),
    builtFrom: [],
  };
  watched.subscriptions.push(
    store.onDidChange((state) => watched.keys.has(state.key) && on.changed()),
    store.onDidProgress((progress) => progress.key === todayKey && on.waiting(progress.wait)),
  );
  return watched;
}

export interface FiguresRead {
  today: TodayClicks | undefined;
  /** The reports the aggregate comes from, in order (the same objects: nothing to build again). */
  reports: unknown[];
  /** Whether `reports` differ from those the aggregate was last built from (`builtFrom`). */
  newReports: boolean;
  status: { at: string | undefined; offline: boolean };
  /** Builds the aggregate; undefined while there are no clicks to build it from. */
  build: (() => FiguresAggregate) | undefined;
  /** "the account", or the SubIDs read first, for the log. */
  source: string;
}

export function figuresFromStore(watched: Watched): FiguresRead {
  const { store, queries, todayClicks } = watched;
  const todayState = store.state(todayClicks);
  const today =
    todayState === undefined ? undefined : { state: todayState, clicks: clicksOn(todayState, watched.today) };
  const accountWide = queries !== undefined && store.state(queries.clicks)?.report !== undefined;
  const sets = queries === undefined ? [] : accountWide ? [queries] : [...watched.focus.values()];
  const states = sets.map(
    (set) => [store.state(set.clicks), store.state(set.previous), store.state(set.actions)] as const,
  );
  const reports = states.flatMap((three) => three.map((state) => state?.report));
  const clickStates = states
    .map(([clicks]) => clicks)
    .filter((state): state is ReportState<'clicks'> => state?.report !== undefined);
  const status = {
    at: clickStates.map((state) => state.asOf).sort()[0],
    offline: states.flat().some((state) => state?.status === 'offline'),
  };
  const items = <T>(pick: (three: (typeof states)[number]) => ReportState | undefined): T[] =>
    states.flatMap((three) => (pick(three)?.report?.windows.flatMap((window) => window.items) ?? []) as T[]);
  const build =
    queries === undefined || clickStates.length === 0
      ? undefined
      : () =>
          buildFiguresAggregate({
            period: queries.clicks.period,
            previousPeriod: queries.previous.period,
            days: watched.days,
            clicks: items(([clicks]) => clicks),
            // Until every previous period is read, no change is shown (rather than "new").
            previousClicks: states.every(([, previous]) => previous?.report !== undefined)
              ? items(([, previous]) => previous)
              : undefined,
            actions: items(([, , actions]) => actions),
            actionsKnown: states.every(([, , actions]) => actions?.report !== undefined),
            ...(accountWide ? {} : { subIdsOnly: [...watched.focus.keys()] }),
          });
  const newReports =
    reports.length !== watched.builtFrom.length || reports.some((report, index) => report !== watched.builtFrom[index]);
  return {
    today,
    reports,
    newReports,
    status,
    build,
    source: accountWide ? 'the account' : `SubIDs ${[...watched.focus.keys()].join(', ')}`,
  };
}
