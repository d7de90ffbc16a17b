/**
 * What one line holds besides text (src/health/inlineRegions.ts), which `npm run mutate` found
 * untested: the exact ranges a comment, a code span, a raw element's content or a code element's text
 * takes (each found in an `it`, not while mocha loads the file), the tags with their `<`, `>`, name's
 * end and `rel` (-1 for a part on another line), the mode the next line starts in, and the reader's
 * closing-tag patterns (one per name, the 64 last kept).
 */
import assert from 'node:assert/strict';
import { documentLinks } from '../../../src/health/documentLinks';
import type { HealthLanguage } from '../../../src/health/healthCodes';
import { InlineReader, inlineRegions, type InlineMode } from '../../../src/health/inlineRegions';

const TEXT: InlineMode = { kind: 'text' };

/** The line's regions as plain data. */
function read(line: string, language: HealthLanguage, modeIn: InlineMode = TEXT) {
  const regions = inlineRegions(line, language, modeIn, new InlineReader());
  return {
    excluded: regions.excluded.map(({ start, end }) => [start, end]),
    tags: regions.tags.map(
      (t) => `${t.name} ${t.start} ${t.end} ${t.nameEnd} ${t.rel ? `${t.rel.value}@${t.rel.start}` : '-'}`,
    ),
    ignoreMarks: [...regions.ignoreMarks],
    modeOut: regions.modeOut,
  };
}

describe('link health: a line’s comments, code spans and raw content', () => {
  it('takes a code span from its backtick run to the next run of the same length', () => {
    // 'x ``a`b`` y': the run of two at 2 closes at 7 (the single backtick at 5 is inside).
    assert.deepEqual(read('x ``a`b`` y', 'markdown').excluded, [[2, 9]]);
    assert.deepEqual(read('`x` y `z`', 'markdown').excluded, [
      [0, 3],
      [6, 9],
    ]);
    assert.deepEqual(read('``a```b`` `c', 'markdown').excluded, [[0, 9]]);
    // A run with no closing run is text; reading goes on after it.
    assert.deepEqual(read('a `` b ` c `d`', 'markdown').excluded, [[7, 12]]);
  });

  it('reads an autolink over, so a backtick in it opens no code span', () => {
    assert.deepEqual(read('<https://a.example/`x> `y`', 'markdown').excluded, [[23, 26]]);
  });

  it('never reads a URL after `<` as a tag, autolink or not, in HTML and MDX', () => {
    assert.deepEqual(read('see <https://a.example/> x', 'html'), {
      excluded: [],
      tags: [],
      ignoreMarks: [],
      modeOut: TEXT,
    });
    assert.deepEqual(read('see <https://a.example/ x', 'mdx').tags, []);
    assert.deepEqual(read('<http://a.example/ <b>', 'html').tags, ['b 19 22 21 -']);
  });

  it('marks the end of a comment that ignores the next link, but not of one begun on an earlier line', () => {
    assert.deepEqual(read('a <!-- affiliate-links-ignore-next --> b', 'markdown'), {
      excluded: [[2, 38]],
      tags: [],
      ignoreMarks: [38],
      modeOut: TEXT,
    });
    assert.deepEqual(read(' affiliate-links-ignore-next --> b', 'markdown', { kind: 'comment', close: '-->' }), {
      excluded: [[0, 32]],
      tags: [],
      ignoreMarks: [],
      modeOut: TEXT,
    });
  });

  it('ends an HTML comment at the first `-->` after `<!--`, which may take its dashes (`<!-->`)', () => {
    // CommonMark 0.31 (6.6) and HTML: `<!-->` and `<!--->` are whole comments.
    assert.deepEqual(read('a <!--> b', 'markdown').excluded, [[2, 7]]);
    assert.deepEqual(read('a <!---> b', 'html').excluded, [[2, 8]]);
    assert.deepEqual(read('a <!-- b --> c', 'markdown').excluded, [[2, 12]]);
    assert.deepEqual(read('--><!-- x', 'markdown'), {
      excluded: [[3, 9]],
      tags: [],
      ignoreMarks: [],
      modeOut: { kind: 'comment', close: '-->' },
    });
    // So a URL after it is a link (it was taken as inside the comment).
    assert.deepEqual(
      documentLinks('a <!--> https://a.example/ b', 'markdown').links.map((l) => `${l.kind} ${l.url}`),
      ['bare https://a.example/'],
    );
    // An MDX comment's `*/}` takes nothing of its `{/*`.
    assert.deepEqual(read('{/*/} x', 'mdx'), {
      excluded: [[0, 7]],
      tags: [],
      ignoreMarks: [],
      modeOut: { kind: 'comment', close: '*/}' },
    });
  });

  it('reads nothing more on a line that ends inside a comment begun before it', () => {
    assert.deepEqual(read('a <b> `c`', 'markdown', { kind: 'comment', close: '*/}' }), {
      excluded: [[0, 9]],
      tags: [],
      ignoreMarks: [],
      modeOut: { kind: 'comment', close: '*/}' },
    });
  });

  it('skips a raw element’s content up to its closing tag, in any case', () => {
    const script: InlineMode = { kind: 'raw', name: 'script' };
    assert.deepEqual(read('x </SCRIPT> <b>', 'html', script), {
      excluded: [[0, 2]],
      tags: ['b 12 15 14 -'],
      ignoreMarks: [],
      modeOut: TEXT,
    });
    assert.deepEqual(read('a(); <b>', 'html', script), {
      excluded: [[0, 8]],
      tags: [],
      ignoreMarks: [],
      modeOut: script,
    });
    assert.deepEqual(read('<style>a{}</style><style>b{}', 'html'), {
      excluded: [
        [7, 10],
        [25, 28],
      ],
      tags: ['style 0 7 6 -', 'style 18 25 24 -'],
      ignoreMarks: [],
      modeOut: { kind: 'raw', name: 'style' },
    });
  });

  it('reads no raw content after a self-closing raw element', () => {
    assert.deepEqual(read('<script src="s.js"/> <b>', 'html'), {
      excluded: [],
      tags: ['script 0 20 7 -', 'b 21 24 23 -'],
      ignoreMarks: [],
      modeOut: TEXT,
    });
  });
});

