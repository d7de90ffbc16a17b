/**
 * The CSP checker itself (test/common/strictCsp.ts), on pages written here by hand rather than
 * by the product: it reads a policy as browsers read it, the first of a directive given twice
 * enforced and the others ignored, and refuses a policy that gives a directive twice. (The panel's
 * own page, and the checker refusing loosened copies of it, are in panelCsp.test.ts.)
 */
import assert from 'node:assert/strict';
import { cspDirectives, repeatedDirectives, scriptNonce, strictCspProblems } from '../common/strictCsp';

const CSP_SOURCE = "'self' https://*.vscode-cdn.net";
/** 128 bits, base64. */
const N = Buffer.alloc(16, 7).toString('base64');
const SCRIPT = `'nonce-${N}'`;
const REST = `style-src ${CSP_SOURCE}; font-src ${CSP_SOURCE}; img-src ${CSP_SOURCE} data:`;

/** A page with `policy` in its one CSP meta element (attribute-escaped) and one script carrying the nonce. */
function pageWith(policy: string): string {
  const content = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return [
    '<!DOCTYPE html><html><head>',
    `<meta http-equiv="Content-Security-Policy" content="${content}">`,
    '</head><body>',
    `<script nonce="${N}" src="main.js"></script>`,
    '</body></html>',
  ].join('');
}

describe('the CSP checker', () => {
  it('passes a strict policy written by hand, empty parts and spacing aside', () => {
    assert.deepEqual(strictCspProblems(pageWith(`default-src 'none'; script-src ${SCRIPT}; ${REST}`), CSP_SOURCE), []);
    assert.deepEqual(
      strictCspProblems(pageWith(` default-src  'none' ;; script-src ${SCRIPT};${REST};`), CSP_SOURCE),
      [],
    );
  });

  it("refuses script-src given twice, the first with 'unsafe-eval' (browsers enforce the first)", () => {
    const policy = `default-src 'none'; script-src ${SCRIPT} 'unsafe-eval'; script-src ${SCRIPT}; ${REST}`;
    assert.deepEqual(
      cspDirectives(policy).get('script-src'),
      [SCRIPT, "'unsafe-eval'"],
      'the directive a browser enforces is the first',
    );
    assert.equal(scriptNonce(pageWith(policy)), N);
    const problems = strictCspProblems(pageWith(policy), CSP_SOURCE);
    assert.ok(
      problems.some((problem) => /^script-src is given more than once/.test(problem)),
      JSON.stringify(problems),
    );
    assert.ok(
      problems.some((problem) => problem === "script-src allows 'unsafe-eval'"),
      JSON.stringify(problems),
    );
  });

  const repeated: Array<[what: string, policy: string, names: string[]]> = [
    [
      'script-src given twice, the second loose (ignored by browsers, still refused)',
      `default-src 'none'; script-src ${SCRIPT}; script-src 'unsafe-eval'; ${REST}`,
      ['script-src'],
    ],
    [
      'a directive given twice in other cases',
      `default-src 'none'; SCRIPT-SRC ${SCRIPT}; script-src ${SCRIPT}; ${REST}`,
      ['script-src'],
    ],
    [
      'the same directive written twice alike',
      `default-src 'none'; script-src ${SCRIPT}; ${REST}; img-src ${CSP_SOURCE} data:`,
      ['img-src'],
    ],
    [
      'default-src given twice, the first loose',
      `default-src *; default-src 'none'; script-src ${SCRIPT}; ${REST}`,
      ['default-src'],
    ],
  ];
  for (const [what, policy, names] of repeated) {
    it(`refuses ${what}`, () => {
      assert.deepEqual(repeatedDirectives(policy), names);
      const problems = strictCspProblems(pageWith(policy), CSP_SOURCE);
      for (const name of names) {
        assert.ok(
          problems.some((problem) => problem.startsWith(`${name} is given more than once`)),
          `expected ${name} refused among ${JSON.stringify(problems)}`,
        );
      }
    });
  }
});
