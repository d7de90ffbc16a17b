/**
 * Checks every message the report webview sends, and the panel state the serializer restores: the webview is untrusted
 * input. Pure and total.
 */
import type { PanelFilters, PanelSort, PanelState, PeriodChoice, RowsParams, WebviewToHost } from '../../../reports/panel/protocol';
import {
  FILTER_KEYS,
  GROUPINGS,
  HOST_ROW_ACTIONS,
  PANEL_ACTIONS,
  PANEL_LIMITS,
  PRESETS,
  REPORT_TABS,
} from '../../../reports/model/reportVocabulary';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };
export type MessageParseResult = { ok: true; message: WebviewToHost } | { ok: false; reason: string };

/** Thrown inside the checks only; `parse*` turn it into a refusal. */
class Refusal {
  constructor(readonly reason: string) {}
}

function refuse(path: string, what: string): never {
  throw new Refusal(`${path}: ${what}`);
}

type Fields = Record<string, unknown>;

/**
 * A plain object (not an array, not a class instance) holding only `allowed` keys (any, when not
 * given) with a defined value. A getter or proxy that throws is caught by `attempt`.
 */
function record(value: unknown, path: string, allowed?: readonly string[]): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    refuse(path, `expected an object, got ${kindOf(value)}`);
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    refuse(path, 'expected a plain object');
  }
  const fields: Fields = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== undefined) {
      if (allowed !== undefined && !allowed.includes(key)) {
        refuse(path, `unexpected key ${safeKey(key)}`);
      }
      fields[key] = field;
    }
  }
  return fields;
}

/** A key named in a reason: short and printable, so a crafted key cannot flood or forge the log. */
function safeKey(key: string): string {
  return /^[A-Za-z0-9_$]{1,40}$/.test(key) ? `"${key}"` : `(a key of ${key.length} characters)`;
}

function kindOf(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  return Array.isArray(value) ? 'an array' : typeof value;
}