describe('link health: a line’s tags', () => {
  it('takes the rel of the tag itself, up to its `>` or the line’s end', () => {
    assert.deepEqual(read('<a href="u">x <b rel="y">', 'html').tags, ['a 0 12 2 -', 'b 14 25 16 y@22']);
    assert.deepEqual(read('<a rel=sponsored', 'html'), {
      excluded: [],
      tags: ['a 0 -1 2 sponsored@7'],
      ignoreMarks: [],
      modeOut: { kind: 'tag', name: 'a' },
    });
  });

  it('ends a tag begun on an earlier line, with its rel on this line', () => {
    const a: InlineMode = { kind: 'tag', name: 'a' };
    assert.deepEqual(read(' href="u">see <b rel="x">', 'html', a).tags, ['a -1 10 -1 -', 'b 14 25 16 x@22']);
    assert.deepEqual(read(' rel=sponsored', 'html', a), {
      excluded: [],
      tags: ['a -1 -1 -1 sponsored@5'],
      ignoreMarks: [],
      modeOut: a,
    });
    // The line ends inside the tag (a quote is never closed): nothing after it is read.
    assert.deepEqual(read('a="1" x="<b>', 'html', a), {
      excluded: [],
      tags: ['a -1 -1 -1 -'],
      ignoreMarks: [],
      modeOut: a,
    });
  });

  it('reads a raw element’s content after its open tag ends on this line, unless it closed itself', () => {
    const script: InlineMode = { kind: 'tag', name: 'script' };
    assert.deepEqual(read(' type="x">go();', 'html', script), {
      excluded: [[10, 15]],
      tags: ['script -1 10 -1 -'],
      ignoreMarks: [],
      modeOut: { kind: 'raw', name: 'script' },
    });
    assert.deepEqual(read(' src="x"/>https://a.example/', 'html', script), {
      excluded: [],
      tags: ['script -1 10 -1 -'],
      ignoreMarks: [],
      modeOut: TEXT,
    });
  });
});

