import assert from 'node:assert/strict';
import { trackingLinkOf } from '../../src/links/trackingLink';
import { blankMerchant } from './helpers/merchants';

const ACCEPTED: { name: string; raw: string; link: string }[] = [
  { name: 'plain https', raw: 'https://track.example/c?p=1', link: 'https://track.example/c?p=1' },
  { name: 'http', raw: 'http://track.example/c', link: 'http://track.example/c' },
  { name: 'upper-case scheme and host', raw: 'HTTPS://Track.Example/C', link: 'https://track.example/C' },
  { name: 'surrounding white space', raw: '  https://t.example/x \n', link: 'https://t.example/x' },
  { name: 'port kept, default port dropped', raw: 'https://t.example:8443/x', link: 'https://t.example:8443/x' },
  { name: 'default port dropped', raw: 'https://t.example:443/x', link: 'https://t.example/x' },
  {
    name: 'encoded characters kept',
    raw: 'https://t.example/a%2Fb?q=a%20b+c~&r=%7E#f',
    link: 'https://t.example/a%2Fb?q=a%20b+c~&r=%7E#f',
  },
  {
    name: 'unicode path and IDN host serialised',
    raw: 'https://bücher.example/straße',
    link: 'https://xn--bcher-kva.example/stra%C3%9Fe',
  },
  { name: 'space in path serialised', raw: 'https://t.example/a b', link: 'https://t.example/a%20b' },
  { name: 'IPv6 host', raw: 'http://[::1]:8080/c', link: 'http://[::1]:8080/c' },
];

const REFUSED: { name: string; raw: string | null; shows?: string }[] = [
  { name: 'null', raw: null },
  { name: 'empty', raw: '' },
  { name: 'white space', raw: '   ' },
  { name: 'javascript:', raw: 'javascript:alert(1)', shows: '"javascript:alert(1)"' },
  { name: 'data:', raw: 'data:text/html,<b>x</b>', shows: '"data:text/html,<b>x</b>"' },
  { name: 'ftp:', raw: 'ftp://files.example/x', shows: '"ftp://files.example/x"' },
  { name: 'relative', raw: '/click?p=1', shows: '"/click?p=1"' },
  { name: 'scheme-relative', raw: '//t.example/x', shows: '"//t.example/x"' },
  { name: 'garbage', raw: 'not a link', shows: '"not a link"' },
  { name: 'http:/x (repaired by the parser)', raw: 'http:/x', shows: '"http:/x"' },
  { name: 'https:///x (no host)', raw: 'https:///x', shows: '"https:///x"' },
  { name: 'backslash after scheme', raw: 'https:\\\\t.example', shows: '"https:\\\\t.example"' },
  { name: 'no host', raw: 'http://', shows: '"http://"' },
  { name: 'bad port', raw: 'https://t.example:99999/', shows: '"https://t.example:99999/"' },
  { name: 'tab inside (silently dropped by the parser)', raw: 'https://t.exa\tmple/', shows: '"https://t.exa mple/"' },
  {
    name: 'long value cut to 60 characters',
    raw: `javascript:${'a'.repeat(100)}`,
    shows: `"javascript:${'a'.repeat(49)}…"`,
  },
];

describe('trackingLinkOf', () => {
  for (const c of ACCEPTED) {
    it(`accepts ${c.name}`, () => {
      assert.deepEqual(trackingLinkOf(blankMerchant({ trackingLink: c.raw })), { ok: true, link: c.link });
    });
  }
  for (const c of REFUSED) {
    it(`refuses ${c.name}`, () => {
      const result = trackingLinkOf(blankMerchant({ name: 'Shop X', trackingLink: c.raw }));
      assert.equal(result.ok, false);
      assert.ok(!result.ok);
      assert.match(result.message, /^"Shop X" has no (usable )?tracking link/);
      assert.match(result.message, /Refresh the merchants, or contact the network if it stays\.$/);
      if (c.shows === undefined) {
        assert.equal(
          result.message,
          '"Shop X" has no tracking link in the catalog. Refresh the merchants, or contact the network if it stays.',
        );
      } else {
        assert.ok(result.message.includes(`(the catalog has ${c.shows})`), result.message);
      }
    });
  }
  it('gives the exact message of the brief', () => {
    assert.deepEqual(trackingLinkOf(blankMerchant({ name: 'Shop X', trackingLink: 'javascript:alert(1)' })), {
      ok: false,
      message:
        '"Shop X" has no usable tracking link (the catalog has "javascript:alert(1)"). Refresh the merchants, or contact the network if it stays.',
    });
  });
  it('keeps a hostile merchant name on one line', () => {
    const result = trackingLinkOf(blankMerchant({ name: 'Evil\nShop\u202e', trackingLink: null }));
    assert.ok(!result.ok);
    assert.ok(result.message.startsWith('"Evil Shop" has no tracking link'), result.message);
  });
});
