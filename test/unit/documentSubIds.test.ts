import assert from 'node:assert/strict';
import * as path from 'node:path';
import fc from 'fast-check';
import { deeplinkSubIds, type DeeplinkSubIdOptions } from '../../src/links/documentSubIds';
import { expandSubId } from '../../src/links/subId';

const TRACKING_HOSTS = new Set(['track.example.net', 'go.partner-shop.de']);
const OPTIONS: DeeplinkSubIdOptions = { subIdParameter: 's', isTrackingHost: (host) => TRACKING_HOSTS.has(host) };

const subIdsOf = (text: string, options: DeeplinkSubIdOptions = OPTIONS): string[] =>
  deeplinkSubIds(text, options).map((link) => link.subId);

describe('SubIDs of a document', () => {
  it('takes the SubID of a deeplink on a tracking host, with its line and URL', () => {
    const text =
      'Intro\n\nSee [the shoes](https://track.example.net/c?m=12&s=best-running-shoes&url=https%3A%2F%2Fshop.example%2Fx).\n';
    assert.deepEqual(deeplinkSubIds(text, OPTIONS), [
      {
        subId: 'best-running-shoes',
        line: 2,
        url: 'https://track.example.net/c?m=12&s=best-running-shoes&url=https%3A%2F%2Fshop.example%2Fx',
        host: 'track.example.net',
      },
    ]);
  });

  it('decodes encoded values', () => {
    assert.deepEqual(
      subIdsOf(
        'https://track.example.net/c?s=best%20shoes and https://track.example.net/c?s=a+b and https://track.example.net/c?s=gr%C3%BC%C3%9Fe',
      ),
      ['best shoes', 'a b', 'grüße'],
    );
  });

  it('gives one entry per value when the parameter comes several times', () => {
    const links = deeplinkSubIds('x https://track.example.net/c?s=a&url=u&s=b', OPTIONS);
    assert.deepEqual(
      links.map((link) => [link.subId, link.line]),
      [
        ['a', 0],
        ['b', 0],
      ],
    );
  });

  it('ignores links on hosts that are not tracking hosts, and links without the parameter or with an empty one', () => {
    const text = [
      'https://shop.example.com/p?s=not-a-deeplink',
      'https://track.example.net.evil.com/c?s=lookalike',
      'https://track.example.net/c?m=1',
      'https://track.example.net/c?s=',
      'https://track.example.net/c#s=fragment',
      'https://track.example.net/c?ss=other&xs=other',
      'https://go.partner-shop.de/c?s=kept',
    ].join('\n');
    assert.deepEqual(
      deeplinkSubIds(text, OPTIONS).map((link) => [link.subId, link.line]),
      [['kept', 6]],
    );
  });

  it("uses the setting's parameter name", () => {
    const text = 'https://track.example.net/c?s=in-s&sub=in-sub';
    assert.deepEqual(subIdsOf(text, { ...OPTIONS, subIdParameter: 'sub' }), ['in-sub']);
    assert.deepEqual(subIdsOf(text, { ...OPTIONS, subIdParameter: ' sub ' }), ['in-sub']);
    assert.deepEqual(subIdsOf(text, { ...OPTIONS, subIdParameter: '' }), []);
  });

  it('asks the tracking hosts by the host as the URL parser writes it, once a host', () => {
    const asked: string[] = [];
    deeplinkSubIds('https://TRACK.Example.NET:443/c?s=a https://bücher.example/c?s=b https://track.example.net/d?s=c', {
      subIdParameter: 's',
      isTrackingHost: (host) => {
        asked.push(host);
        return false;
      },
    });
    assert.deepEqual(asked, ['track.example.net', 'xn--bcher-kva.example']);
  });

  it('finds deeplinks in Markdown, HTML and plain text, on the lines they start on', () => {
    const text = [
      '# Best running shoes', // 0
      '', // 1
      'Inline: [Pegasus](https://track.example.net/c?s=md-inline "Nike").', // 2
      'Autolink: <https://track.example.net/c?s=md-autolink>', // 3
      '[ref]: https://track.example.net/c?s=md-reference', // 4
      '<p><a href="https://track.example.net/c?url=x&amp;s=html-amp">A</a> <a href=\'https://go.partner-shop.de/c?s=html-single\'>B</a></p>', // 5
      'Plain: https://track.example.net/c?s=bare, then text.', // 6
      '`https://track.example.net/c?s=in-code`', // 7
    ].join('\r\n');
    assert.deepEqual(
      deeplinkSubIds(text, OPTIONS).map((link) => [link.subId, link.line]),
      [
        ['md-inline', 2],
        ['md-autolink', 3],
        ['md-reference', 4],
        ['html-amp', 5],
        ['html-single', 5],
        ['bare', 6],
        ['in-code', 7],
      ],
    );
  });

  it('counts lines across many links, as a line-by-line count does', () => {
    const lines: string[] = [];
    for (let line = 0; line < 200; line++) {
      lines.push(
        line % 3 === 0
          ? `Text ${line} https://track.example.net/c?s=a${line} and https://track.example.net/c?s=b${line}`
          : `Text ${line}`,
      );
    }
    const links = deeplinkSubIds(lines.join('\n'), OPTIONS);
    assert.equal(links.length, 2 * 67);
    for (const link of links) {
      assert.ok(lines[link.line]!.includes(`s=${link.subId}`), `${link.subId} on line ${link.line}`);
    }
  });

  it('counts a tracking-host check that throws as no tracking host', () => {
    const links = deeplinkSubIds('https://track.example.net/c?s=a', {
      subIdParameter: 's',
      isTrackingHost: () => {
        throw new Error('broken index');
      },
    });
    assert.deepEqual(links, []);
  });

  it('never throws, whatever the text, and every entry is a non-empty value of a URL on its line', () => {
    const pieces = fc.constantFrom(
      'https://track.example.net/c?s=',
      'https://go.partner-shop.de/x?a=1&s=',
      '?s=',
      '&s=',
      '%',
      '%zz',
      '\n',
      '\r\n',
      ' ',
      '](',
      '<',
      '>',
      'href="',
      '"',
      'a',
      'é',
      '#',
      '&amp;',
      '[x]: ',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(pieces, fc.string({ unit: 'binary' })), { maxLength: 40 }),
        fc.constantFrom('s', 'sub', 'a'),
        (parts, parameter) => {
          const text = parts.join('');
          const lines = text.split('\n');
          for (const link of deeplinkSubIds(text, {
            subIdParameter: parameter,
            isTrackingHost: (host) => TRACKING_HOSTS.has(host),
          })) {
            assert.notEqual(link.subId, '');
            assert.ok(TRACKING_HOSTS.has(link.host));
            assert.ok(
              lines[link.line]!.includes(link.url.split('\n')[0]!),
              `${JSON.stringify(link.url)} on line ${link.line}`,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('SubID setting expanded per file', () => {
  const DATE = new Date(2026, 10, 21, 12);
  /** As the shell names a file for `${fileBasenameNoExtension}` (path.posix.parse of the URI's path). */
  const forFile = (filePath: string, template = '${fileBasenameNoExtension}') =>
    expandSubId(template, { fileBasenameNoExtension: path.posix.parse(filePath).name, date: DATE });

  it('makes best-running-shoes.md the SubID best-running-shoes', () => {
    assert.deepEqual(forFile('/blog/posts/best-running-shoes.md'), { ok: true, subId: 'best-running-shoes' });
  });

  it('gives each file its own SubID, whatever its language', () => {
    assert.deepEqual(
      ['/blog/trail_shoes.mdx', '/site/index.html', '/notes/gift-ideas.txt'].map((file) => forFile(file)),
      [
        { ok: true, subId: 'trail_shoes' },
        { ok: true, subId: 'index' },
        { ok: true, subId: 'gift-ideas' },
      ],
    );
  });

  it('keeps the text around the variable', () => {
    assert.deepEqual(forFile('/blog/best-running-shoes.md', 'blog-${fileBasenameNoExtension}'), {
      ok: true,
      subId: 'blog-best-running-shoes',
    });
  });

  it('refuses a file name a SubID cannot carry, saying what to change', () => {
    const result = forFile('/blog/my notes.md');
    assert.ok(!result.ok);
    assert.match(
      result.message,
      /^The SubID "my notes" made from the setting affiliateLinks\.subId has characters that are not allowed\./,
    );
  });
});

describe('SubIDs of a document, decoded as URLSearchParams decodes them', () => {
  it('gives the non-empty values URLSearchParams gives, for any query', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        's',
        's=',
        's=a',
        's=a+b',
        's=%41',
        '%73=x',
        's%3D=y',
        '+s=z',
        's+=w',
        's=%zz',
        's=%E2%82',
        'url=https%3A%2F%2Fa.example%2F%3Fs%3Dinner',
        '=',
        '',
        'sub=q',
      ),
      fc.stringMatching(/^[a-z%+=0-9A-F]{0,8}$/),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom('s', 'sub'), (pieces, parameter) => {
        const url = `https://track.example.net/c?${pieces.join('&')}`;
        const expected = new URL(url).searchParams.getAll(parameter).filter((value) => value !== '');
        assert.deepEqual(subIdsOf(url, { ...OPTIONS, subIdParameter: parameter }), expected);
      }),
      { numRuns: 1000 },
    );
  });
});
