import assert from 'node:assert/strict';
import { DEFAULT_DEEPLINK_OPTIONS, deeplinkOf, deeplinkRefusal, type DeeplinkOptions } from '../../src/links/deeplink';
import { findUrls } from '../../src/links/urlFinder';
import { blankMerchant } from './helpers/merchants';

const TRACKING = 'https://t.example/click?p=42&a=7';
const shop = (trackingLink: string | null = TRACKING, overrides = {}) =>
  blankMerchant({ name: 'Shop X', deeplinkAllowed: true, trackingLink, ...overrides });
const withSubId = (subId: string | undefined, more: Partial<DeeplinkOptions> = {}): DeeplinkOptions => ({
  ...DEFAULT_DEEPLINK_OPTIONS,
  subId,
  ...more,
});

const TARGETS: string[] = [
  'https://shop.example/',
  'https://shop.example/a b/c d?q=x y',
  'https://shop.example/p?a=1&b=2&url=3&s=4',
  'https://shop.example/p?q=%20+%2B&r=a%26b#frag?x&y=#z',
  'https://shop.example/straße/ü?ä=ö#ß',
  'https://bücher.example/katalog',
  'http://shop.example:8080/x',
  'https://shop.example:443/x',
  'https://[2001:db8::1]:8443/x',
  '  https://shop.example/trimmed  ',
  'HTTPS://SHOP.Example/Case',
];

const LINKS: { name: string; tracking?: string; target: string; options?: DeeplinkOptions; link: string }[] = [
  {
    name: 'appends to the existing query',
    target: 'https://shop.example/a?b=c',
    link: `${TRACKING}&url=https%3A%2F%2Fshop.example%2Fa%3Fb%3Dc`,
  },
  {
    name: 'tracking link without query',
    tracking: 'https://t.example/c',
    target: 'https://s.example/',
    link: 'https://t.example/c?url=https%3A%2F%2Fs.example%2F',
  },
  {
    name: 'fragment of the tracking link kept',
    tracking: 'https://t.example/c?p=1#x',
    target: 'https://s.example/',
    link: 'https://t.example/c?p=1&url=https%3A%2F%2Fs.example%2F#x',
  },
  {
    name: 'encoded characters of the tracking link byte-exact',
    tracking: 'https://t.example/c?q=a%20b+c&t=~&u=%7e&v=%2F',
    target: 'https://s.example/',
    link: 'https://t.example/c?q=a%20b+c&t=~&u=%7e&v=%2F&url=https%3A%2F%2Fs.example%2F',
  },
  {
    name: 'tracking link with port and unicode path',
    tracking: 'http://t.example:8080/k/ü',
    target: 'https://s.example/',
    link: 'http://t.example:8080/k/%C3%BC?url=https%3A%2F%2Fs.example%2F',
  },
  {
    name: 'target with space, & and # encoded',
    target: 'https://s.example/a b?c=d&e#f',
    link: `${TRACKING}&url=https%3A%2F%2Fs.example%2Fa%2520b%3Fc%3Dd%26e%23f`,
  },
  {
    name: 'IDN target as punycode',
    target: 'https://bücher.example/',
    link: `${TRACKING}&url=https%3A%2F%2Fxn--bcher-kva.example%2F`,
  },
  {
    name: 'SubID appended after the target',
    target: 'https://s.example/',
    options: withSubId('blog-post_1'),
    link: `${TRACKING}&url=https%3A%2F%2Fs.example%2F&s=blog-post_1`,
  },
  {
    name: 'empty SubID: no s parameter',
    target: 'https://s.example/',
    options: withSubId(''),
    link: `${TRACKING}&url=https%3A%2F%2Fs.example%2F`,
  },
  {
    name: 'no SubID keeps an existing s',
    tracking: 'https://t.example/c?s=net&p=1',
    target: 'https://s.example/',
    link: 'https://t.example/c?s=net&p=1&url=https%3A%2F%2Fs.example%2F',
  },
  {
    name: 'existing url= and s= replaced in place, duplicates removed',
    tracking: 'https://t.example/c?url=old&p=1&s=old&url=old2#f',
    target: 'https://s.example/',
    options: withSubId('new'),
    link: 'https://t.example/c?url=https%3A%2F%2Fs.example%2F&p=1&s=new#f',
  },
  {
    name: 'custom parameter names (trimmed)',
    tracking: 'https://t.example/c?murl=old&url=keep',
    target: 'https://s.example/',
    options: { urlParameter: ' murl ', subIdParameter: 'subid', subId: 'x1' },
    link: 'https://t.example/c?murl=https%3A%2F%2Fs.example%2F&url=keep&subid=x1',
  },
  {
    name: 'same names allowed without SubID',
    target: 'https://s.example/',
    options: { urlParameter: 'u', subIdParameter: 'u' },
    link: `${TRACKING}&u=https%3A%2F%2Fs.example%2F`,
  },
];

describe('deeplinkRefusal', () => {
  const CASES: { name: string; isActive: boolean; deeplinkAllowed: boolean; message: string | undefined }[] = [
    { name: 'active and allowed', isActive: true, deeplinkAllowed: true, message: undefined },
    {
      name: 'inactive',
      isActive: false,
      deeplinkAllowed: true,
      message:
        '"Shop X" is not active, so it takes no deeplinks. Pick another merchant, or refresh the merchants if it should be active again.',
    },
    {
      name: 'deeplinks not allowed',
      isActive: true,
      deeplinkAllowed: false,
      message:
        '"Shop X" does not allow deeplinks. Copy its tracking link instead, or pick a merchant that allows deeplinks.',
    },
  ];
  for (const c of CASES) {
    it(c.name, () => {
      assert.equal(
        deeplinkRefusal({ name: 'Shop X', isActive: c.isActive, deeplinkAllowed: c.deeplinkAllowed }),
        c.message,
      );
    });
  }
});

