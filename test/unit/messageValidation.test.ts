/**
 * The report panel's check of what its webview sends (`messageValidation.ts`): valid messages of
 * every kind come back as they were sent; any input, including near-valid messages with one
 * field broken, is refused with a reason naming the field, and nothing throws.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { PanelState, WebviewToHost } from '../../src/reports/panel/protocol';
import { parsePanelState, parseWebviewMessage } from '../../src/webviews/reports/host/messageValidation';
import {
  GROUPINGS,
  HOST_ROW_ACTIONS,
  PANEL_LIMITS as LIMITS,
  PANEL_ACTIONS,
  PRESETS,
  REPORT_TABS,
} from '../../src/reports/model/reportVocabulary';

const TODAY = '2026-11-23';

/** Records with Object.prototype, as messages arrive (fast-check may build them without one). */
const record: typeof fc.record = ((model: never, constraints?: object) =>
  fc.record(model, { noNullPrototype: true, ...constraints })) as typeof fc.record;

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

const dateArb = fc.integer({ min: dayNumber('2000-01-01'), max: dayNumber(TODAY) }).map(dateOf);
/** Printable text: no control characters or lone surrogates. */
const textArb = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength })
    .filter((text) => text.length <= maxLength && !/[\p{Cc}\u2028\u2029]/u.test(text));

const periodArb = fc.oneof(
  fc.constantFrom(...PRESETS).map((preset) => ({ preset })),
  fc.tuple(dateArb, dateArb).map(([a, b]) => ({ preset: 'custom' as const, from: a < b ? a : b, to: a < b ? b : a })),
);

const panelStateArb: fc.Arbitrary<PanelState> = record({
  version: fc.constant(1 as const),
  tab: fc.constantFrom(...REPORT_TABS),
  period: periodArb,
  filters: record(
    {
      adspaceId: textArb(LIMITS.filterValue),
      programId: textArb(LIMITS.filterValue),
      subId: textArb(LIMITS.filterValue),
    },
    { requiredKeys: [], noNullPrototype: true },
  ),
  groupBy: fc.constantFrom(...GROUPINGS),
  sort: fc.option(
    record({ column: textArb(LIMITS.sortColumn), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
    { nil: null },
  ),
});

const idArb = fc.nat({ max: Number.MAX_SAFE_INTEGER });

const messageArb: fc.Arbitrary<WebviewToHost> = fc.oneof(
  record({ type: fc.constant('ready' as const), state: fc.option(panelStateArb, { nil: null }) }),
  record({
    type: fc.constant('request' as const),
    id: idArb,
    method: fc.constant('select' as const),
    params: record({ state: panelStateArb }),
  }),
  record({
    type: fc.constant('request' as const),
    id: idArb,
    method: fc.constant('rows' as const),
    params: record({ selectionId: idArb, offset: idArb, count: fc.integer({ min: 1, max: LIMITS.maxRows }) }),
  }),
  fc.constantFrom({ type: 'refresh' as const }, { type: 'cancel' as const }),
  record({ type: fc.constantFrom('exportCsv' as const, 'copyTable' as const), selectionId: idArb }),
  record({ type: fc.constant('action' as const), action: fc.constantFrom(...PANEL_ACTIONS) }),
  record({
    type: fc.constant('rowAction' as const),
    selectionId: idArb,
    action: fc.constantFrom(...HOST_ROW_ACTIONS),
    key: textArb(LIMITS.rowKey),
  }),
  record({
    type: fc.constant('problem' as const),
    message: fc.string({ minLength: 1, maxLength: 300 }).filter((text) => !/\p{Cs}/u.test(text)),
  }),
);

/** Paths to every value inside a message (objects only; messages hold no arrays). */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) {
    return [prefix];
  }
  const inner = Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]));
  return prefix.length === 0 ? inner : [prefix, ...inner];
}

function withValueAt(message: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(message) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1]] = value;
  return copy;
}

function refusal(raw: unknown): string {
  const result = parseWebviewMessage(raw, TODAY);
  assert.equal(result.ok, false, `expected a refusal of ${shown(raw)}`);
  return result.ok ? '' : result.reason;
}

const validState: PanelState = {
  version: 1,
  tab: 'clicks',
  period: { preset: 'custom', from: '2026-10-24', to: TODAY },
  filters: { subId: 'spring-sale' },
  groupBy: 'subId',
  sort: { column: 'clicks', direction: 'desc' },
};

