/**
 * Properties of the report panel's edges: its check of what the webview sends
 * (src/webviews/reports/host/messageValidation.ts) never throws on any message, near-valid or
 * not, and what it accepts reads the same when checked again; and its table export
 * (src/reports/panel/tableExport.ts) never writes a cell a spreadsheet would run as a formula,
 * in CSV or in tab-separated text, while every cell still reads back.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toCsv, toTsv } from '../../../src/reports/panel/tableExport';
import { parsePanelState, parseWebviewMessage } from '../../../src/webviews/reports/host/messageValidation';
import {
  GROUPINGS,
  HOST_ROW_ACTIONS,
  PANEL_ACTIONS,
  PRESETS,
  REPORT_TABS,
} from '../../../src/reports/model/reportVocabulary';
import type { Cell, ColumnInfo } from '../../../src/reports/panel/protocol';
import { checkProperty, floorOf } from './propertyRun';

const TODAY = '2026-11-23';
/** Each message type with the fields it may have. */
const FIELDS: Record<string, readonly string[]> = {
  ready: ['state'],
  setView: ['state'],
  request: ['id', 'method', 'params'],
  refresh: [],
  cancel: [],
  exportCsv: ['selectionId'],
  copyTable: ['selectionId'],
  action: ['action'],
  rowAction: ['selectionId', 'action', 'key'],
  problem: ['message'],
};
const TYPES = Object.keys(FIELDS);

/** Any value a message may carry after structured cloning, and values close to the valid ones. */
const anyValue = fc.oneof(
  fc.anything({
    maxDepth: 2,
    withNullPrototype: true,
    withBoxedValues: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
    withDate: true,
  }),
  fc.constantFrom(
    ...TYPES,
    ...REPORT_TABS,
    ...PRESETS,
    ...GROUPINGS,
    ...PANEL_ACTIONS,
    ...HOST_ROW_ACTIONS,
    'custom',
    'rows',
    'asc',
    'desc',
    '2026-11-01',
    TODAY,
    '2026-11-24',
    '1999-12-31',
    1,
    0,
    -1,
    1.5,
    2 ** 53,
    500,
    501,
    Number.NaN,
    '',
    'x'.repeat(2_001),
  ),
);
/** An object with some of `keys` (now and then an unknown one too), each holding `value`. */
const fields = (keys: readonly string[], value: fc.Arbitrary<unknown> = anyValue) =>
  fc.dictionary(
    fc.oneof({ arbitrary: fc.constantFrom(...keys, 'version'), weight: 9 }, fc.constant('unknown')),
    value,
    { maxKeys: keys.length + 1, noNullPrototype: true },
  );

/** A panel state with its known fields holding anything, or values near the valid ones. */
const stateArb = fc
  .record({
    tab: fc.oneof(fc.constantFrom(...REPORT_TABS), anyValue),
    groupBy: fc.oneof(fc.constantFrom(...GROUPINGS), anyValue),
    period: fc.oneof(
      fc.constantFrom(...PRESETS).map((preset) => ({ preset })),
      fields(['preset', 'from', 'to']),
    ),
    filters: fields(['adspaceId', 'programId', 'subId']),
    sort: fc.oneof(fc.constant(null), fields(['column', 'direction'])),
    extra: fields(['version']),
  })
  .map(({ extra, ...state }) => ({ version: 1, ...state, ...extra }));
const paramsArb = fc.oneof(
  fc.record({ selectionId: fc.nat(), offset: fc.nat(), count: fc.integer({ min: 1, max: 500 }) }),
  fields(['selectionId', 'offset', 'count']),
);

/** Messages of every type whose fields (nested ones too) hold anything, and anything at all. */
const messageArb = fc.oneof(
  {
    arbitrary: fc
      .constantFrom(...TYPES)
      .chain((type) =>
        fields(FIELDS[type]!.length > 0 ? FIELDS[type]! : ['type'], fc.oneof(anyValue, stateArb, paramsArb)).map(
          (rest) => ({ ...rest, type }),
        ),
      ),
    weight: 4,
  },
  anyValue,
);

