import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import type { Sandbox } from '../../src/sandbox/server';
import { startCraftedServer } from './helpers/craftedServer';
import { clientFor, rejectionOf, sandbox } from './helpers/fixtures';
import { RecordingLogger } from './helpers/recordingLogger';

const KEY = 'Zq9SecretKey77';

function everythingIn(error: Error): string {
  return [error.message, error.stack, String(error), JSON.stringify(error), inspect(error, { depth: 10 })].join('\n');
}

describe('the key never leaks', () => {
  let service: Sandbox;
  before(async () => {
    service = await sandbox({ key: KEY, merchants: 50, clicks: 50, actions: 50 });
  });
  after(() => service.close());

  it('stays out of every error and log line, even when a server echoes it', async () => {
    // A server that puts whatever Authorization it got into its answers.
    const echo = await startCraftedServer((request, index) => {
      const header = String(request.headers.authorization);
      if (index % 3 === 0) {
        return {
          status: 401,
          body: {
            errors: [{ status: '401', title: `Unauthorized: ${header}`, code: '0401', meta: { property: header } }],
          },
        };
      }
      if (index % 3 === 1) {
        return { status: 200, body: `<html>${header}</html>` };
      }
      return {
        status: 400,
        body: { errors: [{ status: '400', title: header, code: '1000', meta: { property: header } }] },
      };
    });
    const logger = new RecordingLogger();
    const errors: Error[] = [];
    const run = async (call: () => Promise<unknown>): Promise<void> => {
      errors.push(await rejectionOf(call()));
    };

    const echoClient = clientFor({ url: echo.url, key: KEY }, { logger });
    await run(() => echoClient.getMerchantPage());
    await run(() => echoClient.getClicksPage());
    await run(() => echoClient.getActionsPage());

    const client = clientFor(service, { logger, timeouts: { headersMs: 100, bodyMs: 100 } });
    const faults = ['503', 'reset', 'malformed', 'truncated', 'slow-headers:ms=5000', 'slow-body:ms=5000'];
    for (const fault of faults) {
      service.setFaults(fault);
      await run(() => client.getMerchantPage()).catch((error) => {
        throw new Error(`${fault}: ${error}`);
      });
    }
    service.setFaults('');
    await run(() => client.getClicksPage({ days: 999 }));
    await run(() => client.getClicksPage({ adspaceId: '11111111-2222-4333-8444-555555555555' }));
    await run(() => client.getAllClicks({}, { signal: AbortSignal.abort() }));
    await run(async () => clientFor({ url: service.url, key: `${KEY}!` }));
    const ok = await client.getMerchantPage({ limit: 1 });

    assert.equal(ok.merchants.length, 1, 'the key works against the sandbox');
    assert.ok(
      echo.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`),
      'the key was sent',
    );
    assert.equal(errors.length, 13);
    assert.ok(logger.lines.length > 10, 'the client logged');
    for (const error of errors) {
      assert.ok(!everythingIn(error).includes(KEY), `leaked in ${error.name}: ${error.message}`);
    }
    for (const line of logger.lines) {
      assert.ok(!line.includes(KEY), `leaked in log: ${line}`);
    }
    assert.ok(logger.text().includes('[redacted]'), 'the echoed key was redacted, not dropped silently');
    await client.close();
    await echoClient.close();
    await echo.close();
  });
});
