import assert from 'node:assert/strict';
import { aggregateActions } from '../../src/reports/model/actionReport';
import { aggregateClicks, type ClickReport } from '../../src/reports/model/clickReport';
import { filterChoices, type FilterChoice } from '../../src/reports/model/filterChoices';
import { action, ACTION_PERIOD, CLICK_PERIOD, HAND_CLICKS } from './helpers/reportItems';

const summary = (choices: FilterChoice[]) =>
  choices.map((choice) => [choice.value, choice.label, choice.clicks, choice.actions]);

describe('report filter choices', () => {
  let clicks: ClickReport;
  // Built before each test, not once while mocha loads the file: `npm run mutate` turns its mutant on per test.
  beforeEach(() => {
    clicks = aggregateClicks(HAND_CLICKS, CLICK_PERIOD);
  });

  it('offers the platforms, programs and SubIDs of a clicks report, most clicks first, without the groups that have no id', () => {
    const choices = filterChoices(clicks);
    assert.deepEqual(summary(choices.platforms), [
      ['s2', 'Site', 23, 0],
      ['s1', 'Blog', 19, 0],
    ]);
    assert.deepEqual(summary(choices.programs), [
      ['p2', 'Books', 22, 0],
      ['p1', 'Shoes Program', 19, 0],
    ]);
    assert.deepEqual(summary(choices.subIds), [
      ['a', 'a', 30, 0],
      ['b', 'b', 5, 0],
      ['c', 'c', 4, 0],
    ]);
  });

  it('adds what only the actions report holds after the clicked ones, most actions first', () => {
    const actions = aggregateActions(
      [
        action({
          id: '1',
          programId: 'p1',
          adspaceId: 's3',
          adspaceName: 'Newsletter',
          subId: 'z',
          createdAt: '2026-03-01T00:00:00Z',
        }),
        action({
          id: '2',
          programId: 'p3',
          programName: 'Tools',
          adspaceId: 's3',
          subId: 'z',
          createdAt: '2026-03-02T00:00:00Z',
        }),
        action({
          id: '3',
          programId: 'p4',
          programName: 'Games',
          adspaceId: 's3',
          subId: 'y',
          createdAt: '2026-03-02T00:00:00Z',
        }),
        action({ id: '4', programId: 'p4', programName: 'Games', subId: 'y', createdAt: '2026-03-02T00:00:00Z' }),
      ],
      ACTION_PERIOD,
    );
    const choices = filterChoices(clicks, actions);
    assert.deepEqual(summary(choices.platforms), [
      ['s2', 'Site', 23, 0],
      ['s1', 'Blog', 19, 0],
      ['s3', 'Newsletter', 0, 3],
    ]);
    assert.deepEqual(summary(choices.programs), [
      ['p2', 'Books', 22, 0],
      ['p1', 'Shoes Program', 19, 1],
      ['p4', 'Games', 0, 2],
      ['p3', 'Tools', 0, 1],
    ]);
    assert.deepEqual(summary(choices.subIds), [
      ['a', 'a', 30, 0],
      ['b', 'b', 5, 0],
      ['c', 'c', 4, 0],
      ['y', 'y', 0, 2],
      ['z', 'z', 0, 2],
    ]);
    assert.deepEqual(summary(filterChoices(undefined, actions).programs), [
      ['p4', 'Games', 0, 2],
      ['p1', 'p1', 0, 1],
      ['p3', 'Tools', 0, 1],
    ]);
  });
});
