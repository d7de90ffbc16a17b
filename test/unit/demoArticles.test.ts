/**
 * The demo workspace of `npm start` (test/host/demoArticles.ts, test/host/demoServer.ts): its
 * articles hold what each feature needs, as the extension's own link rules read them, and the
 * address it prints opens the first one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeMerchant } from '../../src/api/normalize/merchant';
import { documentLinks } from '../../src/health/documentLinks';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../src/health/healthRules';
import { DEFAULT_DEEPLINK_OPTIONS } from '../../src/links/deeplink';
import { deeplinkSubIds } from '../../src/links/documentSubIds';
import { MerchantDomainIndex } from '../../src/links/domainIndex';
import { planMonetize } from '../../src/links/monetizePlan';
import { toCatalogMerchant, type MerchantSummary } from '../../src/merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../../src/merchant/merchantKey';
import { generateDataset } from '../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/server';
import { writeDemoArticles, type DemoArticle } from '../host/demoArticles';
import { demoWorkbenchUrl } from '../host/demoServer';

function indexOf(merchants: readonly unknown[]): MerchantDomainIndex {
  const catalog = new Map<MerchantKey, MerchantSummary>();
  for (const raw of merchants) {
    const normalized = normalizeMerchant(raw);
    if (normalized.ok) {
      catalog.set(merchantKey(normalized.value), toCatalogMerchant(normalized.value));
    }
  }
  return new MerchantDomainIndex(catalog);
}

describe('the demo workspace', () => {
  // The demo's catalog (2,000 merchants) and the e2e scenarios' (300), with the sandbox's defaults otherwise.
  for (const merchants of [2_000, 300]) {
    describe(`against a sandbox of ${merchants} merchants`, () => {
      const dataset = generateDataset({ ...SANDBOX_DEFAULTS, merchants, now: new Date() });
      const index = indexOf(dataset.merchants);
      let folder: string;
      let articles: DemoArticle[];

      before(() => {
        folder = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-articles-'));
        articles = writeDemoArticles(folder, dataset);
      });

      after(() => fs.rmSync(folder, { recursive: true, force: true }));

      it('writes a Markdown, an MDX and an HTML article, each named after a SubID with clicks', () => {
        assert.deepEqual(
          articles.map((article) => path.basename(article.file)),
          articles.map((article) => `${article.subId}.${article.format}`),
        );
        assert.deepEqual(
          articles.map((article) => article.format),
          ['md', 'mdx', 'html'],
        );
        for (const article of articles) {
          assert.ok(
            dataset.clicks.some((item) => item.subId === article.subId && item.count > 0),
            article.subId,
          );
          assert.ok(
            fs.readFileSync(article.file, 'utf8').includes(article.subId.replace(/-/g, ' ').slice(1)),
            'its title',
          );
        }
      });

      it('gives each article two deeplinks with its SubID, each on a line of its own and to one merchant', () => {
        for (const article of articles) {
          const text = fs.readFileSync(article.file, 'utf8');
          const deeplinks = deeplinkSubIds(text, {
            subIdParameter: 's',
            isTrackingHost: (host) => index.isTrackingHost(host),
          });
          assert.deepEqual(
            deeplinks.map((deeplink) => deeplink.subId),
            [article.subId, article.subId],
          );
          assert.equal(new Set(deeplinks.map((deeplink) => deeplink.line)).size, 2);
          const targets = deeplinks.map((deeplink) =>
            index.match(new URL(deeplink.url.replace(/&amp;/g, '&')).searchParams.get('url')!),
          );
          assert.deepEqual(
            targets.map((match) => (match.kind === 'merchant' ? match.merchant.merchant.name : match.kind)),
            article.merchants,
          );
        }
      });

      it('leaves Monetize two plain URLs per article to convert, and the tracking links as they are', () => {
        for (const article of articles) {
          const plan = planMonetize(fs.readFileSync(article.file, 'utf8'), index, {
            deeplink: DEFAULT_DEEPLINK_OPTIONS,
          });
          assert.deepEqual(
            plan.candidates.map((candidate) => candidate.ref.merchant.name),
            article.plainMerchants,
          );
          const extra = [article.inactiveMerchant, article.unknownTrackingLink, article.relMissingMerchant];
          assert.deepEqual(
            plan.skipped.map((skipped) => skipped.reason),
            Array(2 + extra.filter((link) => link !== undefined).length).fill('tracking-link'),
          );
        }
      });

      it('gives the Problems panel broken links to show: an inactive merchant, an unknown tracking link, a missing rel, plain URLs', () => {
        const rules = new LinkHealthRules({ index }, DEFAULT_HEALTH_OPTIONS);
        const languages = { md: 'markdown', mdx: 'mdx', html: 'html' } as const;
        const found = articles.map((article) => {
          const text = fs.readFileSync(article.file, 'utf8');
          const findings = rules.check(documentLinks(text, languages[article.format]), article.subId);
          return findings.map((finding) => `${finding.code} ${text.slice(finding.start, finding.end)}`);
        });
        assert.ok(
          found[0]!.some((f) => f.startsWith('inactive-merchant ')),
          found[0]!.join('\n'),
        );
        assert.ok(
          found[0]!.includes(`unknown-tracking-link ${articles[0]!.unknownTrackingLink}`),
          found[0]!.join('\n'),
        );
        assert.ok(
          found[1]!.some((f) => f.startsWith('rel-sponsored-missing ')),
          found[1]!.join('\n'),
        );
        for (const article of found) {
          assert.ok(article.some((f) => f.startsWith('not-monetized ')));
          assert.ok(!article.some((f) => f.startsWith('subid-mismatch ')), 'the deeplinks carry their article’s SubID');
        }
      });

      it('puts the tracking link of an inactive merchant with clicks from its SubID in the last 28 days into the first article', () => {
        const name = articles[0]!.inactiveMerchant;
        const merchant = dataset.merchants.find((candidate) => candidate.name === name);
        assert.ok(merchant && !merchant.isActive, `${name} is an inactive merchant`);
        assert.ok(fs.readFileSync(articles[0]!.file, 'utf8').includes(`(${merchant.trackingLink})`));
        // Revenue at Risk has money to show: the article's SubID sent the inactive merchant clicks lately.
        const since = new Date(Date.parse(dataset.generatedAt) - 28 * 86_400_000).toISOString().slice(0, 10);
        const clicks = dataset.clicks
          .filter((item) => item.subId === articles[0]!.subId && item.merchantId === merchant.merchantId)
          .filter((item) => item.date >= since)
          .reduce((sum, item) => sum + item.count, 0);
        assert.ok(clicks > 0, `${name} took no clicks from ${articles[0]!.subId} in the last 28 days`);
        assert.equal(articles[0]!.inactiveClicks, clicks);
        assert.deepEqual(
          articles.slice(1).map((article) => article.inactiveMerchant),
          [undefined, undefined],
        );
      });
    });
  }

  it('prints an address that opens the workspace with the first article in the editor', () => {
    const url = new URL(
      demoWorkbenchUrl(
        'http://127.0.0.1:8080',
        '/tmp/demo workspace',
        '/tmp/demo workspace/articles/best-running-shoes.md',
      ),
    );
    assert.equal(url.origin, 'http://127.0.0.1:8080');
    assert.equal(url.searchParams.get('folder'), '/tmp/demo workspace');
    assert.deepEqual(JSON.parse(url.searchParams.get('payload')!), [
      ['openFile', 'vscode-remote://127.0.0.1:8080/tmp/demo%20workspace/articles/best-running-shoes.md'],
    ]);
  });
});
