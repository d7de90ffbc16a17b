/**
 * Properties of the paste edits (src/writing/pasteEdits.ts): whatever the document, the place, the selection,
 * the language, the title and the pasted text, an offer never changes the text outside the pasted range, and
 * every address it writes is found again by the URL finder in the new document as a tracking link of the right merchant with the article's SubID (and, for a deeplink, the pasted
 * page). In code or inside another tag nothing is offered.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findUrls } from '../../../src/links/urlFinder';
import { targetOf } from '../../../src/links/urlReplacement';
import { placeInText } from '../../../src/writing/pasteContext';
import { planPaste } from '../../../src/writing/pasteEdits';
import { PASTE_INDEX } from '../helpers/pasteFixture';
import { checkProperty, floorOf } from './propertyRun';

const WORDS = ['Shoes', 'are', 'great.', 'Buy', '*now*', '#tag', '1.', '-', '>', 'a_b', 'x&y', '[x]'];
/** Whole lines of context: headings, links, code, HTML. */
const LINES = [
  '# Best shoes',
  '[elsewhere](https://elsewhere.example/a)',
  '<a href="https://shoes.example/old">old</a>',
  'Run `curl https://shoes.example/x` first.',
  '```\ncurl https://shoes.example/y\n```',
  '    indented https://shoes.example/z',
  '',
  '<!-- https://shoes.example/c -->',
  '<div>',
  '</div>',
  '* item',
];
const lineArb = fc.oneof(
  fc.constantFrom(...LINES),
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((words) => words.join(' ')),
);

/** Where the paste goes: the text before and after the pasted range, and whether an offer may be made there. */
const CONTEXTS: ReadonlyArray<{ open: string; close: string; code: boolean; html?: true }> = [
  { open: '', close: '', code: false, html: true },
  { open: '[a](', close: ')', code: false },
  { open: '[a]( ', close: ' "title")', code: false },
  { open: '[a](<', close: '>)', code: false },
  { open: '[ref]: ', close: '', code: false },
  { open: '<a href="', close: '">x</a>', code: false, html: true },
  { open: "<a href='", close: "'>x</a>", code: false, html: true },
  { open: '`x ', close: ' y`', code: true },
  { open: '``x ', close: ' y``', code: true },
  { open: '```\n', close: '\n```', code: true },
  { open: '<!-- ', close: ' -->', code: true, html: true },
  { open: '<img alt="', close: '">', code: true, html: true },
];

const pathArb = fc
  .array(fc.constantFrom('a', 'B', '1', '-', '_', '/', '%20', '(', ')', '\u00fc', '&', '=', '?', '#', '.', '~', "'"), {
    maxLength: 8,
  })
  .map((bits) => bits.join(''));
const addressArb = fc
  .tuple(
    fc.constantFrom(
      'https://shoes.example/',
      'http://www.shoes.example/',
      'https://nodeep.example/',
      'https://twins.example/',
      'https://books.example/',
      'https://elsewhere.example/',
      'https://go.track.example/shoe?aff=1&x=',
    ),
    pathArb,
  )
  .map(([base, path]) => base + path);
const pastedArb = fc.oneof(
  addressArb,
  addressArb.map((address) => ` ${address}\n`),
  fc
    .array(
      fc.oneof(
        addressArb,
        fc.constantFrom(...WORDS),
        addressArb.map((a) => `[x](${a})`),
      ),
      {
        minLength: 2,
        maxLength: 8,
      },
    )
    .map((parts) => parts.join(' ')),
);

/**
 * The contexts of each language: Markdown's all; HTML's its own (Markdown's `](` is text there); plain text's
 * none but text (it has no syntax: what looks like Markdown's is no place of its own).
 */
const languageAndContextArb = fc.constantFrom('markdown', 'mdx', 'html', 'plaintext').chain((languageId) =>
  fc.record({
    languageId: fc.constant(languageId),
    context: fc.constantFrom(
      ...CONTEXTS.filter((c) =>
        languageId === 'plaintext' ? c.open === '' : languageId === 'html' ? c.html === true : true,
      ),
    ),
  }),
);

