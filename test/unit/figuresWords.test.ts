import assert from 'node:assert/strict';
import { ageText, figuresAgeText, trendText } from '../../src/reports/figures/figuresWords';
import type { ArticleFigures } from '../../src/reports/figures/figuresAggregate';
import { percentChange } from '../../src/reports/model/periodComparison';

const figures = (clicks: number, previousClicks: number): ArticleFigures => ({
  subIds: ['best-running-shoes'],
  clicks,
  previousClicks,
  change: percentChange(clicks, previousClicks),
  earnedCommission: [],
});

describe('figures words (lens tooltips and the status bar)', () => {
  const now = new Date('2026-11-23T15:00:00');

  it('marks offline figures with their age, and says when the figures are from', () => {
    assert.equal(
      figuresAgeText({ at: new Date('2026-11-23T13:00:00').toISOString(), offline: true }, now),
      'offline: figures from 2 h ago',
    );
    assert.equal(
      figuresAgeText({ at: new Date('2026-11-20T15:00:00').toISOString(), offline: true }, now),
      'offline: figures from 3 days ago',
    );
    assert.equal(figuresAgeText({ at: undefined, offline: true }, now), 'offline: no figures could be read yet');
    assert.equal(
      figuresAgeText({ at: new Date('2026-11-23T14:02:00').toISOString(), offline: false }, now),
      'as of 14:02',
    );
    assert.equal(
      figuresAgeText({ at: new Date('2026-11-21T14:02:00').toISOString(), offline: false }, now),
      'as of 21 Nov, 14:02',
    );
  });

  it('words an age from just now to days', () => {
    assert.deepEqual([0, 59_999, 5 * 60_000, 3 * 3_600_000, 47 * 3_600_000, 72 * 3_600_000, -1].map(ageText), [
      'just now',
      'just now',
      '5 min ago',
      '3 h ago',
      '47 h ago',
      '3 days ago',
      'just now',
    ]);
  });

  it('gives the trend an arrow and no sign, and nothing when neither period had clicks', () => {
    assert.equal(trendText(figures(112, 100)), '↑12.0%');
    assert.equal(trendText(figures(96, 100)), '↓4.0%');
    assert.equal(trendText(figures(100, 100)), '→0%');
    assert.equal(trendText(figures(5, 0)), '↑new');
    assert.equal(trendText(figures(0, 0)), '');
  });
});
