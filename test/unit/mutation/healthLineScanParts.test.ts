/**
 * What src/health/lineScan.ts reports of a line besides its state, which `npm run mutate` found untested:
 * the links of front matter and of HTML lines, the ignore comment of front matter, the parts of tags that
 * run over a line break, and a state not written as the module writes states.
 */
import assert from 'node:assert/strict';
import { FRONT_MATTER_IGNORE_NEXT, type HealthLanguage } from '../../../src/health/healthCodes';
import { DOCUMENT_START, LineReader, scanLine, type LineScan } from '../../../src/health/lineScan';

/** Scans `lines` from the document's start with one reader; returns every line's scan. */
function scanAll(language: HealthLanguage, lines: string[]): LineScan[] {
  const reader = new LineReader();
  let state = DOCUMENT_START;
  return lines.map((text) => {
    const scan = scanLine(text, language, state, reader);
    state = scan.stateOut;
    return scan;
  });
}

const linksOf = (scan: LineScan) =>
  scan.links.map((link) => [link.kind, link.start, link.end, link.constructStart, link.target]);

describe('what a line holds besides its state', () => {
  it('reads the URLs of front matter as its links, its entry their construct', () => {
    const [, yaml] = scanAll('markdown', ['---', 'a: https://x.test/a', '---']);
    assert.deepEqual(linksOf(yaml), [['front-matter', 3, 19, 0, 'https://x.test/a']]);
    const [, toml] = scanAll('markdown', ['+++', 'title = "https://x.test/"', '+++']);
    assert.deepEqual(linksOf(toml), [['front-matter', 9, 24, 0, 'https://x.test/']]);
  });

  it('reads the ignore comment of front matter, blanks around it allowed, as a mark at the line end', () => {
    const comment = `  ${FRONT_MATTER_IGNORE_NEXT} \r`;
    const scans = scanAll('markdown', ['---', FRONT_MATTER_IGNORE_NEXT, comment, '# other', '---']);
    assert.deepEqual(
      scans.map((scan) => scan.ignoreMarks),
      [[], [FRONT_MATTER_IGNORE_NEXT.length], [comment.length], [], []],
    );
    assert.deepEqual(
      scans.map((scan) => scan.kind),
      ['front-matter', 'front-matter', 'front-matter', 'front-matter', 'front-matter'],
    );
  });

  it("reads a line of HTML indented four columns as HTML's text, not as code", () => {
    const [, line] = scanAll('html', ['<p>', '    https://y.test/?a=1&amp;b=2']);
    assert.equal(line.kind, 'text');
    assert.deepEqual(linksOf(line), [['text', 4, 31, 4, 'https://y.test/?a=1&b=2']]);
  });

  it('reads the URL of a blank HTML block line and of an anchor in one as HTML', () => {
    const scans = scanAll('markdown', ['<div>', '<a href="https://x.test/?a&amp;b">t</a> https://y.test/', '']);
    assert.deepEqual(linksOf(scans[1]), [
      ['anchor', 9, 32, 0, 'https://x.test/?a&b'],
      ['text', 40, 55, 40, 'https://y.test/'],
    ]);
    assert.equal(scans[2].kind, 'blank');
  });

  it('keeps only the parts of tags that run over a line break', () => {
    const scans = scanAll('markdown', ['<a href="https://x.test/">t</a> and <b', 'class="c">x</b> <i>y</i>']);
    assert.deepEqual(
      scans.map((scan) => scan.tagParts.map((tag) => [tag.name, tag.start, tag.end])),
      [[['b', 36, -1]], [['b', -1, 10]]],
    );
    const [whole] = scanAll('markdown', ['<a href="https://x.test/">t</a>']);
    assert.deepEqual(whole.tagParts, []);
    assert.deepEqual(linksOf(whole), [['anchor', 9, 24, 0, 'https://x.test/']]);
  });

  it('finds the links after a blank line that ended a paragraph with a comment left open', () => {
    // markdown-it (test/common/referenceLinks.ts) finds both: the paragraph `c <!-- x` is text.
    const scans = scanAll('markdown', ['c <!-- x', '', 'https://x.test/ [a](https://y.test/)', 'y -->']);
    assert.deepEqual(linksOf(scans[2]), [
      ['bare', 0, 15, 0, 'https://x.test/'],
      ['inline', 20, 35, 16, 'https://y.test/'],
    ]);
    assert.equal(scans[1].kind, 'blank');
  });

  it('makes a reader that takes the shortcuts, and its inline reader too, unless told not to', () => {
    const reader = new LineReader();
    assert.equal(reader.shortcuts, true);
    assert.equal(reader.inline.shortcuts, true);
    const full = new LineReader(false);
    assert.equal(full.shortcuts, false);
    assert.equal(full.inline.shortcuts, false);
  });

  it('writes a state given out of order afresh, as the module writes states', () => {
    const reader = new LineReader();
    // A fence of three backticks, blank and in a list, its flags written the other way round.
    assert.equal(scanLine('code', 'markdown', 'F`3|lb', reader).stateOut, 'F`3|bl');
    assert.equal(scanLine('more', 'markdown', 'F`3|lb', reader).stateOut, 'F`3|bl');
    assert.equal(scanLine('code', 'markdown', 'F`3|bl', reader).stateOut, 'F`3|bl');
    assert.equal(scanLine('code', 'markdown', 'F`3|lb').stateOut, 'F`3|bl');
  });
});
