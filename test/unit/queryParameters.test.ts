import assert from 'node:assert/strict';
import fc from 'fast-check';
import { queryParametersOf } from '../../src/links/queryParameters';
import { urlApiReading } from './helpers/urls';
import { checkProperty } from './properties/propertyRun';

/** What URLSearchParams reads of `url`, for the names asked. */
function expected(url: string, names: readonly string[]) {
  const params = urlApiReading(url)?.searchParams;
  if (params === undefined) {
    return undefined;
  }
  return names.map((name) => [params.get(name), params.getAll(name)]);
}

describe('a URL’s query parameters', () => {
  it('reads any query as URLSearchParams does (warm: 5,000 cases)', async () => {
    const piece = fc.constantFrom(
      'url=',
      's=',
      'S=',
      '%73=',
      'a',
      '&',
      '&&',
      '=',
      '==',
      '+',
      '%2B',
      '%20',
      '%3A%2F%2F',
      '%25',
      '%zz',
      '%',
      '%C3%A9',
      '%C3',
      '%ED%A0%80',
      '%F0%9F%98%80',
      'é',
      '😀',
      '\ud800',
      ' ',
      '\t',
      '\n',
      '"',
      "'",
      '<',
      '>',
      '`',
      '#',
      '?',
      '/',
      'x.com',
    );
    const start = fc.constantFrom(
      'https://trk.example.net/c',
      'http://go.sandbox-links.net/RhDcMQO0O5',
      'https://Trk.Example.net/c',
      'https://bücher.de/p',
      'https://a:99999/x',
      'https://1.2.3.999/x',
      'https://h/p#frag',
      'not a url',
    );
    await checkProperty(
      fc.property(start, fc.array(piece, { maxLength: 16 }), (head, parts) => {
        const url = `${head}?${parts.join('')}`;
        const names = ['url', 's', 'S', 'a', ' ', ''];
        const read = queryParametersOf(url);
        assert.deepEqual(
          read === undefined ? undefined : names.map((name) => [read.get(name), read.getAll(name)]),
          expected(url, names),
          url,
        );
      }),
      { base: 5_000 },
    );
  });

  it('reads a deeplink’s target and SubIDs', () => {
    const read = queryParametersOf(
      'https://trk.example.net/c?url=https%3A%2F%2Fshop.com%2Fa%3Fb%3D1&s=one&s=&s=two+three#x',
    );
    assert.equal(read?.get('url'), 'https://shop.com/a?b=1');
    assert.deepEqual(read?.getAll('s'), ['one', '', 'two three']);
    assert.equal(queryParametersOf('https://trk.example.net/c#f?s=1')?.get('s'), null, 'a ? after # is no query');
    assert.equal(queryParametersOf('not a url?s=1'), undefined);
  });
});
