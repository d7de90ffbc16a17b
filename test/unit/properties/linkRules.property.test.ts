/**
 * Properties of the link rules (src/links/deeplink.ts, cpcLink.ts, subId.ts, trackingLink.ts):
 * a deeplink's URL parameter decodes back to the target exactly, whatever the target and
 * whatever query and fragment the tracking link has; every parameter of the tracking link that
 * is not ours keeps its bytes and its order (deeplink and CPC); and only a SubID the rules
 * accept reaches a link.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cpcLinkOf } from '../../../src/links/cpcLink';
import { deeplinkOf, type DeeplinkOptions } from '../../../src/links/deeplink';
import { SUB_ID_MAX_LENGTH, expandSubId, type SubIdVariables } from '../../../src/links/subId';
import { httpUrlOf } from '../../../src/links/trackingLink';
import { blankMerchant } from '../helpers/merchants';
import { checkProperty, floorOf } from './propertyRun';

/** Bits of query text: plain, percent-encoded (some broken), form-encoded, unicode, and characters the URL parser encodes. */
const QUERY_BITS = [
  'a',
  'Z',
  '0',
  '-',
  '_',
  '.',
  '~',
  '%',
  '%2',
  '%20',
  '%zz',
  '%26',
  '%3D',
  '%C3%BC',
  '%E2%82',
  '+',
  ' ',
  '/',
  '?',
  ':',
  '@',
  '!',
  '$',
  "'",
  '(',
  ')',
  '*',
  ',',
  ';',
  '\u00fc',
  '\u20ac',
  '\u{1F600}',
  '"',
  '<',
  '>',
  '`',
  '{',
  '|',
  '}',
  '^',
  '\\',
  '[',
  ']',
];
/** Names a tracking link's parameters may have: ours in several spellings, and others. */
const NAMES = [
  'url',
  's',
  'model',
  'Model',
  'MODEL',
  'mod%65l',
  '%75rl',
  'u%72l',
  '%73',
  'url+',
  'p',
  'a',
  'subid',
  'target',
  '',
];

const bitsArb = (maxLength: number) =>
  fc.array(fc.constantFrom(...QUERY_BITS), { maxLength }).map((bits) => bits.join(''));
const pieceArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...NAMES), fc.constantFrom('=', ''), bitsArb(6))
    .map(([name, equals, value]) => `${name}${equals}${value}`),
  bitsArb(6),
);

/** Tracking links of every shape: any host and path, any query (empty pieces too), any fragment. */
const trackingArb = fc
  .record({
    base: fc.constantFrom(
      'https://track.example/c',
      'http://t.example:8080/k/\u00fc',
      'https://xn--trck-0ra.example',
      'HTTPS://Track.Example/Click/',
      'https://[2001:db8::1]/c',
    ),
    query: fc.option(
      fc.array(pieceArb, { maxLength: 6 }).map((pieces) => pieces.join('&')),
      { nil: undefined },
    ),
    fragment: fc.option(bitsArb(6), { nil: undefined }),
  })
  .map(
    ({ base, query, fragment }) =>
      `${base}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`,
  );

