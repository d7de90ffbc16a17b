import assert from 'node:assert/strict';
import { MAX_PERIOD_DAYS, resolvePeriod } from '../../src/api/period';
import { addDays } from '../../src/api/calendarDate';
import {
  checkCustomPeriod,
  periodDates,
  periodLength,
  periodWindows,
  presetPeriod,
  previousPeriod,
  resolveReportPeriod,
  type FixedPreset,
} from '../../src/reports/model/reportPeriods';
import type { ReportPeriod } from '../../src/reports/model/reportTypes';

const TODAY = '2026-11-21';

describe('report periods', () => {
  describe('presets', () => {
    const cases: Array<[string, FixedPreset, string, string, string]> = [
      ['today', 'today', TODAY, TODAY, TODAY],
      ['yesterday', 'yesterday', TODAY, '2026-11-20', '2026-11-20'],
      ['last7 is today minus 7 to today, as the service reads days=7', 'last7', TODAY, '2026-11-14', TODAY],
      ['last30', 'last30', TODAY, '2026-10-22', TODAY],
      ['last90', 'last90', TODAY, '2026-08-23', TODAY],
      ['last120, the longest single request', 'last120', TODAY, '2026-07-24', TODAY],
      ['thisMonth', 'thisMonth', TODAY, '2026-11-01', TODAY],
      ['lastMonth of 31 days', 'lastMonth', TODAY, '2026-10-01', '2026-10-31'],
      ['lastMonth of 30 days', 'lastMonth', '2026-05-31', '2026-04-01', '2026-04-30'],
      ['last12Months from the same date a year back', 'last12Months', TODAY, '2025-11-21', TODAY],
      ['last7 across a year end', 'last7', '2027-01-03', '2026-12-27', '2027-01-03'],
      ['yesterday on New Year', 'yesterday', '2026-01-01', '2025-12-31', '2025-12-31'],
      ['thisMonth on its first day', 'thisMonth', '2026-01-01', '2026-01-01', '2026-01-01'],
      ['lastMonth on New Year', 'lastMonth', '2026-01-01', '2025-12-01', '2025-12-31'],
      ['lastMonth ending on 29 Feb 2024', 'lastMonth', '2024-03-01', '2024-02-01', '2024-02-29'],
      ['yesterday is 29 Feb 2024', 'yesterday', '2024-03-01', '2024-02-29', '2024-02-29'],
      ['lastMonth ending on 29 Feb 2028', 'lastMonth', '2028-03-31', '2028-02-01', '2028-02-29'],
      ['thisMonth up to 29 Feb 2028', 'thisMonth', '2028-02-29', '2028-02-01', '2028-02-29'],
      ['lastMonth ending on 28 Feb 2100 (not leap)', 'lastMonth', '2100-03-01', '2100-02-01', '2100-02-28'],
      ['yesterday is 28 Feb 2100', 'yesterday', '2100-03-01', '2100-02-28', '2100-02-28'],
      ['last12Months from 29 Feb goes back to 28 Feb', 'last12Months', '2024-02-29', '2023-02-28', '2024-02-29'],
      ['last12Months across 29 Feb 2024', 'last12Months', '2025-02-28', '2024-02-28', '2025-02-28'],
      ['last12Months from 29 Feb 2028', 'last12Months', '2028-02-29', '2027-02-28', '2028-02-29'],
      ['last12Months across 2100 (no 29 Feb)', 'last12Months', '2101-03-01', '2100-03-01', '2101-03-01'],
    ];
    for (const [name, preset, today, from, to] of cases) {
      it(`${name}: ${preset} on ${today} is ${from}..${to}`, () => {
        assert.deepEqual(presetPeriod(preset, today), { from, to });
      });
    }

    const counted: Array<[FixedPreset, number]> = [
      ['last7', 7],
      ['last30', 30],
      ['last90', 90],
      ['last120', 120],
    ];
    for (const [preset, days] of counted) {
      it(`${preset} is the period the service answers for days=${days}`, () => {
        const service = resolvePeriod({ days }, TODAY);
        assert.ok(service.ok);
        assert.deepEqual(presetPeriod(preset, TODAY), { from: service.period.from, to: service.period.to });
      });
    }

    const yearLong: Array<[string, number, number]> = [
      [TODAY, 365, 4],
      ['2024-02-29', 366, 4],
      ['2025-02-28', 366, 4],
      ['2101-03-01', 365, 4],
    ];
    for (const [today, length, windows] of yearLong) {
      it(`last12Months on ${today} spans ${length} days and needs ${windows} windows`, () => {
        const period = presetPeriod('last12Months', today);
        assert.equal(periodLength(period), length);
        assert.equal(periodWindows(period).length, windows);
      });
    }

    it('refuses a today that is not a date', () => {
      assert.throws(() => presetPeriod('today', '2026-02-30'), RangeError);
      assert.throws(() => presetPeriod('last7', 'today'), RangeError);
    });
  });

  describe('custom periods', () => {
    const accepted: Array<[string, string, string]> = [
      ['one day', '2026-03-01', '2026-03-01'],
      ['exactly 120 days', '2026-01-01', '2026-05-01'],
      ['longer than one request may ask', '2025-01-01', '2026-12-31'],
      ['29 Feb of a leap year', '2028-02-29', '2028-03-01'],
    ];
    for (const [name, from, to] of accepted) {
      it(`accepts ${name}`, () => {
        assert.deepEqual(checkCustomPeriod(from, to), { ok: true, period: { from, to } });
        assert.deepEqual(resolveReportPeriod({ preset: 'custom', from, to }, TODAY), {
          ok: true,
          period: { from, to },
        });
      });
    }

    const refused: Array<[string, string, string, string, RegExp]> = [
      [
        'a from in another format',
        '01/03/2026',
        '2026-03-05',
        'dateFrom',
        /dateFrom must be a calendar date written YYYY-MM-DD/,
      ],
      ['an empty from', '', '2026-03-05', 'dateFrom', /YYYY-MM-DD/],
      ['a to that does not exist', '2026-03-01', '2026-02-30', 'dateTo', /dateTo must be a calendar date/],
      ['29 Feb 2100 (not leap)', '2100-02-01', '2100-02-29', 'dateTo', /calendar date/],
      ['29 Feb 2027', '2027-02-29', '2027-03-01', 'dateFrom', /calendar date/],
      ['from after to', '2026-03-02', '2026-03-01', 'dateFrom', /must not be after dateTo/],
    ];
    for (const [name, from, to, property, message] of refused) {
      it(`refuses ${name} in the words of the service's own check`, () => {
        const result = checkCustomPeriod(from, to);
        assert.ok(!result.ok);
        assert.equal(result.problem.property, property);
        assert.match(result.problem.message, message);
        const service = resolvePeriod({ dateFrom: from, dateTo: to }, TODAY);
        assert.ok(!service.ok);
        assert.deepEqual(result.problem, service.problem);
      });
    }

    it('passes presets through', () => {
      assert.deepEqual(resolveReportPeriod({ preset: 'yesterday' }, TODAY), {
        ok: true,
        period: { from: '2026-11-20', to: '2026-11-20' },
      });
    });
  });

  describe('the previous period', () => {
    const cases: Array<[string, ReportPeriod, ReportPeriod]> = [
      ['of last7', { from: '2026-11-14', to: TODAY }, { from: '2026-11-06', to: '2026-11-13' }],
      ['of one day', { from: '2026-03-01', to: '2026-03-01' }, { from: '2026-02-28', to: '2026-02-28' }],
      [
        'of one day after 28 Feb 2100',
        { from: '2100-03-01', to: '2100-03-01' },
        { from: '2100-02-28', to: '2100-02-28' },
      ],
      [
        'of March 2024, across 29 Feb',
        { from: '2024-03-01', to: '2024-03-31' },
        { from: '2024-01-30', to: '2024-02-29' },
      ],
      ['of a year', { from: '2025-11-21', to: TODAY }, { from: '2024-11-20', to: '2025-11-20' }],
    ];
    for (const [name, period, expected] of cases) {
      it(`${name} ends the day before and has as many days`, () => {
        const previous = previousPeriod(period);
        assert.deepEqual(previous, expected);
        assert.equal(periodLength(previous), periodLength(period));
        assert.equal(addDays(previous.to, 1), period.from);
      });
    }
  });

  describe('windows of a long period', () => {
    const cases: Array<[string, ReportPeriod, ReportPeriod[] | number]> = [
      ['one day', { from: TODAY, to: TODAY }, [{ from: TODAY, to: TODAY }]],
      ['exactly 120 days', { from: '2026-01-01', to: '2026-05-01' }, [{ from: '2026-01-01', to: '2026-05-01' }]],
      [
        '121 days',
        { from: '2026-01-01', to: '2026-05-02' },
        [
          { from: '2026-01-01', to: '2026-05-01' },
          { from: '2026-05-02', to: '2026-05-02' },
        ],
      ],
      [
        '365 days',
        { from: '2025-11-21', to: TODAY },
        [
          { from: '2025-11-21', to: '2026-03-21' },
          { from: '2026-03-22', to: '2026-07-20' },
          { from: '2026-07-21', to: '2026-11-18' },
          { from: '2026-11-19', to: TODAY },
        ],
      ],
      ['366 days across 29 Feb 2024', { from: '2023-03-01', to: '2024-03-01' }, 4],
      ['a month ending on 29 Feb 2028', { from: '2028-02-01', to: '2028-02-29' }, 1],
      ['the whole of 2028 (leap)', { from: '2028-01-01', to: '2028-12-31' }, 4],
      ['the whole of 2100 (not leap)', { from: '2100-01-01', to: '2100-12-31' }, 4],
      ['two full windows', { from: '2026-01-01', to: addDays('2026-01-01', 241) }, 2],
      ['one day more than two full windows', { from: '2026-01-01', to: addDays('2026-01-01', 242) }, 3],
      ['two years', { from: '2025-01-01', to: '2026-12-31' }, 7],
    ];
    for (const [name, period, expected] of cases) {
      it(`${name}: ${typeof expected === 'number' ? expected : expected.length} window(s), consecutive, each one request`, () => {
        const windows = periodWindows(period);
        if (typeof expected === 'number') {
          assert.equal(windows.length, expected);
        } else {
          assert.deepEqual(windows, expected);
        }
        assert.equal(windows[0]!.from, period.from);
        assert.equal(windows.at(-1)!.to, period.to);
        windows.forEach((window, position) => {
          const service = resolvePeriod({ dateFrom: window.from, dateTo: window.to }, TODAY);
          assert.ok(service.ok, `${window.from}..${window.to}: ${JSON.stringify(service)}`);
          if (position > 0) {
            assert.equal(window.from, addDays(windows[position - 1]!.to, 1), 'no gap, no overlap, earliest first');
          }
          if (position < windows.length - 1) {
            assert.equal(periodLength(window), MAX_PERIOD_DAYS, 'every window but the last is full');
          }
        });
        const dates = windows.reduce((sum, window) => sum + periodDates(window).length, 0);
        assert.equal(dates, periodDates(period).length);
      });
    }

    it('refuses a period that ends before it starts, or is not made of dates', () => {
      assert.throws(() => periodWindows({ from: '2026-03-02', to: '2026-03-01' }), /is after period.to/);
      assert.throws(() => periodDates({ from: '2026-03-02', to: '2026-03-01' }), /is after period.to/);
      assert.throws(() => periodDates({ from: '2026-03-01', to: '2026-03-32' }), /period.to must be YYYY-MM-DD/);
      assert.throws(() => previousPeriod({ from: 'March', to: '2026-03-01' }), /period.from must be YYYY-MM-DD/);
    });
  });
});
