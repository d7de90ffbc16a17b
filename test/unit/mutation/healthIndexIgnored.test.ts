/**
 * What the site index leaves alone (src/health/ignoredLinks.ts, src/health/gitignoreGlobs.ts), which
 * `npm run mutate` found weakly tested: each glob construct of `markdown.validate.ignoredLinks`
 * matched and not matched, blank and invalid globs left out, and `.gitignore` lines read as globs.
 */
import assert from 'node:assert/strict';
import { gitignoreExcluder, gitignoreGlobs, gitignoreRules } from '../../../src/health/gitignoreGlobs';
import { ignoredLinksMatcher } from '../../../src/health/ignoredLinks';

/** Glob, targets it matches, targets it does not. */
const GLOBS: [string, string[], string[]][] = [
  ['a?c', ['abc', 'a😀c'], ['ac', 'a/c', 'abbc']],
  ['docs/**', ['docs', 'docs/a', 'docs/a/b'], ['docsx', 'doc']],
  ['**/y', ['y', 'x/y', 'a/b/y'], ['xy', 'x/yz']],
  ['x/**/y', ['x/y', 'x/a/y', 'x/a/b/y'], ['xy', 'x/ay']],
  ['x**/y', ['xa/y', 'xa/b/y', 'x/y'], ['xy', 'y']],
  ['**.md', ['a.md', 'a/b.md'], ['a.mdx', 'md']],
  ['a*b', ['ab', 'axyb'], ['a/b', 'a/xb']],
  ['{a,b}.md', ['a.md', 'b.md'], ['c.md', 'a,b.md']],
  ['{a,b', ['a', 'b'], ['{a,b']],
  ['a}b', ['a}b'], ['ab']],
  ['a,b', ['a,b'], ['a', 'b']],
  ['[ab]c', ['ac', 'bc'], ['cc', '[ab]c', 'abc']],
  ['[!a]x', ['bx', '!x'], ['ax']],
  ['[a!]x', ['ax', '!x'], ['bx', '^x']],
  ['[]a]x', [']x', 'ax'], ['bx']],
  ['a[b', ['a[b'], ['ab']],
  ['a]b[c', ['a]b[c'], ['abc']],
  ['[😀-😂]', ['😁'], ['😃']],
  ['x.example/(a)+', ['x.example/(a)+'], ['x.example/aa']],
  [' https://shop.example/* ', ['https://shop.example/a'], ['https://shop.example/a/b']],
  ['shop.example/*', ['https://shop.example/a', 'ftp+x://shop.example/a'], ['https://other.example/a']],
  ['see:x.example', ['see:x.example'], ['see:https://x.example']],
];

describe('the ignored links globs', () => {
  for (const [glob, yes, no] of GLOBS) {
    it(`"${glob}" matches ${yes.join(', ')} and not ${no.join(', ')}`, () => {
      const matches = ignoredLinksMatcher([glob]);
      assert.ok(matches, 'the glob is kept');
      for (const target of yes) {
        assert.equal(matches(target), true, target);
      }
      for (const target of no) {
        assert.equal(matches(target), false, target);
      }
    });
  }

  it('has no matcher without a glob, with blank ones, or with invalid ones only', () => {
    assert.equal(ignoredLinksMatcher([]), undefined);
    assert.equal(ignoredLinksMatcher(['', '   ', '\t']), undefined);
    assert.equal(ignoredLinksMatcher([5, null] as unknown as string[]), undefined);
    assert.equal(ignoredLinksMatcher(['[z-a]']), undefined);
  });

  it('keeps the valid globs next to blank or invalid ones', () => {
    const matches = ignoredLinksMatcher(['  ', '[z-a]', 7 as unknown as string, 'a.example/*']);
    assert.ok(matches);
    assert.equal(matches('https://a.example/p'), true);
    assert.equal(matches('https://b.example/p'), false);
    assert.equal(matches(''), false);
  });
});

describe('the .gitignore lines as globs', () => {
  const rules: [string, string, [string, boolean][]][] = [
    ['node_modules/', '', [['**/node_modules', false]]],
    ['/dist', '', [['dist', false]]],
    ['//dist', '', [['dist', false]]],
    ['dist//', '', [['**/dist', false]]],
    ['a/b', '', [['a/b', false]]],
    ['!keep.md', '', [['**/keep.md', true]]],
    ['\\!bang', '', [['**/!bang', false]]],
    ['\\#hash', '', [['**/#hash', false]]],
    ['a\\#b', '', [['**/a\\#b', false]]],
    ['# comment\n\n  \n/\n!\n*\n**\n**/\n!/', '', []],
    [
      '  x.md  \r\n/y',
      '',
      [
        ['**/x.md', false],
        ['y', false],
      ],
    ],
    [
      'node_modules/\n/dist',
      'docs',
      [
        ['docs/**/node_modules', false],
        ['docs/dist', false],
      ],
    ],
    ['a', '//docs//', [['docs/**/a', false]]],
    ['a', '/', [['**/a', false]]],
  ];
  for (const [text, base, expected] of rules) {
    it(`reads ${JSON.stringify(text)} in ${JSON.stringify(base)}`, () => {
      assert.deepEqual(
        gitignoreRules(text, base).map((rule) => [rule.glob, rule.negated]),
        expected,
      );
    });
  }

  it('gives the plain globs only for a search', () => {
    assert.deepEqual(gitignoreGlobs('out/\n!out/keep\n/tmp', 'site'), ['site/**/out', 'site/tmp']);
  });

  it('judges a path by the last rule that matches, folders first', () => {
    const leftOut = gitignoreExcluder(gitignoreRules('*.log\n!keep.log\nbuild/\n!build/a.md\n[z-a]'));
    assert.ok(leftOut);
    const cases: [string, boolean][] = [
      ['a.log', true],
      ['keep.log', false],
      ['x/keep.log', false],
      ['build', true],
      ['build/a.md', true],
      ['src/build/b.md', true],
      ['src/a.md', false],
    ];
    for (const [path, expected] of cases) {
      assert.equal(leftOut(path), expected, path);
    }
  });

  it('has no excluder without rules or with invalid globs only', () => {
    assert.equal(gitignoreExcluder([]), undefined);
    assert.equal(gitignoreExcluder(gitignoreRules('[z-a]')), undefined);
  });

  it('also matches a glob written from the workspace root with a slash', () => {
    const leftOut = gitignoreExcluder([{ glob: '/out/*.js', negated: false }]);
    assert.ok(leftOut);
    assert.equal(leftOut('out/a.js'), true);
    assert.equal(leftOut('src/a.js'), false);
  });
});
