/**
 * Properties of the report cache on disk (src/reports/cache/reportCacheFile.ts): a report file
 * cut short anywhere, with bytes flipped or overwritten anywhere, or with garbage after it, is
 * either refused with a reason (the store then reads the report again) or read back as exactly
 * the report written. Never a different report: not a changed count, not a string index still
 * in range, not a window dropped at a line's end.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { ActionItem, ClickItem } from '../../../src/api/types';
import {
  readReportCache,
  writeReportCache,
  type CachedReport,
  type CachedReportKind,
} from '../../../src/reports/cache/reportCacheFile';
import { damageArb, damaged } from './fileDamage';
import { checkProperty, floorOf } from './propertyRun';

const QUERY = 'clicks|2026-07-01|2026-11-21|';

function click(i: number): ClickItem {
  return {
    id: i % 9 === 0 ? null : `0b6f${String(i).padStart(4, '0')}-5c1e-4d0a-9f3e-2a7c8e1d4b6${i % 10}`,
    adspaceId: `ad-${i % 2}`,
    adspaceName: i % 2 === 0 ? 'Mein Blog über Räder' : '例えブログ',
    programId: i % 7 === 0 ? null : `program-${i % 3}`,
    programName: i % 7 === 0 ? null : ['Café Élysée', 'Shop 🛍', 'Bikes & “More”'][i % 3]!,
    subId: i % 4 === 0 ? null : ['best-bikes', 'kids-bikes', 'straße'][i % 3]!,
    date: `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`,
    count: 1 + ((i * 37) % 200),
    productId: i % 5 === 0 ? null : 'MONETIZE_LINK_API',
    merchantId: i % 7 === 0 ? null : 10_000 + (i % 3),
    couponId: i % 11 === 0 ? 'SPRING' : null,
    updatedAt: `2026-11-21T10:${String(i % 60).padStart(2, '0')}:00.000Z`,
  };
}

function action(i: number): ActionItem {
  return {
    id: String(7_000_000 + i),
    actionId: String(900_000_000 + i),
    status: ['PENDING', 'CONFIRMED', 'CANCELED', 'SETTLED'][i % 4]!,
    orderType: 'SALE',
    adspaceId: 'ad-0',
    adspaceName: 'Mein Blog über Räder',
    programId: `program-${i % 3}`,
    programName: 'Café Élysée',
    subId: i % 2 === 0 ? '' : 'best-bikes',
    currencyCode: i % 3 === 0 ? 'EUR' : 'GBP',
    commission: Math.round(i * 137.5) / 100,
    revenue: i * 25,
    productId: null,
    paidOut: i % 5 === 0,
    invoiceNumber: i % 5 === 0 ? `INV-${i}` : null,
    date: null,
    days: 7,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: `2026-11-21T09:${String(i % 60).padStart(2, '0')}:00.000Z`,
  };
}

const window = <T>(from: string, to: string, items: T[]) => ({
  from,
  to,
  readStartedAt: '2026-11-21T11:59:00.000Z',
  total: items.length,
  items,
});

const SAMPLES: Array<CachedReport<CachedReportKind>> = [
  {
    kind: 'clicks',
    baseUrl: 'https://api.example.com',
    query: QUERY,
    savedAt: '2026-11-21T12:00:00.000Z',
    windows: [
      window(
        '2026-07-01',
        '2026-10-29',
        Array.from({ length: 12 }, (_, i) => click(i)),
      ),
      window(
        '2026-10-30',
        '2026-11-21',
        Array.from({ length: 20 }, (_, i) => click(100 + i)),
      ),
    ],
  },
  {
    kind: 'actions',
    baseUrl: 'https://api.example.com',
    query: QUERY,
    savedAt: '2026-11-21T12:00:00.000Z',
    windows: [
      window(
        '2026-11-14',
        '2026-11-21',
        Array.from({ length: 9 }, (_, i) => action(i)),
      ),
    ],
  },
  {
    kind: 'clicks',
    baseUrl: 'https://api.example.com',
    query: QUERY,
    savedAt: '2026-11-21T12:00:00.000Z',
    windows: [window('2026-11-14', '2026-11-21', []), window('2026-11-22', '2026-11-22', [click(1)])],
  },
];

describe('report cache properties', () => {
  let folder: string;
  let files: Buffer[];
  before(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'report-cache-property-'));
    files = [];
    for (const [index, sample] of SAMPLES.entries()) {
      const file = path.join(folder, `sample-${index}.json`);
      await writeReportCache(file, sample);
      files.push(fs.readFileSync(file));
      const read = await readReportCache(file, sample.kind, QUERY);
      assert.ok(
        read.kind === 'ok' && read.report.windows.length === sample.windows.length,
        'the sample reads back before it is damaged',
      );
    }
  });
  after(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('a damaged report file is refused with a reason or reads back as exactly the report written', async () => {
    const file = path.join(folder, 'damaged.json');
    let refused = 0;
    let identical = 0;
    // The count of the first click item (a number cell) and the first row's first cell (a string index).
    const firstRow = files[0]!.indexOf('"rows":[[') + '"rows":[['.length;
    const countDigit = files[0]!.indexOf(`,${(SAMPLES[0]!.windows[0]!.items[0] as ClickItem).count},`, firstRow) + 1;
    await checkProperty(
      fc.asyncProperty(fc.nat(), damageArb, async (which, damage) => {
        const sample = SAMPLES[which % SAMPLES.length]!;
        const spoiled = damaged(files[which % SAMPLES.length]!, damage);
        fs.writeFileSync(file, spoiled);
        const read = await readReportCache(file, sample.kind, QUERY);
        if (read.kind !== 'ok') {
          assert.equal(read.kind, 'unreadable');
          assert.ok(read.reason.length > 0 && !/undefined|NaN/.test(read.reason), read.reason);
          refused += 1;
          return;
        }
        assert.deepEqual(read.report, sample, `${JSON.stringify(damage)} read back as another report`);
        identical += 1;
      }),
      // Read back as other reports before version 2: a count's digit changed, a string index still in range, a window line cut at its end.
      {
        examples: [
          [0, { kind: 'overwrite', changes: [[countDigit, '9']] }],
          [0, { kind: 'overwrite', changes: [[firstRow, '1']] }],
          [0, { kind: 'cut', at: files[0]!.lastIndexOf('\n', files[0]!.length - 2) + 1 }],
        ],
      },
    );
    assert.ok(refused >= floorOf(500), `only ${refused} damaged files were refused`);
    console.log(`      ${refused} damaged files refused, ${identical} read back identical`);
  });
});
