/**
 * The report panel's words in another language: the host writes `vscode.l10n.bundle` into the
 * page (host/panelHtml.ts) so that nothing in it can break out of its element, the app reads it
 * back (app/translations.ts) and its words follow it; and no app module reads a word before the
 * translations are configured (at import time), where it would stay English.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as l10n from '@vscode/l10n';
import ts from 'typescript';
import { configureTranslations, type TranslationsSource } from '../../src/webviews/reports/app/translations';
import { Formatters } from '../../src/webviews/reports/app/formatters';
import { progressText } from '../../src/webviews/reports/app/statusTexts';
import { periodLabel } from '../../src/webviews/reports/app/panelState';
import { reportPanelPage, scriptSafeJson, type PanelPage } from '../../src/webviews/reports/host/panelHtml';

const APP = path.resolve(__dirname, '../../src/webviews/reports/app');
const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q=';

function page(translations: PanelPage['translations']): string {
  return reportPanelPage(
    {
      cspSource: 'https://webview.test',
      asset: (name) => `https://webview.test/dist/webview/${name}`,
      language: 'de',
      title: 'Berichte',
      translations,
    },
    NONCE,
  );
}

/** Every `<script` start tag of the page, as the HTML tokenizer would find them. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/gi) ?? [];
}

/**
 * The text of the element with `id`, as a browser reads a script element: up to the first
 * `</script` (the tokenizer ends it there, whatever JSON or quotes it is in). undefined when the
 * page has no such element.
 */
function scriptText(html: string, id: string): string | undefined {
  const open = new RegExp(`<script type="application/json" id="${id}">`).exec(html);
  if (open === null) {
    return undefined;
  }
  const start = open.index + open[0].length;
  const end = html.toLowerCase().indexOf('</script', start);
  assert.ok(end > start, 'the element is closed');
  return html.slice(start, end);
}

/** The page as the app sees it through `document.getElementById`. */
function documentOf(html: string): TranslationsSource {
  return {
    getElementById: (id) => {
      const text = scriptText(html, id);
      return text === undefined ? null : { textContent: text };
    },
  };
}

describe('webview translations', () => {
  afterEach(() => {
    // `@vscode/l10n` keeps one bundle per process: back to English for the other tests.
    l10n.config({ contents: {} });
  });

  it('writes no translations into the page in English, and one script: the app with its nonce', () => {
    const html = page(undefined);
    assert.equal(scriptText(html, 'l10n-bundle'), undefined);
    assert.ok(!html.includes('application/json'));
    assert.deepEqual(scriptTags(html), [
      `<script nonce="${NONCE}" src="https://webview.test/dist/webview/reports.js">`,
    ]);
    assert.match(html, /<html lang="de">/);
    assert.match(html, /<title>Berichte<\/title>/);
  });

  it('carries a bundle that tries to close its element as data only, and it parses back to the same bundle', () => {
    const bundle = {
      Refresh: 'Aktualisieren</script><script>alert(1)</script>',
      '</script><script>alert(1)</script>': '<!-- <script> --> & \u2028 "quoted" \\ back\\slash',
      'Sort by {0}': 'Nach {0} sortieren </SCRIPT >',
    };
    const html = page(bundle);
    const text = scriptText(html, 'l10n-bundle');
    assert.ok(text !== undefined, 'the page carries the translations');
    assert.ok(!/[<>&]/.test(text), `no markup character is left in ${text}`);
    assert.deepEqual(JSON.parse(text), bundle);
    // The data block, then the app: no script came out of the bundle.
    assert.deepEqual(scriptTags(html), [
      '<script type="application/json" id="l10n-bundle">',
      `<script nonce="${NONCE}" src="https://webview.test/dist/webview/reports.js">`,
    ]);
    // The policy is the same as without translations: a data block needs no source.
    assert.equal(
      html.match(/Content-Security-Policy" content="([^"]*)"/)?.[1],
      page(undefined).match(/Content-Security-Policy" content="([^"]*)"/)?.[1],
    );
    assert.equal(JSON.parse(scriptSafeJson('a</script>b')), 'a</script>b');
  });

  it('configures the app with the page’s bundle, and its words follow it', () => {
    const bundle = {
      'Read {0} of {1} items': '{0} von {1} Einträgen gelesen',
      'Last 90 days': 'Letzte 90 Tage',
      'Show {0}': '{0} anzeigen',
    };
    const problems: string[] = [];
    configureTranslations(documentOf(page(bundle)), (message) => problems.push(message));
    assert.deepEqual(problems, []);
    const format = new Formatters('de-DE');
    assert.equal(
      progressText('clicks', false, { received: 12000, total: 48000 }, format),
      '12.000 von 48.000 Einträgen gelesen',
    );
    assert.equal(periodLabel({ preset: 'last90' }), 'Letzte 90 Tage');
    assert.equal(l10n.t('Show {0}', periodLabel({ preset: 'last90' })), 'Letzte 90 Tage anzeigen');
    // A word the bundle lacks stays English.
    assert.equal(periodLabel({ preset: 'today' }), 'Today');
  });

  it('leaves the translations alone when the page carries none, and says so when it cannot read them', () => {
    l10n.config({ contents: { Today: 'Heute' } });
    const problems: string[] = [];
    configureTranslations(documentOf(page(undefined)), (message) => problems.push(message));
    assert.equal(periodLabel({ preset: 'today' }), 'Heute', 'configured only when the page has a bundle');
    assert.equal(problems.length, 0, problems.join('\n'));

    for (const text of ['{"Today": ', '["Heute"]', 'null']) {
      configureTranslations({ getElementById: () => ({ textContent: text }) }, (message) => problems.push(message));
    }
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.ok(problems.every((message) => message.endsWith('the panel shows English.')));
    assert.equal(periodLabel({ preset: 'today' }), 'Heute');
  });

  it('has every word of the app read when drawn, never when a module loads, and given as a literal', () => {
    const found: string[] = [];
    const wrong: string[] = [];
    for (const name of fs.readdirSync(APP).filter((file) => file.endsWith('.ts'))) {
      const source = ts.createSourceFile(
        name,
        fs.readFileSync(path.join(APP, name), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      const where = (node: ts.Node): string =>
        `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node, deferred: boolean): void => {
        const inner =
          deferred ||
          ts.isFunctionLike(node) ||
          // An instance field's initializer runs with the constructor, not at import.
          (ts.isPropertyDeclaration(node) &&
            !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword));
        if (ts.isCallExpression(node) && node.expression.getText(source) === 'l10n.t') {
          found.push(where(node));
          if (!inner) {
            wrong.push(`${where(node)}: l10n.t when the module loads`);
          }
          const [first] = node.arguments;
          const literal = (value: ts.Node | undefined): boolean =>
            value !== undefined && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value));
          const message =
            first !== undefined && ts.isObjectLiteralExpression(first)
              ? first.properties.find(
                  (property): property is ts.PropertyAssignment =>
                    ts.isPropertyAssignment(property) && property.name.getText(source) === 'message',
                )?.initializer
              : first;
          if (!literal(message)) {
            wrong.push(`${where(node)}: the message is not a string literal (the extraction cannot find it)`);
          }
        }
        ts.forEachChild(node, (child) => visit(child, inner));
      };
      visit(source, false);
    }
    assert.deepEqual(wrong, []);
    assert.ok(found.length > 80, `the app's words go through l10n.t (${found.length} calls)`);
  });
});
