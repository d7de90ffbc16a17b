import assert from 'node:assert/strict';
import { NetworkError } from '../../src/api/errors';
import { resolveProxy, describeProxy } from '../../src/api/proxySettings';
import type { Sandbox } from '../../src/sandbox/server';
import { clientFor, rejectionOf, sandbox } from './helpers/fixtures';
import { startForwardProxy, type ForwardProxy } from './helpers/forwardProxy';

describe('proxy settings', () => {
  const cases: Array<
    [string, Parameters<typeof resolveProxy>[0], Record<string, string>, Partial<ReturnType<typeof resolveProxy>>]
  > = [
    ['nothing set: no proxy', {}, {}, { httpProxy: '', httpsProxy: '', noProxy: '' }],
    [
      'VS Code http.proxy for both schemes',
      { url: 'http://proxy:3128' },
      {},
      { httpProxy: 'http://proxy:3128', httpsProxy: 'http://proxy:3128' },
    ],
    [
      'http.proxy wins over the environment',
      { url: 'http://a:1' },
      { HTTPS_PROXY: 'http://b:2' },
      { httpsProxy: 'http://a:1' },
    ],
    [
      'HTTP_PROXY alone serves https too',
      {},
      { HTTP_PROXY: 'http://e:8080' },
      { httpProxy: 'http://e:8080', httpsProxy: 'http://e:8080' },
    ],
    [
      'lower-case variables',
      {},
      { https_proxy: 'http://l:1', no_proxy: 'x.com' },
      { httpsProxy: 'http://l:1', noProxy: 'x.com' },
    ],
    [
      'http.noProxy wins over NO_PROXY',
      { noProxy: ['a.com', '.b.com'] },
      { NO_PROXY: 'c.com' },
      { noProxy: 'a.com,.b.com' },
    ],
    [
      'authorization and strict TLS off',
      { url: 'http://p:1', authorization: 'Basic eDp5', strictSSL: false },
      {},
      { token: 'Basic eDp5', rejectUnauthorized: false },
    ],
    ['strict TLS by default', {}, {}, { rejectUnauthorized: true, token: undefined }],
  ];
  for (const [name, settings, environment, expected] of cases) {
    it(name, () => {
      const resolved = resolveProxy(settings, environment);
      for (const [field, value] of Object.entries(expected)) {
        assert.equal(resolved[field as keyof typeof resolved], value, field);
      }
    });
  }

  it('describes a proxy without its credentials', () => {
    assert.equal(describeProxy('http://user:secret@proxy.local:3128/'), 'http://proxy.local:3128');
    assert.equal(describeProxy(''), 'none');
  });
});

describe('requests through a proxy', () => {
  let service: Sandbox;
  let proxy: ForwardProxy;
  const target = (): string => new URL(service.url).host;

  before(async () => {
    service = await sandbox({ merchants: 20, clicks: 20, actions: 20 });
  });
  after(() => service.close());
  beforeEach(async () => {
    proxy = await startForwardProxy();
  });
  afterEach(() => proxy.close());

  it('go through the proxy the caller names (VS Code http.proxy), with its authorization', async () => {
    const client = clientFor(service, { proxy: { url: proxy.url, authorization: 'Basic dXNlcjpwYXNz' } });
    const page = await client.getMerchantPage({ limit: 5 });
    assert.equal(page.merchants.length, 5);
    assert.deepEqual(proxy.tunnels, [{ target: target(), proxyAuthorization: 'Basic dXNlcjpwYXNz' }]);
    await client.close();
  });

  it('go through HTTP_PROXY from the environment', async () => {
    const client = clientFor(service, { environment: { HTTP_PROXY: proxy.url } });
    await client.getClicksPage();
    assert.equal(proxy.tunnels.length, 1);
    assert.equal(proxy.tunnels[0]?.target, target());
    await client.close();
  });

  it('go direct for hosts in the no-proxy list', async () => {
    const settingsClient = clientFor(service, { proxy: { url: proxy.url, noProxy: ['127.0.0.1'] } });
    const envClient = clientFor(service, { environment: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' } });
    await settingsClient.getMerchantPage({ limit: 1 });
    await envClient.getMerchantPage({ limit: 1 });
    assert.equal(proxy.tunnels.length, 0);
    await settingsClient.close();
    await envClient.close();
  });

  it('go direct with no proxy configured, whatever the process environment says', async () => {
    const client = clientFor(service, { environment: {} });
    await client.getMerchantPage({ limit: 1 });
    assert.equal(proxy.tunnels.length, 0);
    await client.close();
  });

  it('report a proxy that refuses the tunnel as a network error, not a cancellation', async () => {
    const strict = await startForwardProxy('Basic right');
    const client = clientFor(service, {
      proxy: { url: strict.url, authorization: 'Basic wrong' },
      retry: { maxAttempts: 1 },
    });
    const error = await rejectionOf(client.getMerchantPage());
    assert.ok(error instanceof NetworkError, String(error));
    assert.match(error.message, /Could not reach the service.*407/);
    await client.close();
    await strict.close();
  });
});
