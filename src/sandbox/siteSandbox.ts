/** A sandbox with a site (`startSandbox({ site })`, `--site DIR`): the site written, its reports added, its revenue at risk. */
import type { SandboxDataset } from './dataset';
import { writeSite, type SiteArticle, type SiteSummary } from './site';
import { addSiteReports } from './siteReports';
import { localDate, revenueAtRisk, type RevenueAtRisk } from './siteRevenue';

export interface SandboxSiteOptions {
  /** Where to write the site (made if missing). */
  directory: string;
  /** How many articles; at least 1. */
  articles: number;
  /** Healthy deeplinks added to each article (the benches' denser site); 0 when left out. */
  moreDeeplinks?: number;
}

export interface SandboxSite {
  summary: SiteSummary;
  articles: SiteArticle[];
  /**
   * The clicks and earnings at risk of the last 30 days (siteRevenue.ts), computed again at each
   * read from the reports as they are then (a report touch changes them) and the clock's local date.
   */
  readonly revenueAtRisk: RevenueAtRisk;
}

/**
 * Writes the site over `dataset`'s catalog and adds its reports to `dataset` (siteReports.ts). The
 * site is the one `writeSite` writes with the same seed; `now` is the sandbox's clock.
 */
export function openSite(
  dataset: SandboxDataset,
  options: SandboxSiteOptions,
  context: { seed: number; historyDays?: number; now: () => Date },
): SandboxSite {
  const { summary, articles } = writeSite(options.directory, dataset.merchants, {
    articles: options.articles,
    seed: context.seed,
    moreDeeplinks: options.moreDeeplinks,
  });
  addSiteReports(dataset, articles, {
    seed: context.seed,
    nowMs: Date.parse(dataset.generatedAt),
    historyDays: context.historyDays,
  });
  return {
    summary,
    articles,
    get revenueAtRisk() {
      return revenueAtRisk(articles, dataset.clicks, dataset.actions, localDate(context.now()));
    },
  };
}
