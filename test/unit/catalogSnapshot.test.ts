/**
 * The catalog snapshot (src/catalog/snapshot/catalogSnapshot.ts): a catalog written and read back whole, every field
 * of every merchant kept, a merchant of a cached catalog (its details behind getters) included; a file damaged, cut,
 * added to, of another kind or of a newer version refused whole, saying where. Any single byte changed or any cut:
 * the property in test/unit/properties/catalogSnapshot.property.test.ts.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AffiliateServiceClient } from '../../src/api/client';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { cacheFileName } from '../../src/catalog/cache/cacheFormat';
import { CachedMerchant } from '../../src/catalog/cache/cachedMerchant';
import { pagesParsed } from '../../src/catalog/cache/testing';
import {
  readCatalogSnapshot,
  snapshotAgeDays,
  writeCatalogSnapshot,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type CatalogSnapshot,
} from '../../src/catalog/snapshot/catalogSnapshot';
import { CatalogStore } from '../../src/catalog/store/catalogStore';
import { checkedLine } from '../../src/common/checkedLines';
import { MERCHANT_FIELDS } from '../../src/merchant/merchantFields';
import { merchantKey } from '../../src/merchant/merchantKey';
import type { Sandbox } from '../../src/sandbox/server';
import { NOW, clientFor, sandbox } from './helpers/fixtures';
import { plainMerchant } from './helpers/merchants';
import { RecordingLogger } from './helpers/recordingLogger';
import { BASE_URL, TAKEN_AT, sameCatalog, sandboxCatalog, unusualCatalog } from './helpers/snapshotSamples';

/** The read snapshot, or the test fails with the reason it was refused. */
function readBack(text: string): CatalogSnapshot {
  const read = readCatalogSnapshot(text);
  assert.ok(read.ok, read.ok ? '' : `refused: ${read.problem}`);
  return read.snapshot;
}

/** The reason `text` is refused; fails when it is read. */
function refusal(text: string): string {
  const read = readCatalogSnapshot(text);
  assert.ok(!read.ok, 'it should be refused');
  return read.problem;
}

/** The text with the `n`th line (1-based) replaced by `replace(line)`. */
function withLine(text: string, n: number, replace: (line: string) => string): string {
  const lines = text.split('\n');
  lines[n - 1] = replace(lines[n - 1]!);
  return lines.join('\n');
}