/** Targets: web URLs, URLs with text the parser must encode (spaces, unicode, IDN hosts), and text that is no URL. */
const targetArb = fc.oneof(
  fc.webUrl({
    validSchemes: ['http', 'https'],
    withQueryParameters: true,
    withFragments: true,
    authoritySettings: { withPort: true, withIPv6: true },
  }),
  fc
    .tuple(
      fc.constantFrom('https://', 'http://', 'HTTPS://', ' https://'),
      fc.constantFrom('shop.example', 'b\u00fccher.example', 'SHOP.example:443', '[::1]:8443', '\u{1F600}.example'),
      bitsArb(10),
      fc.option(bitsArb(5)),
      fc.option(bitsArb(5)),
    )
    .map(
      ([scheme, host, path, query, fragment]) =>
        `${scheme}${host}/${path}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`,
    ),
  fc.constantFrom(
    '',
    '   ',
    'shop.example/page',
    'ftp://shop.example/',
    'https:///x',
    'https:\\\\shop.example',
    'https://shop.example/a\tb',
    'https://shop.example:99999/',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const optionsArb: fc.Arbitrary<DeeplinkOptions> = fc.record({
  urlParameter: fc.constantFrom('url', ' url ', 'murl', 'u', 'target.url', '~x', 's', '', 'bad name', 'a&b'),
  subIdParameter: fc.constantFrom('s', 'sub', 'subid', 'url', '', 'bad=name'),
  subId: fc.constantFrom(undefined, '', 'blog-post_1', 'x', 'A'.repeat(SUB_ID_MAX_LENGTH)),
});

/** The `&`-separated pieces of a URL's query, as written. */
function piecesOf(href: string): string[] {
  const { search } = new URL(href);
  return search === '' ? [] : search.slice(1).split('&');
}

/** A piece's first name as a server decodes it. */
function nameOf(piece: string): string | undefined {
  for (const [name] of new URLSearchParams(piece)) {
    return name;
  }
  return undefined;
}

/** The non-empty pieces whose name is none of `names`, as written. */
function othersOf(href: string, names: readonly string[]): string[] {
  return piecesOf(href).filter((piece) => piece !== '' && !names.includes(nameOf(piece)!));
}

describe('link rule properties', () => {
  it('a deeplink decodes back to its target exactly and keeps every other parameter of the tracking link byte for byte', async () => {
    let built = 0;
    await checkProperty(
      fc.property(
        trackingArb,
        targetArb,
        optionsArb,
        fc.boolean(),
        fc.boolean(),
        (tracking, target, options, isActive, deeplinkAllowed) => {
          const merchant = blankMerchant({ name: 'Shop', trackingLink: tracking, isActive, deeplinkAllowed });
          const result = deeplinkOf(merchant, target, options);
          const urlParameter = options.urlParameter.trim();
          const subIdParameter = options.subIdParameter.trim();
          const subId = options.subId ?? '';
          const name = /^[A-Za-z0-9._~-]+$/;
          const trackingUrl = httpUrlOf(tracking);
          const targetUrl = httpUrlOf(target);
          const buildable =
            isActive &&
            deeplinkAllowed &&
            trackingUrl !== undefined &&
            name.test(urlParameter) &&
            (subId === '' || (name.test(subIdParameter) && subIdParameter !== urlParameter)) &&
            targetUrl !== undefined;
          assert.equal(result.ok, buildable, result.ok ? result.link : result.message);
          if (!result.ok) {
            assert.ok(result.message.length > 0);
            return;
          }
          built += 1;
          const link = new URL(result.link);
          assert.deepEqual(
            link.searchParams.getAll(urlParameter),
            [targetUrl!.href],
            'the target, decoded, exactly once',
          );
          const ours = subId === '' ? [urlParameter] : [urlParameter, subIdParameter];
          if (subId !== '') {
            assert.deepEqual(link.searchParams.getAll(subIdParameter), [subId], 'the SubID exactly once');
          }
          assert.equal(
            `${link.origin}${link.pathname}${link.hash}`,
            `${trackingUrl!.origin}${trackingUrl!.pathname}${trackingUrl!.hash}`,
            'same address and fragment',
          );
          assert.deepEqual(
            othersOf(result.link, ours),
            othersOf(trackingUrl!.href, ours),
            'every other parameter, byte for byte, in order',
          );
          assert.equal(new URL(result.link).href, result.link, 'the link is as the URL parser writes it');
        },
      ),
      { base: 2_000 },
    );
    assert.ok(
      built >= floorOf(100, 2_000),
      `only ${built} deeplinks were built: the generators miss the interesting cases`,
    );
  });

  it('a CPC link sets model=CPC once and keeps every other parameter byte for byte', async () => {
    let built = 0;
    await checkProperty(
      fc.property(trackingArb, fc.boolean(), (tracking, supportsCpc) => {
        const merchant = { ...blankMerchant({ trackingLink: tracking }), supportsCpc };
        const result = cpcLinkOf(merchant);
        const trackingUrl = httpUrlOf(tracking);
        assert.equal(result.ok, supportsCpc && trackingUrl !== undefined);
        if (!result.ok) {
          return;
        }
        assert.deepEqual(new URL(result.link).searchParams.getAll('model'), ['CPC']);
        const before = piecesOf(trackingUrl!.href);
        const after = piecesOf(result.link);
        const firstModel = before.findIndex((piece) => nameOf(piece) === 'model');
        const kept = before.filter((piece) => nameOf(piece) !== 'model');
        // model=CPC takes the first model's place, or comes last (after a trailing empty piece is dropped).
        const expected =
          firstModel < 0
            ? [...(kept.at(-1) === '' ? kept.slice(0, -1) : kept), 'model=CPC']
            : [
                ...before.slice(0, firstModel).filter((piece) => nameOf(piece) !== 'model'),
                'model=CPC',
                ...before.slice(firstModel + 1).filter((piece) => nameOf(piece) !== 'model'),
              ];
        assert.deepEqual(after, expected);
        assert.equal(new URL(result.link).hash, trackingUrl!.hash);
        built += 1;
      }),
    );
    assert.ok(built >= floorOf(100), `only ${built} CPC links were built`);
  });

  /** Template parts: the known variables, an unknown one, unclosed ones, allowed and refused characters. */
  const templateArb = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '${date}',
          '${fileBasenameNoExtension}',
          '${workspaceFolderBasename}',
          '${unknown}',
          '${}',
          '${',
          '}',
          '$',
          'blog',
          '-',
          '_',
          ' ',
          '\t',
          '/',
          '.',
          '\u00e9',
          'A'.repeat(60),
        ),
        fc.string({ unit: 'binary', maxLength: 4 }),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(''));
  const nameArb = fc.option(
    fc.oneof(
      fc.constantFrom('post', 'my-post_2', 'Caf\u00e9', 'a b', 'x'.repeat(90), ''),
      fc.string({ maxLength: 12 }),
    ),
    { nil: undefined },
  );
  const variablesArb: fc.Arbitrary<SubIdVariables> = fc.record({
    fileBasenameNoExtension: nameArb,
    workspaceFolderBasename: nameArb,
    date: fc.oneof(
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01') }),
      fc.constant(new Date(Number.NaN)),
    ),
  });

  it('only a SubID the rules accept is ever put into a link', async () => {
    const rule = /^[A-Za-z0-9_-]+$/;
    const merchant = blankMerchant({
      name: 'Shop',
      trackingLink: 'https://t.example/c?s=network&p=1',
      isActive: true,
      deeplinkAllowed: true,
    });
    await checkProperty(
      fc.property(templateArb, variablesArb, (template, variables) => {
        const expanded = expandSubId(template, variables);
        if (!template.includes('${')) {
          // Without variables the verdict is exactly the rule on the trimmed text.
          const text = template.trim();
          assert.equal(
            expanded.ok,
            text === '' || (rule.test(text) && text.length <= SUB_ID_MAX_LENGTH),
            JSON.stringify(template),
          );
        }
        if (!expanded.ok) {
          // The commands stop here (linkEditContext): they show the message and build no link.
          assert.ok(expanded.message.length > 0);
          return;
        }
        if (expanded.subId !== undefined) {
          assert.ok(rule.test(expanded.subId) && expanded.subId.length <= SUB_ID_MAX_LENGTH, expanded.subId);
        }
        const link = deeplinkOf(merchant, 'https://shop.example/page', {
          urlParameter: 'url',
          subIdParameter: 's',
          subId: expanded.subId,
        });
        assert.ok(link.ok);
        // The network's own `s` stays only when there is no SubID; a SubID replaces it, once.
        assert.deepEqual(new URL(link.link).searchParams.getAll('s'), [expanded.subId ?? 'network']);
      }),
    );
  });
});
