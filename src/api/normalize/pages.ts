/** Whole response bodies: the envelope checked (spec 4), each item normalised, unreadable ones skipped and counted. */
import * as l10n from '@vscode/l10n';
import { InvalidResponseError } from '../errors';
import type { ActionItem, ClickItem, MerchantPage, ReportPage } from '../types';
import { isObject, readInteger, type JsonObject } from './fields';
import { normalizeMerchant, type Normalized } from './merchant';
import { normalizeActionItem, normalizeClickItem } from './reportItems';

/** Told about each item left out, with its index in `data` and why. */
export type SkipReporter = (index: number, reason: string) => void;

function envelope(body: unknown, path: string): { meta: JsonObject; data: unknown[] } {
  if (!isObject(body)) {
    throw new InvalidResponseError(l10n.t("The service's answer to GET {0} is not a JSON object.", path), path);
  }
  if (!Array.isArray(body.data)) {
    throw new InvalidResponseError(
      l10n.t({
        message: 'The service\'s answer to GET {0} has no "data" list.',
        args: [path],
        comment: ['Keep "data": a field name.'],
      }),
      path,
    );
  }
  return { meta: isObject(body.meta) ? body.meta : {}, data: body.data };
}

/** The items that could be read; `dataIndexes`, when given, gets the index in `data` of each. */
function readItems<T>(
  data: unknown[],
  normalize: (raw: unknown) => Normalized<T>,
  onSkip: SkipReporter,
  dataIndexes?: number[],
): T[] {
  const items: T[] = [];
  data.forEach((raw, index) => {
    const result = normalize(raw);
    if (result.ok) {
      items.push(result.value);
      dataIndexes?.push(index);
    } else {
      onSkip(index, result.reason);
    }
  });
  return items;
}

/** A merchant page; with `bytes` (the body as sent) the page carries its `source`. */
export function readMerchantPage(body: unknown, path: string, onSkip: SkipReporter, bytes?: Uint8Array): MerchantPage {
  const { meta, data } = envelope(body, path);
  const rawNext = meta.next;
  const next = rawNext === undefined || rawNext === null ? null : readInteger(rawNext);
  if (next === null && rawNext !== undefined && rawNext !== null) {
    throw new InvalidResponseError(
      l10n.t({
        message: 'The service\'s answer to GET {0} has a "meta.next" that is not a whole number.',
        args: [path],
        comment: ['Keep "meta.next": a field name.'],
      }),
      path,
    );
  }
  let skipped = 0;
  const dataIndexes: number[] = [];
  const merchants = readItems(
    data,
    normalizeMerchant,
    (index, reason) => {
      skipped += 1;
      onSkip(index, reason);
    },
    dataIndexes,
  );
  return bytes === undefined
    ? { merchants, next, skipped }
    : { merchants, next, skipped, source: { bytes, dataIndexes } };
}

function readReportPage<T>(
  body: unknown,
  path: string,
  normalize: (raw: unknown) => Normalized<T>,
  requested: { offset: number; limit: number },
  onSkip: SkipReporter,
): ReportPage<T> {
  const { meta, data } = envelope(body, path);
  let skipped = 0;
  const items = readItems(data, normalize, (index, reason) => {
    skipped += 1;
    onSkip(index, reason);
  });
  return {
    items,
    offset: readInteger(meta.offset) ?? requested.offset,
    limit: readInteger(meta.limit) ?? requested.limit,
    total: readInteger(meta.total),
    received: data.length,
    skipped,
  };
}

export type ReportPageReader<T> = (
  body: unknown,
  path: string,
  requested: { offset: number; limit: number },
  onSkip: SkipReporter,
) => ReportPage<T>;

export const readClickPage: ReportPageReader<ClickItem> = (body, path, requested, onSkip) =>
  readReportPage(body, path, normalizeClickItem, requested, onSkip);

export const readActionPage: ReportPageReader<ActionItem> = (body, path, requested, onSkip) =>
  readReportPage(body, path, normalizeActionItem, requested, onSkip);