describe('report panel properties', () => {
  it('the message check never throws, and what it accepts reads the same when checked again', async () => {
    let accepted = 0;
    await checkProperty(
      fc.property(messageArb, (raw) => {
        const result = parseWebviewMessage(raw, TODAY);
        if (result.ok) {
          accepted += 1;
          assert.deepEqual(parseWebviewMessage(structuredClone(result.message), TODAY), result);
        } else {
          assert.ok(typeof result.reason === 'string' && result.reason.length > 0);
        }
        const state = parsePanelState((raw as { state?: unknown } | null)?.state, TODAY);
        assert.ok(state.ok || state.reason.length > 0);
      }),
      { base: 3_000 },
    );
    assert.ok(
      accepted >= floorOf(30, 3_000),
      `only ${accepted} messages were accepted: the generators miss the valid ones`,
    );
  });

  /** Text that tries to start a formula, in every way the cell or its label could. */
  const textArb = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        '\t',
        '\r',
        '\n',
        '"',
        ',',
        "'",
        ' ',
        '\u00a0',
        '\uff1d',
        'a',
        '1',
        '\u00e9',
      ),
      maxLength: 8,
    }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '=HYPERLINK("http://x","y")',
      '@SUM(A1)',
      "+cmd|'/c calc'!A0",
      '-2+3',
      '\t=1',
      '\r=1',
      '\n=1',
      '"=1"',
      '" =1',
      ' =1',
    ),
  );
  const cellArb: fc.Arbitrary<Cell> = fc.oneof(textArb, fc.double(), fc.integer(), fc.constant(null));
  const tableArb = fc.integer({ min: 1, max: 4 }).chain((width) =>
    fc.record({
      labels: fc.array(textArb, { minLength: width, maxLength: width }),
      rows: fc.array(fc.array(cellArb, { minLength: width, maxLength: width }), { maxLength: 5 }),
      totals: fc.option(fc.array(cellArb, { minLength: width, maxLength: width }), { nil: null }),
    }),
  );
  const FORMULA_START = /^[=+\-@\t\r\n]/;
  const NUMBER = /^-?(?:\d+(?:\.\d+)?(?:e[+-]\d+)?)?$/;

  it('no exported cell, in CSV or tab-separated text, can start a formula, and every cell reads back', async () => {
    await checkProperty(
      fc.property(tableArb, ({ labels, rows, totals }) => {
        const columns: ColumnInfo[] = labels.map((label, index) => ({ id: `c${index}`, label, kind: 'text' }));
        const table = { columns, rows, totals };
        const cells: Cell[][] = [labels, ...rows, ...(totals ? [totals] : [])];
        const csv = readCsv(toCsv(table));
        const tsv = readTsv(toTsv(table));
        assert.equal(csv.length, cells.length, 'one CSV record per row');
        assert.equal(tsv.length, cells.length, 'one line per row');
        cells.forEach((record, r) =>
          record.forEach((cell, c) => {
            for (const [format, written] of [
              ['CSV', csv[r]![c]!],
              ['TSV', tsv[r]![c]!],
            ] as const) {
              if (typeof cell === 'number') {
                assert.match(written, NUMBER, `${format}: a number stays a number`);
              } else {
                assert.doesNotMatch(
                  written,
                  FORMULA_START,
                  `${format}: ${JSON.stringify(cell)} is written ${JSON.stringify(written)}`,
                );
              }
            }
            if (typeof cell === 'string') {
              assert.equal(
                csv[r]![c],
                FORMULA_START.test(cell) ? `'${cell}` : cell,
                'the CSV cell reads back, neutralised',
              );
            }
          }),
        );
      }),
      { base: 2_000 },
    );
  });
});

/** RFC 4180 records (CRLF after each; quoted fields may hold anything, quotes doubled), read apart from the writer. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  while (at < text.length) {
    let value = '';
    if (text[at] === '"') {
      for (at += 1; ; at += 2) {
        const quote = text.indexOf('"', at);
        assert.ok(quote >= 0, 'unclosed quoted field');
        value += text.slice(at, quote);
        at = quote;
        if (text[at + 1] !== '"') {
          at += 1;
          break;
        }
        value += '"';
      }
    } else {
      const end = text.slice(at).search(/[,\r]/);
      value = text.slice(at, at + end);
      assert.ok(!/["\n]/.test(value), `a quote or bare LF in an unquoted field: ${JSON.stringify(value)}`);
      at += end;
    }
    record.push(value);
    if (text[at] === ',') {
      at += 1;
    } else {
      assert.equal(text.slice(at, at + 2), '\r\n', 'a record ends with CRLF');
      records.push(record);
      record = [];
      at += 2;
    }
  }
  return records;
}

/** Tab-separated lines as a spreadsheet pastes them: a field in quotes is unquoted, its doubled quotes made single. */
function readTsv(text: string): string[][] {
  assert.ok(text.endsWith('\n'));
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) =>
      line.split('\t').map((value) => (/^".*"$/s.test(value) ? value.slice(1, -1).replaceAll('""', '"') : value)),
    );
}
