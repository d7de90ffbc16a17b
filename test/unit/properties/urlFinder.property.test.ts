/**
 * Properties of the URL finder (src/links/urlFinder.ts): whatever the text, it never throws;
 * every range it reports lies inside the text, holds exactly the URL reported, and stands for
 * an absolute http(s) URL the URL parser reads; and a URL written in Markdown, HTML or prose,
 * with any punctuation after it, is found exactly, in the syntax it was written in, whatever its
 * host: ASCII, Latin-1, CJK or punycode.
 */
import assert from 'node:assert/strict';
import { domainToASCII } from 'node:url';
import fc from 'fast-check';
import { escapeHtml } from '../../../src/links/linkMarkup';
import { findUrls, urlAt, type UrlContext } from '../../../src/links/urlFinder';
import { targetOf } from '../../../src/links/urlReplacement';
import { flat, runCanParseHot } from '../helpers/hotUrlParser';
import { checkProperty } from './propertyRun';

/** Pieces a hostile or merely busy document is made of: URL starts, markup, punctuation, line breaks. */
const PIECES = [
  'https://',
  'http://',
  'HTTPS://',
  'https:///',
  'https://.',
  'a.example',
  'xn--bcher-kva.example',
  'xn--a.',
  'XN--a',
  'b\u00fccher.example',
  '\u{1F600}.example',
  '[::1]',
  '0x1',
  '.0x1',
  '1.2.3.999',
  ':8080',
  ':99999',
  '@',
  '/',
  '/path',
  '?',
  '?q=1&r=2',
  '#',
  '#frag',
  '%',
  '%zz',
  '%41',
  '(',
  ')',
  '[',
  ']',
  '](',
  '[x]: ',
  '[^1]: ',
  '<',
  '>',
  '<a href=',
  'href=',
  '"',
  "'",
  '`',
  '&amp;',
  '&#38;',
  '&#0;',
  '&#xD800;',
  '\\',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u2028',
  '.',
  ',',
  ':',
  ';',
  '!',
  '?',
  '*',
  '_',
  '~',
  '-',
  '=',
  '\u00e9',
  'x',
];

const pieceText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 30 })
  .map((parts) => parts.join(''));
