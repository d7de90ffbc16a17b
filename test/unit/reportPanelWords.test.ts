import assert from 'node:assert/strict';
import { ApiError, NetworkError, PagingError, TimeoutError } from '../../src/api/errors';
import { panelErrorOf } from '../../src/reports/panel/panelErrors';
import { longerPeriod, resolvePanelPeriod } from '../../src/reports/panel/panelQueries';
import { formatPeriod, tidyAmount } from '../../src/reports/panel/panelWords';
import type { PeriodChoice } from '../../src/reports/panel/protocol';

const NONE = { shown: false, asOf: undefined };
const CACHED = { shown: true, asOf: '2026-11-20T08:05:00.000Z' };

describe('report panel words: errors, periods and amounts', () => {
  it('words what the service refused (400) in its own titles, and offers the log', () => {
    const error = new ApiError(
      400,
      [{ status: '400', title: 'Invalid parameter', code: '0400', property: 'subId' }],
      '/v1/clicks?subId=x',
      undefined,
    );
    assert.deepEqual(panelErrorOf(error, NONE), {
      kind: 'badRequest',
      message:
        "The service refused the report's query (400): Invalid parameter (subId). Choose another period or other filters.",
      actions: ['showLog'],
    });
  });

  it('tells a timeout (offline, with the cache’s time), a 502 and anything else apart', () => {
    assert.equal(
      panelErrorOf(new TimeoutError('no answer', '/p', 'headers'), CACHED).message,
      'The service could not be reached. Check your network connection, then retry. The cached report is shown (as of 20 Nov 2026, 08:05 UTC).',
    );
    assert.equal(panelErrorOf(new NetworkError('refused', '/p', 'ECONNREFUSED'), NONE).kind, 'network');
    assert.equal(panelErrorOf(new ApiError(502, [], '/p', undefined), CACHED).kind, 'server');
    const other = panelErrorOf(new PagingError('the report kept changing', '/p'), NONE);
    assert.deepEqual(other, {
      kind: 'other',
      message:
        'The report could not be read: the report kept changing. Retry, or see the log for details. Nothing is cached for this period yet.',
      actions: ['retry', 'showLog'],
    });
    assert.equal(panelErrorOf('a string', NONE).kind, 'other');
  });

  it('offers the next longer preset for an empty period, and none after a year', () => {
    const chain: PeriodChoice[] = [{ preset: 'today' }];
    for (let next = longerPeriod(chain[0]!); next !== undefined; next = longerPeriod(next)) {
      chain.push(next);
    }
    assert.deepEqual(
      chain.map((choice) => choice.preset),
      ['today', 'last7', 'last30', 'last90', 'last12Months'],
    );
    assert.deepEqual(longerPeriod({ preset: 'custom', from: '2026-01-01', to: '2026-01-02' }), { preset: 'last90' });
  });

  it('checks custom periods against today and three years, and resolves presets', () => {
    assert.deepEqual(resolvePanelPeriod({ preset: 'last7' }, '2026-11-21'), {
      ok: true,
      period: { from: '2026-11-14', to: '2026-11-21' },
    });
    assert.equal(resolvePanelPeriod({ preset: 'custom', from: '2023-11-21', to: '2026-11-21' }, '2026-11-21').ok, true);
    assert.equal(
      resolvePanelPeriod({ preset: 'custom', from: '2023-11-20', to: '2026-11-21' }, '2026-11-21').ok,
      false,
    );
    assert.equal(
      resolvePanelPeriod({ preset: 'custom', from: '2026-11-21', to: '2026-11-22' }, '2026-11-21').ok,
      false,
    );
    assert.equal(
      resolvePanelPeriod({ preset: 'nextYear' } as unknown as PeriodChoice, '2026-11-21').ok,
      false,
      'an unknown preset is refused, not thrown',
    );
  });

  it('writes periods short, and amounts without binary noise', () => {
    assert.equal(formatPeriod('2026-11-01', '2026-11-30'), '1–30 Nov 2026');
    assert.equal(formatPeriod('2026-10-28', '2026-11-03'), '28 Oct – 3 Nov 2026');
    assert.equal(formatPeriod('2025-12-20', '2026-01-03'), '20 Dec 2025 – 3 Jan 2026');
    assert.equal(formatPeriod('2026-11-21', '2026-11-21'), '21 Nov 2026');
    assert.equal(tidyAmount(0.1 + 0.2), 0.3);
    assert.equal(tidyAmount(12_345_678.91), 12_345_678.91);
  });
});
