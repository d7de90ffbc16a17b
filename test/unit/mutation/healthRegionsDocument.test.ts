/**
 * A document's links (src/health/documentLinks.ts), which `npm run mutate` found untested: a tag over
 * several lines joined (its `<`, `>`, name's end and `rel` from whichever line holds them), a tag cut
 * off by the end of the text, the ignore comment over all the URLs of one tag and no further, and the
 * scanner's reuse: a line whose text and starting state did not change keeps its very object (in the
 * lines before the edit, after it, or moved), the results kept for a line's last few states, and the
 * results forgotten once many more are kept than the document has lines (2 per line, plus 256).
 */
import assert from 'node:assert/strict';
import { documentLinks, DocumentLinkScanner } from '../../../src/health/documentLinks';

/** Each link as `kind url start-end construct`, `!` before an ignored one, with its tag's offsets. */
function links(text: string, languageId = 'html'): string[] {
  const doc = documentLinks(text, languageId);
  return doc.links.map((l) => {
    assert.equal(text.slice(l.start, l.end), l.url);
    const tag = l.tag && ` <${l.tag.name} ${l.tag.start} ${l.tag.end} ${l.tag.nameEnd} ${l.tag.rel?.value ?? '-'}`;
    const rel = l.tag?.rel;
    const relAt = rel && text.slice(rel.start, rel.end) !== rel.value ? ' (rel at the wrong offsets)' : '';
    return `${l.ignoredByComment ? '!' : ''}${l.kind} ${l.url} ${l.start}-${l.end} ${l.constructStart}${tag ?? ''}${relAt}`;
  });
}

describe('link health: a tag over several lines, joined', () => {
  it('finds the tag’s `<` and name on the line it opened, however many lines back', () => {
    // Line 0 opens <b>, which ends on line 1, where <a> opens; its href is on line 3.
    const text = '<b\nx="1"> <a\nclass="c"\n href="https://a.example/" rel="r">';
    assert.deepEqual(links(text), ['anchor https://a.example/ 30-48 10 <a 10 58 12 r']);
  });

  it('takes the rel from the first line, and the `>` from the last', () => {
    const text = '<a rel="s"\n href="https://a.example/"\nclass="c"\n>';
    assert.deepEqual(links(text), ['anchor https://a.example/ 18-36 0 <a 0 49 2 s']);
  });

  it('goes forwards to the line where the tag closes, with its rel', () => {
    const text = '<a href="https://a.example/"\nclass="c"\nrel="x">';
    assert.deepEqual(links(text), ['anchor https://a.example/ 9-27 0 <a 0 47 2 x']);
    const four = 'See <a href="https://a.example/"\n\nclass="c"\n  title="t" >';
    assert.deepEqual(links(four), ['anchor https://a.example/ 13-31 4 <a 4 57 6 -']);
  });

  it('joins no other tag: one that opened on the line before, or one going on to the next', () => {
    const after = '<a href="https://a.example/">x <b\ny="1">';
    assert.deepEqual(links(after), ['anchor https://a.example/ 9-27 0 <a 0 29 2 -']);
    const next = '<a href="https://a.example/"\nrel="x"> <b\nc="1">';
    assert.deepEqual(links(next), ['anchor https://a.example/ 9-27 0 <a 0 37 2 x']);
    const before = '<b\ny="1"> <img src="https://a.example/i.png">';
    assert.deepEqual(links(before), ['attribute https://a.example/i.png 20-43 10 <img 10 45 14 -']);
  });

  it('leaves -1 for the `>` of a tag cut off by the end of the text', () => {
    assert.deepEqual(links('x <a href="https://a.example/"'), ['anchor https://a.example/ 11-29 2 <a 2 -1 4 -']);
    assert.deepEqual(links('x <a\nhref="https://a.example/"'), ['anchor https://a.example/ 11-29 2 <a 2 -1 4 -']);
  });
});

