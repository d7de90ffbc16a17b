/**
 * Report items for the report model's tests: builders with every field null unless given, and
 * two small reports whose figures are worked out by hand in the tests (comments there).
 */
import type { ActionItem, ClickItem } from '../../../src/api/types';
import type { ReportPeriod } from '../../../src/reports/model/reportTypes';

export function click(fields: Partial<ClickItem>): ClickItem {
  return {
    id: null,
    adspaceId: null,
    adspaceName: null,
    programId: null,
    programName: null,
    subId: null,
    date: null,
    count: 0,
    productId: null,
    merchantId: null,
    couponId: null,
    updatedAt: null,
    ...fields,
  };
}

export function action(fields: Partial<ActionItem>): ActionItem {
  return {
    id: null,
    actionId: null,
    status: null,
    orderType: null,
    adspaceId: null,
    adspaceName: null,
    programId: null,
    programName: null,
    subId: null,
    currencyCode: null,
    commission: null,
    revenue: null,
    productId: null,
    paidOut: null,
    invoiceNumber: null,
    date: null,
    days: null,
    createdAt: null,
    updatedAt: null,
    ...fields,
  };
}

export const CLICK_PERIOD: ReportPeriod = { from: '2026-03-01', to: '2026-03-05' };

const P1 = { programId: 'p1', programName: 'Shoes Program' };
const P2 = { programId: 'p2', programName: 'Books' };
const BLOG = { adspaceId: 's1', adspaceName: 'Blog' };
const SITE = { adspaceId: 's2', adspaceName: 'Site' };

/** Seven items counted (c1..c5, c12, c13) and six that are not, by id. */
export const HAND_CLICKS: ClickItem[] = [
  click({
    id: 'c1',
    ...P1,
    subId: 'a',
    ...BLOG,
    productId: 'MONETIZE_API',
    merchantId: 10,
    date: '2026-03-01',
    count: 10,
    updatedAt: '2026-03-06T00:00:00.000Z',
  }),
  // A later name of p1: the first name met is kept.
  click({
    id: 'c2',
    programId: 'p1',
    programName: 'Shoes Program renamed',
    ...BLOG,
    productId: 'MONETIZE_API',
    merchantId: 10,
    date: '2026-03-02',
    count: 5,
    updatedAt: '2026-03-05T00:00:00.000Z',
  }),
  click({ id: 'c3', ...P2, subId: 'a', ...SITE, date: '2026-03-02', count: 20, updatedAt: '2026-03-04T00:00:00.000Z' }),
  // A null program (real payloads) and a product the spec does not list.
  click({
    id: 'c4',
    subId: 'b',
    ...SITE,
    productId: 'MONETIZE_FUTURE',
    merchantId: 11,
    date: '2026-03-05',
    count: 3,
    updatedAt: '2026-03-06T00:00:00.000Z',
  }),
  click({
    id: 'c5',
    ...P2,
    subId: 'b',
    productId: 'MONETIZE_API',
    merchantId: 11,
    date: '2026-03-05',
    count: 2,
    updatedAt: '2026-03-06T00:00:00.000Z',
  }),
  click({ id: 'c6', ...P1, date: '2026-02-28', count: 100 }),
  click({ id: 'c7', ...P1, date: '2026-03-06', count: 100 }),
  click({ id: 'c8', ...P1, date: null, count: 7 }),
  click({ id: 'c9', ...P1, date: '2026-02-30', count: 7 }),
  click({ id: 'c10', ...P1, date: '2026-03-01', count: -1 }),
  click({ id: 'c11', ...P1, date: '2026-03-01', count: Number.NaN }),
  click({ id: 'c12', ...P2, date: '2026-03-03', count: 0, updatedAt: '2026-03-04T00:00:00.000Z' }),
  // A date-time where a date is expected: its day counts.
  click({
    id: 'c13',
    ...P1,
    subId: 'c',
    ...BLOG,
    merchantId: 10,
    date: '2026-03-04T10:00:00Z',
    count: 4,
    updatedAt: '2026-03-05T00:00:00.000Z',
  }),
];

export const ACTION_PERIOD: ReportPeriod = { from: '2026-03-01', to: '2026-03-03' };

/** Seven actions counted (a1..a7) and three that are not, by id. */
export const HAND_ACTIONS: ActionItem[] = [
  action({
    id: 'a1',
    status: 'PENDING',
    currencyCode: 'EUR',
    commission: 10,
    revenue: 100,
    ...P1,
    subId: 'a',
    ...BLOG,
    productId: 'MONETIZE_API',
    paidOut: false,
    createdAt: '2026-03-01T10:00:00.000Z',
  }),
  action({
    id: 'a2',
    status: 'CONFIRMED',
    currencyCode: 'EUR',
    commission: 5,
    revenue: 50,
    ...P1,
    ...BLOG,
    productId: 'MONETIZE_API',
    paidOut: true,
    createdAt: '2026-03-02T10:00:00.000Z',
  }),
  action({
    id: 'a3',
    status: 'CANCELED',
    currencyCode: 'EUR',
    commission: 7,
    revenue: 70,
    ...P2,
    subId: 'a',
    ...SITE,
    productId: 'MONETIZE_API',
    paidOut: false,
    createdAt: '2026-03-02T11:00:00.000Z',
  }),
  action({
    id: 'a4',
    status: 'CONFIRMED',
    currencyCode: 'USD',
    commission: 3,
    revenue: 30,
    ...P2,
    subId: 'a',
    ...SITE,
    productId: 'MONETIZE_API',
    paidOut: true,
    createdAt: '2026-03-03T10:00:00.000Z',
  }),
  // SETTLED, the newer endpoint's fourth status (earned), and a currency code in lower case.
  action({
    id: 'a5',
    status: 'SETTLED',
    currencyCode: 'usd',
    commission: 2,
    revenue: null,
    ...P1,
    subId: 'b',
    ...BLOG,
    productId: 'MONETIZE_LINK_API',
    createdAt: '2026-03-03T12:00:00.000Z',
  }),
  // Nothing known but its amounts; its `date` wins over its `createdAt`.
  action({ id: 'a6', commission: 4, revenue: 40, date: '2026-03-01', createdAt: '2026-02-01T00:00:00.000Z' }),
  action({
    id: 'a7',
    status: 'PENDING',
    currencyCode: 'GBP',
    ...P1,
    subId: 'a',
    ...BLOG,
    productId: 'MONETIZE_API',
    paidOut: false,
    createdAt: '2026-03-01T12:00:00.000Z',
  }),
  action({ id: 'a8', status: 'PENDING', currencyCode: 'EUR', commission: 1, createdAt: '2026-03-04T00:00:00.000Z' }),
  action({ id: 'a9', status: 'PENDING', currencyCode: 'EUR', commission: 1 }),
  action({
    id: 'a10',
    status: 'PENDING',
    currencyCode: 'EUR',
    commission: Number.NaN,
    createdAt: '2026-03-01T00:00:00.000Z',
  }),
];

/** A deterministic stream of numbers in [0, 1), so larger test reports need no fixed data. */
export function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
