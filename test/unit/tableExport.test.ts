import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toCsv, toTsv, type ExportTable } from '../../src/reports/panel/tableExport';
import type { Cell, ColumnInfo } from '../../src/reports/panel/protocol';

/**
 * An RFC 4180 reader written for these tests, apart from the writer: records end with CRLF,
 * a field in quotes may hold commas, CR, LF and doubled quotes. Throws on what RFC 4180 refuses
 * (a quote inside an unquoted field, text after a closing quote, a bare CR or LF).
 */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let position = 0;
  while (position < text.length) {
    let field = '';
    if (text[position] === '"') {
      position += 1;
      for (;;) {
        const quote = text.indexOf('"', position);
        assert.ok(quote >= 0, 'unclosed quoted field');
        field += text.slice(position, quote);
        position = quote + 1;
        if (text[position] === '"') {
          field += '"';
          position += 1;
        } else {
          break;
        }
      }
    } else {
      while (position < text.length && text[position] !== ',' && text[position] !== '\r') {
        assert.notEqual(text[position], '"', 'a quote inside an unquoted field');
        assert.notEqual(text[position], '\n', 'a bare LF');
        field += text[position];
        position += 1;
      }
    }
    record.push(field);
    if (text[position] === ',') {
      position += 1;
    } else {
      assert.equal(text.slice(position, position + 2), '\r\n', `a record must end with CRLF at ${position}`);
      position += 2;
      records.push(record);
      record = [];
    }
  }
  return records;
}

const FORMULA = /^[=+\-@\t\r\n]/;
const expectedText = (text: string) => (FORMULA.test(text) ? `'${text}` : text);
const expectedField = (cell: Cell) =>
  cell === null ? '' : typeof cell === 'number' ? String(cell) : expectedText(cell);

const COLUMNS: ColumnInfo[] = [
  { id: 'label', label: 'SubID', kind: 'text' },
  { id: 'clicks', label: 'Clicks', kind: 'count' },
  { id: 'commission:EUR', label: 'Commission (EUR)', kind: 'amount', currencyCode: 'EUR' },
];

const HOSTILE = [
  '=1+1',
  '@SUM(A1)',
  '+cmd',
  '-2',
  '\t=x',
  '\r=x',
  '\n=x',
  '"=1\n2"',
  'say "hi"',
  'a,b',
  'line\r\nbreak',
  'plain',
];

describe('table export: CSV and tab-separated text', () => {
  const table: ExportTable = {
    columns: COLUMNS,
    rows: HOSTILE.map((name, index) => [name, index, index % 2 === 0 ? -12.5 : null]),
    totals: ['Total', 66, -75],
  };

  it('writes RFC 4180: a header of the labels, CRLF after every record, totals last', () => {
    const csv = toCsv(table);
    assert.ok(csv.startsWith('SubID,Clicks,Commission (EUR)\r\n'));
    assert.ok(csv.endsWith('Total,66,-75\r\n'));
    const records = parseCsv(csv);
    assert.equal(records.length, HOSTILE.length + 2);
    assert.deepEqual(records[0], ['SubID', 'Clicks', 'Commission (EUR)']);
  });

  it('neutralises every hostile name with a leading quote mark, and leaves amounts as numbers', () => {
    const records = parseCsv(toCsv(table)).slice(1, -1);
    assert.deepEqual(
      records.map((record) => record[0]),
      [
        "'=1+1",
        "'@SUM(A1)",
        "'+cmd",
        "'-2",
        "'\t=x",
        "'\r=x",
        "'\n=x",
        '"=1\n2"',
        'say "hi"',
        'a,b',
        'line\r\nbreak',
        'plain',
      ],
    );
    assert.equal(records[0]![2], '-12.5', 'a negative amount stays a number');
    assert.equal(records[1]![2], '', 'null is empty');
  });

  it('quotes neutralised fields and doubles inner quotes, keeping newlines inside the quotes', () => {
    const csv = toCsv({
      columns: COLUMNS.slice(0, 1),
      rows: [['=1+1'], ['"=1\n2"'], ['\n=x'], ['-"a"']],
      totals: null,
    });
    assert.equal(csv, 'SubID\r\n"\'=1+1"\r\n"""=1\n2"""\r\n"\'\n=x"\r\n"\'-""a"""\r\n');
  });

  it('writes numbers as JavaScript does: a dot for decimals, no thousands separators', () => {
    const csv = toCsv({
      columns: COLUMNS.slice(1),
      rows: [
        [1234567, 1234.5],
        [0, -0.001],
        [1e21, 0.1],
      ],
      totals: null,
    });
    assert.deepEqual(parseCsv(csv).slice(1), [
      ['1234567', '1234.5'],
      ['0', '-0.001'],
      ['1e+21', '0.1'],
    ]);
  });

  it('reads back exactly the cells it was given (property)', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', 'Z', ' ', 'é') }),
      fc.string(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((width) =>
            fc.tuple(
              fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 8 }),
              fc.constant(width),
            ),
          ),
        ([rows, width]) => {
          const columns: ColumnInfo[] = Array.from({ length: width }, (_, index) => ({
            id: `c${index}`,
            label: `Column ${index}`,
            kind: 'text',
          }));
          const records = parseCsv(toCsv({ columns, rows, totals: null }));
          assert.deepEqual(
            records.slice(1),
            rows.map((row) => row.map(expectedField)),
          );
          for (const [r, row] of rows.entries()) {
            row.forEach((value, c) => {
              if (typeof value === 'number') {
                assert.equal(
                  Number(records[r + 1]![c]),
                  value === 0 ? 0 : value,
                  'a number reads back as the same number',
                );
              }
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('copies as tab-separated lines with tabs and newlines flattened, neutralised alike', () => {
    const tsv = toTsv(table);
    const lines = tsv.split('\n');
    assert.equal(lines.at(-1), '', 'each line ends with a newline');
    assert.equal(lines.length, HOSTILE.length + 3);
    assert.equal(lines[0], 'SubID\tClicks\tCommission (EUR)');
    const names = lines.slice(1, -2).map((line) => line.split('\t')[0]);
    assert.deepEqual(names, [
      "'=1+1",
      "'@SUM(A1)",
      "'+cmd",
      "'-2",
      "' =x",
      "' =x",
      "' =x",
      '"""=1 2"""',
      '"say ""hi"""',
      'a,b',
      'line  break',
      'plain',
    ]);
    assert.equal(lines.at(-2), 'Total\t66\t-75');
    for (const line of lines) {
      assert.equal(line.split('\t').length, line === '' ? 1 : 3, `one field per column: ${JSON.stringify(line)}`);
    }
  });
});
