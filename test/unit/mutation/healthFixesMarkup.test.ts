/**
 * The fixes that add markup (src/health/markupFixes.ts), which `npm run mutate` found weakly
 * tested: `rel="sponsored"` added to or merged into an `<a>`, the disclosure snippet's place, and
 * where the comment that ignores a link goes in Markdown, MDX, HTML and front matter.
 */
import assert from 'node:assert/strict';
import { documentLinks, type DocumentLink } from '../../../src/health/documentLinks';
import { FRONT_MATTER_IGNORE_NEXT, ignoreComment } from '../../../src/health/healthCodes';
import type { TextEdit } from '../../../src/health/linkEscaping';
import { addRelSponsored, disclosureInsertion, ignoreLinkInsertion } from '../../../src/health/markupFixes';

const URL_A = 'https://shop.example.com/a';

function applied(text: string, edit: TextEdit | undefined): string | undefined {
  return edit && text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
}

/** The text with the rel fix of its first link applied, or undefined without a fix. */
function withRel(text: string, language = 'html'): string | undefined {
  return applied(text, addRelSponsored(documentLinks(text, language).links[0]));
}

/** The text with the ignore comment of the link at `index` inserted. */
function ignored(text: string, language = 'markdown', index = 0): string | undefined {
  const doc = documentLinks(text, language);
  return applied(text, ignoreLinkInsertion(doc, doc.links[index]));
}

const MD = ignoreComment('markdown');
const MDX = ignoreComment('mdx');

