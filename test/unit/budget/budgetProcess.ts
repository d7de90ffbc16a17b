/**
 * A window's request budget in a process of its own, for `fileLedger.test.ts`: takes `count`
 * slots on the shared ledger in `folder` and prints the time each was granted, one per line.
 *
 *     node --import tsx budgetProcess.ts <folder> <windows, as 3/1> <count> [crash]
 *
 * With `crash`, it writes half a ledger line (as a process killed mid-write would) and exits
 * without a newline once its slots are taken.
 */
import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileLedger, LEDGER_BUCKET_MS } from '../../../src/api/budget/fileLedger';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { parseRateLimit } from '../../../src/api/rateLimit';

async function main([folder, limit, count, crash]: string[]): Promise<void> {
  const parsed = parseRateLimit(limit!);
  if (!parsed.ok || parsed.windows === 'off') {
    throw new Error(`bad limit ${limit}`);
  }
  const ledger = new FileLedger({
    folder: folder!,
    address: 'http://127.0.0.1:1',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const budget = new RequestBudget({ windows: parsed.windows, ledger, owner: String(process.pid) });
  const grants = await Promise.all(
    Array.from({ length: Number(count) }, () => budget.take('foreground').then(() => Date.now())),
  );
  process.stdout.write(grants.map((time) => `${time}\n`).join(''));
  if (crash === 'crash') {
    const bucket = Math.floor(Date.now() / LEDGER_BUCKET_MS);
    const [file] = readdirSync(folder!).filter((name) => name.endsWith(`-${bucket}.ledger`));
    appendFileSync(join(folder!, file!), '\n{"s":17');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
