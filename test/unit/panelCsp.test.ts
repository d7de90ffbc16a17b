/**
 * The report panel's content security policy, asserted as a policy (issue 21): the page as it
 * is rendered has `default-src 'none'`, scripts only by a nonce of at least 128 bits that is
 * fresh for each render, no `unsafe-*`, no wildcard, no `connect-src`. The checker is fed
 * loosened pages too, so a policy that slips is caught rather than compared with itself.
 * The integration test "report panel in the real host" applies the same checker to the page
 * VS Code was given, and checks `localResourceRoots`.
 */
import assert from 'node:assert/strict';
import { newNonce, reportPanelCsp, reportPanelPage, type PanelPage } from '../../src/webviews/reports/host/panelHtml';
import { cspDirectives, cspPolicies, scriptNonce, strictCspProblems } from '../common/strictCsp';

/** `webview.cspSource` as VS Code 1.100 gives it: the webview's own origins, a list with a wildcard. */
const CSP_SOURCE = "'self' https://*.vscode-cdn.net";
const ASSETS = 'https://file+.vscode-resource.vscode-cdn.net';
const page = (translations?: Record<string, string>): PanelPage => ({
  cspSource: CSP_SOURCE,
  asset: (name) => `${ASSETS}/ext/dist/webview/${name}`,
  language: 'de',
  title: 'Berichte',
  translations,
});

describe('report panel content security policy', () => {
  it("renders default-src 'none', scripts by one nonce, styles, fonts and images from the webview only, nothing else", () => {
    for (const translations of [undefined, { Reports: 'Berichte', '</script><script>alert(1)</script>': 'x' }]) {
      const html = reportPanelPage(page(translations), newNonce());
      assert.deepEqual(strictCspProblems(html, CSP_SOURCE), []);
      const directives = cspDirectives(cspPolicies(html)[0]!);
      assert.deepEqual([...directives.keys()], ['default-src', 'script-src', 'style-src', 'font-src', 'img-src']);
      assert.equal(directives.has('connect-src'), false);
      assert.ok(!/unsafe-/.test(cspPolicies(html)[0]!));
    }
  });

  it('gives each render a nonce of its own, of at least 128 bits, carried by the one script that runs', () => {
    const nonces = new Set<string>();
    for (let render = 0; render < 1_000; render++) {
      const html = reportPanelPage(page(), newNonce());
      const nonce = scriptNonce(html);
      assert.ok(nonce !== undefined && Buffer.from(nonce, 'base64').length >= 16, `nonce ${nonce}`);
      assert.equal((html.match(/<script\b[^>]*\bnonce="([^"]*)"/g) ?? []).length, 1);
      nonces.add(nonce);
    }
    assert.equal(nonces.size, 1_000, 'a nonce was used twice');
  });

  describe('the checker refuses a loosened page', () => {
    const nonce = newNonce();
    const strict = reportPanelPage(page(), nonce);
    const policy = reportPanelCsp(CSP_SOURCE, nonce);
    /** The strict page with its policy replaced (as the product would write it, attribute-escaped). */
    const withPolicy = (loose: string): string =>
      strict.replace(/content="[^"]*"/, `content="${loose.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
    const cases: Array<[what: string, html: string, problem: RegExp]> = [
      [
        "'unsafe-inline' scripts",
        withPolicy(policy.replace(`script-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}' 'unsafe-inline'`)),
        /script-src allows 'unsafe-inline'/,
      ],
      [
        "'unsafe-eval'",
        withPolicy(policy.replace(`script-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}' 'unsafe-eval'`)),
        /script-src allows 'unsafe-eval'/,
      ],
      [
        'script-src given again',
        withPolicy(`${policy}; script-src 'unsafe-eval'`),
        /script-src is given more than once/,
      ],
      [
        "'unsafe-inline' styles",
        withPolicy(policy.replace(`style-src ${CSP_SOURCE}`, `style-src ${CSP_SOURCE} 'unsafe-inline'`)),
        /style-src allows 'unsafe-inline'/,
      ],
      ['a wildcard image source', withPolicy(policy.replace('data:', '*')), /img-src allows \*/],
      [
        'a wildcard beyond the webview’s own',
        withPolicy(
          policy.replace(`style-src ${CSP_SOURCE}`, `style-src ${CSP_SOURCE} https://*.vscode-resource.vscode-cdn.net`),
        ),
        /style-src allows https:\/\/\*\.vscode-resource/,
      ],
      [
        'a wildcard host',
        withPolicy(policy.replace(`font-src ${CSP_SOURCE}`, 'font-src https://*.example.com')),
        /font-src allows https:\/\/\*\.example\.com/,
      ],
      [
        'a scheme source',
        withPolicy(policy.replace(`style-src ${CSP_SOURCE}`, `style-src ${CSP_SOURCE} https:`)),
        /style-src allows https:, beyond/,
      ],
      ['a connect-src', withPolicy(`${policy}; connect-src ${CSP_SOURCE}`), /connect-src is not allowed/],
      [
        "default-src other than 'none'",
        withPolicy(policy.replace("default-src 'none'", `default-src ${CSP_SOURCE}`)),
        /default-src/,
      ],
      ['no default-src', withPolicy(policy.replace("default-src 'none'; ", '')), /default-src is undefined|not 'none'/],
      [
        'a stale nonce on the script',
        strict.replace(`<script nonce="${nonce}"`, `<script nonce="${newNonce()}"`),
        /does not carry the policy's nonce/,
      ],
      [
        'a script without a nonce',
        strict.replace('</body>', '<script src="x.js"></script></body>'),
        /does not carry the policy's nonce/,
      ],
      ['a 64-bit nonce', reportPanelPage(page(), 'AAAAAAAAAAA='), /64 bits, fewer than 128/],
      [
        "scripts from 'self' besides the nonce",
        withPolicy(policy.replace(`script-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}' 'self'`)),
        /script-src is .* not one nonce/,
      ],
      [
        'no policy at all',
        strict.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
        /0 CSP meta elements/,
      ],
    ];
    for (const [what, html, problem] of cases) {
      it(what, () => {
        const problems = strictCspProblems(html, CSP_SOURCE);
        assert.ok(
          problems.some((found) => problem.test(found)),
          `expected ${problem} among ${JSON.stringify(problems)}`,
        );
      });
    }
  });
});