function oneOf<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    refuse(path, `expected one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** A whole number from 0 to Number.MAX_SAFE_INTEGER. */
function naturalNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    refuse(path, 'expected a whole number of 0 or more');
  }
  return value === 0 ? 0 : value; // -0 reads as 0
}

/** No control characters, no lone surrogates, no line or paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** A string of 1 to `maxLength` characters; `multiline` allows control characters (a stack), not lone surrogates. */
function text(value: unknown, path: string, maxLength: number, multiline = false): string {
  if (typeof value !== 'string') {
    refuse(path, `expected a string, got ${kindOf(value)}`);
  }
  if (value.length === 0 || value.length > maxLength) {
    refuse(path, `expected 1 to ${maxLength} characters, got ${value.length}`);
  }
  if ((multiline ? LONE_SURROGATE : UNPRINTABLE).test(value)) {
    refuse(path, 'holds control or unpaired surrogate characters');
  }
  return value;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date `YYYY-MM-DD` from 2000-01-01 to `today` (compared as text: same format). */
function calendarDate(value: unknown, path: string, today: string): string {
  const time = typeof value === 'string' && DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2026-02-30 over to 2 March: a real date reads back the same.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    refuse(path, 'expected a calendar date YYYY-MM-DD');
  }
  if (value < PANEL_LIMITS.earliestDate || value > today) {
    refuse(path, `expected a date from ${PANEL_LIMITS.earliestDate} to today`);
  }
  return value;
}

function period(value: unknown, path: string, today: string): PeriodChoice {
  const preset = record(value, path, ['preset', 'from', 'to']).preset;
  if (preset !== 'custom') {
    const fields = record(value, path, ['preset']);
    return { preset: oneOf(fields.preset, `${path}.preset`, PRESETS) };
  }
  const fields = record(value, path, ['preset', 'from', 'to']);
  const from = calendarDate(fields.from, `${path}.from`, today);
  const to = calendarDate(fields.to, `${path}.to`, today);
  if (from > to) {
    refuse(`${path}.from`, 'is after to');
  }
  return { preset: 'custom', from, to };
}

function filters(value: unknown, path: string): PanelFilters {
  const fields = record(value, path, FILTER_KEYS);
  const checked: PanelFilters = {};
  for (const key of FILTER_KEYS) {
    if (fields[key] !== undefined) {
      checked[key] = text(fields[key], `${path}.${key}`, PANEL_LIMITS.filterValue);
    }
  }
  return checked;
}

function sort(value: unknown, path: string): PanelSort | null {
  if (value === null) {
    return null;
  }
  if (value === undefined) {
    refuse(path, 'is missing (null for the table’s own order)');
  }
  const fields = record(value, path, ['column', 'direction']);
  return {
    column: text(fields.column, `${path}.column`, PANEL_LIMITS.sortColumn),
    direction: oneOf(fields.direction, `${path}.direction`, ['asc', 'desc'] as const),
  };
}

function panelState(value: unknown, path: string, today: string): PanelState {
  const fields = record(value, path, ['version', 'tab', 'period', 'filters', 'groupBy', 'sort']);
  if (fields.version !== 1) {
    refuse(`${path}.version`, 'expected 1');
  }
  return {
    version: 1,
    tab: oneOf(fields.tab, `${path}.tab`, REPORT_TABS),
    period: period(fields.period, `${path}.period`, today),
    filters: filters(fields.filters, `${path}.filters`),
    groupBy: oneOf(fields.groupBy, `${path}.groupBy`, GROUPINGS),
    sort: sort(fields.sort, `${path}.sort`),
  };
}

function rowsParams(value: unknown, path: string): RowsParams {
  const fields = record(value, path, ['selectionId', 'offset', 'count']);
  const count = naturalNumber(fields.count, `${path}.count`);
  if (count < 1 || count > PANEL_LIMITS.maxRows) {
    refuse(`${path}.count`, `expected 1 to ${PANEL_LIMITS.maxRows}`);
  }
  return {
    selectionId: naturalNumber(fields.selectionId, `${path}.selectionId`),
    offset: naturalNumber(fields.offset, `${path}.offset`),
    count,
  };
}

const TYPES = [
  'ready',
  'request',
  'refresh',
  'cancel',
  'exportCsv',
  'copyTable',
  'action',
  'rowAction',
  'problem',
] as const;

function message(raw: unknown, today: string): WebviewToHost {
  // The type first, so that a wrong key is named in the type's terms (`refresh: unexpected key`).
  const type = oneOf(record(raw, 'message').type, 'type', TYPES);
  switch (type) {
    case 'ready': {
      const fields = record(raw, type, ['type', 'state']);
      return {
        type,
        state:
          fields.state === undefined || fields.state === null ? null : panelState(fields.state, `${type}.state`, today),
      };
    }
    case 'request': {
      const fields = record(raw, type, ['type', 'id', 'method', 'params']);
      const id = naturalNumber(fields.id, `${type}.id`);
      const method = oneOf(fields.method, `${type}.method`, ['rows', 'select'] as const);
      if (method === 'select') {
        const params = record(fields.params, `${type}.params`, ['state']);
        return { type, id, method, params: { state: panelState(params.state, `${type}.params.state`, today) } };
      }
      return { type, id, method, params: rowsParams(fields.params, `${type}.params`) };
    }
    case 'refresh':
    case 'cancel':
      record(raw, type, ['type']);
      return { type };
    case 'exportCsv':
    case 'copyTable':
      return { type, selectionId: naturalNumber(record(raw, type, ['type', 'selectionId']).selectionId, `${type}.selectionId`) };
    case 'action':
      return { type, action: oneOf(record(raw, type, ['type', 'action']).action, `${type}.action`, PANEL_ACTIONS) };
    case 'rowAction': {
      const fields = record(raw, type, ['type', 'selectionId', 'action', 'key']);
      return {
        type,
        selectionId: naturalNumber(fields.selectionId, `${type}.selectionId`),
        action: oneOf(fields.action, `${type}.action`, HOST_ROW_ACTIONS),
        key: text(fields.key, `${type}.key`, PANEL_LIMITS.rowKey),
      };
    }
    case 'problem':
      return {
        type,
        message: text(record(raw, type, ['type', 'message']).message, `${type}.message`, PANEL_LIMITS.problem, true),
      };
  }
}

function attempt<T>(check: () => T): ParseResult<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    // A Refusal says which field; anything else (a proxy whose traps throw...) is unreadable.
    return { ok: false, reason: error instanceof Refusal ? error.reason : 'message: cannot be read as plain data' };
  }
}

/**
 * Checks a message from the webview. `today` is the local date, `YYYY-MM-DD` (custom periods end by it). Unknown keys
 * are refused (the two sides drifted apart; the log should say so), a key whose value is `undefined` counts as absent,
 * the result is a fresh object built from the checked fields, and a reason names the field, never its value.
 */
export function parseWebviewMessage(raw: unknown, today: string): MessageParseResult {
  const result = attempt(() => message(raw, today));
  return result.ok ? { ok: true, message: result.value } : result;
}

/** Checks a panel state: the one the serializer restores, or one inside a message. */
export function parsePanelState(raw: unknown, today: string): ParseResult<PanelState> {
  return attempt(() => panelState(raw, 'state', today));
}
