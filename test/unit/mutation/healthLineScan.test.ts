/**
 * The block states of src/health/lineScan.ts, line by line, which `npm run mutate` found untested: what
 * each line of a document is (blank, text, code, front matter, definition) and the state the next line
 * starts in, written `<mode><arg>|<flags>` and `|<how an HTML block ends>` (see blockState.ts; flags b
 * blank, i indented code, l in a list, p a paragraph goes on, d a definition's destination may follow).
 * Every document is read with the shortcuts and by the full rules (`new LineReader(false)`): both must
 * agree. The expected states follow CommonMark 0.31 (front matter as YAML `---`/`...` or TOML `+++`).
 */
import assert from 'node:assert/strict';
import type { HealthLanguage } from '../../../src/health/healthCodes';
import { DOCUMENT_START, LineReader, scanLine, type LineKind } from '../../../src/health/lineScan';

/** A line, the state after it, and its kind. */
type Row = [text: string, stateOut: string, kind: LineKind];

interface Doc {
  name: string;
  language: HealthLanguage;
  rows: Row[];
}

const DOCUMENTS: Doc[] = [
  {
    name: 'TOML front matter closes only at a line of `+++` and blanks',
    language: 'markdown',
    rows: [
      ['+++', 'O|b', 'front-matter'],
      ['title = "t"', 'O|b', 'front-matter'],
      ['x +++', 'O|b', 'front-matter'],
      ['+++x', 'O|b', 'front-matter'],
      ['---', 'O|b', 'front-matter'],
      ['+++', 'T|b', 'front-matter'],
      ['a', 'T|p', 'text'],
    ],
  },
  {
    name: 'TOML front matter closes at `+++` followed by blanks',
    language: 'markdown',
    rows: [
      ['+++', 'O|b', 'front-matter'],
      ['+++  ', 'T|b', 'front-matter'],
    ],
  },
  {
    name: 'YAML front matter closes at `---` or `...` alone on the line, blanks after allowed',
    language: 'markdown',
    rows: [
      ['---', 'Y|b', 'front-matter'],
      ['a ---', 'Y|b', 'front-matter'],
      ['---x', 'Y|b', 'front-matter'],
      ['+++', 'Y|b', 'front-matter'],
      ['--- \t', 'T|b', 'front-matter'],
      ['b', 'T|p', 'text'],
    ],
  },
  {
    name: 'YAML front matter closes at `...`',
    language: 'markdown',
    rows: [
      ['---', 'Y|b', 'front-matter'],
      ['...', 'T|b', 'front-matter'],
    ],
  },
  {
    name: 'a first line of blanks is a blank line of text',
    language: 'markdown',
    rows: [
      [' \t ', 'T|b', 'blank'],
      ['x', 'T|p', 'text'],
    ],
  },
  {
    name: 'a first line indented four columns is indented code',
    language: 'markdown',
    rows: [
      ['    code', 'T|i', 'code'],
      ['', 'T|b', 'blank'],
      ['    more', 'T|i', 'code'],
    ],
  },
  {
    name: 'a fence closes at a run of its character at least as long, with only blanks after',
    language: 'markdown',
    rows: [
      ['````js', 'F`4|', 'code'],
      ['```', 'F`4|', 'code'],
      ['```` x', 'F`4|', 'code'],
      ['~~~~', 'F`4|', 'code'],
      ['````  ', 'T|', 'code'],
      ['a', 'T|p', 'text'],
    ],
  },
  {
    name: "a tilde fence's info string may hold a backtick, a backtick fence's may not",
    language: 'markdown',
    rows: [
      ['~~~ a`b', 'F~3|', 'code'],
      ['~~~', 'T|', 'code'],
      ['```a`b', 'T|p', 'text'],
    ],
  },
  {
    name: 'an HTML block of kind 6 interrupts a paragraph and ends at a blank line',
    language: 'markdown',
    rows: [
      ['text', 'T|p', 'text'],
      ['    <div>', 'T|p', 'text'],
      ['<div>', 'T||b', 'text'],
      ['x', 'T||b', 'text'],
      ['', 'T|b', 'blank'],
      ['<div>', 'T||b', 'text'],
      ['', 'T|b', 'blank'],
      ['a', 'T|p', 'text'],
    ],
  },
  {
    name: 'an HTML block of kind 2 ends at the line holding `-->`',
    language: 'markdown',
    rows: [
      ['<!-- a -->', 'T|', 'text'],
      ['b', 'T|p', 'text'],
      ['<!-- https://x.test/', 'C-->||2', 'text'],
      ['-->', 'T|', 'text'],
    ],
  },
  {
    name: 'a list item goes on over lazy lines, and after a blank line only where indented',
    language: 'markdown',
    rows: [
      ['- a', 'T|lp', 'text'],
      ['more', 'T|lp', 'text'],
      ['`x`', 'T|lp', 'text'],
      ['', 'T|bl', 'blank'],
      ['  `y`', 'T|lp', 'text'],
      ['', 'T|bl', 'blank'],
      ['   `z`', 'T|lp', 'text'],
      ['', 'T|bl', 'blank'],
      [' `w`', 'T|p', 'text'],
    ],
  },
  {
    name: 'a line of text after a blank line ends the list',
    language: 'markdown',
    rows: [
      ['- a', 'T|lp', 'text'],
      ['', 'T|bl', 'blank'],
      ['x', 'T|p', 'text'],
    ],
  },
  {
    name: "a tab-indented definition inside a list item's content",
    language: 'markdown',
    rows: [
      ['- a', 'T|lp', 'text'],
      ['', 'T|bl', 'blank'],
      ['\t[a]: /x', 'T|l', 'text'],
      ['q', 'T|lp', 'text'],
    ],
  },
  {
    name: 'a definition cannot interrupt a paragraph; alone, its label awaits its destination',
    language: 'markdown',
    rows: [
      ['text', 'T|p', 'text'],
      ['[a]: https://x.test/', 'T|p', 'text'],
      ['[b]:', 'T|p', 'text'],
      ['', 'T|b', 'blank'],
      ['[x] y', 'T|p', 'text'],
      ['', 'T|b', 'blank'],
      ['[c]:', 'T|d', 'text'],
      ['https://z.test/', 'T|', 'definition'],
    ],
  },
  {
    // Raw HTML is a paragraph's inline content, and a blank line ends the paragraph: a tag or comment
    // still open there was text (markdown-it escapes its `<`).
    name: 'an open tag or comment of Markdown ends at a blank line',
    language: 'markdown',
    rows: [
      ['Text <a', 'Ga|p', 'text'],
      ['', 'T|b', 'blank'],
      ['c <!-- x', 'C-->|p', 'text'],
      ['more', 'C-->|p', 'text'],
      ['', 'T|b', 'blank'],
      ['y -->', 'T|p', 'text'],
    ],
  },
  {
    // HTML reads a raw element's content as text up to its closing tag (see inlineRegions.ts).
    name: "a raw element's content goes on over a blank line",
    language: 'markdown',
    rows: [
      ['a <script>', 'Rscript|p', 'text'],
      ['', 'Rscript|', 'text'],
      ['x', 'Rscript|p', 'text'],
      ['</script>', 'T|p', 'text'],
    ],
  },
  {
    name: 'HTML keeps its state over lines: no paragraphs, no indented code, open tags over blank lines',
    language: 'html',
    rows: [
      ['Hello', 'T|b', 'text'],
      ['World', 'T|b', 'text'],
      ['<a', 'Ga|b', 'text'],
      ['', 'Ga|b', 'text'],
      ['href="https://x.test/">t</a>', 'T|b', 'text'],
      ['    https://y.test/', 'T|b', 'text'],
      ['', 'T|b', 'blank'],
      ['<!--', 'C-->|b', 'text'],
      ['', 'C-->|b', 'text'],
      ['-->', 'T|b', 'text'],
    ],
  },
];

function read(doc: Doc, reader: LineReader): Row[] {
  let state = DOCUMENT_START;
  return doc.rows.map(([text]) => {
    const scan = scanLine(text, doc.language, state, reader);
    assert.equal(scan.stateIn, state);
    assert.equal(scan.text, text);
    state = scan.stateOut;
    return [text, scan.stateOut, scan.kind];
  });
}

describe('the block state of each line of a document', () => {
  for (const doc of DOCUMENTS) {
    it(`${doc.language}: ${doc.name}`, () => {
      assert.deepEqual(read(doc, new LineReader()), doc.rows);
      assert.deepEqual(read(doc, new LineReader(false)), doc.rows);
    });
  }
});
