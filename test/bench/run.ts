/**
 * `npm run bench`: the performance figures, one JSON line each (`name`, `value`, `unit`,
 * and where there is one `baseline`, `ratio` and `target`). Each figure is compared with a
 * baseline measured in the same run, alternating the two, and the medians are reported:
 * these machines are noisy, so only ratios are worth comparing between runs.
 *
 * The client measured is the one that ships: the production build of `dist/api.js`.
 * `npm run bench -- --only linkHealth` runs the link health figures alone (Replace Links to Merchant's with them);
 * `--only figures` the figures' (the aggregate and the lenses); `--only revenue` revenue at risk's; `--only catalog` the catalog's (walk, sync, cache, memory);
 * `--only paste` paste, drop and completion's (issue 35; `--rounds N` fresh processes for the first paste);
 * `--only cli` the command line's, `affiliate-links check` against markdownlint-cli2 (issue 36; 3 rounds, `--rounds N`).
 *
 * Three figures with targets are measured `--rounds N` times (10 by default) and give their
 * distribution (min, quartiles, median, max and every round): `activate()`'s body after a window
 * reload, Show Reports to the first chart after a window reload vs the Markdown preview after its
 * own, and the lenses after a one-line edit (issue 34 §7). `--only targets` runs those three alone
 * (about 6 minutes at 10 rounds); `--only lenses` the lenses alone.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_SANDBOX_KEY } from '../../src/sandbox/sandboxOptions';
import { bareCatalogWalk } from './bareWalk';
import { startSandboxProcess } from '../common/sandboxProcess';
import { benchCatalog } from './catalogBench';
import { benchLinks } from './linksBench';
import { benchLinkHealth } from './linkHealthBench';
import { benchReplaceLinks } from './replaceLinksBench';
import { benchCli, CLI_ROUNDS } from './cliBench';
import { benchRevenue } from './revenueBench';
import { benchReportModel } from './reportModelBench';
import { benchFigures } from './figuresBench';
import { benchPanelInWorkbench } from './panelWorkbenchBench';
import { ACTIVATION_SANDBOX, benchActivation } from './activationBench';
import { benchReportPanel } from './reportPanelBench';
import { benchReportStore } from './reportStoreBench';
import { emit, median, round2, roundsArgument, settle, timed } from './figures';
import { benchLensesApart } from './lensRun';
import { benchPasteApart } from './pasteRun';
import { emitFirstStart, firstStart, MEDIUM } from './firstStartBench';

const CATALOG_SIZE = 20_000;
/** Clicks spread over 125 days, so that the 120-day window holds about 100,000. */
const CLICKS = 103_400;
const CATALOG_ROUNDS = 9;
const REPORT_ROUNDS = 3;
const REPORT_LATENCY_MS = 20;

const root = path.resolve(__dirname, '../..');

/** Builds the production bundles and loads the client from dist/api.js. */
function loadShippedClient(): typeof import('../../src/api/index') {
  execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: root, stdio: 'ignore' });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(root, 'dist/api.js')) as typeof import('../../src/api/index');
}

const { AffiliateServiceClient } = loadShippedClient();

async function clientCatalogWalk(url: string): Promise<number> {
  const client = new AffiliateServiceClient({ baseUrl: url, apiKey: DEFAULT_SANDBOX_KEY, environment: {} });
  let count = 0;
  for await (const page of client.walkMerchants()) {
    count += page.merchants.length;
  }
  await client.close();
  return count;
}

async function benchCatalogWalk(url: string): Promise<void> {
  await bareCatalogWalk(url);
  await clientCatalogWalk(url);
  const bare: number[] = [];
  const client: number[] = [];
  for (let round = 0; round < CATALOG_ROUNDS; round++) {
    settle();
    const a = await timed(() => bareCatalogWalk(url));
    settle();
    const b = await timed(() => clientCatalogWalk(url));
    if (a.value.merchants !== CATALOG_SIZE || b.value !== CATALOG_SIZE) {
      throw new Error(`catalog walk read ${a.value.merchants} / ${b.value} merchants, expected ${CATALOG_SIZE}`);
    }
    bare.push(a.ms);
    client.push(b.ms);
  }
  const value = median(client);
  const baseline = median(bare);
  emit({
    name: 'catalog walk, 20,000 merchants (client vs bare undici + JSON.parse)',
    value: round2(value),
    unit: 'ms',
    baseline: round2(baseline),
    ratio: round2(value / baseline),
    target: 'ratio <= 1.10',
  });
}

