/** Turns raw click items (spec 2.2) and action items (spec 2.3) into typed items, or rejects them. */
import type { ActionItem, ClickItem } from '../types';
import { isObject, readBoolean, readId, readInteger, readNumber, readText } from './fields';
import type { Normalized } from './merchant';

function notAnObject(raw: unknown): Normalized<never> {
  return { ok: false, reason: `expected an object, got ${raw === null ? 'null' : typeof raw}` };
}

export function normalizeClickItem(raw: unknown): Normalized<ClickItem> {
  if (!isObject(raw)) {
    return notAnObject(raw);
  }
  const count = readNumber(raw.count);
  if (count === null) {
    return { ok: false, reason: 'it has no click count' };
  }
  return {
    ok: true,
    value: {
      id: readId(raw.id),
      adspaceId: readText(raw.adspaceId),
      adspaceName: readText(raw.adspaceName),
      programId: readText(raw.programId),
      programName: readText(raw.programName),
      subId: readText(raw.subId),
      date: readText(raw.date),
      count,
      productId: readText(raw.productId),
      merchantId: readInteger(raw.merchantId),
      couponId: readId(raw.couponId),
      updatedAt: readText(raw.updatedAt),
    },
  };
}

export function normalizeActionItem(raw: unknown): Normalized<ActionItem> {
  if (!isObject(raw)) {
    return notAnObject(raw);
  }
  const id = readId(raw.id);
  const actionId = readId(raw.actionId);
  if (id === null && actionId === null) {
    return { ok: false, reason: 'it has neither an id nor an actionId' };
  }
  return {
    ok: true,
    value: {
      id,
      actionId,
      status: readText(raw.status)?.toUpperCase() ?? null,
      orderType: readText(raw.orderType)?.toUpperCase() ?? null,
      adspaceId: readText(raw.adspaceId),
      adspaceName: readText(raw.adspaceName),
      programId: readText(raw.programId),
      programName: readText(raw.programName),
      subId: readText(raw.subId),
      currencyCode: readText(raw.currencyCode),
      commission: readNumber(raw.commission),
      revenue: readNumber(raw.revenue),
      productId: readText(raw.productId),
      paidOut: readBoolean(raw.paidOut),
      invoiceNumber: readText(raw.invoiceNumber),
      date: readText(raw.date),
      days: readInteger(raw.days),
      createdAt: readText(raw.createdAt),
      updatedAt: readText(raw.updatedAt),
    },
  };
}
