import assert from 'node:assert/strict';
import { MerchantSearchIndex } from '../../src/catalog/search/merchantSearch';
import { destinationChoices, destinationQuery, destinationTyping } from '../../src/writing/destinationCompletion';
import { PASTE_CATALOG } from './helpers/pasteFixture';

const search = new MerchantSearchIndex(PASTE_CATALOG);
const options = { deeplink: { subIdParameter: 's', subId: 'best-shoes' }, cpc: false };

describe('completion in a link’s destination', () => {
  it('knows when the cursor types a destination, and what is typed', () => {
    assert.deepEqual(destinationTyping('See [shoes](', 'markdown'), { syntax: 'markdown', start: 12, typed: '' });
    assert.deepEqual(destinationTyping('See [shoes]( sho', 'markdown'), {
      syntax: 'markdown',
      start: 13,
      typed: 'sho',
    });
    assert.deepEqual(destinationTyping('[a](<sh', 'mdx'), { syntax: 'angle', start: 5, typed: 'sh' });
    assert.deepEqual(destinationTyping('[shoes]: https://sh', 'markdown'), {
      syntax: 'markdown',
      start: 9,
      typed: 'https://sh',
    });
    assert.deepEqual(destinationTyping('<a class="x" href="cli', 'html'), { syntax: 'href', start: 19, typed: 'cli' });
    assert.deepEqual(destinationTyping("<a HREF='", 'markdown'), { syntax: 'href', start: 9, typed: '' });
  });

  it('is no destination after a finished one, in link text, or in an attribute of another name', () => {
    for (const [before, language] of [
      ['[shoes](x) and ', 'markdown'],
      ['[shoes](x y', 'markdown'],
      ['[sho', 'markdown'],
      ['<a data-href="x', 'html'],
      ['[shoes](', 'html'],
      ['(', 'markdown'],
    ] as const) {
      assert.equal(destinationTyping(before, language), undefined, before);
    }
  });

  it('searches by name or domain without the scheme, www. or path', () => {
    assert.equal(destinationQuery('https://www.shoes.example/trail?x=1'), 'shoes.example');
    assert.equal(destinationQuery('Shoe Sh'), 'Shoe Sh');
    assert.equal(destinationQuery(''), '');
  });

  it('lists active merchants matching the typed name, with the tracking link and the article’s SubID', () => {
    const typing = destinationTyping('[x](sho', 'markdown')!;
    const { choices } = destinationChoices(search, typing, options);
    assert.equal(choices[0]!.ref.merchant.name, 'Shoe Shop');
    assert.equal(choices[0]!.link, 'https://go.track.example/shoe?aff=1&s=best-shoes');
    assert.equal(choices[0]!.text, choices[0]!.link);
  });

  it('matches a domain typed as an address', () => {
    const typing = destinationTyping('[x](https://nodeep.ex', 'markdown')!;
    assert.deepEqual(
      destinationChoices(search, typing, options).choices.map((choice) => choice.ref.merchant.name),
      ['No Deeplinks'],
    );
  });

  it('never offers an inactive merchant, even when its name is typed exactly', () => {
    const typing = destinationTyping('[x](Old Books', 'markdown');
    assert.equal(typing, undefined, 'a blank ends a destination');
    const typed = destinationTyping('[x](books.example', 'markdown')!;
    assert.deepEqual(destinationChoices(search, typed, options).choices, []);
    const all = destinationChoices(search, destinationTyping('[x](', 'markdown')!, options).choices;
    assert.deepEqual(
      all.map((choice) => choice.ref.merchant.name),
      ['Clicks & Co', 'No Deeplinks', 'Shoe Shop', 'Twin A', 'Twin B'],
    );
  });

  it('writes the CPC link where the setting asks and the merchant takes CPC, the tracking link elsewhere', () => {
    const cpc = { ...options, cpc: true };
    const [clicks] = destinationChoices(search, destinationTyping('[x](clicks', 'markdown')!, cpc).choices;
    assert.equal(clicks!.link, 'https://go.track.example/clicks?model=CPC&s=best-shoes');
    const [shoes] = destinationChoices(search, destinationTyping('[x](shoe', 'markdown')!, cpc).choices;
    assert.equal(shoes!.link, 'https://go.track.example/shoe?aff=1&s=best-shoes');
  });

  it('escapes the link for an href', () => {
    const [shoes] = destinationChoices(search, destinationTyping('<a href="shoe', 'html')!, options).choices;
    assert.equal(shoes!.text, 'https://go.track.example/shoe?aff=1&amp;s=best-shoes');
  });

  it('leaves out a merchant whose link cannot be made, and says why', () => {
    const bad = { deeplink: { subIdParameter: 'a b', subId: 'x' }, cpc: false };
    const result = destinationChoices(search, destinationTyping('[x](shoe', 'markdown')!, bad);
    assert.deepEqual(result.choices, []);
    assert.match(result.refused ?? '', /not a usable parameter name/);
  });

  it('stops at the limit', () => {
    const typing = destinationTyping('[x](', 'markdown')!;
    assert.equal(destinationChoices(search, typing, options, 2).choices.length, 2);
  });
});
