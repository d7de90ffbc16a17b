/**
 * A line's block state (src/health/blockState.ts) and the block starts of Markdown
 * (src/health/markdownBlocks.ts), which `npm run mutate` found untested: how a state is written
 * (`<mode><arg>|<flags>`, and `|<how it ends>` in an HTML block) and read back, when two states are the
 * same, the inline mode a state stands for, a line's indent in columns (a tab to the next multiple of
 * 4), the characters that always start a paragraph's text, and the HTML blocks of CommonMark 4.6.
 */
import assert from 'node:assert/strict';
import {
  blockState,
  decode,
  encode,
  inlineModeOf,
  sameState,
  withInlineMode,
  type BlockState,
} from '../../../src/health/blockState';
import { htmlBlockEnds, htmlBlockStart, indentOf, startsText } from '../../../src/health/markdownBlocks';

/** A state's fields as a plain object, to compare. */
function fields(s: Readonly<BlockState>): BlockState {
  return { ...s };
}

describe('link health: a block state, written and read', () => {
  it('writes each flag as its letter, none as no letter, and an HTML block’s end after a second bar', () => {
    const cases: [BlockState, string][] = [
      [blockState('T', '', false, false, false, false, false, ''), 'T|'],
      [blockState('T', '', true, false, false, false, false, ''), 'T|b'],
      [blockState('T', '', false, true, false, false, false, ''), 'T|i'],
      [blockState('T', '', false, false, true, false, false, ''), 'T|l'],
      [blockState('T', '', false, false, false, true, false, ''), 'T|p'],
      [blockState('T', '', false, false, false, false, true, ''), 'T|d'],
      [blockState('F', '`3', true, true, true, true, true, ''), 'F`3|bilpd'],
      [blockState('T', '', false, false, false, true, false, 'b'), 'T|p|b'],
      [blockState('C', '*/}', false, false, true, false, false, '2'), 'C*/}|l|2'],
    ];
    for (const [state, written] of cases) {
      assert.equal(encode(state), written, written);
      assert.deepEqual(fields(decode(written)), fields(state), written);
    }
  });

  it('reads the flags from between the bars only, not from the argument or the HTML block’s end', () => {
    assert.deepEqual(
      fields(decode('Rtable|')),
      fields(blockState('R', 'table', false, false, false, false, false, '')),
    );
    assert.deepEqual(fields(decode('Gb|')), fields(blockState('G', 'b', false, false, false, false, false, '')));
    assert.deepEqual(fields(decode('Kdl|p')), fields(blockState('K', 'dl', false, false, false, true, false, '')));
    assert.deepEqual(fields(decode('T|p|b')), fields(blockState('T', '', false, false, false, true, false, 'b')));
    assert.deepEqual(fields(decode('T||b')), fields(blockState('T', '', false, false, false, false, false, 'b')));
  });

  it('calls two states the same when every field is, whether or not they are one object', () => {
    const base = decode('Gspan|bilpd|b');
    assert.equal(sameState(base, base), true);
    assert.equal(sameState(base, decode('Gspan|bilpd|b')), true);
    const others = ['Kspan|bilpd|b', 'Gspan2|bilpd|b', 'Gspan|ilpd|b', 'Gspan|blpd|b', 'Gspan|bipd|b'];
    others.push('Gspan|bild|b', 'Gspan|bilp|b', 'Gspan|bilpd|1', 'Gspan|bilpd');
    for (const other of others) {
      assert.equal(sameState(base, decode(other)), false, other);
      assert.equal(sameState(decode(other), base), false, other);
    }
  });
});

