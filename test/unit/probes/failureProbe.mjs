// Run by bundle.test.ts in a process of its own (esbuild.mjs is an ES module): builds the api
// target as production does (minified), and, as a separate minified bundle with the extension
// target's settings, a small entry exporting the failure helpers: that bundle carries its own
// copy of src/api/errors.ts, as every bundle but dist/api.js does. Then makes the api bundle's
// client fail against a loopback port where nothing listens, and prints what the other
// bundle's helpers make of the error. The key is never printed.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { targets } from '../../../esbuild.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const [extensionTarget, apiTarget] = targets;
const production = { write: false, metafile: false, sourcemap: false, minify: true };

const api = await esbuild.build({ ...apiTarget, ...production });
const { entryPoints: _entryPoints, ...extensionSettings } = extensionTarget;
const helpers = await esbuild.build({
  ...extensionSettings,
  ...production,
  stdin: {
    contents: [
      "export { describeFailure, failureLogLine } from './src/prompts/failureMessages';",
      "export { isServiceError, serviceErrorKind, isOfflineError, NetworkError } from './src/api/errors';",
    ].join('\n'),
    resolveDir: root,
    sourcefile: 'failureHelpers.ts',
    loader: 'ts',
  },
});
const apiText = api.outputFiles[0].text;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-failure-'));
fs.writeFileSync(path.join(dir, 'api.js'), apiText);
fs.writeFileSync(path.join(dir, 'helpers.js'), helpers.outputFiles[0].contents);
const requireBuilt = createRequire(path.join(dir, 'api.js'));
const shipped = requireBuilt('./api.js');
const other = requireBuilt('./helpers.js');

// A loopback port that was free a moment ago: the connection is refused.
const port = await new Promise((resolve, reject) => {
  const server = net.createServer();
  server.once('error', reject);
  server.listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});

const client = new shipped.AffiliateServiceClient({
  baseUrl: `http://127.0.0.1:${port}`,
  apiKey: 'k1',
  environment: {},
  retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
});
let error;
let threw = false;
try {
  await client.getMerchantPage({ limit: 1 });
} catch (caught) {
  threw = true;
  error = caught;
} finally {
  await client.close();
}
fs.rmSync(dir, { recursive: true, force: true });

const failure = other.describeFailure(error, 'Loading merchants');
process.stdout.write(
  JSON.stringify({
    threw,
    name: error?.name,
    instanceOfShippedNetworkError: error instanceof shipped.NetworkError,
    instanceOfOtherNetworkError: error instanceof other.NetworkError,
    otherNetworkErrorExported: typeof other.NetworkError === 'function',
    isServiceError: other.isServiceError(error),
    kind: other.serviceErrorKind(error) ?? null,
    isOffline: other.isOfflineError(error),
    offline: failure.offline,
    message: failure.message,
    logLine: other.failureLogLine(error, 'Loading merchants'),
    apiBundleDeclaresNetworkError: apiText.includes('class NetworkError'),
  }),
);