const caseArb = fc.record({
  before: fc.array(lineArb, { maxLength: 4 }),
  after: fc.array(lineArb, { maxLength: 4 }),
  where: languageAndContextArb,
  selected: fc.oneof(fc.constant(''), fc.constantFrom(...WORDS), addressArb),
  pasted: pastedArb,
  title: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  subId: fc.constantFrom('', 'best-shoes', 'a_1'),
  rel: fc.constantFrom('', 'sponsored', 'sponsored noopener'),
});

/** The pasted text's tracking links (merchant ids), as link health reads it alone: already ours, so kept as they are. */
function trackingLinksIn(text: string): number {
  return findUrls(text).filter((found) => PASTE_INDEX.match(targetOf(found)).kind === 'tracking').length;
}

describe('paste edits (properties)', function () {
  this.timeout(120_000);

  it('never change the text outside the pasted range, and write links found again with the right merchant and SubID', async () => {
    let offered = 0;
    let linksChecked = 0;
    await checkProperty(
      fc.property(caseArb, ({ where: { languageId, context }, ...c }) => {
        const head = c.before.length > 0 ? `${c.before.join('\n')}\n\n` : '';
        const tail = c.after.length > 0 ? `\n\n${c.after.join('\n')}` : '';
        const prefix = `${head}${context.open}`;
        const text = `${prefix}${c.selected}${context.close}${tail}`;
        const start = prefix.length;
        const end = start + c.selected.length;
        const html =
          c.title === undefined ? undefined : `<a href="${c.pasted.trim().replace(/"/g, '&quot;')}">${c.title}</a>`;
        const deeplink = { urlParameter: 'url', subIdParameter: 's', subId: c.subId };
        const place = placeInText(text, languageId, start);
        const plan = planPaste({
          pasted: c.pasted,
          html,
          languageId,
          ranges: [{ start, end, place, selected: c.selected }],
          index: PASTE_INDEX,
          deeplink,
          rel: c.rel,
        });
        if (context.code) {
          assert.deepEqual(plan.offers, [], `nothing is offered in code or another tag (${place.kind})`);
        }
        for (const offer of plan.offers) {
          offered++;
          assert.equal(offer.edits.length, 1);
          const edit = offer.edits[0]!;
          assert.deepEqual([edit.start, edit.end], [start, end], 'the edit replaces the pasted range, nothing else');
          const after = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
          assert.equal(after.slice(0, start), text.slice(0, start));
          assert.equal(after.slice(start + edit.text.length), text.slice(end));
          const written = findUrls(after)
            .filter((found) => found.start >= start && found.end <= start + edit.text.length)
            .map((found) => ({ target: targetOf(found) }));
          const ours = written.filter((link) => PASTE_INDEX.match(link.target).kind === 'tracking');
          if (offer.kind === 'deeplink') {
            assert.equal(ours.length, 1, `one link written: ${edit.text}`);
            assert.equal(ours[0]!.target, offer.link);
            const match = PASTE_INDEX.match(ours[0]!.target);
            assert.ok(match.kind === 'tracking' && match.merchants.some((m) => m.key === offer.merchant.key));
            const params = new URL(offer.link).searchParams;
            assert.equal(params.get('s'), c.subId === '' ? null : c.subId);
            if (!offer.homePage) {
              assert.equal(params.get('url'), new URL(c.pasted.trim()).href);
            }
          } else {
            assert.equal(ours.length - trackingLinksIn(c.pasted), offer.monetized);
            for (const link of ours) {
              const target = new URL(link.target).searchParams.get('url');
              if (target === null) {
                continue; // a tracking link the pasted text held already
              }
              const page = PASTE_INDEX.match(target);
              const tracking = PASTE_INDEX.match(link.target);
              assert.ok(page.kind === 'merchant' && tracking.kind === 'tracking');
              assert.ok(
                tracking.merchants.some((m) => m.key === page.merchant.key),
                'the right merchant',
              );
              assert.equal(new URL(link.target).searchParams.get('s'), c.subId === '' ? null : c.subId);
            }
          }
          linksChecked += ours.length;
        }
      }),
    );
    assert.ok(offered >= floorOf(150), `offers made in ${offered} cases`);
    assert.ok(linksChecked >= floorOf(150), `${linksChecked} links checked`);
  });
});