describe('the markup fixes', () => {
  it('adds rel="sponsored" to an <a>, or sponsored to its rel', () => {
    const cases: [string, string | undefined][] = [
      [`<a href="${URL_A}">x</a>`, `<a rel="sponsored" href="${URL_A}">x</a>`],
      [`<a\n href="${URL_A}">x</a>`, `<a rel="sponsored"\n href="${URL_A}">x</a>`],
      [`<a href="${URL_A}" rel="nofollow">x</a>`, `<a href="${URL_A}" rel="nofollow sponsored">x</a>`],
      [`<a href="${URL_A}" rel='nofollow'>x</a>`, `<a href="${URL_A}" rel='nofollow sponsored'>x</a>`],
      [`<a href="${URL_A}" rel=nofollow>x</a>`, `<a href="${URL_A}" rel="nofollow sponsored">x</a>`],
      [`<a href="${URL_A}" rel="  ">x</a>`, `<a href="${URL_A}" rel="sponsored">x</a>`],
      [`<a href="${URL_A}" rel="">x</a>`, `<a href="${URL_A}" rel="sponsored">x</a>`],
      [`<img src="${URL_A}">`, undefined],
      [`<p>${URL_A}</p>`, undefined],
    ];
    for (const [text, expected] of cases) {
      assert.equal(withRel(text), expected, text);
    }
    assert.equal(withRel(`<a href="${URL_A}" rel={"nofollow"}>x</a>`, 'mdx'), undefined);
    assert.equal(withRel(`[x](${URL_A})`, 'markdown'), undefined);
  });

  it('adds no rel to a link whose tag it cannot place', () => {
    const link = documentLinks(`<a href="${URL_A}">x</a>`, 'html').links[0];
    const noName: DocumentLink = { ...link, tag: { ...link.tag!, nameEnd: -1 } };
    assert.equal(addRelSponsored(noName), undefined);
    assert.equal(addRelSponsored({ ...link, tag: undefined }), undefined);
  });

  it('quotes an empty unquoted rel value it fills', () => {
    const link = documentLinks(`<a href="${URL_A}" rel=nofollow>x</a>`, 'html').links[0];
    for (const value of ['', '  ']) {
      const rel = { ...link.tag!.rel!, value };
      const edit = addRelSponsored({ ...link, tag: { ...link.tag!, rel } });
      assert.deepEqual(edit, { start: rel.start, end: rel.end, newText: '"sponsored"' });
    }
  });

  it('finds <body> after an HTML page’s front matter, not in it', () => {
    const text = `---\ntitle: <body>\n---\n<html><body>\n<a href="${URL_A}">x</a>`;
    const doc = documentLinks(text, 'html');
    assert.equal(
      applied(text, disclosureInsertion(doc, 'S')),
      `---\ntitle: <body>\n---\n<html><body>\nS\n<a href="${URL_A}">x</a>`,
    );
  });

  it('puts the disclosure after the front matter, or after <body> before the first link', () => {
    const snippet = 'Affiliate links ahead.';
    const insert = (text: string, language: string) =>
      applied(text, disclosureInsertion(documentLinks(text, language), snippet));
    assert.equal(
      insert(`---\ntitle: A\n---\n[x](${URL_A})`, 'markdown'),
      `---\ntitle: A\n---\n${snippet}\n\n[x](${URL_A})`,
    );
    assert.equal(insert(`Hi [x](${URL_A})`, 'mdx'), `${snippet}\n\nHi [x](${URL_A})`);
    assert.equal(
      insert(`<html><body>\n<a href="${URL_A}">x</a>`, 'html'),
      `<html><body>\n${snippet}\n<a href="${URL_A}">x</a>`,
    );
    assert.equal(
      insert(`<html><BODY class="b">\n<a href="${URL_A}">x</a>`, 'html'),
      `<html><BODY class="b">\n${snippet}\n<a href="${URL_A}">x</a>`,
    );
    assert.equal(insert('<html><body>\n<p>none</p>', 'html'), `<html><body>\n${snippet}\n<p>none</p>`);
    assert.equal(insert(`<a href="${URL_A}">x</a><body>`, 'html'), `${snippet}\n<a href="${URL_A}">x</a><body>`);
    assert.equal(insert('<bodyguard>', 'html'), `${snippet}\n<bodyguard>`);
  });

  it('writes the ignore comment just before a link inside a line', () => {
    assert.equal(ignored(`See [x](${URL_A}) now`), `See ${MD}[x](${URL_A}) now`);
    assert.equal(ignored(`I [x](${URL_A})`), `I ${MD}[x](${URL_A})`);
    assert.equal(ignored(`1234567890. [x](${URL_A})`), `1234567890. ${MD}[x](${URL_A})`);
    assert.equal(ignored(`See [x](${URL_A})`, 'mdx'), `See ${MDX}[x](${URL_A})`);
    assert.equal(ignored(`[x](${URL_A})`, 'mdx'), `${MDX}[x](${URL_A})`);
    assert.equal(ignored(`<p><a href="${URL_A}">x</a></p>`, 'html'), `<p>${MD}<a href="${URL_A}">x</a></p>`);
  });

  it('writes it on a line of its own when the link starts its line, keeping list and quote', () => {
    const cases: [string, string][] = [
      [`[x](${URL_A})`, `${MD}\n[x](${URL_A})`],
      [`- [x](${URL_A})`, `${MD}\n- [x](${URL_A})`],
      [`12. [x](${URL_A})`, `${MD}\n12. [x](${URL_A})`],
      [`1) [x](${URL_A})`, `${MD}\n1) [x](${URL_A})`],
      [`> > [x](${URL_A})`, `> > ${MD}\n> > [x](${URL_A})`],
      [`Intro\n\n[x]: ${URL_A}\n`, `Intro\n\n${MD}\n[x]: ${URL_A}\n`],
    ];
    for (const [text, expected] of cases) {
      assert.equal(ignored(text), expected, text);
    }
    assert.equal(ignored(`Intro\n\n[x]: ${URL_A}\n`, 'mdx'), `Intro\n\n${MDX}\n[x]: ${URL_A}\n`);
  });

  it('ends the line before with it when that is plain text of the paragraph, else writes its own line', () => {
    const cases: [string, string][] = [
      [`Text line\n[x](${URL_A})`, `Text line ${MD}\n[x](${URL_A})`],
      [`Text line \n[x](${URL_A})`, `Text line ${MD} \n[x](${URL_A})`],
      [`Text line\r\n[x](${URL_A})`, `Text line ${MD}\r\n[x](${URL_A})`],
      [`Price a\\*b\n[x](${URL_A})`, `Price a\\*b ${MD}\n[x](${URL_A})`],
      [`Hard break\\\n[x](${URL_A})`, `Hard break\\\n${MD}\n[x](${URL_A})`],
      [`Title\n---\n[x](${URL_A})`, `Title\n---\n${MD}\n[x](${URL_A})`],
      [`Ends in a backslash \\ \n[x](${URL_A})`, `Ends in a backslash \\ \n${MD}\n[x](${URL_A})`],
      [`Text <b title="a\n[x](${URL_A})">`, `Text <b title="a\n${MD}\n[x](${URL_A})">`],
    ];
    for (const [text, expected] of cases) {
      assert.equal(ignored(text), expected, JSON.stringify(text));
    }
  });

  it('ignores a front matter link by a comment line of the same indent, and not a split definition', () => {
    assert.equal(
      ignored(`---\nlink: ${URL_A}\n---\nBody`),
      `---\n${FRONT_MATTER_IGNORE_NEXT}\nlink: ${URL_A}\n---\nBody`,
    );
    assert.equal(
      ignored(`---\nlinks:\n  - ${URL_A}\n---\nBody`),
      `---\nlinks:\n  ${FRONT_MATTER_IGNORE_NEXT}\n  - ${URL_A}\n---\nBody`,
    );
    assert.equal(ignored(`Intro\n\n[x]:\n  ${URL_A}\n`), undefined);
  });
});
