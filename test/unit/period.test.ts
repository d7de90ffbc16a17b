import assert from 'node:assert/strict';
import { resolvePeriod, type PeriodParams } from '../../src/api/period';

const TODAY = '2026-11-21';

describe('period rules (spec 4.2)', () => {
  const accepted: Array<[string, PeriodParams, { from: string; to: string; source: string }]> = [
    ['no period: the past 7 days', {}, { from: '2026-11-14', to: TODAY, source: 'default' }],
    ['days counts back from today', { days: 30 }, { from: '2026-10-22', to: TODAY, source: 'days' }],
    ['days as a query string', { days: '1' }, { from: '2026-11-20', to: TODAY, source: 'days' }],
    ['days up to 120', { days: 120 }, { from: '2026-07-24', to: TODAY, source: 'days' }],
    [
      'days wins over date and range',
      { days: 2, date: '2026-01-01', dateFrom: '2026-01-01', dateTo: '2026-01-02' },
      { from: '2026-11-19', to: TODAY, source: 'days' },
    ],
    [
      'days wins even over malformed dates',
      { days: 2, date: 'garbage', dateFrom: 'x' },
      { from: '2026-11-19', to: TODAY, source: 'days' },
    ],
    ['date is one day', { date: '2026-02-28' }, { from: '2026-02-28', to: '2026-02-28', source: 'date' }],
    [
      'date wins over range',
      { date: '2026-02-28', dateFrom: '2026-01-01', dateTo: '2026-01-05' },
      { from: '2026-02-28', to: '2026-02-28', source: 'date' },
    ],
    [
      'date wins over a half range',
      { date: '2026-02-28', dateFrom: '2026-01-01' },
      { from: '2026-02-28', to: '2026-02-28', source: 'date' },
    ],
    [
      'a range',
      { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      { from: '2026-01-01', to: '2026-01-31', source: 'range' },
    ],
    [
      'a one-day range',
      { dateFrom: '2026-01-01', dateTo: '2026-01-01' },
      { from: '2026-01-01', to: '2026-01-01', source: 'range' },
    ],
    [
      'a range of exactly 120 days',
      { dateFrom: '2026-01-01', dateTo: '2026-05-01' },
      { from: '2026-01-01', to: '2026-05-01', source: 'range' },
    ],
    ['a leap day', { date: '2028-02-29' }, { from: '2028-02-29', to: '2028-02-29', source: 'date' }],
  ];
  for (const [name, params, expected] of accepted) {
    it(`accepts ${name}`, () => {
      const result = resolvePeriod(params, TODAY);
      assert.ok(result.ok, JSON.stringify(result));
      assert.deepEqual(result.period, expected);
    });
  }

  const refused: Array<[string, PeriodParams, string, RegExp]> = [
    ['days of 0', { days: 0 }, 'days', /whole number from 1 to 120/],
    ['days over 120', { days: 121 }, 'days', /from 1 to 120/],
    ['days not a number', { days: 'week' }, 'days', /"week"/],
    ['days with a fraction', { days: '1.5' }, 'days', /whole number/],
    ['negative days', { days: -3 }, 'days', /whole number/],
    ['a date in another format', { date: '21/11/2026' }, 'date', /YYYY-MM-DD/],
    ['a date that does not exist', { date: '2026-02-30' }, 'date', /calendar date/],
    ['a non-leap 29 February', { date: '2027-02-29' }, 'date', /calendar date/],
    ['an empty date', { date: '' }, 'date', /YYYY-MM-DD/],
    ['dateFrom without dateTo', { dateFrom: '2026-01-01' }, 'dateFrom', /cannot be used without dateTo/],
    ['dateTo without dateFrom', { dateTo: '2026-01-01' }, 'dateTo', /cannot be used without dateFrom/],
    ['a bad dateFrom', { dateFrom: '2026-1-1', dateTo: '2026-01-02' }, 'dateFrom', /YYYY-MM-DD/],
    ['a bad dateTo', { dateFrom: '2026-01-01', dateTo: '2026-13-01' }, 'dateTo', /YYYY-MM-DD/],
    ['dateFrom after dateTo', { dateFrom: '2026-02-01', dateTo: '2026-01-01' }, 'dateFrom', /must not be after dateTo/],
    [
      'a range of 121 days',
      { dateFrom: '2026-01-01', dateTo: '2026-05-02' },
      'dateTo',
      /121 days; it cannot exceed 120 days/,
    ],
  ];
  for (const [name, params, property, message] of refused) {
    it(`refuses ${name}, naming ${property}`, () => {
      const result = resolvePeriod(params, TODAY);
      assert.ok(!result.ok, 'expected a problem');
      assert.equal(result.problem.property, property);
      assert.match(result.problem.message, message);
    });
  }
});
