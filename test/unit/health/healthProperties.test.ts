/**
 * Properties of the link health: a document scanned after any sequence of edits, reusing its
 * lines, reads exactly as a fresh scan; and the fixes of every finding, applied round after
 * round, leave no finding and change nothing but links and the markup the fixes insert.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentLinkScanner, documentLinks, type DocumentLinks } from '../../../src/health/documentLinks';
import { fixesFor } from '../../../src/health/healthFixes';
import type { TextEdit } from '../../../src/health/linkEscaping';
import { LineReader } from '../../../src/health/lineScan';
import { insertedMarkup } from '../../../src/health/markupFixes';
import { checkProperty } from '../properties/propertyRun';
import { applyEdits } from './applyEdits';
import { deeplink, rules, SUBID } from './healthCatalog';

const URLS = [
  deeplink('old', 'https://old.example.org/p'),
  deeplink('gone', 'https://gone.example.org/a_(b'),
  deeplink('nodeep', 'https://nodeep.example.com/a'),
  deeplink('shop', 'https://shop.example.com/x', 'other'),
  deeplink('shop', 'https://shop.example.com/x', null),
  deeplink('shop', 'https://twins.example.com/t'),
  deeplink('shop', 'https://shop.example.com.evil.test/a?q={x}'),
  deeplink('shop', 'https://shop.example.com/ok'),
  'https://trk.example.net/click/solo',
  'https://trk.example.net/click/left?url=https%3A%2F%2Fx.com%2F%3Fa%3D1%26b%3D2',
  'https://trk.example.net/click/left',
  'https://shop.example.com/plain?a=1&b=2',
  'https://cheap.example.com/',
  'https://old.example.org/heirs',
  'https://twins.example.com/',
  'https://shop.example.com.evil.test/',
  'https://elsewhere.test/a',
];
const amp = (url: string) => url.replace(/&/g, '&amp;');

/** Lines of each language: `U` is replaced by a URL. */
const MARKDOWN_LINES = [
  '[t](U)',
  'Text [t](U) and <U> end',
  'U',
  '- U',
  '> see U.',
  '[r]: U',
  '![i](https://img.test/i.png) U',
  'Text <a href="A">t</a>',
  '<a href="A" rel="nofollow">t</a>',
  '`U`',
  '```',
  '~~~',
  '    U',
  '',
  '',
  'Title',
  '===',
  '<!-- U -->',
  '<!--',
  '-->',
  '---',
  'Plain words',
];
const MDX_LINES = [...MARKDOWN_LINES, '{/* U */} [t](U)', '<a', '  href="U"', '  rel="noopener">t</a>'];
const HTML_LINES = [
  '<p><a href="A">t</a></p>',
  "<a href='A' rel=nofollow>t</a>",
  '<a',
  '  href="A"',
  '  rel="">t</a>',
  '<p>U</p>',
  '<img src="A">',
  '<!-- <a href="A"> -->',
  '<pre>',
  'U</pre>',
  '',
  '<body>',
];
const LINES: Record<string, string[]> = { markdown: MARKDOWN_LINES, mdx: MDX_LINES, html: HTML_LINES };

function documentOf(languageId: string) {
  return fc
    .array(fc.tuple(fc.constantFrom(...LINES[languageId]), fc.constantFrom(...URLS)), { maxLength: 14 })
    .map((lines) => lines.map(([line, url]) => line.replace(/[UA]/g, (c) => (c === 'U' ? url : amp(url)))).join('\n'));
}

const language = fc.constantFrom('markdown', 'mdx', 'html');

/** An edit: replace `remove` characters at a fraction of the text with `insert`. */
const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.nat({ max: 40 }),
  insert: fc.oneof(fc.constantFrom('\n', '```\n', '<!--', '-->', '`', '    ', '<a', '>', '---\n', '\n\n'), fc.string()),
});

function comparable(doc: DocumentLinks) {
  return {
    links: doc.links,
    kinds: doc.lineKinds,
    starts: doc.lineStarts,
    states: doc.lineStates,
    body: doc.bodyStart,
  };
}

