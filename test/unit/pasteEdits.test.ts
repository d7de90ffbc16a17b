import assert from 'node:assert/strict';
import { clipboardTitle } from '../../src/writing/clipboardTitle';
import { placeInText } from '../../src/writing/pasteContext';
import { pasteInto, shoeDeeplink } from './helpers/pasteFixture';

const PAGE = 'https://shoes.example/trail-runner?size=42&color=red';
const LINK = shoeDeeplink(PAGE);
/** The deeplink as an HTML attribute writes it. */
const LINK_IN_HTML = LINK.replace(/&/g, '&amp;');

describe('paste: one merchant page as its affiliate link', () => {
  describe('in Markdown', () => {
    it('writes [selected text](deeplink) around a selection, with the article’s SubID', () => {
      const { plan, result } = pasteInto('Buy «these shoes» today.', PAGE);
      assert.equal(result, `Buy [these shoes](${LINK}) today.`);
      const offer = plan.offers[0]!;
      assert.equal(offer.kind, 'deeplink');
      assert.equal(offer.title, 'Insert as affiliate link (Shoe Shop)');
      assert.equal(new URL(LINK).searchParams.get('s'), 'best-shoes');
    });

    it('writes the deeplink alone with nothing selected', () => {
      assert.equal(pasteInto('See | now.', PAGE).result, `See ${LINK} now.`);
    });

    it('writes [page title](deeplink) when the clipboard’s HTML carries a title', () => {
      const html = `<meta charset="utf-8"><a href="${PAGE.replace(/&/g, '&amp;')}">Trail Runner &amp; Co — <b>42</b></a>`;
      assert.equal(pasteInto('See | now.', PAGE, { html }).result, `See [Trail Runner \\& Co — 42](${LINK}) now.`);
    });

    it('escapes the selected text: brackets, emphasis and backslashes cannot end the link', () => {
      assert.equal(pasteInto('«[best] *shoes* \\ ever»', PAGE).result, `[\\[best\\] \\*shoes\\* \\\\ ever](${LINK})`);
    });

    it('writes the bare deeplink in a destination, and inside <…> escapes what ends it', () => {
      assert.equal(pasteInto('[shoes](|)', PAGE).result, `[shoes](${LINK})`);
      assert.equal(pasteInto('[shoes](«https://old.example/x»)', PAGE).result, `[shoes](${LINK})`);
      assert.equal(pasteInto('[shoes]: |', PAGE).result, `[shoes]: ${LINK}`);
      assert.equal(pasteInto('[shoes](<|>)', PAGE).result, `[shoes](<${LINK}>)`);
    });

    it('replaces a selected address with the deeplink alone, not a link around the old address', () => {
      assert.equal(pasteInto('Go «https://shoes.example/old» now', PAGE).result, `Go ${LINK} now`);
    });

    it('writes the bare deeplink in front matter', () => {
      assert.equal(pasteInto('---\nshop: |\n---\nText', PAGE).result, `---\nshop: ${LINK}\n---\nText`);
    });

    it('offers nothing in a code span, a fenced block, an indented block or a comment', () => {
      for (const marked of [
        'Run `curl |` now',
        '```\n|\n```',
        '~~~sh\ncurl |\n~~~',
        'Text\n\n    code |\n',
        '<!-- | -->',
      ]) {
        const { plan } = pasteInto(marked, PAGE);
        assert.deepEqual(plan.offers, [], marked);
        assert.match(plan.reason ?? '', /code/, marked);
      }
    });
  });

  describe('in HTML', () => {
    it('writes <a href rel>selected text</a>, escaped, with affiliateLinks.html.rel', () => {
      assert.equal(
        pasteInto('<p>«Shoes & socks»</p>', PAGE, { languageId: 'html' }).result,
        `<p><a href="${LINK_IN_HTML}" rel="sponsored">Shoes &amp; socks</a></p>`,
      );
    });

    it('writes the merchant’s name without a selection or title, and leaves rel out when the setting is empty', () => {
      assert.equal(
        pasteInto('<p>|</p>', PAGE, { languageId: 'html', rel: '' }).result,
        `<p><a href="${LINK_IN_HTML}">Shoe Shop</a></p>`,
      );
    });

    it('writes the escaped address alone in an href, and nothing inside another tag', () => {
      assert.equal(
        pasteInto('<a href="|">x</a>', PAGE, { languageId: 'html' }).result,
        `<a href="${LINK_IN_HTML}">x</a>`,
      );
      assert.deepEqual(pasteInto('<img src="|">', PAGE, { languageId: 'html' }).plan.offers, []);
      assert.deepEqual(pasteInto('<pre>curl | -s</pre>', PAGE, { languageId: 'html' }).plan.offers, []);
    });

    it('writes the escaped address in an href of Markdown’s raw HTML', () => {
      assert.equal(pasteInto('Go <a href="|">x</a>', PAGE).result, `Go <a href="${LINK_IN_HTML}">x</a>`);
    });
  });

  it('writes the bare deeplink in plain text', () => {
    assert.equal(pasteInto('Shoes: «old»', PAGE, { languageId: 'plaintext' }).result, `Shoes: ${LINK}`);
  });

  it('offers a merchant without deeplinks its tracking link with the SubID, saying it lands on the home page', () => {
    const { plan, result } = pasteInto('|', 'https://nodeep.example/p/1');
    assert.equal(result, 'https://go.track.example/nodeep?s=best-shoes');
    assert.equal(plan.offers[0]!.title, 'Insert as affiliate link to the home page (No Deeplinks allows no deeplinks)');
  });

  it('offers one edit per active merchant of a shared domain', () => {
    const { plan } = pasteInto('|', 'https://twins.example/p');
    assert.deepEqual(
      plan.offers.map((offer) => offer.title),
      ['Insert as affiliate link (Twin A)', 'Insert as affiliate link (Twin B)'],
    );
  });

  it('leaves alone tracking links of ours, inactive merchants and unknown hosts', () => {
    for (const [pasted, reason] of [
      ['https://go.track.example/shoe?aff=1&s=x', /tracking link/],
      ['https://books.example/novel', /not active/],
      ['https://elsewhere.example/', /no merchant/],
      ['not an address', /no address/],
    ] as const) {
      const { plan } = pasteInto('|', pasted);
      assert.deepEqual(plan.offers, [], pasted);
      assert.match(plan.reason ?? '', reason, pasted);
    }
  });

  it('writes no SubID when the article has none', () => {
    assert.equal(pasteInto('|', PAGE, { subId: '' }).result, shoeDeeplink(PAGE, ''));
  });
});

