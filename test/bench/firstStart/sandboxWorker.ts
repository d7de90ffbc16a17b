/**
 * The first-start bench's sandbox, in a worker thread of the bench's process: the service is not
 * on the user's machine, so its clock of arrivals must not wait behind the bench's own work
 * (Playwright reading Chromium's protocol while the workbench loads), or it hears requests late
 * and bunched, and refuses what the extension sent within the limit.
 *
 * Messages in: 'stats', 'close'. Messages out: { ready } (url, key, the dataset's clicks and
 * actions), { arrival }, { stats }, { closed }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox/server';

async function main(port: NonNullable<typeof parentPort>): Promise<void> {
  const sandbox = await startSandbox(workerData as SandboxOptions, {
    onRequest: (arrival) => port.postMessage({ kind: 'arrival', arrival }),
  });
  port.on('message', (message: unknown) => {
    if (message === 'stats') {
      port.postMessage({ kind: 'stats', stats: sandbox.stats() });
    } else if (message === 'close') {
      void sandbox.close().then(() => port.postMessage({ kind: 'closed' }));
    }
  });
  port.postMessage({
    kind: 'ready',
    url: sandbox.url,
    key: sandbox.key,
    clicks: sandbox.dataset.clicks.map((item) => ({ date: item.date, subId: item.subId, count: item.count })),
    actions: sandbox.dataset.actions.map((item) => ({ createdAt: item.createdAt })),
  });
}

if (parentPort !== null) {
  void main(parentPort);
}
