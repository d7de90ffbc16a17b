/** A link health diagnostic's code, as the quick fixes match it (src/problems/diagnosticCode.ts). */
import assert from 'node:assert/strict';
import { codeOf } from '../../src/problems/diagnosticCode';

describe('a diagnostic’s code', () => {
  it('reads the code of a finding with money, which links to Revenue at Risk, as the rule’s code', () => {
    const target = { toString: () => 'command:affiliateLinks.showRevenueAtRisk' } as never;
    assert.equal(codeOf({ code: { value: 'inactive-merchant', target } }), 'inactive-merchant');
    assert.equal(codeOf({ code: 'subid-mismatch' }), 'subid-mismatch');
    assert.equal(codeOf({ code: undefined }), undefined);
  });
});
