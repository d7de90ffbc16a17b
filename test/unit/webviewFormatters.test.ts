import assert from 'node:assert/strict';
import type { PanelSnapshot } from '../../src/reports/panel/protocol';
import { Formatters } from '../../src/webviews/reports/app/formatters';
import { asOfText, progressText } from '../../src/webviews/reports/app/statusTexts';
import { defaultPanelState } from '../../src/webviews/reports/app/panelState';

const format = new Formatters('en-US');

describe('webview formatters and status texts', () => {
  it('formats counts, shares and amounts with their currency', () => {
    assert.equal(format.count(12345), '12,345');
    assert.equal(format.count(2.5), '2.5');
    assert.equal(format.share(0.1234), '12.3%');
    assert.equal(format.amount(12.34, 'EUR'), '12.34 EUR');
    assert.equal(format.amount(-1234.5, 'USD'), '-1,234.50 USD');
    assert.equal(format.amount(1000, 'JPY'), '1,000 JPY');
    assert.equal(format.amount(1.5, null), '1.50');
    assert.equal(format.amount(1.5, 'not a code'), '1.50 not a code');
    // Per-click amounts keep two decimals more rather than reading 0.00.
    assert.equal(format.amount(0.0042, 'EUR'), '0.0042 EUR');
    assert.equal(format.amount(0.05, 'EUR'), '0.0500 EUR');
    assert.equal(format.amount(0.123, 'EUR'), '0.12 EUR');
    assert.equal(format.amount(0, 'EUR'), '0.00 EUR');
  });

  it('formats cells by their column and figures by their fields', () => {
    assert.equal(format.cell(null, { id: 'c', label: 'C', kind: 'count' }), '');
    assert.equal(format.cell('2026-11-03', { id: 'd', label: 'D', kind: 'date' }), '2026-11-03');
    assert.equal(format.cell(0.5, { id: 's', label: 'S', kind: 'share' }), '50.0%');
    assert.equal(format.cell(3, { id: 'a', label: 'A', kind: 'amount', currencyCode: 'EUR' }), '3.00 EUR');
    assert.equal(format.figure({ id: 'epc', label: 'EPC', value: null, currencyCode: 'EUR' }), '—');
    assert.equal(
      format.figure({ id: 'c', label: 'Commission', value: 2, currencyCode: null }),
      '2.00 (unknown currency)',
    );
    assert.equal(format.figure({ id: 'clicks', label: 'Clicks', value: 48213 }), '48,213');
    assert.equal(format.shortDay('2026-11-03'), 'Nov 3');
  });

  it('says how current the report is', () => {
    const now = new Date('2026-11-23T14:30:00');
    const snapshot = (patch: Partial<PanelSnapshot>): PanelSnapshot => ({
      selectionId: 1,
      state: defaultPanelState(),
      status: 'ready',
      groupings: [],
      filterOptions: { platforms: [], programs: [], subIds: [], truncated: false },
      ...patch,
    });
    const today = new Date('2026-11-23T14:02:00').toISOString();
    const yesterday = new Date('2026-11-22T09:15:00').toISOString();
    assert.equal(asOfText(snapshot({ asOf: today, source: 'network' }), format, now).text, 'Up to date as of 2:02 PM');
    assert.equal(
      asOfText(snapshot({ status: 'refreshing', asOf: today, source: 'cache' }), format, now).text,
      'Cached 2:02 PM, refreshing…',
    );
    assert.match(
      asOfText(snapshot({ status: 'offline', asOf: yesterday, source: 'cache' }), format, now).text,
      /^Offline: showing the report as of Nov 22, 9:15 AM$/,
    );
    assert.equal(asOfText(snapshot({ status: 'loading' }), format, now).text, 'Loading…');
    assert.equal(asOfText(snapshot({ status: 'failed' }), format, now).text, 'Not loaded');
    assert.equal(
      progressText('clicks', false, { received: 12000, total: 48000 }, format),
      'Read 12,000 of 48,000 items',
    );
    assert.equal(progressText('actions', false, { received: 12000, total: null }, format), 'Read 12,000 items');
    assert.equal(progressText('actions', true, undefined, format), 'Refreshing the actions report…');
  });

  it('says when a read waits for the service’s rate limit, and how long a long read takes at it', () => {
    const progress = { received: 12_500, total: 31_000 };
    assert.equal(
      progressText('clicks', false, { ...progress, wait: { inMs: 118_000, reason: 'window' } }, format),
      "Read 12,500 of 31,000 items · waiting for the service's rate limit, about 2 min",
    );
    assert.equal(
      progressText('clicks', false, { ...progress, wait: { inMs: 40_000, reason: 'refused' } }, format),
      'Read 12,500 of 31,000 items · the service asked to wait, about 40 s',
    );
    assert.equal(
      progressText('clicks', false, { ...progress, remainingMs: 6 * 60_000 }, format),
      "Read 12,500 of 31,000 items · about 6 min at the service's limit",
    );
    assert.equal(
      progressText('clicks', false, { ...progress, remainingMs: 4_000 }, format),
      'Read 12,500 of 31,000 items',
      'a few seconds are not worth saying',
    );
    assert.equal(
      progressText(
        'clicks',
        false,
        { received: 500, total: null, wait: { inMs: 5_400_000, reason: 'window' } },
        format,
      ),
      "Read 500 items · waiting for the service's rate limit, about 2 h",
    );
  });
});
