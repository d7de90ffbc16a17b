/** The entries of a zip file (a .vsix), read from its central directory: no unzip tool needed. */
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Uncompressed size in bytes. */
  size: number;
  /** The entry's contents, uncompressed (stored or deflated entries). */
  read(): Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

function readEntry(
  zip: Buffer,
  file: string,
  name: string,
  method: number,
  compressedSize: number,
  headerAt: number,
): Buffer {
  if (zip.readUInt32LE(headerAt) !== LOCAL_HEADER) {
    throw new Error(`${file}: the local header of ${name} is damaged`);
  }
  const dataAt = headerAt + 30 + zip.readUInt16LE(headerAt + 26) + zip.readUInt16LE(headerAt + 28);
  const data = zip.subarray(dataAt, dataAt + compressedSize);
  if (method === 0) {
    return Buffer.from(data);
  }
  if (method === 8) {
    return zlib.inflateRawSync(data);
  }
  throw new Error(`${file}: ${name} uses compression method ${method}, neither stored nor deflated`);
}

export function zipEntries(file: string): ZipEntry[] {
  const zip = fs.readFileSync(file);
  // The end-of-directory record is the last 22 bytes, followed by a comment of at most 64 KB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) {
    throw new Error(`${file} is not a zip file: no end-of-directory record`);
  }
  const count = zip.readUInt16LE(end + 10);
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new Error(`${file}: entry ${index} of the central directory is damaged`);
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const headerAt = zip.readUInt32LE(at + 42);
    entries.push({
      name,
      size: zip.readUInt32LE(at + 24),
      read: () => readEntry(zip, file, name, method, compressedSize, headerAt),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
