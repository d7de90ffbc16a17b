/**
 * A file written whole or not at all: a temporary file beside it (`common/cacheFiles.ts`), renamed over it. A
 * link is written through, to the file it leads to; a file's permissions are kept.
 */
import { chmod, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tempFileBeside } from '../common/cacheFiles';

export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const target = await realpath(file).catch(() => file); // a new file (the report) has no real path yet
  const mode = await stat(target).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  const temp = tempFileBeside(target);
  try {
    await writeFile(temp, text, { flag: 'wx' });
    if (mode !== undefined) {
      await chmod(temp, mode);
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
