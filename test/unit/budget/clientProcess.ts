/**
 * A window's client in a process of its own, for `budgetOverHttp.test.ts`: reads `pages` pages of
 * the catalog through a client whose request budget keeps `limit`, sharing the ledger in
 * `folder` with every other such process, and prints how many pages it read.
 *
 *     node --import tsx clientProcess.ts <sandbox url> <key> <folder> <limit> <pages>
 */
import { FileLedger } from '../../../src/api/budget/fileLedger';
import { RequestBudget } from '../../../src/api/budget/requestBudget';
import { AffiliateServiceClient } from '../../../src/api/client';
import { parseRateLimit } from '../../../src/api/rateLimit';

async function main([url, key, folder, limit, pages]: string[]): Promise<void> {
  const parsed = parseRateLimit(limit!);
  if (!parsed.ok) {
    throw new Error(parsed.message);
  }
  const ledger = new FileLedger({ folder: folder!, address: url!, log: (line) => process.stderr.write(`${line}\n`) });
  const budget = new RequestBudget({ windows: parsed.windows, ledger });
  const client = new AffiliateServiceClient({ baseUrl: url!, apiKey: key!, budget, environment: {} });
  let read = 0;
  await Promise.all(
    Array.from({ length: Number(pages) }, async (_, index) => {
      await client.getMerchantPage({ limit: 1, next: index });
      read += 1;
    }),
  );
  await client.close();
  process.stdout.write(`${read} ${budget.counts.refused}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