describe('the catalog snapshot', () => {
  const catalog = sandboxCatalog(400);
  const snapshot: CatalogSnapshot = { takenAt: TAKEN_AT, baseUrl: BASE_URL, merchants: catalog };
  const text = writeCatalogSnapshot(snapshot);
  const lineCount = catalog.size + 1;

  describe('written and read back', () => {
    it('keeps every merchant of the sandbox’s catalog, every field, in order, with its date and address', () => {
      const read = readBack(text);
      assert.equal(read.takenAt, TAKEN_AT);
      assert.equal(read.baseUrl, BASE_URL);
      assert.deepEqual([...read.merchants.keys()], [...catalog.keys()]);
      for (const [key, merchant] of catalog) {
        const back = read.merchants.get(key)!;
        for (const field of MERCHANT_FIELDS) {
          assert.deepEqual(back[field], merchant[field], `${key}'s ${field}`);
        }
        assert.equal(back.supportsCpc, merchant.supportsCpc, `${key}'s supportsCpc`);
      }
      assert.ok(sameCatalog(read, snapshot));
    });

    it('keeps the fields the service names otherwise: category ids and the countries of campaign rates', () => {
      // Found by the round trip above: written under the Merchant's names, `normalizeMerchant` read them back empty.
      const withCategories = [...catalog.values()].filter((m) => m.categoryIds.length > 0);
      const withRates = [...catalog.values()].filter((m) => m.adCampaigns.some((c) => c.rates.length > 0));
      assert.ok(withCategories.length > 100 && withRates.length > 10, 'the sample has both');
      const read = readBack(text);
      for (const merchant of [...withCategories, ...withRates]) {
        const back = read.merchants.get(merchantKey(merchant))!;
        assert.deepEqual(back.categoryIds, merchant.categoryIds);
        assert.deepEqual(back.adCampaigns, merchant.adCampaigns);
      }
    });

    it('keeps merchants without an id, letters beyond ASCII and a catalog without an address', () => {
      const unusual: CatalogSnapshot = { takenAt: TAKEN_AT, merchants: unusualCatalog() };
      const read = readBack(writeCatalogSnapshot(unusual));
      assert.equal('baseUrl' in read, false);
      assert.ok(sameCatalog(read, unusual));
    });

    it('keeps an empty catalog', () => {
      const empty: CatalogSnapshot = { takenAt: TAKEN_AT, merchants: new Map() };
      const written = writeCatalogSnapshot(empty);
      assert.equal(written.split('\n').length, 2, 'a header line and its end');
      assert.ok(sameCatalog(readBack(written), empty));
    });

    it('writes a header line and a line per merchant, each ending in its check and a newline', () => {
      const lines = text.split('\n');
      assert.equal(lines.pop(), '', 'the last line ends too');
      assert.equal(lines.length, lineCount);
      assert.ok(lines.every((line) => /,"crc32":"[0-9a-f]{8}"\}$/.test(line)));
      const header = JSON.parse(lines[0]!) as Record<string, unknown>;
      assert.deepEqual(
        { ...header, crc32: undefined },
        {
          format: SNAPSHOT_FORMAT,
          version: SNAPSHOT_VERSION,
          takenAt: TAKEN_AT,
          baseUrl: BASE_URL,
          merchants: catalog.size,
          crc32: undefined,
        },
      );
    });

    it('reads a checkout whose lines end in CRLF (git’s autocrlf) or that starts with a byte order mark as written', () => {
      assert.ok(sameCatalog(readBack(text.replaceAll('\n', '\r\n')), snapshot));
      assert.ok(sameCatalog(readBack(`\uFEFF${text}`), snapshot));
      assert.ok(sameCatalog(readBack(text.slice(0, -1)), snapshot), 'the last line without its newline');
    });
  });

  describe('refused whole, saying where', () => {
    it('a character changed in a merchant’s line', () => {
      const third = text.split('\n')[2]!;
      const at = third.indexOf('"name":"') + '"name":"'.length;
      const changed = withLine(
        text,
        3,
        (line) => `${line.slice(0, at)}${line[at] === 'X' ? 'Y' : 'X'}${line.slice(at + 1)}`,
      );
      assert.equal(refusal(changed), 'line 3 does not match its check (crc32): it was changed or damaged');
    });

    it('a character changed anywhere: in the header, a figure, the check itself, the last merchant', () => {
      const digit = (line: string, at: number): string =>
        `${line.slice(0, at)}${line[at] === '1' ? '2' : '1'}${line.slice(at + 1)}`;
      // The header's count, a merchant's id digit, a digit of a check, the last merchant's closing brace.
      assert.match(
        refusal(withLine(text, 1, (line) => digit(line, line.indexOf('"merchants":') + 12))),
        /^it is not a catalog snapshot: line 1 does not match its check/,
      );
      assert.match(
        refusal(withLine(text, 10, (line) => digit(line, line.indexOf('"merchantId":') + 13))),
        /^line 10 does not match its check/,
      );
      assert.match(refusal(withLine(text, 7, (line) => digit(line, line.length - 4))), /^line 7 does not match/);
      assert.match(
        refusal(withLine(text, lineCount, (line) => digit(line, line.indexOf('"merchantId":') + 13))),
        new RegExp(`^line ${lineCount} does not match`),
      );
      assert.equal(
        refusal(withLine(text, lineCount, (line) => `${line.slice(0, -1)} `)),
        `line ${lineCount} is not JSON`,
      );
    });

    it('cut short: the last line missing, or cut in the middle of a line', () => {
      const lines = text.split('\n');
      const withoutLast = `${lines.slice(0, -2).join('\n')}\n`;
      assert.equal(
        refusal(withoutLast),
        `its header names ${catalog.size} merchants but it holds ${catalog.size - 1}: it is cut short after line ${lineCount - 1}`,
      );
      assert.equal(refusal(text.slice(0, text.length - 40)), `line ${lineCount} is not JSON`);
      assert.equal(refusal(text.slice(0, 200)), 'line 2 is not JSON');
      assert.match(refusal(text.slice(0, 30)), /^it is not a catalog snapshot: line 1 is not JSON/);
    });

    it('a line added: a merchant’s, a line of its own, a blank line, a merchant twice', () => {
      const extra = checkedLine({ merchant: { merchantId: 999_999, name: 'Added' } });
      assert.equal(
        refusal(`${text}${extra}`),
        `its header names ${catalog.size} merchants but it holds ${catalog.size + 1}: lines were added after line ${lineCount}`,
      );
      assert.equal(
        refusal(`${text}{}\n`),
        `line ${lineCount + 1} does not match its check (crc32): it was changed or damaged`,
      );
      assert.equal(refusal(`${text}\n`), `line ${lineCount + 1} is not JSON`);
      const second = text.split('\n')[1]!;
      assert.match(
        refusal(`${text}${second}\n`),
        new RegExp(`^line ${lineCount + 1} holds a merchant an earlier line holds too \\(id:`),
      );
    });

    it('not JSON, not a snapshot, an empty file', () => {
      assert.equal(refusal('merchants,clicks\n1,2\n'), 'it is not a catalog snapshot: line 1 is not JSON');
      assert.equal(refusal('[1,2,3]\n'), 'it is not a catalog snapshot: line 1 is not a JSON object');
      // The catalog cache's header: a line with a good check, of another file.
      assert.equal(
        refusal(checkedLine({ version: 3, baseUrl: BASE_URL, syncedAt: TAKEN_AT })),
        `it is not a catalog snapshot (line 1 names no format ${SNAPSHOT_FORMAT})`,
      );
      assert.equal(refusal(''), 'the file is empty');
      assert.equal(refusal('\n'), 'it is not a catalog snapshot: line 1 is not JSON');
    });

    it('a newer version, saying to update the tool; an unknown one; a header without date or count', () => {
      const header = (fields: Record<string, unknown>): string =>
        checkedLine({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, takenAt: TAKEN_AT, merchants: 0, ...fields });
      assert.equal(
        refusal(header({ version: 2 })),
        'it is of version 2, newer than this tool reads (1): update the tool (the extension, or the affiliate-links package)',
      );
      assert.equal(refusal(header({ version: '1' })), 'its version "1" is not one this tool reads (1)');
      assert.equal(refusal(header({ version: undefined })), 'its version none is not one this tool reads (1)');
      assert.equal(refusal(header({ takenAt: 'yesterday' })), 'line 1 has no valid date or merchant count');
      assert.equal(refusal(header({ merchants: -1 })), 'line 1 has no valid date or merchant count');
      assert.equal(refusal(header({ merchants: 1.5 })), 'line 1 has no valid date or merchant count');
      assert.ok(readCatalogSnapshot(header({})).ok, 'the header alone is an empty catalog');
    });

    it('a line with a good check that holds no merchant', () => {
      const bad = `${checkedLine({ format: SNAPSHOT_FORMAT, version: 1, takenAt: TAKEN_AT, merchants: 1 })}${checkedLine({ merchant: { description: 'no name, no id' } })}`;
      assert.equal(refusal(bad), 'line 2 holds no merchant: it has neither a name nor a merchantId');
    });
  });

  describe('snapshotAgeDays', () => {
    it('is the time since it was taken, in days', () => {
      assert.equal(snapshotAgeDays({ takenAt: TAKEN_AT }, new Date(TAKEN_AT)), 0);
      assert.equal(snapshotAgeDays({ takenAt: TAKEN_AT }, new Date('2026-11-23T23:30:00.000Z')), 2.5);
      assert.equal(snapshotAgeDays({ takenAt: TAKEN_AT }, new Date('2026-11-21T05:30:00.000Z')), -0.25);
      assert.equal(snapshotAgeDays({ takenAt: '2026-11-21T12:30:00+01:00' }, new Date(TAKEN_AT)), 0, 'any zone');
    });

    it('is read from the snapshot read back', () => {
      const read = readBack(text);
      assert.equal(snapshotAgeDays(read, new Date('2026-12-21T11:30:00.000Z')), 30);
    });
  });

  describe('of a catalog shown from the cache file', function () {
    this.timeout(20_000);
    let service: Sandbox;
    let folder: string;
    const clients: AffiliateServiceClient[] = [];
    const stores: CatalogStore[] = [];
    before(async () => {
      service = await sandbox({ merchants: 1_200, clicks: 10, actions: 10 });
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-cache-'));
    });
    after(async () => {
      stores.forEach((store) => store.dispose());
      await Promise.all(clients.map((client) => client.close()));
      await service.close();
      fs.rmSync(folder, { recursive: true, force: true });
    });

    function open(): CatalogStore {
      const client = clientFor(service);
      clients.push(client);
      const store = new CatalogStore({
        cacheFile: path.join(folder, cacheFileName(service.url, service.key)),
        baseUrl: service.url,
        source: async () => client,
        logger: new RecordingLogger(),
        now: () => NOW,
      });
      stores.push(store);
      return store;
    }

    it('writes every field of merchants whose details are still in the file, unread', async () => {
      await open().sync();
      const store = open();
      assert.equal(await store.loadCache(), 'loaded');
      const merchants = store.snapshot.merchants;
      assert.ok([...merchants.values()].every((merchant) => merchant instanceof CachedMerchant));
      assert.equal(pagesParsed(merchants.values()), 0, 'no details read before the snapshot');
      const written = writeCatalogSnapshot({ takenAt: store.snapshot.syncedAt!, baseUrl: service.url, merchants });
      const read = readBack(written);
      const expected = service.dataset.merchants.map((raw) => {
        const normalized = normalizeMerchant(raw);
        assert.ok(normalized.ok);
        return normalized.value;
      });
      assert.deepEqual([...read.merchants.values()].map(plainMerchant), expected);
      assert.deepEqual([...read.merchants.keys()], [...merchants.keys()]);
      assert.equal(read.takenAt, store.snapshot.syncedAt);
    });
  });
});
