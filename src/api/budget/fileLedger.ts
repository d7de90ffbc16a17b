/**
 * The request ledger shared by every window: small files in global storage each window's budget appends to and reads.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MemoryLedger, type BudgetLedger, type LedgerEntry } from './budgetLedger';

const RETRY_FILE_AFTER_MS = 60_000;
/** How long one ledger file collects entries: the service's long window. */
export const LEDGER_BUCKET_MS = 300_000;
const NAME = /^([0-9a-f]{16})-(\d+)\.ledger$/;

/**
 * One entry as a line: `{"s":t,"id":…}` (with `"p":1` when pending), `{"w":t,"id":…}`,
 * `{"c":t,"id":…}` or `{"h":until,"t":t}`. A window of an earlier version reads a pending send as
 * sent at its time and skips the write.
 */
export function ledgerLine(entry: LedgerEntry): string {
  switch (entry.kind) {
    case 'send':
      return JSON.stringify(entry.pending ? { s: entry.t, id: entry.id, p: 1 } : { s: entry.t, id: entry.id });
    case 'wrote':
      return JSON.stringify({ w: entry.t, id: entry.id });
    case 'cancel':
      return JSON.stringify({ c: entry.t, id: entry.id });
    case 'hold':
      return JSON.stringify({ h: entry.until, t: entry.t });
  }
}

/** The entry of a line, or undefined for anything else (a torn line, garbage). */
export function parseLedgerLine(line: string): LedgerEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const fields = value as Record<string, unknown>;
  const time = (field: unknown): field is number => Number.isSafeInteger(field) && (field as number) > 0;
  const id = typeof fields.id === 'string' && fields.id.length > 0 && fields.id.length <= 64;
  if (time(fields.s) && id) {
    return fields.p === 1
      ? { kind: 'send', t: fields.s, id: fields.id as string, pending: true }
      : { kind: 'send', t: fields.s, id: fields.id as string };
  }
  if (time(fields.w) && id) {
    return { kind: 'wrote', t: fields.w, id: fields.id as string };
  }
  if (time(fields.c) && id) {
    return { kind: 'cancel', t: fields.c, id: fields.id as string };
  }
  if (time(fields.h) && time(fields.t)) {
    return { kind: 'hold', until: fields.h, t: fields.t };
  }
  return undefined;
}

export interface FileLedgerOptions {
  /** The folder the ledger files live in (the extension's global storage, one folder for all windows). */
  folder: string;
  /** The service's address: each address has its own ledger. */
  address: string;
  /** Says what went wrong with the files (never the key: nothing here holds it). */
  log: (message: string) => void;
  now?: () => number;
}

/**
 * One file per service address and five minutes, `<address hash>-<bucket>.ledger`: reading the
 * buckets of the longest window sees every send that still counts, and older files are removed.
 * Each entry is one line written with one append (`O_APPEND`), after a newline of its own, so
 * lines of two processes never mix and a line torn by a crash never spoils the next; a line that
 * does not read as an entry is skipped. A file that cannot be read or written is removed and
 * started again; if that fails too, the ledger of this process (in memory) serves and the file is
 * tried again a minute later: a damaged ledger never stops requests.
 */
export class FileLedger implements BudgetLedger {
  private readonly prefix: string;
  private readonly fallback = new MemoryLedger();
  /** When the files failed and could not be started again: the in-memory ledger serves until a minute later. */
  private brokenAt: number | undefined;
  private cleanedBucket = -1;
  /** The span the budget reads: files older than it are removed. */
  private spanMs = LEDGER_BUCKET_MS;

  constructor(private readonly options: FileLedgerOptions) {
    this.prefix = createHash('sha256').update(options.address).digest('hex').slice(0, 16);
  }

  get description(): string {
    return this.brokenAt === undefined
      ? `shared by every window (${this.options.folder})`
      : `this window only: the shared ledger in ${this.options.folder} failed`;
  }