describe('link health: the ignore comment over a document', () => {
  it('ignores every URL of the tag after the comment, and the next tag’s not', () => {
    const text =
      '<!-- affiliate-links-ignore-next --><img src="https://a.example/i.png" srcset="https://b.example/i.png 2x">' +
      ' <img src="https://c.example/c.png">';
    assert.deepEqual(links(text), [
      '!attribute https://a.example/i.png 46-69 36 <img 36 107 40 -',
      '!attribute https://b.example/i.png 79-102 36 <img 36 107 40 -',
      'attribute https://c.example/c.png 118-141 108 <img 108 143 112 -',
    ]);
  });

  it('ignores no link whose construct began on an earlier line unless the comment is right before it', () => {
    const text = '[label]:\n  https://a.example/\n\n[l2]:\nhttps://b.example/';
    assert.deepEqual(links(text, 'markdown'), [
      'definition https://a.example/ 11-29 -1',
      'definition https://b.example/ 37-55 -1',
    ]);
    const ignored = `<!-- affiliate-links-ignore-next -->\n\n${text}`;
    assert.deepEqual(
      links(ignored, 'markdown').map((l) => l.split(' ')[0]),
      ['!definition', 'definition'],
    );
  });
});

/** A document of `count` lines of paragraph text, each its own. */
function lines(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${prefix} ${i}`).join('\n');
}

describe('link health: the scanner’s reuse of lines', () => {
  // The line "plain" starts in five states: the first two are forgotten, 3 states are kept per line.
  const doc = ['plain', 'plain', '', 'plain', '- plain', '<!--', 'plain', '-->', 'plain', 'end'];

  it('keeps the very object of each line before an edit, and after it', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const first = scanner.scanLines(doc.join('\n'));
    assert.equal(new Set(first.slice(0, 9).map((s) => s.stateIn)).size, 6);
    const edited = [...doc.slice(0, 9), 'END'];
    const second = scanner.scanLines(edited.join('\n'));
    for (let i = 0; i < 9; i++) {
      assert.equal(second[i], first[i], `line ${i} before the edit`);
    }
    const third = scanner.scanLines(['Plain', ...edited.slice(1)].join('\n'));
    assert.notEqual(third[0], second[0]);
    for (let i = 1; i < 10; i++) {
      assert.equal(third[i], second[i], `line ${i} after the edit`);
    }
    const longer = scanner.scanLines(['Plain', 'new', ...edited.slice(1)].join('\n'));
    for (let i = 1; i < 10; i++) {
      assert.equal(longer[i + 1], third[i], `line ${i} after an inserted line`);
    }
    const text = ['new', ...edited.slice(1)].join('\n');
    assert.deepEqual(scanner.scan(text), documentLinks(text, 'markdown'));
  });

  it('reads a document that grew or shrank by repeating its lines as a fresh scan does', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const url = 'https://a.example/';
    for (const text of [url, [url, url, url].join('\n'), url, `${url}\n${url}`, [url, url, url, url].join('\n')]) {
      assert.deepEqual(scanner.scan(text), documentLinks(text, 'markdown'), JSON.stringify(text));
    }
  });

  it('keeps the object of a moved line, in each of the last states it was read in', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const first = scanner.scanLines('x\n\na\na\n\nb\n\ny');
    const second = scanner.scanLines('z\n\nb\n\na\na\n\nw');
    assert.equal(second[2], first[5]);
    assert.equal(second[4], first[2]);
    assert.equal(second[5], first[3]);
    assert.notEqual(first[2].stateIn, first[3].stateIn);
  });

  it('keeps the lines of an earlier document while no more than 2 per line plus 256 are kept', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const big = lines('big', 258);
    const first = scanner.scanLines(big);
    scanner.scanLines('small\nsmaller'); // 260 lines kept: 2 × 2 + 256
    const again = scanner.scanLines(big);
    for (let i = 0; i < first.length; i++) {
      assert.equal(again[i], first[i], `line ${i}`);
    }
  });

  it('forgets all but the last document’s lines once more are kept', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const big = lines('big', 300);
    const first = scanner.scanLines(big);
    const small = scanner.scanLines('small\nsmaller'); // 302 kept: all but these 2 forgotten
    scanner.scanLines('other');
    const smallAgain = scanner.scanLines('small\nsmaller');
    assert.equal(smallAgain[0], small[0]);
    assert.equal(smallAgain[1], small[1]);
    const again = scanner.scanLines(big);
    assert.notEqual(again[0], first[0]);
    assert.deepEqual(again, first);
  });
});
