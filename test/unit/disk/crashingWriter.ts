/**
 * A writer that crashes between writing its temporary file and renaming it into place: run as
 * a child process by `crashBetweenWriteAndRename.test.ts`, it kills itself (SIGKILL, as a
 * crash or a killed window would) at the rename, leaving its temporary file written and
 * flushed. The rename is reached through the caches' `CacheFileOps`, the only thing injected.
 *
 *     node --import tsx crashingWriter.ts catalog <cache file> <sandbox url> <key>
 *         a full sync of the catalog store against the sandbox
 *     node --import tsx crashingWriter.ts report <report file>
 *         the report file written again, as a later refresh would
 */
import { readFile } from 'node:fs/promises';
import { NODE_FILE_OPS, type CacheFileOps } from '../../../src/common/cacheFiles';
import { CatalogStore } from '../../../src/catalog/store/catalogStore';
import { readReportCache, writeReportCache } from '../../../src/reports/cache/reportCacheFile';
import { clientFor } from '../helpers/fixtures';
import { RecordingLogger } from '../helpers/recordingLogger';

const crashAtRename: CacheFileOps = {
  ...NODE_FILE_OPS,
  rename: async () => {
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => undefined); // the signal lands before anything else runs
  },
};

async function main([kind, file, url, key]: string[]): Promise<void> {
  if (kind === 'catalog') {
    const client = clientFor({ url: url!, key: key! });
    const store = new CatalogStore({
      cacheFile: file!,
      baseUrl: url!,
      source: async () => client,
      logger: new RecordingLogger(),
      files: crashAtRename,
    });
    await store.sync({ full: true });
  } else {
    const { kind: reportKind, query } = JSON.parse((await readFile(file!, 'utf8')).split('\n')[0]!) as {
      kind: 'clicks';
      query: string;
    };
    const read = await readReportCache(file!, reportKind, query);
    if (read.kind !== 'ok') {
      throw new Error(`no report to write again: ${read.kind}`);
    }
    await writeReportCache(file!, { ...read.report, savedAt: new Date().toISOString() }, crashAtRename);
  }
  throw new Error('the writer did not crash');
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
