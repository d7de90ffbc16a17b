/**
 * The oracle of the pseudo-locale e2e run (test/e2e/plainEnglish.ts), fed the e2e sandbox's own
 * data: the service's values are taken out whole, and nothing else is exempt. An unlocalised
 * "12 clicks" in a lens, or "Pending"/"Confirmed" in the panel, must be caught even though the
 * data has fields of those names and merchants whose names hold such words.
 */
import assert from 'node:assert/strict';
import { generateDataset } from '../../src/sandbox/dataset';
import { intlEnglishNames, plainEnglishWords, serviceValues } from '../e2e/plainEnglish';

describe('the pseudo-locale run’s plain English oracle', () => {
  // The e2e environment's sandbox: 300 merchants, the default reports.
  const dataset = generateDataset({
    seed: 1,
    merchants: 300,
    clicks: 5_000,
    actions: 500,
    now: new Date('2026-11-20T12:00:00Z'),
  });
  const values = serviceValues(dataset, ['See https://shop.example/outlet for more.']);
  const intl = intlEnglishNames();

  it('catches the English words of the product that are also the data’s field names or statuses', () => {
    const productWords = [
      'clicks',
      'merchants',
      'actions',
      'status',
      'commission',
      'pending',
      'confirmed',
      'days',
      'date',
      'platform',
      'program',
      'earnings',
    ];
    for (const word of productWords) {
      assert.deepEqual(plainEnglishWords(`12 ${word}`, values, intl), [word], word);
      assert.deepEqual(
        plainEnglishWords(`${word[0]!.toUpperCase()}${word.slice(1)}: 3`, values, intl),
        [`${word[0]!.toUpperCase()}${word.slice(1)}`],
        word,
      );
    }
  });

  it('leaves the service’s values alone, whole, and Intl’s month and weekday names', () => {
    const merchant = dataset.merchants.find(
      (candidate) => /^[A-Za-z ]+$/.test(candidate.name) && candidate.name.length > 6,
    )!;
    const platform = dataset.platforms[0]!;
    const text = `${merchant.name} · ${merchant.defaultDomain} · ${platform.name} · ${dataset.subIds[0]} · Nov 20 · Friday · https://shop.example/outlet`;
    assert.deepEqual(plainEnglishWords(text, values, intl), []);
  });

  it('takes out only whole values: a word of a merchant’s name left on its own is plain English', () => {
    const merchant = dataset.merchants.find((candidate) => /^[A-Za-z]{3,} [A-Za-z]{3,}/.test(candidate.name))!;
    const [first] = merchant.name.split(' ');
    assert.ok(!values.includes(first!), `${first} is a value of its own`);
    assert.deepEqual(plainEnglishWords(`${merchant.name}, ${first} clicks`, values, intl), [first, 'clicks']);
  });

  it('catches pseudo-localised text with one word left in English, and passes it all transformed', () => {
    assert.deepEqual(plainEnglishWords('1,234 ƈŀīƈķş · +12% ŧħīş ẇḗḗķ', values, intl), []);
    assert.deepEqual(plainEnglishWords('1,234 ƈŀīƈķş · +12% this week', values, intl), ['this', 'week']);
  });
});
