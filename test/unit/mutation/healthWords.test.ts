/**
 * The words of link health (src/health/healthMessages.ts), which `npm run mutate` found
 * untested: what each finding tells the person in the Problems panel (what is wrong with the
 * link, naming the merchant, host or SubIDs) and what each fix's title in the light bulb offers.
 */
import assert from 'node:assert/strict';
import { findingWords, fixWords } from '../../../src/health/healthMessages';

describe('the words of link health', () => {
  it('names the tracking host of a link no merchant owns, or the text when it is no address', () => {
    assert.equal(
      findingWords.unknownTrackingLink('https://go.trk.example/m9?x=1'),
      'No merchant in the catalog owns this link on the tracking host go.trk.example: the merchant may have left the network, and the link earns nothing.',
    );
    assert.match(findingWords.unknownTrackingLink('not a url'), /on the tracking host not a url:/);
  });

  it('says since when a merchant is inactive, else when its entry changed, else only that it is', () => {
    assert.equal(
      findingWords.inactive('Shoe Shop', undefined, '2026-03-04T10:00:00Z'),
      '"Shoe Shop" is inactive (its catalog entry last changed on 2026-03-04): this link earns nothing.',
    );
    assert.equal(
      findingWords.inactive('Shoe Shop', 'soon', 'later'),
      '"Shoe Shop" is inactive: this link earns nothing.',
    );
    assert.equal(
      findingWords.inactive('Shoe Shop', undefined, null),
      '"Shoe Shop" is inactive: this link earns nothing.',
    );
  });

  it('says a deeplink earns nothing when deeplinks are refused, or when it leads off the merchant', () => {
    assert.equal(
      findingWords.deeplinksNotAllowed('Shoe Shop'),
      '"Shoe Shop" no longer allows deeplinks: this deeplink earns nothing. Use its tracking link or another merchant.',
    );
    assert.equal(
      findingWords.targetOffMerchant('Shoe Shop', 'https://books.example/a'),
      'This deeplink of "Shoe Shop" leads to "books.example", which is not one of the merchant\'s domains: the click goes to a merchant that pays nothing for it.',
    );
  });

  it('names the SubIDs a deeplink carries and the article’s own', () => {
    assert.equal(
      findingWords.subIdMismatch([], 'best-shoes'),
      'This deeplink carries no SubID; the article’s SubID is "best-shoes".',
    );
    assert.equal(
      findingWords.subIdMismatch(['old-post', 'spring'], 'best-shoes'),
      'This deeplink carries the SubID "old-post", "spring", not the article’s "best-shoes": its clicks are credited to another article.',
    );
  });

  it('says what a plain link to a merchant could earn, with its commission when known', () => {
    assert.equal(
      findingWords.notMonetized('Shoe Shop', undefined),
      '"Shoe Shop" allows deeplinks: this plain link to it earns nothing.',
    );
    assert.equal(
      findingWords.notMonetized('Shoe Shop', '4.2%'),
      '"Shoe Shop" pays 4.2% average commission and allows deeplinks: this plain link to it earns nothing.',
    );
  });

  it('asks for rel="sponsored" and a disclosure in words of their own', () => {
    assert.match(findingWords.relSponsoredMissing(), /^This affiliate link has no rel="sponsored"/);
    assert.match(findingWords.disclosureMissing(), /^This article has affiliate links but no disclosure/);
  });

  it('titles each fix with what it does', () => {
    assert.equal(fixWords.replaceWithDeeplink('Shoe Shop'), 'Replace with a deeplink of "Shoe Shop"');
    assert.equal(fixWords.replaceWithTrackingLink('Shoe Shop'), 'Replace with the tracking link of "Shoe Shop"');
    assert.equal(fixWords.unwrap('https://shoes.example/'), 'Replace with the plain address "https://shoes.example/"');
    assert.equal(fixWords.fixSubId('best-shoes'), 'Set the SubID to "best-shoes"');
    assert.equal(fixWords.addRelSponsored(), 'Add rel="sponsored"');
    assert.equal(fixWords.monetize('Shoe Shop'), 'Make it a deeplink of "Shoe Shop"');
    assert.equal(fixWords.insertDisclosure(), 'Insert the disclosure at the top');
    assert.equal(fixWords.ignoreLink(), 'Ignore this link');
  });
});