describe('link health: the text of code elements read as HTML', () => {
  it('excludes the text between a code element’s tags, not the tags themselves', () => {
    // '<pre><b>x</b></pre>z': the text x (8 to 9) only; nothing between <pre> and <b>.
    assert.deepEqual(read('<pre><b>x</b></pre>z', 'html').excluded, [[8, 9]]);
    // A code element inside another keeps the outer one's mode until the outer one closes.
    assert.deepEqual(read('<pre><code>x</code>y</pre>z', 'html').excluded, [
      [11, 12],
      [19, 20],
    ]);
    assert.deepEqual(read('<kbd><kbd>Ctrl</kbd>', 'html').excluded, [[10, 14]]);
  });

  it('opens no code element at a closing tag or a self-closing one, nor in Markdown', () => {
    assert.deepEqual(read('a</pre>b', 'html'), { excluded: [], tags: [], ignoreMarks: [], modeOut: TEXT });
    assert.deepEqual(read('<code/>text', 'html').excluded, []);
    assert.deepEqual(read('<pre>x', 'markdown'), {
      excluded: [],
      tags: ['pre 0 5 4 -'],
      ignoreMarks: [],
      modeOut: TEXT,
    });
  });

  it('keeps a code element open over a closing tag cut off by the line’s end', () => {
    assert.deepEqual(read('<pre>x</b', 'html'), {
      excluded: [[5, 6]],
      tags: ['pre 0 5 4 -'],
      ignoreMarks: [],
      modeOut: { kind: 'code', name: 'pre' },
    });
  });

  it('starts a code element whose open tag, begun on an earlier line, ends on this one', () => {
    const pre: InlineMode = { kind: 'tag', name: 'pre' };
    assert.deepEqual(read(' class="x">https://a.example/ <b>', 'html', pre), {
      excluded: [[11, 30]],
      tags: ['pre -1 11 -1 -', 'b 30 33 32 -'],
      ignoreMarks: [],
      modeOut: { kind: 'code', name: 'pre' },
    });
    assert.deepEqual(read(' x="1"/>text', 'html', pre).modeOut, TEXT);
    assert.deepEqual(read(' class="x">text', 'markdown', pre).excluded, []);
    assert.deepEqual(read(' href="x">text', 'html', { kind: 'tag', name: 'a' }).excluded, []);
  });
});

describe('link health: the reader’s patterns', () => {
  it('reads by the shortcuts unless told not to', () => {
    assert.equal(new InlineReader().shortcuts, true);
    assert.equal(new InlineReader(false).shortcuts, false);
  });

  it('keeps one closing pattern per name, and forgets them all once 64 are kept', () => {
    const reader = new InlineReader();
    const first = reader.rawClosing('script');
    assert.equal(reader.rawClosing('style'), reader.rawClosing('style'));
    assert.equal(reader.rawClosing('script'), first);
    for (let i = 2; i < 64; i++) {
      reader.rawClosing(`x${i}`);
    }
    assert.equal(reader.rawClosing('script'), first, 'the 64th name is kept with the others');
    reader.rawClosing('one-more');
    assert.notEqual(reader.rawClosing('script'), first);
  });
});

describe('link health: a closing tag in Markdown', () => {
  it('is read only as CommonMark writes one (`</name>`), else its `</` is text and a code span after it one', () => {
    // CommonMark 6.6: a closing tag is `</`, a name, blanks and `>`; `</b then` is text.
    assert.deepEqual(read('a </b then `https://a.example/` x', 'markdown').excluded, [[11, 31]]);
    assert.deepEqual(read('a </b x="1"> `c` x', 'markdown').excluded, [[13, 16]]);
    assert.deepEqual(read('a </b > `c` <i>', 'markdown'), {
      excluded: [[8, 11]],
      tags: ['i 12 15 14 -'],
      ignoreMarks: [],
      modeOut: TEXT,
    });
    assert.deepEqual(read('a </b', 'markdown').excluded, []);
    // No attributes, no `/` before `>`: the code span inside is one.
    assert.deepEqual(read('a </b x="`https://a.example/`">', 'markdown').excluded, [[9, 29]]);
    assert.deepEqual(read('a </b/`https://a.example/`', 'markdown').excluded, [[6, 26]]);
    // So the URL in that code span is no link (it was reported as a bare one).
    assert.deepEqual(documentLinks('a </b then `https://a.example/` x', 'markdown').links, []);
    assert.deepEqual(
      documentLinks('a </b then https://a.example/ x', 'markdown').links.map((l) => `${l.kind} ${l.url}`),
      ['bare https://a.example/'],
    );
  });
});
