/**
 * Lines of JSON that carry their own CRC-32, so both caches refuse a damaged file rather than read it as other data.
 */
import { crc32 } from 'node:zlib';

/** The CRC-32 of text (as UTF-8) or bytes, as 8 hex digits. */
export function checksumOf(data: string | Uint8Array): string {
  return crc32(data).toString(16).padStart(8, '0');
}

/**
 * `fields` (an object with at least one field) as a line of JSON that ends in its own check,
 * `…,"crc32":"<checksumOf the JSON of fields>"}`, and a newline.
 */
export function checkedLine(fields: Readonly<Record<string, unknown>>): string {
  const json = JSON.stringify(fields);
  return `${json.slice(0, -1)},"crc32":"${checksumOf(json)}"}\n`;
}

/** Rows of a long list written per turn of the event loop by `checkedLineInTurns`. */
export const ROWS_PER_TURN = 2_000;

/**
 * The line `checkedLine` writes for `fields` plus a last field `listField` holding `list`, the
 * list written `ROWS_PER_TURN` items at a time with a turn of the event loop between them, so
 * that a report of 100,000 rows never holds up the extension host for long. Same text, same check.
 */
export async function checkedLineInTurns(
  fields: Readonly<Record<string, unknown>>,
  listField: string,
  list: readonly unknown[],
): Promise<string> {
  const prefix = JSON.stringify({ ...fields, [listField]: [] }).slice(0, -2); // `{…,"rows":[`
  const parts = [prefix];
  let check = crc32(prefix);
  for (let start = 0; start < list.length; start += ROWS_PER_TURN) {
    const piece = `${start === 0 ? '' : ','}${JSON.stringify(list.slice(start, start + ROWS_PER_TURN)).slice(1, -1)}`;
    parts.push(piece);
    check = crc32(piece, check);
    await new Promise((resolve) => setImmediate(resolve));
  }
  check = crc32(']}', check);
  return `${parts.join('')}],"crc32":"${check.toString(16).padStart(8, '0')}"}\n`;
}

/**
 * Whether `line` (without its newline; text or its UTF-8 bytes), whose JSON gave `check` as its
 * `crc32`, is the line `checkedLine` wrote: it ends in that field and the check matches the rest.
 */
export function lineCheckHolds(line: string | Uint8Array, check: unknown): boolean {
  if (typeof check !== 'string' || !/^[0-9a-f]{8}$/.test(check)) {
    return false;
  }
  const tail = `,"crc32":"${check}"}`;
  const bodyLength = line.length - tail.length; // the tail is ASCII: as many bytes as characters
  if (bodyLength <= 0) {
    return false;
  }
  const body = typeof line === 'string' ? line.slice(0, bodyLength) : line.subarray(0, bodyLength);
  const end =
    typeof line === 'string'
      ? line.slice(bodyLength)
      : Buffer.from(line.buffer, line.byteOffset + bodyLength, tail.length).toString('latin1');
  return end === tail && crc32('}', crc32(body)) === Number.parseInt(check, 16);
}
