/**
 * What `--cache` keeps of the catalog snapshot (keptCatalog.ts): a domain index over it matches every address as the
 * index of the snapshot read whole does, reads a merchant's line only when a listing holds it, and checks that line;
 * a run that reports a few files goes through it, and a snapshot changed since is refused whole as ever.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../../../src/catalog/snapshot/catalogSnapshot';
import { checkedLine } from '../../../src/common/checkedLines';
import { keptCatalogOf, KeptSnapshot, placesIn } from '../../../src/cli/keptCatalog';
import { MerchantDomainIndex, type DomainMatch } from '../../../src/links/domainIndex';
import { merchantKey, type MerchantKey } from '../../../src/merchant/merchantKey';
import type { CatalogMerchant } from '../../../src/merchant/merchantFields';
import { ADDRESSES, CASES } from '../helpers/domainCases';
import { blankMerchant } from '../helpers/merchants';
import { deeplink, git, removeTemp, reportIn, runIn, snapshotText, tempFolder } from './cliFixture';

function catalog(): Map<MerchantKey, CatalogMerchant> {
  const merchants = new Map<MerchantKey, CatalogMerchant>();
  CASES.forEach((fields, i) => {
    const merchant = blankMerchant({ ...fields, merchantId: 500 + i });
    merchants.set(merchantKey(merchant), merchant);
  });
  return merchants;
}

/** A match with each merchant as its key and fields, so that two indexes' matches compare. */
function plain(match: DomainMatch): unknown {
  const ref = (r: { key: string; merchant: unknown }) => ({ key: r.key, merchant: { ...(r.merchant as object) } });
  switch (match.kind) {
    case 'none':
      return match;
    case 'tracking':
      return { kind: match.kind, merchants: match.merchants.map(ref) };
    case 'merchant':
      return { kind: match.kind, merchant: ref(match.merchant), domain: match.domain };
    case 'ambiguous':
      return { kind: match.kind, candidates: match.candidates.map(ref), domain: match.domain };
  }
}

/** The snapshot's text, its merchants read back, their index, and what a run keeps of both. */
function keptOf(text: string) {
  const read = readCatalogSnapshot(text);
  assert.ok(read.ok);
  const index = new MerchantDomainIndex(read.snapshot.merchants);
  return { snapshot: read.snapshot, index, kept: keptCatalogOf(read.snapshot, index)! };
}