  private fileOf(bucket: number): string {
    return join(this.options.folder, `${this.prefix}-${bucket}.ledger`);
  }

  private bucketOf(time: number): number {
    return Math.floor(time / LEDGER_BUCKET_MS);
  }

  private usingFallback(now: number): boolean {
    if (this.brokenAt !== undefined && now - this.brokenAt >= RETRY_FILE_AFTER_MS) {
      this.brokenAt = undefined;
      this.options.log('Request ledger: trying the shared file again.');
    }
    return this.brokenAt !== undefined;
  }

  async read(now: number, spanMs: number): Promise<LedgerEntry[]> {
    this.spanMs = spanMs;
    if (this.usingFallback(now)) {
      return this.fallback.read(now, spanMs);
    }
    const entries: LedgerEntry[] = [];
    for (let bucket = this.bucketOf(now - spanMs); bucket <= this.bucketOf(now); bucket++) {
      const text = await this.readBucket(bucket, now);
      if (text === undefined) {
        return this.fallback.read(now, spanMs);
      }
      for (const line of text.split('\n')) {
        const entry = line === '' ? undefined : parseLedgerLine(line);
        if (entry !== undefined) {
          entries.push(entry);
        }
      }
    }
    return entries;
  }

  async append(entry: LedgerEntry): Promise<void> {
    await this.fallback.append(entry); // kept too, so a switch to the fallback loses nothing recent
    if (this.usingFallback(entry.t)) {
      return;
    }
    const bucket = this.bucketOf(entry.t);
    const file = this.fileOf(bucket);
    try {
      await appendFile(file, `\n${ledgerLine(entry)}\n`, { flag: 'a' });
    } catch (error) {
      if (!(await this.restart(file, error, entry.t))) {
        return;
      }
      try {
        await appendFile(file, `\n${ledgerLine(entry)}\n`, { flag: 'a' });
      } catch (again) {
        this.fail(`could not write ${file} (${codeOf(again)})`, entry.t);
        return;
      }
    }
    if (bucket !== this.cleanedBucket) {
      this.cleanedBucket = bucket;
      await this.removeOld(bucket);
    }
  }

  /** The bucket's text; '' when there is none; undefined when the files failed (the fallback serves). */
  private async readBucket(bucket: number, now: number): Promise<string | undefined> {
    const file = this.fileOf(bucket);
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (codeOf(error) === 'ENOENT') {
        return '';
      }
      return (await this.restart(file, error, now)) ? '' : undefined;
    }
  }

  /** Removes a file that failed and makes sure its folder exists; false (and the fallback) when that fails too. */
  private async restart(file: string, error: unknown, now: number): Promise<boolean> {
    const code = codeOf(error);
    try {
      if (code !== 'ENOENT') {
        await rm(file, { recursive: true, force: true });
        this.options.log(`Request ledger: ${file} could not be used (${code}); started again.`);
      }
      await mkdir(this.options.folder, { recursive: true });
      return true;
    } catch (failure) {
      this.fail(`could not start ${file} again (${codeOf(failure)}, after ${code})`, now);
      return false;
    }
  }

  private fail(reason: string, now: number): void {
    if (this.brokenAt === undefined) {
      this.options.log(
        `Request ledger: ${reason}; this window keeps its own count for a minute, then tries the shared file again.`,
      );
    }
    this.brokenAt = now;
  }

  /** Removes this address's files of buckets older than the span the budget reads. Never throws. */
  private async removeOld(bucket: number): Promise<void> {
    const oldest = bucket - Math.ceil(this.spanMs / LEDGER_BUCKET_MS) - 1;
    let names: string[];
    try {
      names = await readdir(this.options.folder);
    } catch {
      return;
    }
    for (const name of names) {
      const match = NAME.exec(name);
      if (match && match[1] === this.prefix && Number(match[2]) < oldest) {
        await rm(join(this.options.folder, name), { force: true, recursive: true }).catch(() => undefined);
      }
    }
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));
}