const anyText = fc.oneof(pieceText, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

/**
 * Absolute http(s) URLs as RFC 3986 writes them: any host kind, port, user info, query and
 * fragment. The finder wants a letter or digit after `//` (so `https://./` is no URL), which
 * leaves out the one address without any, the IPv6 `[::]`. ASCII only.
 */
const asciiUrlArb = fc
  .webUrl({
    validSchemes: ['http', 'https'],
    withQueryParameters: true,
    withFragments: true,
    authoritySettings: { withIPv4: true, withIPv6: true, withPort: true, withUserInfo: true },
  })
  .filter((url) => parsesAsUrl(url) && /^https?:\/\/[^/?#]*[\p{L}\p{N}]/u.test(url));

const asciiLetter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
/** Latin-1's letters (no × or ÷): the hosts the `URL.canParse` defect of Node 20.20 refused once hot. */
const latin1Letter = fc
  .integer({ min: 0xc0, max: 0xff })
  .filter((code) => code !== 0xd7 && code !== 0xf7)
  .map((code) => String.fromCharCode(code));
const cjkLetter = fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code));
const labelOf = (letter: fc.Arbitrary<string>) =>
  fc.array(letter, { minLength: 1, maxLength: 8 }).map((letters) => letters.join(''));
/** A host label as written: in Unicode, as its punycode (`xn--…`), or ASCII. */
const hostLabelOf = (letter: fc.Arbitrary<string>) => {
  const unicode = labelOf(fc.oneof(letter, letter, asciiLetter));
  return fc.oneof(
    unicode,
    unicode.map((label) => domainToASCII(label)).filter((label) => label.startsWith('xn--')),
    labelOf(asciiLetter),
  );
};

/**
 * Absolute http(s) URLs with international hosts, labels and top-level domains in the letters of one
 * script (Latin-1 alone keeps the text one byte a character, as the `URL.canParse` defect needs) or
 * as punycode, paths, queries and fragments in the same letters, and a port now and then.
 */
function internationalUrlOf(letter: fc.Arbitrary<string>, topLevel: string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(asciiLetter, letter, fc.constantFrom('-', '_', '.', '~', '%C3%BC', '/'));
  return fc
    .record({
      scheme: fc.constantFrom('http', 'https', 'HTTPS'),
      labels: fc.array(hostLabelOf(letter), { minLength: 1, maxLength: 3 }),
      tld: fc.constantFrom(...topLevel),
      port: fc.constantFrom('', ':8080', ':443'),
      path: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
      query: fc.option(fc.array(fc.oneof(piece, fc.constantFrom('=', '&')), { maxLength: 8 }), { nil: undefined }),
      fragment: fc.option(fc.array(piece, { maxLength: 6 }), { nil: undefined }),
    })
    .map(
      ({ scheme, labels, tld, port, path, query, fragment }) =>
        `${scheme}://${[...labels, tld].join('.')}${port}/${path}${query ? `?${query.join('')}` : ''}${fragment ? `#${fragment.join('')}` : ''}`,
    )
    .filter(parsesAsUrl);
}

const internationalUrlArb = fc.oneof(
  internationalUrlOf(latin1Letter, ['de', 'fr', 'example', 'xn--zckzah', 'xn--fiqs8s']),
  internationalUrlOf(cjkLetter, ['jp', '\u30c6\u30b9\u30c8', '\u4e2d\u56fd', 'xn--fiqs8s']),
);

const urlArb = fc.oneof(asciiUrlArb, internationalUrlArb);

/** Whether the URL parser reads `url` (never `URL.canParse`, which lies once hot on Node 20.20: see urlFinderHot.test.ts). */
function parsesAsUrl(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** Sentence marks and closers that may follow a URL in prose without belonging to it. */
const TRAILING = `.,:;!?'"*_~)]`;
const trailingArb = fc.string({ unit: fc.constantFrom(...TRAILING), maxLength: 4 });

/** Whether `(` and `)` pair up in the text, none closing before it opens (CommonMark's balanced destination). */
function balancedParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    depth += char === '(' ? 1 : char === ')' ? -1 : 0;
    if (depth < 0) {
      return false;
    }
  }
  return depth === 0;
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

interface Embedded {
  text: string;
  /** The URL as written in the text, where it is written, its context and the address it stands for. */
  written: string;
  start: number;
  context: UrlContext;
  target: string;
}

function embed(before: string, written: string, after: string, context: UrlContext, target: string): Embedded {
  return { text: `${before}${written}${after}`, written, start: before.length, context, target };
}

const labelArb = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
const leadArb = fc.constantFrom('', 'See ', 'Text\n', '- ', '> ', '1. ', '\u00c0 voir : ', '\u4f8b\uff1a');
const endArb = fc.constantFrom(
  '',
  ' and more.',
  '\n',
  '\r\n',
  ' ',
  '<br>',
  '\n\nNext paragraph https://other.example/',
);

/** A URL written in one of the syntaxes the finder knows, inside prose, with the result expected. */
const embeddedArb: fc.Arbitrary<Embedded> = fc.oneof(
  // The URL alone: the text the finder slices it from is the URL itself.
  urlArb
    .filter((url) => !TRAILING.includes(url.at(-1)!) && count(url, '(') === count(url, ')'))
    .map((url) => embed('', url, '', 'bare', url)),
  // An href whose value is the URL once a character reference in its host is decoded.
  fc.record({ url: internationalUrlArb, quote: fc.constantFrom('"', "'") }).map(({ url, quote }) => {
    const [, scheme, first] = /^(https?:\/\/)(.)/i.exec(url)!;
    const written = `${scheme}&#x${first.codePointAt(0)!.toString(16)};${escapeHtml(url.slice(scheme.length + 1))}`;
    return embed(`<a href=${quote}`, written, `${quote}>Shop</a>`, 'href', url);
  }),
  // Prose: any lead-in that is no letter or digit, any trailing punctuation. A URL that itself
  // ends in punctuation, or whose brackets do not pair up, is ambiguous in prose and left out.
  fc
    .record({
      url: urlArb,
      lead: leadArb,
      open: fc.constantFrom('', '(', '*', '_', '"', '<', '\u00ab'),
      trailing: trailingArb,
      end: endArb,
    })
    .filter(
      ({ url }) =>
        !TRAILING.includes(url.at(-1)!) && count(url, '(') === count(url, ')') && count(url, '[') === count(url, ']'),
    )
    .map(({ url, lead, open, trailing, end }) => embed(`${lead}${open}`, url, `${trailing}${end}`, 'bare', url)),
  // Markdown inline links and images, with or without a title; angle brackets when the
  // parentheses would end the destination early, as CommonMark requires.
  fc
    .record({
      url: urlArb,
      lead: leadArb,
      bang: fc.boolean(),
      label: labelArb,
      title: fc.constantFrom('', ' "Title"', " 'Title'", ' (Title)'),
      trailing: trailingArb,
      end: endArb,
    })
    .map(({ url, lead, bang, label, title, trailing, end }) => {
      const angle = !balancedParentheses(url);
      return embed(
        `${lead}${bang ? '!' : ''}[${label}](${angle ? '<' : ''}`,
        url,
        `${angle ? '>' : ''}${title})${trailing}${end}`,
        'markdown-link',
        url,
      );
    }),
  // Reference definitions, at the start of a line (the same rule for parentheses).
  fc
    .record({
      url: urlArb,
      lead: fc.constantFrom('', 'Text\n\n', '> '),
      label: labelArb,
      title: fc.constantFrom('', ' "Title"', " 'Title'"),
      end: fc.constantFrom('', '\n', '\nMore text.'),
    })
    .map(({ url, lead, label, title, end }) => {
      const angle = !balancedParentheses(url);
      return embed(
        `${lead}[${label}]: ${angle ? '<' : ''}`,
        url,
        `${angle ? '>' : ''}${title}${end}`,
        'markdown-link',
        url,
      );
    }),
  // Autolinks.
  fc
    .record({ url: urlArb, lead: leadArb, trailing: trailingArb, end: endArb })
    .map(({ url, lead, trailing, end }) => embed(`${lead}<`, url, `>${trailing}${end}`, 'autolink', url)),
  // HTML attributes, escaped as HTML requires, in double or single quotes.
  fc
    .record({
      url: urlArb,
      lead: leadArb,
      quote: fc.constantFrom('"', "'"),
      space: fc.constantFrom('', ' '),
      end: endArb,
    })
    .map(({ url, lead, quote, space, end }) =>
      embed(
        `${lead}<a href${space}=${space}${quote}`,
        escapeHtml(url),
        `${quote} rel="sponsored">Shop</a>${end}`,
        'href',
        url,
      ),
    ),
);

describe('URL finder properties', () => {
  // As in the extension host, where another extension may have run the URL parser hot (urlFinderHot.test.ts).
  before(() => runCanParseHot());

  it('never throws, and every range lies inside the text and holds an absolute http(s) URL', async () => {
    await checkProperty(
      fc.property(anyText, (text) => {
        let previousEnd = 0;
        for (const found of findUrls(text)) {
          assert.ok(
            found.start >= previousEnd && found.start < found.end && found.end <= text.length,
            `range ${found.start}..${found.end} of ${text.length}`,
          );
          assert.equal(text.slice(found.start, found.end), found.url);
          const url = new URL(targetOf(found));
          assert.ok(url.protocol === 'http:' || url.protocol === 'https:', url.href);
          previousEnd = found.end;
        }
      }),
      // Found by this property: a "URL" the URL parser refuses (a control character in the host) was reported.
      {
        base: 3_000,
        examples: [['https://\u0000\u2b00'], ['see https://a.example:99999/x and https://\u0001b.example']],
      },
    );
  });

  it('regression: text the URL parser refuses is no URL, and an href is tested as the address it stands for', () => {
    assert.deepEqual(findUrls('https://\u0000\u2b00 https://a.example:99999/x'), []);
    // Missed before: the raw value starts `http://&#39;`, which is no host; decoded it is a URL.
    const [found] = findUrls('<a href="http://&#39;@0.0.0.0">x</a>');
    assert.deepEqual(found && [found.url, found.context, targetOf(found)], [
      'http://&#39;@0.0.0.0',
      'href',
      "http://'@0.0.0.0",
    ]);
  });

  it('finds a URL written in Markdown, HTML or prose exactly, whatever punctuation follows it', async () => {
    await checkProperty(
      fc.property(embeddedArb, ({ text: built, written, start, context, target }) => {
        // Flat, as a document's text is: the finder's slice of a URL alone is then that very string.
        const text = flat(built);
        const found = findUrls(text).find((url) => url.start === start);
        assert.deepEqual(
          found && { url: found.url, end: found.end, context: found.context },
          { url: written, end: start + written.length, context },
          JSON.stringify(text),
        );
        assert.equal(targetOf(found!), target);
        assert.deepEqual(urlAt(text, start + 1), found, 'urlAt agrees');
      }),
      {
        base: 2_000,
        // Found by this property: an href whose decoded value is a URL but whose raw text is not was missed.
        examples: [
          [
            {
              text: '<a href="http://&#39;@0.0.0.0" rel="sponsored">Shop</a>',
              written: 'http://&#39;@0.0.0.0',
              start: 9,
              context: 'href',
              target: "http://'@0.0.0.0",
            },
          ],
        ],
      },
    );
  });

  it('urlAt gives, at every offset, the URL findUrls reports there', async () => {
    await checkProperty(
      fc.property(anyText, fc.nat(), (text, seed) => {
        const offset = text.length === 0 ? 0 : seed % (text.length + 1);
        const found = findUrls(text);
        const expected =
          found.find((url) => url.start <= offset && offset < url.end) ??
          found.find((url) => url.start <= offset && offset <= url.end);
        assert.deepEqual(urlAt(text, offset), expected);
      }),
    );
  });
});
