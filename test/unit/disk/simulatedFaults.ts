/**
 * Disk faults injected through the caches' `CacheFileOps`, for machines where `FaultDisk` cannot
 * make them for real. Each behaves as the real fault does on Linux: a full disk writes what
 * fits, then fails with ENOSPC; a read-only folder refuses every change with EROFS; a target
 * that cannot be replaced fails its rename with EBUSY.
 */
import { constants, type MakeDirectoryOptions } from 'node:fs';
import * as fsp from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { CacheFileOps } from '../../../src/common/cacheFiles';
import type { DiskFault } from './faultDisk';

const MESSAGES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EBUSY: 'resource busy or locked',
};

/** An error shaped as node:fs gives it. */
export function systemError(code: string, syscall: string, path?: string): NodeJS.ErrnoException {
  const where = path === undefined ? '' : ` '${path}'`;
  return Object.assign(new Error(`${code}: ${MESSAGES[code] ?? code}, ${syscall}${where}`), { code, syscall, path });
}

function writes(flags: string | number | undefined): boolean {
  if (typeof flags === 'number') {
    return (
      (flags & (constants.O_WRONLY | constants.O_RDWR | constants.O_CREAT | constants.O_TRUNC | constants.O_APPEND)) !==
      0
    );
  }
  return flags !== undefined && /[wax+]/.test(flags);
}

interface Fault {
  kind: DiskFault;
  /** `full`: bytes that can still be written. */
  room: number;
  /** `rename`: the file no rename can replace. */
  target?: string;
}

export class SimulatedFaults {
  private fault: Fault | undefined;
  readonly files: CacheFileOps;

  constructor() {
    const readOnly = (syscall: string, path: unknown): void => {
      if (this.fault?.kind === 'read-only') {
        throw systemError('EROFS', syscall, String(path));
      }
    };
    this.files = {
      mkdir: (async (path: string, options?: MakeDirectoryOptions) => {
        const exists = await fsp.stat(path).then(
          () => true,
          () => false,
        );
        if (!exists) {
          readOnly('mkdir', path);
        }
        return fsp.mkdir(path, options);
      }) as CacheFileOps['mkdir'],
      open: async (path, flags, mode) => {
        if (writes(flags)) {
          readOnly('open', path);
        }
        const handle = await fsp.open(path, flags, mode);
        return this.fault?.kind === 'full' ? this.limited(handle) : handle;
      },
      rename: async (from, to) => {
        readOnly('rename', from);
        if (this.fault?.kind === 'rename' && String(to) === this.fault.target) {
          throw systemError('EBUSY', 'rename', String(from));
        }
        return fsp.rename(from, to);
      },
      rm: async (path, options) => {
        readOnly('rm', path);
        return fsp.rm(path, options);
      },
    };
  }

  start(kind: DiskFault, options: { room?: number; target?: string }): void {
    this.fault = { kind, room: options.room ?? 0, target: options.target };
  }

  stop(): void {
    this.fault = undefined;
  }

  /** The handle, its writes limited to the room left: what fits is written, then ENOSPC. */
  private limited(handle: FileHandle): FileHandle {
    const fault = this.fault!;
    const write = handle.write.bind(handle) as (
      buffer: Uint8Array,
      offset: number,
      length: number,
      position?: number | null,
    ) => Promise<{ bytesWritten: number; buffer: Uint8Array }>;
    const fitting = async (bytes: Uint8Array, position?: number | null): Promise<number> => {
      if (fault.room <= 0) {
        throw systemError('ENOSPC', 'write');
      }
      const length = Math.min(bytes.length, fault.room);
      const { bytesWritten } = await write(bytes, 0, length, position);
      fault.room -= bytesWritten;
      return bytesWritten;
    };
    Object.assign(handle, {
      write: async (buffer: Uint8Array, offset = 0, length = buffer.length - offset, position?: number | null) => ({
        bytesWritten: await fitting(buffer.subarray(offset, offset + length), position),
        buffer,
      }),
      writeFile: async (data: string | Uint8Array) => {
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        for (let written = 0; written < bytes.length; ) {
          written += await fitting(bytes.subarray(written));
        }
      },
    });
    return handle;
  }
}
