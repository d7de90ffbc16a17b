/** The lenses' SubIDs from the link health's per-line scanner (issue 25 §1): the same as a whole-text read, edit after edit. */
import assert from 'node:assert/strict';
import { DocumentLinkScanner } from '../../src/health/documentLinks';
import { DeeplinkSubIdMemo, deeplinkSubIds } from '../../src/links/documentSubIds';

const options = { subIdParameter: 's', isTrackingHost: (host: string) => host === 'go.trk.example' };
const deep = (n: number, subId: string) =>
  `https://go.trk.example/m${n}?url=https%3A%2F%2Fshop.example%2F${n}&s=${subId}`;

describe('deeplink SubIDs from scanned lines', () => {
  const lines = [
    '# Title',
    `See [one](${deep(1, 'first')}) and <${deep(2, 'second')}>.`,
    `Bare ${deep(3, 'third')}, then https://other.example/?s=not-ours.`,
    `<a href="${deep(4, 'fourth').replace('&', '&amp;')}">four</a>`,
    `Twice: ${deep(5, 'a')}&s=b`,
  ];

  it('gives what deeplinkSubIds gives a text without code or comments', () => {
    const text = lines.join('\n');
    const memo = new DeeplinkSubIdMemo();
    const scanned = memo.readLines(new DocumentLinkScanner('markdown').scanLines(text), options);
    assert.deepEqual(scanned, deeplinkSubIds(text, options));
    assert.deepEqual(
      scanned.map((d) => `${d.line} ${d.subId}`),
      ['1 first', '1 second', '2 third', '3 fourth', '4 a', '4 b'],
    );
  });

  it('keeps giving what a fresh read gives as lines are edited, added and removed', () => {
    const scanner = new DocumentLinkScanner('markdown');
    const memo = new DeeplinkSubIdMemo();
    let current = [...lines];
    const edits: Array<(l: string[]) => string[]> = [
      (l) => [...l.slice(0, 2), `New ${deep(9, 'ninth')}`, ...l.slice(2)],
      (l) => l.map((line, i) => (i === 1 ? line.replace('first', 'changed') : line)),
      (l) => [l[0], '```', ...l.slice(1, 3), '```', ...l.slice(3)],
      (l) => l.filter((line) => line !== '```'),
      (l) => l.slice(0, 2),
    ];
    for (const edit of edits) {
      current = edit(current);
      const text = current.join('\n');
      const fresh = new DeeplinkSubIdMemo().readLines(new DocumentLinkScanner('markdown').scanLines(text), options);
      assert.deepEqual(memo.readLines(scanner.scanLines(text), options), fresh, text);
    }
  });

  it('leaves out deeplinks in code and comments, and reads the parameter the setting names', () => {
    const text = ['`' + deep(1, 'code') + '`', '<!-- ' + deep(2, 'comment') + ' -->', deep(3, 'kept')].join('\n');
    const links = new DocumentLinkScanner('markdown').scanLines(text);
    const memo = new DeeplinkSubIdMemo();
    assert.deepEqual(
      memo.readLines(links, options).map((d) => d.subId),
      ['kept'],
    );
    assert.deepEqual(memo.readLines(links, { ...options, subIdParameter: 'url' }).length, 1);
    assert.deepEqual(memo.readLines(links, { ...options, subIdParameter: ' ' }), []);
  });
});
