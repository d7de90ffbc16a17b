/**
 * A window of its own process on a shared catalog cache: run as a child process by
 * `sharedCache.test.ts` (the two-process case), it keeps one CatalogStore with its own client
 * for its whole life, as a VS Code window's extension host does, and syncs when told.
 *
 *     node --import tsx windowProcess.ts <cache file> <sandbox url> <key> <clock offset ms>
 *
 * Reads commands from stdin, one JSON line each, `{"id":1,"sync":"full"|"incremental"|"shared","now":"<ISO>"}`
 * (`shared`: a full walk as a window's start runs it, shared with a window that walks already;
 * `ping`: answers once the process is up)
 * (`now` is the sandbox's clock; the store's ticks on from it plus the window's offset, so two
 * windows never write the same times, as two clocks would not), and answers each on stdout:
 * `{"id":1,"ok":true,"status":"idle","merchants":1200,"shared":"walked"}` or `{"id":1,"ok":false,"error":"…"}`.
 */
import { createInterface } from 'node:readline';
import { CatalogStore } from '../../../src/catalog/store/catalogStore';
import { walkOnce } from '../../../src/catalog/store/sharedWalk';
import { clientFor } from '../helpers/fixtures';
import { RecordingLogger } from '../helpers/recordingLogger';

interface Command {
  id: number;
  sync: 'full' | 'incremental' | 'shared' | 'ping';
  now: string;
}

const [cacheFile, url, key, offset] = process.argv.slice(2);
let base = 0;
let ticks = 0;
const now = (): Date => new Date(base + ++ticks);
const client = clientFor({ url: url!, key: key! }, { now });
const logger = new RecordingLogger();
const store = new CatalogStore({ cacheFile: cacheFile!, baseUrl: url!, source: async () => client, logger, now });

const answer = (reply: object): void => {
  process.stdout.write(`${JSON.stringify(reply)}\n`);
};

createInterface({ input: process.stdin })
  .on('line', (line) => {
    const command = JSON.parse(line) as Command;
    base = Date.parse(command.now) + Number(offset);
    ticks = 0;
    if (command.sync === 'ping') {
      answer({ id: command.id, ok: true, status: store.status.state });
      return;
    }
    const run =
      command.sync === 'shared'
        ? walkOnce(() => store.sync({ full: true }), {
            leaseFile: `${cacheFile!}.reading`,
            followDisk: () => store.followDisk(),
            pollMs: 20,
          }).then((shared) => shared.kind)
        : store.sync({ full: command.sync === 'full' }).then(() => undefined);
    run.then(
      (shared) =>
        answer({
          id: command.id,
          ok: true,
          status: store.status.state,
          merchants: store.snapshot.merchants.size,
          shared,
        }),
      (error: unknown) =>
        answer({
          id: command.id,
          ok: false,
          error: `${error instanceof Error ? error.message : String(error)}\n${logger.text()}`,
        }),
    );
  })
  .on('close', () => {
    store.dispose();
    void client.close();
  });
