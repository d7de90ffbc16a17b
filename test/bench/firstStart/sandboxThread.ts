/** The bench's side of sandboxWorker.ts: a sandbox in a thread of its own, its arrivals heard as they come. */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SandboxOptions } from '../../../src/sandbox/server';
import type { SandboxStats } from '../../../src/sandbox/requestStats';

export interface Arrival {
  at: number;
  pathname: string;
  query: string;
  refused: boolean;
}

export interface SandboxThread {
  url: string;
  key: string;
  /** What the floors are worked out from. */
  dataset: {
    clicks: Array<{ date: string | null; subId: string | null; count: number }>;
    actions: Array<{ createdAt: string }>;
  };
  /** Every request as the sandbox heard it arrive, by its own clock. */
  arrivals: Arrival[];
  stats(): Promise<SandboxStats>;
  close(): Promise<void>;
}

type Message =
  | ({ kind: 'ready' } & Pick<SandboxThread, 'url' | 'key'> & SandboxThread['dataset'])
  | { kind: 'arrival'; arrival: Arrival }
  | { kind: 'stats'; stats: SandboxStats }
  | { kind: 'closed' };

export function startSandboxThread(options: SandboxOptions): Promise<SandboxThread> {
  // A worker starts without the loader of its process: it registers tsx before it loads the sandbox.
  const worker = new Worker(
    `require('tsx/cjs/api').register(); require(${JSON.stringify(path.join(__dirname, 'sandboxWorker.ts'))});`,
    { eval: true, workerData: options },
  );
  const arrivals: Arrival[] = [];
  const waiting = new Map<Message['kind'], (message: Message) => void>();
  const next = (kind: Message['kind']): Promise<Message> => new Promise((resolve) => waiting.set(kind, resolve));
  worker.on('message', (message: Message) => {
    if (message.kind === 'arrival') {
      arrivals.push(message.arrival);
    }
    waiting.get(message.kind)?.(message);
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    void next('ready').then((message) => {
      const ready = message as Extract<Message, { kind: 'ready' }>;
      resolve({
        url: ready.url,
        key: ready.key,
        dataset: { clicks: ready.clicks, actions: ready.actions },
        arrivals,
        stats: async () => {
          const answer = next('stats');
          worker.postMessage('stats');
          return ((await answer) as Extract<Message, { kind: 'stats' }>).stats;
        },
        close: async () => {
          const closed = next('closed');
          worker.postMessage('close');
          await closed;
          await worker.terminate();
        },
      });
    });
  });
}