describe('link health: the inline mode of a block state', () => {
  it('reads a comment’s close, a raw, open-tag or code element’s name, else text', () => {
    assert.deepEqual(inlineModeOf(decode('C*/}|')), { kind: 'comment', close: '*/}' });
    assert.deepEqual(inlineModeOf(decode('C-->|')), { kind: 'comment', close: '-->' });
    assert.deepEqual(inlineModeOf(decode('Rscript|')), { kind: 'raw', name: 'script' });
    assert.deepEqual(inlineModeOf(decode('Ga|')), { kind: 'tag', name: 'a' });
    assert.deepEqual(inlineModeOf(decode('Kpre|')), { kind: 'code', name: 'pre' });
    assert.deepEqual(inlineModeOf(decode('T|')), { kind: 'text' });
    assert.deepEqual(inlineModeOf(decode('F`3|')), { kind: 'text' });
  });

  it('puts a state in an inline mode, keeping its flags and HTML block', () => {
    const s = decode('Ga|lp|b');
    assert.equal(encode(withInlineMode(s, { kind: 'comment', close: '*/}' })), 'C*/}|lp|b');
    assert.equal(encode(withInlineMode(s, { kind: 'raw', name: 'style' })), 'Rstyle|lp|b');
    assert.equal(encode(withInlineMode(s, { kind: 'tag', name: 'img' })), 'Gimg|lp|b');
    assert.equal(encode(withInlineMode(s, { kind: 'code', name: 'kbd' })), 'Kkbd|lp|b');
    assert.equal(encode(withInlineMode(s, { kind: 'text' })), 'T|lp|b');
  });

  it('makes any state text in mode T with no argument, and keeps one already so as it is', () => {
    for (const written of ['S|b', 'Ga|', 'C|', 'K|p', 'Tx|l', 'F~4|']) {
      const flags = written.slice(written.indexOf('|'));
      assert.equal(encode(withInlineMode(decode(written), { kind: 'text' })), `T${flags}`, written);
    }
    const text = decode('T|bl');
    assert.equal(withInlineMode(text, { kind: 'text' }), text);
  });
});

describe('link health: Markdown’s block starts', () => {
  it('counts a tab to the next multiple of 4 columns', () => {
    const cases: [string, number][] = [
      ['', 0],
      ['x', 0],
      ['   x', 3],
      ['\tx', 4],
      [' \tx', 4],
      ['   \tx', 4],
      ['    \tx', 8],
      ['\t\tx', 8],
      ['\t x', 5],
      ['  \t  \tx', 8],
      ['\t', 4],
    ];
    for (const [line, columns] of cases) {
      assert.equal(indentOf(line), columns, JSON.stringify(line));
    }
  });

  it('starts a paragraph’s text with printable ASCII other than blanks, digits and block markers', () => {
    const never = new Set([...'-+*`~<0123456789'].map((c) => c.charCodeAt(0)));
    for (let code = 0; code <= 0x100; code++) {
      const expected = code > 0x20 && code < 0x7f && !never.has(code);
      assert.equal(startsText(code), expected, `0x${code.toString(16)}`);
    }
    assert.equal(startsText(Number.NaN), false);
  });

  it('starts the HTML block of each kind, indented up to 3 spaces', () => {
    const cases: [string, boolean, string][] = [
      ['<?php echo 1;', false, '3'],
      ['  <?xml version="1.0"?>', false, '3'],
      ['<![CDATA[ x', false, '5'],
      [' <![CDATA[', false, '5'],
      ['<!DOCTYPE html>', false, '4'],
      ['   <!doctype html>', false, '4'],
      ['<!-x', false, ''],
      ['<!1', false, ''],
      ['<x <!DOCTYPE', true, ''],
      ['<b <?', true, ''],
      ['   <pre>', false, '1'],
      ['  <!-- x', false, '2'],
      [' <div class="x">', true, 'b'],
      ['  </table>', true, 'b'],
      ['  <span>', false, 'b'],
      ['  <span>', true, ''],
      ['x <div>', false, ''],
      ['', false, ''],
    ];
    for (const [line, paragraph, kind] of cases) {
      assert.equal(htmlBlockStart(line, paragraph), kind, JSON.stringify(line));
    }
  });

  it('ends a block of kinds 1 to 5 at its closing, and never one ending at a blank line or none', () => {
    assert.equal(htmlBlockEnds('x</PRE> y', '1'), true);
    assert.equal(htmlBlockEnds('a --> b', '2'), true);
    assert.equal(htmlBlockEnds('?>', '3'), true);
    assert.equal(htmlBlockEnds('x>', '4'), true);
    assert.equal(htmlBlockEnds(']]>', '5'), true);
    assert.equal(htmlBlockEnds(']]', '5'), false);
    assert.equal(htmlBlockEnds('</pre> --> ?> > ]]>', 'b'), false);
    assert.equal(htmlBlockEnds('</pre> --> ?> > ]]>', ''), false);
  });
});
