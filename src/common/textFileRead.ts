/** A text file read whole, or why not: missing (nothing written there yet) told from unreadable. Never throws. */
import { readFile } from 'node:fs/promises';

export type TextFileRead = { ok: true; text: string } | { ok: false; missing: boolean; code: string };

export async function readTextFile(file: string): Promise<TextFileRead> {
  try {
    return { ok: true, text: await readFile(file, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, missing: code === 'ENOENT', code };
  }
}
