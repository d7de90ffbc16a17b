/**
 * Where an article's SubID comes from, at the edges that `npm run mutate` found untested: the
 * front matter (`${frontMatter:KEY}`: how it opens and closes, its 400-line limit, empty and
 * quoted values) and the deeplinks' SubIDs when the SubID parameter setting is changed or
 * written with spaces. A SubID read wrongly credits a sale to the wrong article.
 */
import assert from 'node:assert/strict';
import { DocumentLinkScanner } from '../../../src/health/documentLinks';
import { DeeplinkSubIdMemo, deeplinkSubIds } from '../../../src/links/documentSubIds';
import { frontMatterOf } from '../../../src/links/frontMatter';

const read = (text: string) => Object.fromEntries(frontMatterOf(text));

describe('the front matter an article’s SubID reads', () => {
  it('is read when YAML closes it with "..." or a TOML block with "+++" at the end of the text', () => {
    assert.deepEqual(read('---\nslug: dots\n...\nslug: body'), { slug: 'dots' });
    assert.deepEqual(read('+++\nslug = "toml"\n+++'), { slug: 'toml' });
  });

  it('closes on a line with trailing spaces', () => {
    assert.deepEqual(read('---\nslug: spaced\n---   \nslug: body'), { slug: 'spaced' });
  });

  it('is none when the text does not open with it, whatever follows', () => {
    assert.deepEqual(read('# Title\nslug: not-front-matter\n---\n'), {});
  });

  it('keeps a value with "&" or "#" inside it, and drops a quoted empty one', () => {
    assert.deepEqual(read('---\ncategory: rock&roll\ntag: c#sharp\nslug: ""\n---'), {
      category: 'rock&roll',
      tag: 'c#sharp',
    });
  });

  it('reads 400 lines after the opening one, its closing line included, and no more', () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}: v${index}`);
    assert.equal(frontMatterOf(['---', ...keys(398), 'slug: last', '---'].join('\n')).get('slug'), 'last');
    assert.equal(frontMatterOf(['---', ...keys(399), 'slug: late', '---'].join('\n')).size, 0);
  });
});

describe('deeplink SubIDs as the SubID parameter setting changes', () => {
  const tracking = (host: string) => host === 'go.trk.example';
  const text = [
    'Shoes: https://go.trk.example/m1?url=https%3A%2F%2Fshop.example%2F&s=spring&sub=summer',
    'Books: https://go.trk.example/m2?sub=winter',
  ].join('\n');

  it('reads the parameter the setting names now, not the one it named before', () => {
    const memo = new DeeplinkSubIdMemo();
    const lines = new DocumentLinkScanner('markdown').scanLines(text);
    const subIds = (parameter: string) =>
      memo.readLines(lines, { subIdParameter: parameter, isTrackingHost: tracking }).map((d) => d.subId);
    assert.deepEqual(subIds('s'), ['spring']);
    assert.deepEqual(subIds('sub'), ['summer', 'winter']);
    assert.deepEqual(subIds('s'), ['spring']);
  });

  it('takes a parameter written with spaces around it as the parameter', () => {
    const options = { subIdParameter: ' sub ', isTrackingHost: tracking };
    const lines = new DocumentLinkScanner('markdown').scanLines(text);
    assert.deepEqual(
      new DeeplinkSubIdMemo().readLines(lines, options).map((d) => d.subId),
      ['summer', 'winter'],
    );
    assert.deepEqual(
      deeplinkSubIds(text, options).map((d) => d.subId),
      ['summer', 'winter'],
    );
  });
});
