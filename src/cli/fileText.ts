/**
 * A site file's text for a check, read through src/siteDisk/ (one open handle, the size limit of an article;
 * synchronously, as a process with nothing else to do reads fastest), or why it is skipped: it cannot be read, it is
 * over the size limit, it is binary, or it is not valid UTF-8. A skipped file is reported and the run goes on.
 */
import { LARGEST_FILE_BYTES, readLocalFileBytesSync } from '../siteDisk/siteFileReads';

export type FileText = { ok: true; text: string } | { ok: false; reason: string };

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The text of the file at `full`, or why it is skipped. */
export function readFileText(full: string): FileText {
  let read;
  try {
    read = readLocalFileBytesSync(full);
  } catch (error) {
    return { ok: false, reason: unreadable(error) };
  }
  const { bytes, size } = read;
  if (bytes === undefined) {
    return {
      ok: false,
      reason: `over the size limit: ${size.toLocaleString('en-US')} bytes, more than ${LARGEST_FILE_BYTES.toLocaleString('en-US')} (not an article)`,
    };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    return { ok: false, reason: `a binary file: it holds a NUL byte (at byte ${nul})` };
  }
  try {
    return { ok: true, text: STRICT_UTF8.decode(bytes) };
  } catch {
    return { ok: false, reason: `not valid UTF-8: the bytes at ${firstInvalidUtf8(bytes)} are no character` };
  }
}

function unreadable(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  switch (code) {
    case 'ENOENT':
      return 'cannot be read: it is gone, or a link that leads nowhere (ENOENT)';
    case 'EACCES':
    case 'EPERM':
      return `cannot be read: permission denied (${code})`;
    case 'ELOOP':
      return 'cannot be read: a link that leads back to itself (ELOOP)';
    case undefined:
      return `cannot be read: ${message ?? String(error)}`;
    default:
      return `cannot be read: ${message} (${code})`;
  }
}

/**
 * The offset of the first byte that does not start or continue a valid UTF-8 sequence (as WHATWG's decoder reads
 * it: no overlong forms, no surrogates, nothing above U+10FFFF), or the length when every byte does.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // The sequence's length and the range its second byte must fall in.
    const [length, low, high] =
      lead >= 0xc2 && lead <= 0xdf
        ? [2, 0x80, 0xbf]
        : lead === 0xe0
          ? [3, 0xa0, 0xbf]
          : lead === 0xed
            ? [3, 0x80, 0x9f]
            : lead >= 0xe1 && lead <= 0xef
              ? [3, 0x80, 0xbf]
              : lead === 0xf0
                ? [4, 0x90, 0xbf]
                : lead === 0xf4
                  ? [4, 0x80, 0x8f]
                  : lead >= 0xf1 && lead <= 0xf3
                    ? [4, 0x80, 0xbf]
                    : [0, 0, 0];
    if (length === 0 || i + length > bytes.length) {
      return i;
    }
    const second = bytes[i + 1]!;
    if (second < low || second > high) {
      return i;
    }
    for (let k = 2; k < length; k++) {
      const next = bytes[i + k]!;
      if (next < 0x80 || next > 0xbf) {
        return i;
      }
    }
    i += length;
  }
  return bytes.length;
}
