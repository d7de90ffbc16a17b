/** The whole data set of one sandbox: a catalog, an account and its two reports, from one seed. */
import type { WireActionItem, WireClickItem, WireMerchant } from '../api/wire';
import { Random } from './random';
import { generateMerchants } from './merchantData';
import {
  generateActions,
  generateClicks,
  generatePlatforms,
  generatePrograms,
  type NamedId,
  type SandboxProgram,
} from './reportData';
import { SUB_IDS } from './vocabulary';

export interface DatasetOptions {
  seed: number;
  merchants: number;
  clicks: number;
  actions: number;
  now: Date;
  /** Days of report history, today included; 125 when left out (a 120-day window is full). */
  historyDays?: number;
}

export interface SandboxDataset {
  /** The clock reading the data was generated relative to. */
  generatedAt: string;
  /** The catalog in storage order; `touchMerchant` updates entries in place. */
  merchants: WireMerchant[];
  /** The account's platforms (adspaces): reports for any other adspace are 403. */
  platforms: NamedId[];
  /** Each program is one catalog merchant, whose `merchantId` its click items carry. */
  programs: SandboxProgram[];
  /** The SubIDs items carry: article slugs (see SUB_IDS). */
  subIds: readonly string[];
  /**
   * Click items in report order: `updatedAt` descending, then `id` ascending as strings,
   * null ids last. `touchReports` changes items and reorders this array in place.
   */
  clicks: WireClickItem[];
  /** Action items in report order: `updatedAt` descending, then `id` ascending; touched in place too. */
  actions: WireActionItem[];
}

/** Independent streams, so that changing one count leaves the other data as it was. */
const STREAMS = { merchants: 0x4d455243, account: 0x41434354, clicks: 0x434c4943, actions: 0x41435449 } as const;

export function generateDataset(options: DatasetOptions): SandboxDataset {
  const nowMs = options.now.getTime();
  const stream = (salt: number) => new Random(options.seed ^ salt);
  const merchants = generateMerchants(stream(STREAMS.merchants), options.merchants, nowMs);
  const account = stream(STREAMS.account);
  const platforms = generatePlatforms(account);
  const programs = generatePrograms(account, merchants);
  const reportAccount = { nowMs, platforms, programs, historyDays: options.historyDays };
  return {
    generatedAt: options.now.toISOString(),
    merchants,
    platforms,
    programs,
    subIds: SUB_IDS,
    clicks: generateClicks(stream(STREAMS.clicks), options.clicks, reportAccount),
    actions: generateActions(stream(STREAMS.actions), options.actions, reportAccount),
  };
}

/** The UTC calendar day of an item, for period filtering. */
export function clickDay(item: WireClickItem): string {
  return item.date;
}

export function actionDay(item: WireActionItem): string {
  return item.createdAt.slice(0, 10);
}