/** Pieces of any document, the awkward ones included: what opens or closes a block, a comment or a tag, at any place of a line. */
const PIECES = [
  'https://a.com/p?q=1&amp;r=2',
  'http://x.y',
  '[x](https://s.com/a) ',
  '![i](https://s.com/i.png)',
  '<https://auto.link/x>',
  '[d]: https://def.example/',
  'href=',
  'HREF = "',
  "href='",
  'rel="nofollow"',
  " rel='sponsored' ",
  'rel={x}',
  '<a ',
  '<A href="https://b.org/x">',
  '</a>',
  '<pre>',
  '</pre>',
  '<code>',
  '</code>',
  '<script>',
  '</script>',
  '<!--',
  '-->',
  '<!-- affiliate-links-ignore-next -->',
  '{/*',
  '*/}',
  '{/* affiliate-links-ignore-next */}',
  '# affiliate-links-ignore-next\n',
  '<img src="https://i.com/a.png"',
  '/>',
  '>',
  '<',
  'é',
  '\u00a0',
  '\ud835',
  '1',
  'a',
  '_',
  '-',
  ' ',
  '  ',
  '    ',
  '\t',
  '\n',
  '\n',
  '\n\n',
  '\r\n',
  '[',
  ']',
  '(',
  ')',
  '"',
  "'",
  '`',
  '``',
  '```',
  '~~~',
  '\\',
  ':',
  '/',
  '.',
  '&amp;',
  '&',
  ';',
  '](',
  '> [r]:',
  '!',
  '*',
  '- ',
  '1. ',
  '+ ',
  '#',
  '{',
  '}',
  '---\n',
  '+++\n',
  '...',
  'title: x\n',
];

describe('link health properties', () => {
  it('reads every document as the full rules do, with its shortcuts (a paragraph’s line, a line of text only, the states kept)', async () => {
    // One reader for all the documents, as a scan of the site has: nothing it keeps may leak into the next.
    const reader = new LineReader();
    await checkProperty(
      fc.property(language, fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }), (languageId, pieces) => {
        const text = pieces.join('');
        const full = documentLinks(text, languageId, new LineReader(false));
        assert.deepEqual(documentLinks(text, languageId, reader), full);
        assert.deepEqual(documentLinks(text, languageId), full);
      }),
      { base: 5_000 },
    );
  });

  it('reads a document after any edits as a fresh scan does', async () => {
    await checkProperty(
      fc.property(
        language.chain((id) => fc.tuple(fc.constant(id), documentOf(id), fc.array(edit, { maxLength: 8 }))),
        ([languageId, start, edits]) => {
          const scanner = new DocumentLinkScanner(languageId);
          let text = start;
          scanner.scan(text);
          for (const { at, remove, insert } of edits) {
            const offset = Math.floor(at * text.length);
            text = text.slice(0, offset) + insert + text.slice(offset + remove);
            assert.deepEqual(comparable(scanner.scan(text)), comparable(documentLinks(text, languageId)));
          }
        },
      ),
    );
  });

  it('leaves no finding once every finding’s fix is applied, and changes only links and inserted markup', async () => {
    const snippet = 'This article has affiliate links.';
    await checkProperty(
      fc.property(
        language.chain((id) => fc.tuple(fc.constant(id), documentOf(id), fc.boolean())),
        ([languageId, start, relSponsoredInMarkdown]) => {
          const health = rules({ disclosurePatterns: ['affiliate links'], relSponsoredInMarkdown });
          const allowed = insertedMarkup(languageId, snippet);
          let text = start;
          for (let round = 0; round < 4; round++) {
            const doc = documentLinks(text, languageId);
            const findings = health.check(doc, SUBID);
            if (findings.length === 0) {
              return;
            }
            const edits: TextEdit[] = [];
            for (const finding of findings) {
              const fixes = fixesFor(health, doc, finding, { expectedSubId: SUBID, disclosureSnippet: snippet });
              assert.ok(fixes.length > 0, `no fix for ${finding.code} in ${JSON.stringify(text)}`);
              const fix = fixes.find((f) => f.preferred) ?? fixes[0];
              const link = doc.links[finding.link];
              for (const e of fix.edits) {
                const inLink = e.start >= link.start && e.end <= link.end;
                const inRel =
                  link.tag?.rel !== undefined && e.start === link.tag.rel.start && e.end === link.tag.rel.end;
                const inserted = e.start === e.end && allowed.test(e.newText);
                const ok =
                  fix.kind === 'ignore-link'
                    ? inserted && e.start <= link.start
                    : fix.kind === 'add-rel'
                      ? inRel || inserted
                      : inLink || inserted;
                assert.ok(ok, `${fix.kind} edit ${JSON.stringify(e)} of ${JSON.stringify(text)}`);
              }
              // One fix per place, as one edit each: the first wins, as when fixing one after another.
              if (!fix.edits.some((e) => edits.some((o) => e.start <= o.end && o.start <= e.end))) {
                edits.push(...fix.edits);
              }
            }
            text = applyEdits(text, edits);
          }
          const left = health.check(documentLinks(text, languageId), SUBID);
          assert.deepEqual(
            left.map((f) => `${f.code} ${text.slice(f.start, f.end)}`),
            [],
            `after fixing: ${JSON.stringify(text)}`,
          );
        },
      ),
      { base: 500 },
    );
  });
});