describe('the catalog snapshot as --cache keeps it', () => {
  it('matches every address, host and tracking host as the index of the snapshot read whole', () => {
    const text = writeCatalogSnapshot({ takenAt: '2026-11-20T12:00:00.000Z', merchants: catalog() });
    const { index, kept } = keptOf(text);
    const lazy = new KeptSnapshot(Buffer.from(text.replace(/\n/g, '\r\n')), kept);
    for (const address of ADDRESSES) {
      assert.deepEqual(plain(lazy.index.match(address)), plain(index.match(address)), address);
      const host = address.replace(/^[a-z]+:\/\//, '').replace(/[/?].*$/, '');
      assert.deepEqual(plain(lazy.index.matchHost(host)), plain(index.matchHost(host)), host);
      assert.equal(lazy.index.isTrackingHost(host), index.isTrackingHost(host), host);
    }
    assert.equal(lazy.index.domainCount, index.domainCount);
    assert.equal(lazy.nameOf('id:503' as MerchantKey), 'Twin A');
    assert.equal(lazy.nameOf('id:1' as MerchantKey), undefined);
    assert.equal(placesIn(kept.domains, 'twins.example.com'), '3,4');
    assert.equal(placesIn(kept.domains, 'twins.example.co'), undefined);
  });

  it('reads a merchant’s line only when a listing holds it, and refuses a line that is not the one kept', () => {
    const text = writeCatalogSnapshot({ takenAt: '2026-11-20T12:00:00.000Z', merchants: catalog() });
    const { kept } = keptOf(text);
    const damaged = text.replace('"name":"Lone"', '"name":"Lost"'); // its check no longer holds
    const lazy = new KeptSnapshot(Buffer.from(damaged), kept);
    assert.equal(lazy.index.match('https://shop.example.com/').kind, 'merchant');
    assert.equal(lazy.problem, undefined, 'the damaged line is not read for another merchant');
    assert.equal(lazy.index.match('https://lone.example.net/').kind, 'none');
    assert.equal(lazy.problem, 'its line 11 is not the merchant id:509 the cache kept');
  });
});

describe('affiliate-links check with the catalog the cache kept', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  /** A site in git with two articles, and the snapshot beside it. */
  function site(): { dir: string; snapshot: string } {
    const dead = (subId: string) => `[Old](${deeplink('old', 'https://old.example.org/p', subId)})\n`;
    dir = tempFolder({ '.vscode/settings.json': '{}', 'site/a.md': dead('a'), 'site/b.md': dead('b') });
    fs.writeFileSync(path.join(dir, 'snapshot'), snapshotText());
    const root = path.join(dir, 'site');
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'base');
    fs.appendFileSync(path.join(root, 'a.md'), '\nMore.\n');
    return { dir: root, snapshot: path.join(dir, 'snapshot') };
  }

  /** The cache written back with the kept names changed, its check made anew. */
  function renameKept(cacheFile: string, name: string): void {
    const { crc32, ...cache } = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
    void crc32;
    const kept = cache.catalog as { names: string[] };
    kept.names = kept.names.map((old) => (old === 'Old' ? name : old));
    fs.writeFileSync(cacheFile, checkedLine(cache));
  }

  it('takes the names from it when a few files are reported, and reads the snapshot whole for the whole site', async () => {
    const { dir: root, snapshot } = site();
    const args = ['--catalog', snapshot, '--cache-location', '../cache'];
    await reportIn(root, args);
    renameKept(path.join(root, '../cache'), 'Kept');
    const since = await reportIn(root, [...args, '--changed-since', 'HEAD']);
    assert.equal(since.report.filesChecked, 1);
    assert.deepEqual(
      since.report.merchantLinks?.map((count) => count.merchant),
      ['Kept'],
    );
    assert.deepEqual(since.report.catalog, { takenAt: '2026-11-20T12:00:00.000Z', merchants: 9 });
    assert.deepEqual(
      since.report.findings.map((finding) => finding.code),
      ['inactive-merchant'],
    );
    const whole = await reportIn(root, args);
    assert.deepEqual(
      whole.report.merchantLinks?.map((count) => count.merchant),
      ['Old'],
    );
  });

  it('stops with 2 when the snapshot’s line is not the merchant the cache kept (a cache made by hand)', async () => {
    const { dir: root, snapshot } = site();
    const args = ['--catalog', snapshot, '--cache-location', '../cache', '--changed-since', 'HEAD'];
    await reportIn(root, args);
    const file = path.join(root, '../cache');
    const { crc32, ...cache } = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    void crc32;
    const kept = cache.catalog as { keys: string[] };
    kept.keys = kept.keys.map((key) => (key === 'id:1001' ? 'id:9001' : key));
    fs.writeFileSync(file, checkedLine(cache));
    const run = await runIn(root, ['check', ...args]);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /is not the one the cache .* kept \(its line 3 is not the merchant id:9001 the cache kept\)/,
    );
  });

  it('refuses a snapshot changed since the cache kept it, whole, as without a cache', async () => {
    const { dir: root, snapshot } = site();
    const args = ['--catalog', snapshot, '--cache-location', '../cache', '--changed-since', 'HEAD'];
    await reportIn(root, args);
    fs.writeFileSync(snapshot, fs.readFileSync(snapshot, 'utf8').replace('"name":"Gone"', '"name":"Gona"'));
    const run = await runIn(root, ['check', ...args]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /is refused: line \d+ does not match its check/);
  });
});
