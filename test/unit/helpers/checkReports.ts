/**
 * Fixed reports of `affiliate-links check` for the output formats' tests: findings of several rules and every
 * severity, safe fixes (a replacement, an insertion, a deletion), a finding over several lines, files that could
 * not be checked, and text that each format must escape — `%`, `:` and `,` (workflow commands), `&`, `<`, `"`
 * (XML), a space and `#` in a path (URIs), CR and LF, an ANSI escape, a NUL, U+FFFE and a lone surrogate.
 */
import type { CheckReport } from '../../../src/cli/checkReport';

/** A message with every character some format must escape. */
export const TRICKY_MESSAGE =
  'Shop "A&B" <50% off>, now: gone\r\nsecond line \u001b[31mred\u001b[0m \u0000 \ufffe \ud800 %0A %25 ::error::x';

export function findingsReport(): CheckReport {
  return {
    tool: { name: 'affiliate-links', version: '1.2.3' },
    root: '/work/site',
    filesChecked: 120,
    findings: [
      {
        file: 'blog/a b#1.md',
        line: 3,
        column: 14,
        endLine: 3,
        endColumn: 60,
        code: 'inactive-merchant',
        severity: 'warning',
        message: '“Shop X” has been inactive since 2026-10-01: this link earns nothing.',
        fix: {
          title: 'Replace with the plain address “https://shop-x.example/”',
          edits: [{ line: 3, column: 14, endLine: 3, endColumn: 60, newText: 'https://shop-x.example/' }],
        },
      },
      {
        file: 'blog/a b#1.md',
        line: 9,
        column: 2,
        endLine: 9,
        endColumn: 80,
        code: 'subid-mismatch',
        severity: 'error',
        message:
          'This deeplink carries the SubID “old”, not the article’s “a-b”: its clicks are credited to another article.',
        fix: {
          title: 'Set the SubID to “a-b”',
          edits: [{ line: 9, column: 70, endLine: 9, endColumn: 73, newText: 'a-b' }],
        },
      },
      {
        file: 'blog/a b#1.md',
        line: 12,
        column: 1,
        endLine: 12,
        endColumn: 30,
        code: 'not-monetized',
        severity: 'hint',
        message: '“Shop Y” allows deeplinks: this plain link to it earns nothing.',
      },
      {
        file: 'docs/guide.mdx',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        code: 'disclosure-missing',
        severity: 'info',
        message:
          'This article has affiliate links but no disclosure before the first of them (this is guidance, not legal advice).',
        fix: {
          title: 'Insert the disclosure at the top',
          edits: [{ line: 1, column: 1, endLine: 1, endColumn: 1, newText: 'This article has affiliate links.\n\n' }],
        },
      },
      {
        file: 'docs/guide.mdx',
        line: 20,
        column: 5,
        endLine: 22,
        endColumn: 9,
        code: 'rel-sponsored-missing',
        severity: 'info',
        message: 'This affiliate link has no rel="sponsored", which Google asks of paid and affiliate links.',
        fix: {
          title: 'Add rel="sponsored"',
          edits: [{ line: 20, column: 7, endLine: 20, endColumn: 7, newText: ' rel="sponsored"' }],
        },
      },
      {
        file: 'pages/50%,off:sale.html',
        line: 7,
        column: 10,
        endLine: 7,
        endColumn: 48,
        code: 'unknown-tracking-link',
        severity: 'warning',
        message: TRICKY_MESSAGE,
        fix: {
          title: 'Remove the <a> & keep its text',
          edits: [{ line: 7, column: 10, endLine: 7, endColumn: 48, newText: '' }],
        },
      },
      {
        file: 'pages/50%,off:sale.html',
        line: 8,
        column: 10,
        endLine: 8,
        endColumn: 48,
        code: 'unknown-tracking-link',
        severity: 'warning',
        message: TRICKY_MESSAGE,
      },
    ],
    skipped: [
      { file: 'assets/dump.html', reason: 'over the size limit (9.1 MB, the limit: 8 MB)' },
      { file: 'notes/latin1.md', reason: 'invalid UTF-8 at byte 1024' },
    ],
    catalog: { takenAt: '2026-11-20T08:00:00.000Z', merchants: 2000 },
    durationMs: 812,
  };
}

export function cleanReport(): CheckReport {
  return {
    tool: { name: 'affiliate-links', version: '1.2.3' },
    root: '/work/site',
    filesChecked: 120,
    findings: [],
    skipped: [],
    catalog: { takenAt: '2026-11-20T08:00:00.000Z', merchants: 2000 },
    durationMs: 95,
  };
}
