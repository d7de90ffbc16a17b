/**
 * The disk faults of the disk tests, real where the machine allows it.
 *
 * Where this process may mount (root with CAP_SYS_ADMIN, as in CI), each `FaultDisk` is a tmpfs
 * of its own, and the faults are real: the tmpfs filled up (writes fail with ENOSPC), remounted
 * read-only (EROFS; chmod would not stop root), and a file bind-mounted onto itself, which no
 * rename can replace (EBUSY). A rename across devices (EXDEV) cannot happen to the caches: they
 * write their temporary file beside its target.
 *
 * Where mounting fails (a container without CAP_SYS_ADMIN, a user without root), or with
 * AFFILIATE_LINKS_DISK_FAULTS=simulated, the same faults are injected through the caches'
 * `CacheFileOps` (src/common/cacheFiles.ts) instead, and the tests name them as simulated in
 * their titles and in the reliability summary.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NODE_FILE_OPS, type CacheFileOps } from '../../../src/common/cacheFiles';
import { SimulatedFaults } from './simulatedFaults';

export type DiskFault = 'full' | 'read-only' | 'rename';

/** What each fault is called, done for real or simulated. */
export const FAULT_NAMES: Readonly<Record<DiskFault, { real: string; simulated: string }>> = {
  full: { real: 'a full disk (tmpfs, ENOSPC)', simulated: 'a full disk (injected ENOSPC)' },
  'read-only': {
    real: 'an unwritable folder (read-only remount, EROFS)',
    simulated: 'an unwritable folder (injected EROFS)',
  },
  rename: { real: 'a failing rename (target bind-mounted, EBUSY)', simulated: 'a failing rename (injected EBUSY)' },
};

/** Size of each tmpfs: a few cache files of the tests' catalogs and reports. */
const TMPFS_BYTES = 8 * 1024 * 1024;

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'pipe' });
}

/** Whether this process can mount, tried once on a probe folder; `why` says why not. */
function probeMounting(): { real: boolean; why: string } {
  if (process.env.AFFILIATE_LINKS_DISK_FAULTS === 'simulated') {
    return { real: false, why: 'AFFILIATE_LINKS_DISK_FAULTS=simulated' };
  }
  if (process.platform !== 'linux') {
    return { real: false, why: `no tmpfs on ${process.platform}` };
  }
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-probe-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    run('umount', [probe]);
    return { real: true, why: 'mounting works' };
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
    return { real: false, why: `cannot mount (${stderr.split('\n')[0]})` };
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** Found once, when the disk tests are loaded: their titles say whether the faults are real. */
export const MOUNTING: Readonly<{ real: boolean; why: string }> = Object.freeze(probeMounting());

/** `fault`'s name as done here, for titles and the summary. */
export function faultName(fault: DiskFault): string {
  return MOUNTING.real ? FAULT_NAMES[fault].real : FAULT_NAMES[fault].simulated;
}

export class FaultDisk {
  private readonly mounts: string[] = [];
  private readonly simulated = new SimulatedFaults();
  private readOnly = false;

  private constructor(readonly folder: string) {}

  /** A folder on a tmpfs of its own where mounting works, else a plain temporary folder. */
  static create(): FaultDisk {
    const disk = new FaultDisk(fs.mkdtempSync(path.join(os.tmpdir(), 'fault-disk-')));
    if (MOUNTING.real) {
      run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES},mode=0700`, 'tmpfs', disk.folder]);
      disk.mounts.push(disk.folder);
    }
    return disk;
  }

  /** The file operations to give the caches: node's own where the faults are real. */
  get files(): CacheFileOps {
    return MOUNTING.real ? NODE_FILE_OPS : this.simulated.files;
  }

  /**
   * Starts `fault`. `full`: leaves about `room` bytes free. `rename`: `target` (which must exist)
   * cannot be replaced. `read-only`: the whole folder.
   */
  inject(fault: DiskFault, options: { room?: number; target?: string } = {}): void {
    if (!MOUNTING.real) {
      this.simulated.start(fault, options);
      return;
    }
    if (fault === 'full') {
      this.fill(options.room ?? 0);
    } else if (fault === 'read-only') {
      run('mount', ['-o', 'remount,ro', this.folder]);
      this.readOnly = true;
    } else {
      run('mount', ['--bind', options.target!, options.target!]);
      this.mounts.push(options.target!);
    }
  }

  /** Ends every fault: the disk has room, is writable and renames work again. */
  clear(): void {
    this.simulated.stop();
    if (!MOUNTING.real) {
      return;
    }
    while (this.mounts.length > 1) {
      unmount(this.mounts.pop()!);
    }
    if (this.readOnly) {
      run('mount', ['-o', 'remount,rw', this.folder]);
      this.readOnly = false;
    }
    fs.rmSync(path.join(this.folder, 'filler'), { force: true });
  }

  /** Ends every fault, unmounts and removes the folder; never throws. */
  dispose(): void {
    try {
      this.clear();
    } catch {
      // Unmounting below undoes whatever clear could not.
    }
    for (const mount of this.mounts.splice(0).reverse()) {
      unmount(mount);
    }
    fs.rmSync(this.folder, { recursive: true, force: true });
  }

  /** Fills the tmpfs with a file of its own until about `room` bytes are left. */
  private fill(room: number): void {
    const filler = path.join(this.folder, 'filler');
    const { bavail, bsize } = fs.statfsSync(this.folder);
    const size = Math.max(0, bavail * bsize - room);
    const handle = fs.openSync(filler, 'w');
    try {
      const chunk = Buffer.alloc(1024 * 1024);
      for (let written = 0; written < size; ) {
        written += fs.writeSync(handle, chunk, 0, Math.min(chunk.length, size - written));
      }
    } finally {
      fs.closeSync(handle);
    }
  }
}

/** Unmounts, lazily when busy; never throws. */
function unmount(target: string): void {
  try {
    run('umount', [target]);
  } catch {
    try {
      run('umount', ['-l', target]);
    } catch {
      // Nothing more to do; the test reports what it found.
    }
  }
}