describe('paste: a paragraph with its merchant links monetized', () => {
  it('applies the Monetize rules to the pasted text only, and says how many of its links', () => {
    const paragraph = [
      'Try [these](https://shoes.example/a) and https://books.example/b,',
      'or <https://go.track.example/shoe?aff=1> and https://elsewhere.example/c.',
      '![pic](https://shoes.example/img.png) `https://shoes.example/code`',
    ].join('\n');
    const { plan, result } = pasteInto('Before |after', paragraph);
    const offer = plan.offers[0]!;
    assert.equal(offer.kind, 'monetize');
    assert.equal(offer.title, 'Paste with affiliate links (1 of 4 monetized)');
    assert.equal(
      result,
      `Before ${paragraph.replace('https://shoes.example/a', shoeDeeplink('https://shoes.example/a'))}after`,
    );
  });

  it('monetizes one address among other text', () => {
    assert.equal(
      pasteInto('|', 'see https://shoes.example/x').result,
      `see ${shoeDeeplink('https://shoes.example/x')}`,
    );
  });

  it('offers nothing when none of the links can be monetized, or into a destination', () => {
    assert.deepEqual(pasteInto('|', 'a https://elsewhere.example/ b https://books.example/').plan.offers, []);
    assert.deepEqual(pasteInto('[x](|)', 'a https://shoes.example/ b').plan.offers, []);
  });
});

describe('the place of a paste', () => {
  it('tells code, tags, destinations, front matter and text apart', () => {
    const at = (marked: string, languageId = 'markdown') =>
      placeInText(marked.replace('|', ''), languageId, marked.indexOf('|'));
    assert.deepEqual(at('a `b|` c'), { kind: 'code' });
    assert.deepEqual(at('a `b` |c'), { kind: 'text' });
    assert.deepEqual(at('[a](|'), { kind: 'destination', syntax: 'markdown' });
    assert.deepEqual(at("<a href='|'>", 'html'), { kind: 'destination', syntax: 'href' });
    assert.deepEqual(at('<a title="|">', 'html'), { kind: 'tag' });
    assert.deepEqual(at('[a](|', 'html'), { kind: 'text' });
    assert.deepEqual(at('```\nx\n```\n|'), { kind: 'text' });
    assert.deepEqual(at('+++\nx = |\n+++'), { kind: 'front-matter' });
  });
});

describe('the clipboard’s title', () => {
  it('is the text of the <a> that links to the pasted address, decoded and folded', () => {
    assert.equal(
      clipboardTitle('<a href="https://Shoes.example">Best&nbsp;shoes\n <i>ever</i></a>', 'https://shoes.example/'),
      'Best shoes ever',
    );
    assert.equal(clipboardTitle("<a class=x href='https://a.example/'>A</a>", 'https://a.example/'), 'A');
  });

  it('is none for another address, an empty text, the address itself, or no HTML', () => {
    assert.equal(clipboardTitle('<a href="https://b.example/">B</a>', 'https://a.example/'), undefined);
    assert.equal(clipboardTitle('<a href="https://a.example/"> </a>', 'https://a.example/'), undefined);
    assert.equal(clipboardTitle('<a href="https://a.example/">https://a.example</a>', 'https://a.example/'), undefined);
    assert.equal(clipboardTitle(undefined, 'https://a.example/'), undefined);
  });
});
