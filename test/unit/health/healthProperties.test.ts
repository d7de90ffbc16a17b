/**
 * Properties of the link health: a document scanned after any sequence of edits, reusing its
 * lines, reads exactly as a fresh scan; and one round of the fixes of every finding leaves only the findings
 * whose fix overlapped another's, changing nothing but links (each affiliate link with the article's SubID)
 * and the markup each fix adds, written in this file.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DocumentLinkScanner,
  documentLinks,
  type DocumentLink,
  type DocumentLinks,
} from '../../../src/health/documentLinks';
import { fixesFor, type FixKind } from '../../../src/health/healthFixes';
import type { HealthCode } from '../../../src/health/healthCodes';
import type { HealthFinding } from '../../../src/health/healthRules';
import type { TextEdit } from '../../../src/health/linkEscaping';
import { LineReader } from '../../../src/health/lineScan';
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

  it('leaves after one round of fixes only the findings whose fix overlapped another’s, changing only links (each with the article’s SubID) and the markup written here', async () => {
    const snippet = 'This article has affiliate links.';
    await checkProperty(
      fc.property(
        language.chain((id) => fc.tuple(fc.constant(id), documentOf(id), fc.boolean())),
        ([languageId, start, relSponsoredInMarkdown]) => {
          const health = rules({ disclosurePatterns: ['affiliate links'], relSponsoredInMarkdown });
          let text = start;
          // Each round may leave only what it skipped; a skipped fix waits for the next round, so every
          // round fixes at least one finding and the findings run out.
          for (let round = 0; ; round++) {
            const doc = documentLinks(text, languageId);
            const findings = health.check(doc, SUBID);
            if (findings.length === 0) {
              return;
            }
            assert.ok(round < findings.length + 2, `round ${round} of ${JSON.stringify(start)}`);
            const edits: TextEdit[] = [];
            const skipped: HealthFinding[] = [];
            const writes: Array<{ kind: FixKind; from: HealthCode; edit: TextEdit }> = [];
            for (const finding of findings) {
              const fixes = fixesFor(health, doc, finding, { expectedSubId: SUBID, disclosureSnippet: snippet });
              assert.ok(fixes.length > 0, `no fix for ${finding.code} in ${JSON.stringify(text)}`);
              const fix = fixes.find((f) => f.preferred) ?? fixes[0];
              const link = doc.links[finding.link];
              for (const e of fix.edits) {
                const what = `${fix.kind} edit ${JSON.stringify(e)} of ${JSON.stringify(text)}`;
                assert.ok(editAllowed(fix.kind, e, doc, link, snippet), what);
                if (writesLink(fix.kind) && e.start === link.start && e.end === link.end) {
                  checkWrittenLink(fix.kind, e, languageId, what);
                }
              }
              // One fix per place: the first wins, as when fixing one after another.
              if (fix.edits.some((e) => edits.some((o) => e.start <= o.end && o.start <= e.end))) {
                skipped.push(finding);
              } else {
                edits.push(...fix.edits);
                const written = fix.edits.filter((e) => e.start === link.start && e.end === link.end);
                writes.push(
                  ...(writesLink(fix.kind)
                    ? written.map((edit) => ({ kind: fix.kind, from: finding.code, edit }))
                    : []),
                );
              }
            }
            const after = applyEdits(text, edits);
            const afterDoc = documentLinks(after, languageId);
            const left = health.check(afterDoc, SUBID);
            const sorted = [...edits].sort((a, b) => a.start - b.start);
            const written = writes.map(({ kind, from, edit }) => {
              const at = shifted(edit.start, sorted, 'start');
              return { kind, from, start: at, end: at + edit.newText.length };
            });
            const undisclosed = findings.some((f) => f.code === 'disclosure-missing');
            const within = (f: HealthFinding, w: { start: number; end: number }) =>
              w.start <= f.start && f.end <= w.end;
            const unexplained = left.filter(
              (f) =>
                !skipped.some((s) => explains(s, f, sorted)) &&
                // A dead or plain Markdown link made a live affiliate one: no fix can write rel="sponsored" on a
                // Markdown link (the setting says the site's build must).
                !(
                  f.code === 'rel-sponsored-missing' &&
                  relSponsoredInMarkdown &&
                  afterDoc.links[f.link].kind !== 'anchor' &&
                  written.some((w) => NOT_LIVE.includes(w.from) && within(f, w))
                ) &&
                // A plain link made the first affiliate link of a document that needed no disclosure before:
                // whether to disclose is the writer's call.
                !(
                  f.code === 'disclosure-missing' &&
                  !undisclosed &&
                  written.some((w) => w.kind === 'monetize' && within(f, w))
                ),
            );
            assert.deepEqual(
              unexplained.map((f) => `${f.code} ${after.slice(f.start, f.end)}`),
              [],
              `round ${round}: ${JSON.stringify(text)} fixed as ${JSON.stringify(after)} (skipped: ${skipped.map((f) => f.code).join(', ')})`,
            );
            text = after;
          }
        },
      ),
      { base: 500 },
    );
  });
});

/** The findings of links that are no live affiliate link: dead, or plain. */
const NOT_LIVE: readonly HealthCode[] = [
  'inactive-merchant',
  'deeplinks-not-allowed',
  'unknown-tracking-link',
  'target-off-merchant',
  'not-monetized',
];

