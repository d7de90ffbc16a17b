/**
 * Fix-all's choice (health/safeFixes.ts), shared by the editor's `source.fixAll.affiliateLinks` and
 * `affiliate-links check --fix`: the first safe fix of each finding, in order, a fix whose edits overlap or start
 * where a chosen fix's do left out; the inputs from the settings.
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
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
});
