import assert from 'node:assert/strict';
import { checkMerchantQuery, checkReportQuery } from '../../src/api/queryRules';

const TODAY = '2026-11-21';
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('query rules (spec 4, 8)', () => {
  it('gives the merchant defaults', () => {
    const result = checkMerchantQuery(new URLSearchParams());
    assert.deepEqual(result, {
      ok: true,
      value: { next: undefined, limit: 100, updatedAtFrom: undefined, isActive: undefined, deeplinkAllowed: undefined },
    });
  });

  it('reads every merchant parameter', () => {
    const result = checkMerchantQuery(
      new URLSearchParams({
        next: '1000',
        limit: '500',
        updatedAtFrom: '2026-11-01T10:00:00Z',
        isActive: 'true',
        deeplinkAllowed: 'false',
      }),
    );
    assert.deepEqual(result, {
      ok: true,
      value: {
        next: 1000,
        limit: 500,
        updatedAtFrom: Date.parse('2026-11-01T10:00:00Z'),
        isActive: true,
        deeplinkAllowed: false,
      },
    });
  });

  it('reads a date-only updatedAtFrom as midnight UTC', () => {
    const result = checkMerchantQuery(new URLSearchParams({ updatedAtFrom: '2026-11-01' }));
    assert.ok(result.ok);
    assert.equal(result.value.updatedAtFrom, Date.parse('2026-11-01T00:00:00Z'));
  });

  const timestamps: Array<[string, string]> = [
    ['2026-11-01T10:00:00Z', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00:00+02:00', '2026-11-01T08:00:00.000Z'],
    ['2026-11-01T10:00:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01 10:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00:00.250Z', '2026-11-01T10:00:00.250Z'],
  ];
  for (const [text, utc] of timestamps) {
    it(`reads updatedAtFrom ${text} as ${utc}, a time without a zone as UTC`, () => {
      const result = checkMerchantQuery(new URLSearchParams({ updatedAtFrom: text }));
      assert.ok(result.ok);
      assert.equal(new Date(result.value.updatedAtFrom!).toISOString(), utc);
    });
  }

  const badMerchant: Array<[Record<string, string>, string, RegExp]> = [
    [{ limit: '0' }, 'limit', /from 1 to 500/],
    [{ limit: '501' }, 'limit', /from 1 to 500/],
    [{ limit: 'ten' }, 'limit', /whole number/],
    [{ limit: '1e2' }, 'limit', /whole number/],
    [{ next: '-1' }, 'next', /0 or more/],
    [{ next: '' }, 'next', /whole number/],
    [{ isActive: 'yes' }, 'isActive', /true or false/],
    [{ deeplinkAllowed: '1' }, 'deeplinkAllowed', /true or false/],
    [{ updatedAtFrom: 'yesterday' }, 'updatedAtFrom', /ISO 8601/],
    [{ updatedAtFrom: '2026-13-01' }, 'updatedAtFrom', /ISO 8601/],
    [{ updatedAtFrom: '2026-02-30' }, 'updatedAtFrom', /ISO 8601/],
    [{ updatedAtFrom: '2026-02-30T10:00:00Z' }, 'updatedAtFrom', /ISO 8601/],
  ];
  for (const [query, property, message] of badMerchant) {
    it(`refuses merchant ${JSON.stringify(query)}, naming ${property}`, () => {
      const result = checkMerchantQuery(new URLSearchParams(query));
      assert.ok(!result.ok);
      assert.equal(result.problem.property, property);
      assert.match(result.problem.message, message);
    });
  }

  it('gives the report defaults', () => {
    const result = checkReportQuery(new URLSearchParams(), TODAY);
    assert.deepEqual(result, {
      ok: true,
      value: {
        period: { from: '2026-11-14', to: TODAY, source: 'default' },
        offset: 0,
        limit: 500,
        programId: undefined,
        subId: undefined,
        adspaceId: undefined,
      },
    });
  });

  it('reads every report parameter', () => {
    const result = checkReportQuery(
      new URLSearchParams({
        date: '2026-11-02',
        programId: UUID.toUpperCase(),
        adspaceId: UUID,
        subId: 'spring-sale',
        offset: '1500',
        limit: '20',
      }),
      TODAY,
    );
    assert.ok(result.ok);
    assert.deepEqual(result.value, {
      period: { from: '2026-11-02', to: '2026-11-02', source: 'date' },
      offset: 1500,
      limit: 20,
      programId: UUID,
      subId: 'spring-sale',
      adspaceId: UUID,
    });
  });

  const badReport: Array<[Record<string, string>, string]> = [
    [{ offset: '-1' }, 'offset'],
    [{ limit: '501' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ programId: 'program-1' }, 'programId'],
    [{ adspaceId: '0f8fad5b-d9cb-469f-a165' }, 'adspaceId'],
    [{ days: '121' }, 'days'],
    [{ dateFrom: '2026-01-01' }, 'dateFrom'],
    [{ dateFrom: '2026-01-01', dateTo: '2026-06-01' }, 'dateTo'],
  ];
  for (const [query, property] of badReport) {
    it(`refuses report ${JSON.stringify(query)}, naming ${property}`, () => {
      const result = checkReportQuery(new URLSearchParams(query), TODAY);
      assert.ok(!result.ok);
      assert.equal(result.problem.property, property);
    });
  }
});
