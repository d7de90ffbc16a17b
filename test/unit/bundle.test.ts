import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');

interface BundleReport {
  extensionInputs: string[];
  extensionBytes: number;
  apiInputs: string[];
  loaderInputs: string[];
  loaderRequiresApiBundle: boolean;
  apiLoadedBeforeFirstUse: boolean;
  apiLoadedOnFirstUse: boolean;
  loadedClientIsAClass: boolean;
  linksInputs: string[];
  linksLoaderInputs: string[];
  linksLoaderRequiresLinksBundle: boolean;
}

describe('bundles', () => {
  let report: BundleReport;
  before(async () => {
    const { stdout } = await run(process.execPath, [path.join(__dirname, 'probes/bundleProbe.mjs')], { cwd: root, timeout: 60_000 });
    report = JSON.parse(stdout) as BundleReport;
  });

  // The catalog model reads cached merchants with the client's pure normaliser; the HTTP
  // side (client, transport, undici) must stay in dist/api.js.
  const HTTP_SIDE = /undici|src\/api\/(client|transport|paging|retryCallback|boundedPool)\.ts$/;

  it('keeps undici and the HTTP client out of the extension bundle that activation loads', () => {
    assert.ok(report.extensionInputs.includes('src/extension.ts'));
    assert.deepEqual(report.extensionInputs.filter((input) => HTTP_SIDE.test(input)), []);
    assert.ok(report.extensionBytes < 175_000, `extension bundle is ${report.extensionBytes} bytes`);
  });

  it('keeps the domain index and its Public Suffix List (tldts) in dist/links.js, loaded on first use', () => {
    const tldts = (inputs: string[]) => inputs.filter((input) => input.includes('node_modules/tldts'));
    assert.deepEqual(tldts(report.extensionInputs), []);
    assert.ok(!report.extensionInputs.includes('src/links/domainIndex.ts'));
    assert.ok(tldts(report.linksInputs).length > 0);
    assert.ok(report.linksInputs.includes('src/links/domainIndex.ts'));
    assert.equal(report.linksLoaderRequiresLinksBundle, true);
    assert.deepEqual(tldts(report.linksLoaderInputs), []);
  });

  it('loads the client lazily from its own bundle, dist/api.js', () => {
    assert.equal(report.loaderRequiresApiBundle, true);
    assert.equal(report.apiLoadedBeforeFirstUse, false, 'api.js was loaded with the loader');
    assert.equal(report.apiLoadedOnFirstUse, true);
    assert.equal(report.loadedClientIsAClass, true);
    assert.deepEqual(report.loaderInputs.filter((input) => HTTP_SIDE.test(input)), []);
  });

  it('puts only the undici modules the client uses in dist/api.js, never its entry point or global dispatcher', () => {
    const undici = report.apiInputs.filter((input) => input.includes('node_modules/undici/'));
    assert.ok(undici.some((input) => input.endsWith('lib/dispatcher/retry-agent.js')));
    assert.ok(undici.some((input) => input.endsWith('lib/dispatcher/env-http-proxy-agent.js')));
    assert.ok(!undici.some((input) => input.endsWith('undici/index.js')), 'the entry point is bundled');
    assert.ok(!undici.some((input) => input.endsWith('lib/global.js')), 'the global dispatcher module is bundled');
    assert.ok(!report.apiInputs.some((input) => input.includes('vscode')));
  });
});
