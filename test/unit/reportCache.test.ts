import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ActionItem, ClickItem } from '../../src/api/types';
import { evictReportCaches } from '../../src/reports/cache/reportCacheEviction';
import { checkedLine, checkedLineInTurns } from '../../src/common/checkedLines';
import {
  readReportCache,
  reportCacheFileName,
  writeReportCache,
  type CachedReport,
} from '../../src/reports/cache/reportCacheFile';

function click(i: number, overrides: Partial<ClickItem> = {}): ClickItem {
  return {
    id: i % 10 === 0 ? null : `uuid-${i}`,
    adspaceId: 'platform-1',
    adspaceName: 'My blog',
    programId: i % 7 === 0 ? null : `program-${i % 3}`,
    programName: i % 7 === 0 ? null : `Shop ${i % 3}`,
    subId: i % 4 === 0 ? null : 'best-running-shoes',
    date: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`,
    count: i,
    productId: 'MONETIZE_LINK_API',
    merchantId: i % 7 === 0 ? null : 100 + (i % 3),
    couponId: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

const action: ActionItem = {
  id: '7000001',
  actionId: '900000001',
  status: 'ON_HOLD',
  orderType: 'SALE',
  adspaceId: 'platform-1',
  adspaceName: 'My blog',
  programId: 'program-1',
  programName: 'Shop 1',
  subId: '',
  currencyCode: 'GBP',
  commission: 2.5,
  revenue: 50,
  productId: null,
  paidOut: false,
  invoiceNumber: null,
  date: null,
  days: 7,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

function clicksReport(items: ClickItem[]): CachedReport<'clicks'> {
  return {
    kind: 'clicks',
    baseUrl: 'https://API.example.com/',
    query: 'q1',
    savedAt: '2026-11-21T12:00:00.000Z',
    windows: [
      {
        from: '2026-07-01',
        to: '2026-10-29',
        readStartedAt: '2026-11-21T11:59:00.000Z',
        total: 1,
        items: items.slice(0, 1),
      },
      {
        from: '2026-10-30',
        to: '2026-11-21',
        readStartedAt: '2026-11-21T11:59:30.000Z',
        total: items.length - 1,
        items: items.slice(1),
      },
    ],
  };
}

describe('report cache', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-reports-'));
    file = path.join(folder, 'nested', 'report.json');
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('reads back what it wrote, nulls and unknown values included, window by window', async () => {
    const items = Array.from({ length: 50 }, (_, i) => click(i));
    await writeReportCache(file, clicksReport(items));
    const read = await readReportCache(file, 'clicks', 'q1');
    assert.ok(read.kind === 'ok');
    assert.deepEqual(read.report.windows.map((w) => w.items).flat(), items);
    assert.deepEqual(
      read.report.windows.map(({ from, to, readStartedAt, total }) => ({ from, to, readStartedAt, total })),
      clicksReport(items).windows.map(({ from, to, readStartedAt, total }) => ({ from, to, readStartedAt, total })),
    );
    assert.equal(read.report.baseUrl, 'https://api.example.com');
    const actions: CachedReport<'actions'> = {
      kind: 'actions',
      baseUrl: 'https://api.example.com',
      query: 'q2',
      savedAt: '2026-11-21T12:00:00.000Z',
      windows: [
        { from: '2026-11-14', to: '2026-11-21', readStartedAt: '2026-11-21T12:00:00.000Z', total: 1, items: [action] },
      ],
    };
    await writeReportCache(file, actions);
    const back = await readReportCache(file, 'actions', 'q2');
    assert.ok(back.kind === 'ok');
    assert.deepEqual(back.report.windows[0]!.items, [action]);
  });

  it('stores each distinct string once, and the items read back share them', async () => {
    const items = Array.from({ length: 2_000 }, (_, i) => click(i, { id: `uuid-${i}` }));
    await writeReportCache(file, clicksReport(items));
    const document = JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[1]!) as { strings: string[] };
    assert.equal(document.strings.filter((text) => text === 'My blog').length, 1);
    assert.ok(document.strings.length < 2_000 + 40, `${document.strings.length} strings`);
    const read = await readReportCache(file, 'clicks', 'q1');
    assert.ok(read.kind === 'ok');
    const all = read.report.windows.flatMap((w) => w.items);
    assert.equal(all.filter((item) => item.adspaceName === 'My blog').length, 2_000);
  });

  it('refuses a file of another kind or query, so one report is never shown for another', async () => {
    await writeReportCache(file, clicksReport([click(1), click(2)]));
    assert.deepEqual(await readReportCache(file, 'actions', 'q1'), {
      kind: 'unreadable',
      reason: 'it holds another report or query',
    });
    assert.deepEqual(await readReportCache(file, 'clicks', 'q-other'), {
      kind: 'unreadable',
      reason: 'it holds another report or query',
    });
  });

  /** The file's lines (without the last, empty one), each parsed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed file, damaged field by field
  const linesOf = (): Array<Record<string, any>> =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line));
  /** Lines written back, each with a valid check of its own (so what is tested is the check behind it). */
  const rewrite = (lines: ReadonlyArray<Record<string, unknown>>): string =>
    lines.map(({ crc32: _check, ...fields }) => checkedLine(fields)).join('');

  /** The lines written back with the first row of line `index` changed by `change`, every line keeping the check it had. */
  const keepingChecks = (
    lines: ReadonlyArray<Record<string, unknown>>,
    index: number,
    change: (row: unknown[]) => unknown[],
  ): string =>
    lines
      .map(
        (line, i) =>
          `${JSON.stringify(i === index ? { ...line, rows: [change((line.rows as unknown[][])[0]!), ...(line.rows as unknown[][]).slice(1)] } : line)}\n`,
      )
      .join('');

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed file, damaged line by line
  const damaged: Array<[string, (lines: Array<Record<string, any>>) => string, RegExp]> = [
    ['not JSON', () => '{"format":', /its first line is not valid JSON/],
    [
      'another format',
      ([header, ...rest]) => rewrite([{ ...header, format: 'x' }, ...rest]),
      /not a report cache of version 2/,
    ],
    [
      'a newer version',
      ([header, ...rest]) => rewrite([{ ...header, version: 3 }, ...rest]),
      /not a report cache of version 2/,
    ],
    [
      'no count of windows',
      ([header, ...rest]) => rewrite([{ ...header, windows: 'two' }, ...rest]),
      /no count of windows/,
    ],
    [
      'a window line too few for its header',
      (lines) => rewrite(lines.slice(0, -1)),
      /1 window lines where its header says 2/,
    ],
    [
      'a window line more than its header says',
      (lines) => rewrite([...lines, lines.at(-1)!]),
      /3 window lines where its header says 2/,
    ],
    [
      'strings that are not text',
      ([header, strings, ...rest]) => rewrite([header!, { ...strings, strings: [1] }, ...rest]),
      /strings are not a list of text/,
    ],
    [
      'a window without readStartedAt',
      ([header, strings, first, ...rest]) =>
        rewrite([header!, strings!, { ...first, readStartedAt: 'yesterday' }, ...rest]),
      /window 0 is not one/,
    ],
    [
      'a row one cell short',
      ([header, strings, first, ...rest]) =>
        rewrite([header!, strings!, { ...first, rows: [first!.rows[0].slice(1)] }, ...rest]),
      /window 0: row 0 is not a list of 12 cells/,
    ],
    [
      'a text cell pointing past the strings',
      ([header, strings, first, ...rest]) =>
        rewrite([header!, strings!, { ...first, rows: [[999, ...first!.rows[0].slice(1)]] }, ...rest]),
      /row 0, id: not a string of the list/,
    ],
    [
      'a count given as text',
      ([header, strings, first, ...rest]) =>
        rewrite([
          header!,
          strings!,
          { ...first, rows: [first!.rows[0].map((cell: unknown, i: number) => (i === 7 ? '12' : cell))] },
          ...rest,
        ]),
      /row 0, count: not a number/,
    ],
    // What type and range checks cannot see: only the line checks refuse these.
    [
      'a digit of a count changed',
      (lines) => keepingChecks(lines, 2, (row) => row.map((cell, i) => (i === 7 ? 7 : cell))),
      /window 0 fails its check \(CRC-32\)/,
    ],
    [
      'a string index changed, still in range',
      (lines) => keepingChecks(lines, 3, (row) => [row[1], row[0], ...row.slice(2)]),
      /window 1 fails its check \(CRC-32\)/,
    ],
    [
      'a letter of a string changed',
      () => fs.readFileSync(file, 'utf8').replace('My blog', 'My blag'),
      /its strings line fails its check \(CRC-32\)/,
    ],
    [
      'the saved time changed',
      () => fs.readFileSync(file, 'utf8').replace('2026-11-21T12:00:00.000Z', '2026-11-21T13:00:00.000Z'),
      /its first line fails its check \(CRC-32\)/,
    ],
    [
      'a file of version 1 (one JSON document)',
      () =>
        JSON.stringify({
          format: 'affiliate-links.report',
          version: 1,
          baseUrl: 'https://api.example.com',
          kind: 'clicks',
          query: 'q1',
          savedAt: '2026-11-21T12:00:00.000Z',
          strings: [],
          windows: [],
        }),
      /not a report cache of version 2/,
    ],
  ];
  for (const [name, damage, reason] of damaged) {
    it(`refuses a file with ${name}, with the reason`, async () => {
      await writeReportCache(file, clicksReport([click(1), click(2), click(3)]));
      const changed = damage(linesOf());
      assert.notEqual(changed, fs.readFileSync(file, 'utf8'), 'the damage changed the file');
      fs.writeFileSync(file, changed);
      const read = await readReportCache(file, 'clicks', 'q1');
      assert.equal(read.kind, 'unreadable');
      assert.match(read.kind === 'unreadable' ? read.reason : '', reason);
    });
  }

  it('writes a long list in turns of the event loop as the same line, check included, as written at once', async () => {
    for (const count of [0, 1, 1_999, 2_000, 2_001, 7_345]) {
      const rows = Array.from({ length: count }, (_, i) => [i, 'ü', null, i % 3 === 0]);
      const fields = { from: '2026-11-01', to: '2026-11-21', readStartedAt: '2026-11-21T11:59:00.000Z', total: count };
      assert.equal(await checkedLineInTurns(fields, 'rows', rows), checkedLine({ ...fields, rows }), `${count} rows`);
    }
  });

  it('reads a missing file as missing', async () => {
    assert.deepEqual(await readReportCache(path.join(folder, 'none.json'), 'clicks', 'q1'), { kind: 'missing' });
  });

  it('keeps the previous file whole when the write fails, and leaves no temporary file', async () => {
    await writeReportCache(file, clicksReport([click(1), click(2)]));
    const before = fs.readFileSync(file, 'utf8');
    // A value JSON cannot write stands in for a disk that fails mid-write.
    const broken = clicksReport([click(1), click(2)]);
    (broken as unknown as { savedAt: unknown }).savedAt = {
      toJSON: () => {
        throw new Error('disk full');
      },
    };
    await assert.rejects(writeReportCache(file, broken), /disk full/);
    assert.equal(fs.readFileSync(file, 'utf8'), before);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['report.json']);
  });

  it('removes its temporary file when the final rename fails', async () => {
    // A folder in the file's place: the temporary file is written and flushed, the rename fails.
    fs.mkdirSync(path.join(file, 'occupied'), { recursive: true });
    await assert.rejects(writeReportCache(file, clicksReport([click(1), click(2)])));
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['report.json']);
    assert.deepEqual(fs.readdirSync(file), ['occupied']);
  });

  it('names files by a hash of base URL, key, kind and query, never holding the key', () => {
    const name = reportCacheFileName('https://api.example.com', 'SecretKey123', 'clicks', 'q1');
    assert.match(name, /^report-[0-9a-f]{64}\.json$/);
    assert.ok(!name.includes('SecretKey123'));
    const others = [
      reportCacheFileName('https://api.example.com', 'OtherKey', 'clicks', 'q1'),
      reportCacheFileName('https://api.example.com', 'SecretKey123', 'actions', 'q1'),
      reportCacheFileName('https://api.example.com', 'SecretKey123', 'clicks', 'q2'),
      reportCacheFileName('https://other.example.com', 'SecretKey123', 'clicks', 'q1'),
    ];
    assert.equal(new Set([name, ...others]).size, 5);
    assert.equal(reportCacheFileName('https://API.example.com/', 'SecretKey123', 'clicks', 'q1'), name);
  });

  describe('eviction', () => {
    const day = 86_400_000;
    const now = new Date('2026-11-21T12:00:00Z');
    function put(name: string, bytes: number, ageDays: number): string {
      const target = path.join(folder, name);
      fs.writeFileSync(target, 'x'.repeat(bytes));
      const time = new Date(now.getTime() - ageDays * day);
      fs.utimesSync(target, time, time);
      return target;
    }

    it('removes reports older than the age limit, and only report files', async () => {
      const old = put('report-a.json', 10, 40);
      const fresh = put('report-b.json', 10, 1);
      const other = put('catalog-x.json', 10, 400);
      const result = await evictReportCaches(folder, { maxAgeMs: 30 * day, maxBytes: 1_000, now });
      assert.deepEqual(result.removed, [old]);
      assert.ok(fs.existsSync(fresh) && fs.existsSync(other));
    });

    it('removes the least recently written first until the rest fits the size limit, never the one kept', async () => {
      const newest = put('report-1.json', 400, 1);
      const middle = put('report-2.json', 400, 2);
      const oldest = put('report-3.json', 400, 3);
      const result = await evictReportCaches(folder, { maxAgeMs: 30 * day, maxBytes: 900, now, keep: oldest });
      assert.deepEqual(result.removed, [middle]);
      assert.equal(result.keptBytes, 800);
      assert.ok(fs.existsSync(newest) && fs.existsSync(oldest));
    });

    it('does nothing for a folder that does not exist', async () => {
      assert.deepEqual(await evictReportCaches(path.join(folder, 'none'), { maxAgeMs: day, maxBytes: 1, now }), {
        removed: [],
        keptBytes: 0,
      });
    });
  });
});
