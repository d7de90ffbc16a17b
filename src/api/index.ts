/** The service client's public surface, loaded lazily as `dist/api.js` on the first request. */
export { AffiliateServiceClient, type ClientOptions, type AllPagesOptions } from './client';
export { RequestBudget, type BudgetState, type BudgetCounts, type WaitReason } from './budget/requestBudget';
export { FileLedger } from './budget/fileLedger';
export type { RequestPriority } from './budget/budgetWindows';
export type { KeptPages } from './paging';
export * from './errors';
export type * from './types';
export type { ProxySettings } from './proxySettings';
export type { RetryPolicy } from './retryPolicy';
export type { Timeouts } from './timeouts';
export { resolvePeriod, MAX_PERIOD_DAYS, DEFAULT_PERIOD_DAYS, type Period, type ParameterProblem } from './period';