/** The comment that ignores the next link, as the docs write it: `{/* … *\/}` in MDX, `<!-- … -->` elsewhere. */
const IGNORE_NEXT = 'affiliate-links-ignore-next';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The fixes that write a new address in the link's place. */
const writesLink = (kind: FixKind) => !['add-rel', 'ignore-link', 'insert-disclosure'].includes(kind);

/** Whether `e` adds `rel="sponsored"` to the link's tag: after its name, or to its `rel` value. */
function relAdded(e: TextEdit, doc: DocumentLinks, link: DocumentLink): boolean {
  const rel = link.tag?.rel;
  if (rel === undefined) {
    return e.start === e.end && e.start === link.tag?.nameEnd && e.newText === ' rel="sponsored"';
  }
  const value = doc.text.slice(rel.start, rel.end);
  const replaced =
    e.start === rel.start &&
    e.end === rel.end &&
    ['sponsored', '"sponsored"', `"${value} sponsored"`].includes(e.newText);
  return replaced || (e.start === e.end && e.start === rel.end && e.newText === ' sponsored');
}

/**
 * Whether `e`, an edit of a `kind` fix of `link`, writes the link's new address in its place, or inserts only
 * the markup its kind adds: `rel="sponsored"` (also with a new affiliate link in an `<a>`), the comment that
 * ignores the link, the disclosure.
 */
function editAllowed(kind: FixKind, e: TextEdit, doc: DocumentLinks, link: DocumentLink, snippet: string): boolean {
  const insertion = e.start === e.end;
  switch (kind) {
    case 'add-rel':
      return relAdded(e, doc, link);
    case 'ignore-link': {
      const comment = escaped(doc.language === 'mdx' ? `{/* ${IGNORE_NEXT} */}` : `<!-- ${IGNORE_NEXT} -->`);
      const forms = new RegExp(`^(?:${comment}| ${comment}|[ \\t>]*${comment}\\n|[ \\t]*# ${IGNORE_NEXT}\\n)$`);
      return insertion && e.start <= link.start && forms.test(e.newText);
    }
    case 'insert-disclosure':
      return (
        insertion &&
        (doc.language === 'html' ? [`\n${snippet}`, `${snippet}\n`] : [`${snippet}\n\n`]).includes(e.newText)
      );
    default:
      return (e.start === link.start && e.end === link.end) || (link.kind === 'anchor' && relAdded(e, doc, link));
  }
}

/** The link a fix writes, read back as a URL: every affiliate link it writes carries the article's SubID, once. */
function checkWrittenLink(kind: FixKind, e: TextEdit, languageId: string, what: string): void {
  const url = new URL(
    languageId === 'html' || e.newText.includes('&amp;') ? e.newText.replace(/&amp;/g, '&') : e.newText,
  );
  const tracking = url.hostname === 'trk.example.net';
  assert.equal(tracking, kind !== 'unwrap', `${what}: ${kind === 'unwrap' ? 'unwrapped to' : 'writes'} ${url.href}`);
  if (tracking) {
    assert.deepEqual(url.searchParams.getAll('s'), [SUBID], `${what}: the SubID of ${url.href}`);
  }
}

/** Where an offset of the text before `edits` (sorted) is after them (inside an edit: where that edit's new text starts or ends). */
function shifted(offset: number, edits: readonly TextEdit[], side: 'start' | 'end'): number {
  let shift = 0;
  for (const e of edits) {
    if (e.end <= offset) {
      shift += e.newText.length - (e.end - e.start);
    } else if (e.start < offset) {
      return side === 'start' ? e.start + shift : e.start + shift + e.newText.length;
    }
  }
  return offset + shift;
}

/** Whether a finding left after the round is the skipped `s`: the same rule, on the same link (moved by the `sorted` edits). */
function explains(s: HealthFinding, left: HealthFinding, sorted: readonly TextEdit[]): boolean {
  if (s.code !== left.code) {
    return false;
  }
  if (s.code === 'disclosure-missing') {
    return true; // the document's, wherever its first affiliate link now is
  }
  const start = shifted(s.start, sorted, 'start');
  const end = shifted(s.end, sorted, 'end');
  return left.start <= end && start <= left.end;
}