async function benchReport(url: string): Promise<void> {
  const client = new AffiliateServiceClient({ baseUrl: url, apiKey: DEFAULT_SANDBOX_KEY, environment: {} });
  const window = { days: 120 };
  const first = await client.getAllClicks(window, { concurrency: 4 });
  const sequential: number[] = [];
  const parallel: number[] = [];
  for (let round = 0; round < REPORT_ROUNDS; round++) {
    const s = await timed(() => client.getAllClicks(window, { concurrency: 1 }));
    const p = await timed(() => client.getAllClicks(window, { concurrency: 4 }));
    if (s.value.items.length !== first.items.length || p.value.items.length !== first.items.length) {
      throw new Error('the report changed size between rounds');
    }
    sequential.push(s.ms);
    parallel.push(p.ms);
  }
  await client.close();
  const value = median(parallel);
  const baseline = median(sequential);
  emit({
    name: `all pages of ${first.items.length} click items, ${REPORT_LATENCY_MS} ms latency (4 parallel vs sequential)`,
    value: round2(value),
    unit: 'ms',
    baseline: round2(baseline),
    ratio: round2(baseline / value),
    target: 'ratio (speed-up) >= 3',
    note: `${first.requests} requests per read`,
  });
}

/** `--only linkHealth`: the link health figures alone (they need no service). */
async function onlyLinkHealth(): Promise<void> {
  await benchLinkHealth(root, CATALOG_SIZE);
  await benchReplaceLinks(root, CATALOG_SIZE);
}

/** `--only targets`: the three figures with a distribution, alone. */
async function onlyTargets(rounds: number): Promise<void> {
  await benchLensesApart(rounds);
  const sandbox = await startSandboxProcess(ACTIVATION_SANDBOX);
  try {
    await benchActivation({ sandboxUrl: sandbox.url, apiKey: DEFAULT_SANDBOX_KEY, rounds, subjects: 'targets' });
  } finally {
    await sandbox.stop();
  }
}

const ONLY: Record<string, (rounds: number) => Promise<void>> = {
  linkHealth: onlyLinkHealth,
  figures: async (rounds) => {
    await benchFigures();
    await benchLensesApart(rounds);
  },
  lenses: benchLensesApart,
  paste: benchPasteApart,
  revenue: () => benchRevenue(root, CATALOG_SIZE),
  cli: () => benchCli(root, CATALOG_SIZE, roundsArgument(CLI_ROUNDS)),
  catalog: async () => {
    const sandbox = await startSandboxProcess(['--merchants', String(CATALOG_SIZE), '--clicks', '100']);
    try {
      await benchCatalog(root, sandbox.url, AffiliateServiceClient, CATALOG_SIZE);
    } finally {
      await sandbox.stop();
    }
  },
  targets: onlyTargets,
};

async function main(): Promise<void> {
  const rounds = roundsArgument(10);
  const only = process.argv.indexOf('--only');
  if (only >= 0) {
    const name = process.argv[only + 1] ?? '';
    const part = ONLY[name];
    if (part === undefined) {
      throw new Error(`--only takes ${Object.keys(ONLY).join(', ')}; got "${name}"`);
    }
    return part(rounds);
  }
  const started = performance.now();
  const sandbox = await startSandboxProcess([
    '--merchants',
    String(CATALOG_SIZE),
    '--clicks',
    String(CLICKS),
    '--actions',
    '100',
  ]);
  try {
    await benchCatalogWalk(sandbox.url);
    await benchCatalog(root, sandbox.url, AffiliateServiceClient, CATALOG_SIZE);
    await benchLinks(root, CATALOG_SIZE);
    await benchPasteApart(rounds);
    await benchLinkHealth(root, CATALOG_SIZE);
    await benchReplaceLinks(root, CATALOG_SIZE);
    await benchCli(root, CATALOG_SIZE);
    await sandbox.setLatency(REPORT_LATENCY_MS);
    await benchReport(sandbox.url);
    await benchReportStore(root, sandbox.url, AffiliateServiceClient);
    await benchReportModel();
    await benchReportPanel(root, sandbox.url, DEFAULT_SANDBOX_KEY, AffiliateServiceClient);
    await benchFigures();
    await benchLensesApart(rounds);
    await benchRevenue(root, CATALOG_SIZE);
    await sandbox.setLatency(0);
    await benchPanelInWorkbench(sandbox.url, DEFAULT_SANDBOX_KEY);
    await benchActivation({ sandboxUrl: sandbox.url, apiKey: DEFAULT_SANDBOX_KEY, rounds });
  } finally {
    await sandbox.stop();
  }
  // Last, and alone on the machine: the first start of a mid-size account under the documented
  // rate limit, in the real workbench (about 11 minutes: the limit sets most of it).
  emitFirstStart(await firstStart(MEDIUM));
  emit({ name: 'bench wall time', value: round2((performance.now() - started) / 1000), unit: 's' });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
