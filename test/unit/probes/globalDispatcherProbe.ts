/**
 * Run in a process of its own by globalDispatcher.test.ts: loads the service client (from
 * the module given as argument), makes requests with it, and reports whether undici's
 * process-wide dispatcher changed; then loads undici's entry point to show that the probe
 * does see such a change.
 */
import { createRequire } from 'node:module';
import { startSandbox } from '../../../src/sandbox/server';

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const requireHere = createRequire(__filename);

async function main(): Promise<void> {
  const modulePath = process.argv[2];
  if (!modulePath) {
    throw new Error('usage: globalDispatcherProbe <client module>');
  }
  const slot = globalThis as Record<symbol, unknown>;
  const before = slot[GLOBAL_DISPATCHER];
  const sandbox = await startSandbox({ merchants: 600, clicks: 1_200 });
  const api = requireHere(modulePath) as typeof import('../../../src/api/index');
  const client = new api.AffiliateServiceClient({ baseUrl: sandbox.url, apiKey: sandbox.key, environment: {} });
  let merchants = 0;
  for await (const page of client.walkMerchants()) {
    merchants += page.merchants.length;
  }
  const clicks = (await client.getAllClicks({ days: 120 })).items.length;
  await client.close();
  const afterClient = slot[GLOBAL_DISPATCHER];
  requireHere('undici');
  const afterEntryPoint = slot[GLOBAL_DISPATCHER];
  await sandbox.close();
  process.stdout.write(
    JSON.stringify({
      merchants,
      clicks,
      definedBefore: before !== undefined,
      unchangedByClient: before === afterClient,
      changedByEntryPoint: afterEntryPoint !== afterClient,
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(String(error instanceof Error ? error.stack : error));
  process.exit(1);
});