describe('deeplinkOf', () => {
  for (const target of TARGETS) {
    it(`round-trips the target ${JSON.stringify(target)}`, () => {
      const result = deeplinkOf(shop(), target, withSubId('sub'));
      assert.ok(result.ok, JSON.stringify(result));
      const params = new URL(result.link).searchParams;
      assert.equal(params.get('url'), new URL(target.trim()).href);
      assert.deepEqual([...params.keys()], ['p', 'a', 'url', 's']);
      assert.equal(params.get('s'), 'sub');
      assert.ok(result.link.startsWith(`${TRACKING}&url=`), result.link);
    });
  }
  for (const c of LINKS) {
    it(c.name, () => {
      assert.deepEqual(deeplinkOf(shop(c.tracking), c.target, c.options), { ok: true, link: c.link });
    });
  }

  const REFUSED: {
    name: string;
    merchant: ReturnType<typeof shop>;
    target?: string;
    options?: DeeplinkOptions;
    message: RegExp;
  }[] = [
    { name: 'inactive', merchant: shop(TRACKING, { isActive: false }), message: /^"Shop X" is not active/ },
    {
      name: 'deeplinks not allowed',
      merchant: shop(TRACKING, { deeplinkAllowed: false }),
      message: /^"Shop X" does not allow deeplinks\./,
    },
    { name: 'no tracking link', merchant: shop(null), message: /^"Shop X" has no tracking link in the catalog\./ },
    {
      name: 'unusable tracking link',
      merchant: shop('data:x'),
      message: /^"Shop X" has no usable tracking link \(the catalog has "data:x"\)\./,
    },
    {
      name: 'empty target',
      merchant: shop(),
      target: '  ',
      message: /^Cannot make a deeplink to "Shop X": no target page was given\. Select or enter/,
    },
    {
      name: 'relative target',
      merchant: shop(),
      target: '/p',
      message: /^Cannot make a deeplink to "Shop X": "\/p" is not a full http:\/\/ or https:\/\/ address\./,
    },
    {
      name: 'javascript: target',
      merchant: shop(),
      target: 'javascript:alert(1)',
      message: /"javascript:alert\(1\)" is not a full http/,
    },
    {
      name: 'target without host',
      merchant: shop(),
      target: 'https:///p',
      message: /"https:\/\/\/p" is not a full http/,
    },
    { name: 'target http:/x', merchant: shop(), target: 'http:/x', message: /"http:\/x" is not a full http/ },
    {
      name: 'ftp target',
      merchant: shop(),
      target: 'ftp://s.example/',
      message: /"ftp:\/\/s\.example\/" is not a full http/,
    },
    {
      name: 'empty urlParameter',
      merchant: shop(),
      options: { urlParameter: ' ', subIdParameter: 's' },
      message: /setting affiliateLinks\.deeplink\.urlParameter is empty\. Set it/,
    },
    {
      name: 'invalid urlParameter',
      merchant: shop(),
      options: { urlParameter: 'u&x', subIdParameter: 's' },
      message: /urlParameter is "u&x", which is not a usable parameter name\. Change it/,
    },
    {
      name: 'empty subIdParameter with SubID',
      merchant: shop(),
      options: withSubId('a', { subIdParameter: '' }),
      message: /subIdParameter is empty\./,
    },
    {
      name: 'invalid subIdParameter with SubID',
      merchant: shop(),
      options: withSubId('a', { subIdParameter: 's=1' }),
      message: /subIdParameter is "s=1", which is not a usable/,
    },
    {
      name: 'same parameter names with SubID',
      merchant: shop(),
      options: withSubId('a', { subIdParameter: 'url' }),
      message: /are both "url"\. Change one of them\.$/,
    },
  ];
  for (const c of REFUSED) {
    it(`refuses: ${c.name}`, () => {
      const result = deeplinkOf(c.merchant, c.target ?? 'https://s.example/', c.options);
      assert.ok(!result.ok, JSON.stringify(result));
      assert.match(result.message, c.message);
      assert.match(result.message, /\.$/);
    });
  }
  it('ends with no character a reader drops from a bare URL, so the link written bare is read whole', () => {
    for (const [target, end] of [
      ['https://shop.example/a_', '%5F'],
      ['https://shop.example/v1.', '%2E'],
      ['https://shop.example/*', '%2A'],
    ] as const) {
      const result = deeplinkOf(shop(), target);
      assert.ok(result.ok && result.link.endsWith(end), `${target} → ${result.ok ? result.link : result.message}`);
      assert.equal(new URL(result.link).searchParams.get('url'), target);
      const [found] = findUrls(`See ${result.link}. Then`);
      assert.equal(found!.url, result.link);
    }
    const fragment = deeplinkOf(shop('https://t.example/click#top'), 'https://shop.example/a_');
    assert.ok(fragment.ok && fragment.link.endsWith('#top'));
  });

  it('ignores an invalid subIdParameter when there is no SubID', () => {
    const result = deeplinkOf(shop(), 'https://s.example/', { urlParameter: 'url', subIdParameter: '' });
    assert.deepEqual(result, { ok: true, link: `${TRACKING}&url=https%3A%2F%2Fs.example%2F` });
  });
  it('has frozen defaults url and s', () => {
    assert.deepEqual({ ...DEFAULT_DEEPLINK_OPTIONS }, { urlParameter: 'url', subIdParameter: 's' });
    assert.ok(Object.isFrozen(DEFAULT_DEEPLINK_OPTIONS));
  });
});