describe('report panel message validation', () => {
  it('never throws, whatever it is given, and what it accepts reads the same when checked again', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withObjectString: true,
        }),
        (raw) => {
          const result = parseWebviewMessage(raw, TODAY);
          if (result.ok) {
            assert.deepEqual(parseWebviewMessage(result.message, TODAY), result);
          } else {
            assert.equal(typeof result.reason, 'string');
          }
          assert.equal(parsePanelState(raw, TODAY).ok, false);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('accepts every kind of valid message and gives it back unchanged', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(messageArb, (message) => {
        seen.add(message.type);
        assert.deepEqual(parseWebviewMessage(message, TODAY), { ok: true, message });
      }),
      { numRuns: 1_000 },
    );
    assert.deepEqual([...seen].sort(), [
      'action',
      'cancel',
      'copyTable',
      'exportCsv',
      'problem',
      'ready',
      'refresh',
      'request',
      'rowAction',
    ]);
  });

  it('never throws on a valid message with one value replaced by anything, and refuses those that no longer fit', () => {
    const mutated = messageArb.chain((message) =>
      record({
        message: fc.constant(message),
        path: fc.constantFrom(...pathsOf(message)),
        value: fc.anything({ withNullPrototype: true, maxDepth: 2 }),
      }),
    );
    fc.assert(
      fc.property(mutated, ({ message, path, value }) => {
        const result = parseWebviewMessage(withValueAt(message, path, value), TODAY);
        if (result.ok) {
          assert.deepEqual(parseWebviewMessage(result.message, TODAY), result);
        } else {
          // The reason names a field of the object holding the broken one (itself, or a sibling it made wrong: a custom period's dates).
          const parent = path.slice(0, -1).join('.');
          assert.ok(fieldOf(result.reason).startsWith(parent), `"${result.reason}" for ${path.join('.')}`);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a valid message with a key removed or an unknown key added', () => {
    const broken = messageArb.chain((message) =>
      fc.oneof(
        fc.constantFrom(...pathsOf(message)).map((path) => ({ message, path, broken: removeAt(message, path) })),
        fc.constant({ message, path: ['extra'], broken: { ...message, extra: 1 } }),
      ),
    );
    fc.assert(
      fc.property(broken, ({ message, path, broken }) => {
        if (message.type === 'ready' && path.length === 1 && path[0] === 'state') {
          assert.deepEqual(parseWebviewMessage(broken, TODAY), { ok: true, message: { type: 'ready', state: null } });
          return;
        }
        if (path.length > 1 && path[path.length - 2] === 'filters') {
          return; // a filter left out means "all": still valid
        }
        refusal(broken);
      }),
      { numRuns: 1_000 },
    );
  });

  it('refuses each broken field with a reason naming it', () => {
    const selectRequest = (state: unknown): unknown => ({
      type: 'request',
      id: 1,
      method: 'select',
      params: { state },
    });
    const cases: Array<[unknown, string]> = [
      [{ type: 'nope' }, 'type'],
      [{ type: 7 }, 'type'],
      [null, 'message'],
      [[{ type: 'refresh' }], 'message'],
      ['refresh', 'message'],
      [{ type: 'refresh', now: true }, 'refresh'],
      [selectRequest({ ...validState, version: 2 }), 'request.params.state.version'],
      [selectRequest({ ...validState, tab: 'sales' }), 'request.params.state.tab'],
      [selectRequest({ ...validState, period: { preset: 'last365' } }), 'request.params.state.period.preset'],
      [
        selectRequest({ ...validState, period: { preset: 'last7', from: '2026-01-01' } }),
        'request.params.state.period',
      ],
      [
        selectRequest({ ...validState, period: { preset: 'custom', from: '2026-11-23', to: '2026-11-01' } }),
        'request.params.state.period.from',
      ],
      [
        selectRequest({ ...validState, period: { preset: 'custom', from: '2026-1-1', to: TODAY } }),
        'request.params.state.period.from',
      ],
      [selectRequest({ ...validState, filters: { merchantId: '1' } }), 'request.params.state.filters'],
      [selectRequest({ ...validState, filters: { subId: '' } }), 'request.params.state.filters.subId'],
      [selectRequest({ ...validState, filters: { programId: 12 } }), 'request.params.state.filters.programId'],
      [selectRequest({ ...validState, filters: { adspaceId: 'a\nb' } }), 'request.params.state.filters.adspaceId'],
      [selectRequest({ ...validState, filters: { subId: '\ud800' } }), 'request.params.state.filters.subId'],
      [selectRequest({ ...validState, filters: { subId: 'x'.repeat(201) } }), 'request.params.state.filters.subId'],
      [selectRequest({ ...validState, groupBy: 'country' }), 'request.params.state.groupBy'],
      [
        selectRequest({ ...validState, sort: { column: 'clicks', direction: 'up' } }),
        'request.params.state.sort.direction',
      ],
      [
        selectRequest({ ...validState, sort: { column: 'c'.repeat(101), direction: 'asc' } }),
        'request.params.state.sort.column',
      ],
      [selectRequest({ ...validState, sort: undefined }), 'request.params.state.sort'],
      [{ type: 'ready', state: { ...validState, tab: null } }, 'ready.state.tab'],
      [{ type: 'request', id: -1, method: 'rows', params: { selectionId: 1, offset: 0, count: 10 } }, 'request.id'],
      [{ type: 'request', id: 1.5, method: 'rows', params: { selectionId: 1, offset: 0, count: 10 } }, 'request.id'],
      [
        { type: 'request', id: 1, method: 'export', params: { selectionId: 1, offset: 0, count: 10 } },
        'request.method',
      ],
      [
        { type: 'request', id: 1, method: 'rows', params: { selectionId: 2 ** 53, offset: 0, count: 10 } },
        'request.params.selectionId',
      ],
      [
        { type: 'request', id: 1, method: 'rows', params: { selectionId: 1, offset: '0', count: 10 } },
        'request.params.offset',
      ],
      [
        { type: 'request', id: 1, method: 'rows', params: { selectionId: 1, offset: 0, count: 0 } },
        'request.params.count',
      ],
      [
        { type: 'request', id: 1, method: 'rows', params: { selectionId: 1, offset: 0, count: 501 } },
        'request.params.count',
      ],
      [
        { type: 'request', id: 1, method: 'rows', params: { selectionId: 1, offset: 0, count: Number.NaN } },
        'request.params.count',
      ],
      [{ type: 'exportCsv', selectionId: Infinity }, 'exportCsv.selectionId'],
      [{ type: 'copyTable' }, 'copyTable.selectionId'],
      [{ type: 'action', action: 'longerPeriod' }, 'action.action'],
      [{ type: 'rowAction', selectionId: 1, action: 'filterSubId', key: 'a' }, 'rowAction.action'],
      [{ type: 'rowAction', selectionId: 1, action: 'openSubIdFile', key: '' }, 'rowAction.key'],
      [{ type: 'rowAction', selectionId: 1, action: 'openSubIdFile', key: '../../etc/passwd\u0000' }, 'rowAction.key'],
      [{ type: 'problem', message: 'x'.repeat(LIMITS.problem + 1) }, 'problem.message'],
      [{ type: 'problem', message: { stack: 'x' } }, 'problem.message'],
    ];
    for (const [raw, field] of cases) {
      const reason = refusal(raw);
      assert.ok(reason.startsWith(`${field}: `), `${shown(raw)}: "${reason}" should name ${field}`);
    }
  });

  it('refuses dates that are not calendar dates, before 2000 or after today', () => {
    const custom = (from: string, to: string): unknown => ({
      type: 'request',
      id: 1,
      method: 'select',
      params: { state: { ...validState, period: { preset: 'custom', from, to } } },
    });
    for (const [from, to, field] of [
      ['2026-02-30', '2026-03-01', 'from'],
      ['2026-02-01', '2026-02-29', 'to'],
      ['1999-12-31', '2000-01-10', 'from'],
      ['2026-11-01', '2026-11-24', 'to'],
      ['2026-11-24', '2026-11-24', 'from'],
      ['2026-13-01', '2026-11-01', 'from'],
    ]) {
      assert.match(refusal(custom(from, to)), new RegExp(`^request\\.params\\.state\\.period\\.${field}: `));
    }
    assert.equal(parseWebviewMessage(custom('2000-01-01', TODAY), TODAY).ok, true);
    assert.equal(parseWebviewMessage(custom('2024-02-29', '2024-02-29'), TODAY).ok, true);
    assert.equal(parseWebviewMessage(custom(TODAY, TODAY), TODAY).ok, true);
  });

  it('accepts the bounds of a row range and refuses a count of 0 or 501', () => {
    const rows = (offset: number, count: number): unknown => ({
      type: 'request',
      id: 0,
      method: 'rows',
      params: { selectionId: 0, offset, count },
    });
    assert.equal(parseWebviewMessage(rows(0, 1), TODAY).ok, true);
    assert.equal(parseWebviewMessage(rows(Number.MAX_SAFE_INTEGER, 500), TODAY).ok, true);
    assert.match(refusal(rows(0, 0)), /^request\.params\.count: expected 1 to 500/);
    assert.match(refusal(rows(0, 501)), /^request\.params\.count: expected 1 to 500/);
  });

  it('refuses a huge string without repeating it', () => {
    const huge = 'A'.repeat(1_000_000);
    for (const raw of [
      { type: 'rowAction', selectionId: 1, action: 'openSubIdFile', key: huge },
      { type: 'problem', message: huge },
      { type: 'request', id: 1, method: 'select', params: { state: { ...validState, filters: { subId: huge } } } },
      { type: huge },
      { type: 'refresh', [huge]: 1 },
    ]) {
      const reason = refusal(raw);
      assert.ok(reason.length < 200, `a short reason: ${reason.slice(0, 80)}…`);
      assert.ok(!reason.includes('AAAAAAAA'));
    }
  });

  it('reads a missing ready state as null, skips keys whose value is undefined, and copies what it accepts', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }, TODAY), {
      ok: true,
      message: { type: 'ready', state: null },
    });
    const sent = {
      type: 'request',
      id: 3,
      method: 'select',
      params: { state: { ...validState, filters: { subId: 'a', programId: undefined } }, selectionId: undefined },
    };
    const result = parseWebviewMessage(sent, TODAY);
    assert.deepEqual(result, {
      ok: true,
      message: {
        type: 'request',
        id: 3,
        method: 'select',
        params: { state: { ...validState, filters: { subId: 'a' } } },
      },
    });
    assert.ok(
      result.ok &&
        result.message.type === 'request' &&
        result.message.method === 'select' &&
        result.message.params.state !== sent.params.state,
    );
  });

  it('refuses objects that are not plain data: class instances, boxed values and proxies that throw', () => {
    class Message {
      type = 'refresh';
    }
    const throwing = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    const throwingGetter = Object.defineProperty({}, 'type', {
      get: () => {
        throw new Error('getter');
      },
      enumerable: true,
    });
    assert.match(refusal(new Message()), /^message: expected a plain object/);
    assert.match(refusal(Object.assign(new String('x'), { type: 'refresh' })), /^message: expected a plain object/);
    assert.match(refusal(throwing), /^message: cannot be read as plain data/);
    assert.match(refusal(throwingGetter), /^message: cannot be read as plain data/);
  });

  it('checks a restored panel state the same way', () => {
    fc.assert(
      fc.property(panelStateArb, (state) =>
        assert.deepEqual(parsePanelState(state, TODAY), { ok: true, value: state }),
      ),
    );
    const refused = parsePanelState({ ...validState, version: 0 }, TODAY);
    assert.deepEqual(refused, { ok: false, reason: 'state.version: expected 1' });
    assert.equal(parsePanelState(undefined, TODAY).ok, false);
  });
});

/** A test input in a failure message, even one JSON cannot write. */
function shown(raw: unknown): string {
  try {
    return String(JSON.stringify(raw)).slice(0, 160);
  } catch {
    return '(an input JSON cannot write)';
  }
}

/** The field a reason names, without the message type it starts with: `request.params.state.tab: …` → `params.state.tab`. */
function fieldOf(reason: string): string {
  const head = reason.split(': ')[0];
  if (head === 'type') {
    return 'type';
  }
  const dot = head.indexOf('.');
  return dot < 0 ? '' : head.slice(dot + 1);
}

function removeAt(message: unknown, path: string[]): unknown {
  const copy = structuredClone(message) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    target = target[key] as Record<string, unknown>;
  }
  delete target[path[path.length - 1]];
  return copy;
}
