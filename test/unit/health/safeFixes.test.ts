/**
 * Fix-all's choice (health/safeFixes.ts), shared by the editor's `source.fixAll.affiliateLinks` and
 * `affiliate-links check --fix`: the first safe fix of each finding, in order, a fix whose edits overlap or start
 * where a chosen fix's do left out; the inputs from the settings.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { normalizeMerchant } from '../../../src/api/normalize/merchant';
import { documentLinks } from '../../../src/health/documentLinks';
import { fixesFor } from '../../../src/health/healthFixes';
import { DEFAULT_HEALTH_OPTIONS, LinkHealthRules } from '../../../src/health/healthRules';
import { languageOfPath } from '../../../src/health/siteIndex';
import { MerchantDomainIndex } from '../../../src/links/domainIndex';
import { toCatalogMerchant } from '../../../src/merchant/merchantFields';
import { merchantKey } from '../../../src/merchant/merchantKey';
import { generateDataset } from '../../../src/sandbox/dataset';
import { SANDBOX_DEFAULTS } from '../../../src/sandbox/sandboxOptions';
import { writeSite } from '../../../src/sandbox/site';
import { DEFAULT_SEVERITIES } from '../../../src/health/healthCodes';
import { applyTextEdits, firstSafeFix, fixAllChoices, fixAllFixes, fixInputsOf } from '../../../src/health/safeFixes';
import { deeplink, rules, SUBID } from './healthCatalog';

const INPUTS = fixInputsOf(SUBID, '', DEFAULT_SEVERITIES);

describe('fix-all’s safe fixes', () => {
  it('takes the inputs from the settings: rel="sponsored" added only while its rule is on', () => {
    assert.deepEqual(INPUTS, { expectedSubId: SUBID, disclosureSnippet: '', relSponsored: true });
    assert.equal(
      fixInputsOf(undefined, 'x', { ...DEFAULT_SEVERITIES, 'rel-sponsored-missing': 'off' }).relSponsored,
      false,
    );
  });

  it('chooses the first safe fix of each finding, none for a finding without one', () => {
    const wrong = deeplink('shop', 'https://shop.example.com/a', 'other');
    const dead = deeplink('gone', 'https://gone.example.org/a');
    const text = `[a](${wrong}) and [b](${dead}) and https://shop.example.com/plain`;
    const health = rules();
    const doc = documentLinks(text, 'markdown');
    const findings = health.check(doc, SUBID);
    assert.deepEqual(
      findings.map((f) => f.code),
      ['subid-mismatch', 'inactive-merchant', 'not-monetized'],
    );
    assert.deepEqual(
      findings.map((f) => firstSafeFix(health, doc, f, INPUTS)?.kind),
      ['fix-subid', undefined, undefined],
      'unwrapping a dead link and monetizing change where a reader lands',
    );
    const chosen = fixAllChoices(health, doc, findings, INPUTS);
    assert.deepEqual(
      chosen.map(({ finding, fix }) => [finding.code, fix.kind]),
      [['subid-mismatch', 'fix-subid']],
    );
    assert.deepEqual(fixAllFixes(health, doc, findings, INPUTS), [chosen[0]!.fix]);
    assert.equal(
      applyTextEdits(text, chosen[0]!.fix.edits),
      text.replace(wrong, deeplink('shop', 'https://shop.example.com/a', SUBID)),
    );
  });

  it('leaves out a fix whose edits meet a chosen fix’s: the second fix of one <a> is made by the first', () => {
    const wrong = deeplink('shop', 'https://shop.example.com/a', 'other').replaceAll('&', '&amp;');
    const text = `<a href="${wrong}">a</a>`;
    const health = rules();
    const doc = documentLinks(text, 'html');
    const findings = health.check(doc, SUBID);
    assert.deepEqual(
      findings.map((f) => f.code),
      ['subid-mismatch', 'rel-sponsored-missing'],
    );
    // Both safe; the SubID's fix adds rel="sponsored" where the rel's own fix would.
    assert.deepEqual(
      findings.map((f) => firstSafeFix(health, doc, f, INPUTS)?.kind),
      ['fix-subid', 'add-rel'],
    );
    const chosen = fixAllFixes(health, doc, findings, INPUTS);
    assert.deepEqual(
      chosen.map((fix) => fix.kind),
      ['fix-subid'],
    );
    const after = applyTextEdits(
      text,
      chosen.flatMap((fix) => fix.edits),
    );
    assert.equal(
      after,
      `<a rel="sponsored" href="${deeplink('shop', 'https://shop.example.com/a', SUBID).replaceAll('&', '&amp;')}">a</a>`,
    );
    assert.deepEqual(health.check(documentLinks(after, 'html'), SUBID), [], 'nothing left for a second pass');
  });

  it('works out the safe fixes alone as they are among all the fixes, for every finding of the sandbox’s site', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-safe-fixes-'));
    try {
      const now = new Date('2026-11-21T12:00:00Z');
      const merchants = generateDataset({ ...SANDBOX_DEFAULTS, merchants: 600, clicks: 0, actions: 0, now }).merchants;
      const { articles } = writeSite(dir, merchants, { articles: 60, seed: 36 });
      const catalog = new Map(
        merchants.flatMap((wire) => {
          const read = normalizeMerchant(JSON.parse(JSON.stringify(wire)));
          return read.ok ? [[merchantKey(read.value), toCatalogMerchant(read.value)] as const] : [];
        }),
      );
      const health = new LinkHealthRules(
        { index: new MerchantDomainIndex(catalog) },
        { ...DEFAULT_HEALTH_OPTIONS, disclosurePatterns: ['affiliate links'] },
      );
      const counts = { findings: 0, safe: 0 };
      for (const article of articles) {
        const doc = documentLinks(fs.readFileSync(path.join(dir, article.path), 'utf8'), languageOfPath(article.path));
        const inputs = fixInputsOf(article.subId, 'Affiliate links ahead.', DEFAULT_SEVERITIES);
        for (const finding of health.check(doc, article.subId)) {
          const every = fixesFor(health, doc, finding, inputs).filter((fix) => fix.safe);
          assert.deepEqual(fixesFor(health, doc, finding, inputs, 'safe'), every, `${article.path} ${finding.code}`);
          counts.findings++;
          counts.safe += every.length;
        }
      }
      assert.ok(counts.findings > 100 && counts.safe > 20, JSON.stringify(counts));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
