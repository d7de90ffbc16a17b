/**
 * `affiliate-links catalog pull --out FILE`: the merchant catalog read from the service and written as a catalog
 * snapshot (`catalog/snapshot`), for `affiliate-links check --catalog FILE` in CI.
 *
 * The key comes from `AFFILIATE_LINKS_KEY` only, never an argument (an argument shows in the process list and in CI
 * logs); nothing here prints it, and every line is scrubbed of it before it goes out. Requests keep to the service's
 * rate limit with the extension's request budget (`api/budget/`): a `RequestBudget` over a file ledger that every
 * `catalog pull` on the machine shares, so two pulls at once keep to the limit together, and a 429 is waited out,
 * never a failure. The snapshot is written to a temporary file beside the target and renamed over it, so a pull
 * that fails or is stopped leaves the file as it was.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import * as l10n from '@vscode/l10n';
import { FileLedger } from '../api/budget/fileLedger';
import { RequestBudget } from '../api/budget/requestBudget';
import { AffiliateServiceClient } from '../api/client';
import { httpStatusOf, isOfflineError, redact, serviceErrorKind } from '../api/errors';
import { formatRateLimit } from '../api/rateLimit';
import type { ClientLogger } from '../api/types';
import { removeLeftoverTemps } from '../common/cacheFiles';
import { messageOf } from '../common/errorMessage';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { toCatalogMerchant, type CatalogMerchant } from '../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../merchant/merchantKey';
import { writeFileAtomically } from './atomicFile';
import { defaultLedgerFolder, KEY_VARIABLE, parseArguments, usage } from './catalogPullArgs';

export { defaultLedgerFolder, KEY_VARIABLE } from './catalogPullArgs';

export interface CatalogPullIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether stderr is a terminal (progress lines as the pages come); `process.stderr.isTTY` when not said. */
  stderrIsTerminal?: boolean;
}

/** `1,234`: counts as the extension writes them. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** How many merchants the snapshot already at `file` holds, to say "of about N"; undefined when none is readable. */
async function previousCount(file: string): Promise<number | undefined> {
  try {
    const read = readCatalogSnapshot(await readFile(file, 'utf8'));
    return read.ok ? read.snapshot.merchants.size : undefined;
  } catch {
    return undefined;
  }
}

/** The progress line: merchants read so far, of about how many, and the rate limit's wait, if any. */
function progressLine(
  read: number,
  expected: number | undefined,
  wait: { until: number; refused: boolean } | undefined,
): string {
  const merchants =
    expected === undefined || expected < read
      ? l10n.t({ message: 'merchants: {0} …', args: [count(read)], comment: ['{0}: merchants read so far.'] })
      : l10n.t({
          message: 'merchants: {0} of about {1} …',
          args: [count(read), count(expected)],
          comment: ['{0}: merchants read so far; {1}: how many the last snapshot held.'],
        });
  if (wait === undefined) {
    return merchants;
  }
  const seconds = Math.max(1, Math.ceil((wait.until - Date.now()) / 1000));
  return wait.refused
    ? l10n.t({
        message: '{0} the service asked to wait, about {1} s',
        args: [merchants, seconds],
        comment: ['{0}: the progress line, such as "merchants: 1,500 …"; {1}: seconds.'],
      })
    : l10n.t({
        message: "{0} waiting for the service's rate limit, about {1} s",
        args: [merchants, seconds],
        comment: ['{0}: the progress line, such as "merchants: 1,500 …"; {1}: seconds.'],
      });
}

/** What a failed read of the catalog says: what happened and what to do. */
function failureText(error: unknown, baseUrl: string): string {
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return l10n.t({
      message:
        'The service at {0} refused the key in {1} (HTTP {2}): check that it is your current API key and that it opens the merchant catalog (a platform key, not the account key), then run it again. Nothing was written.',
      args: [baseUrl, KEY_VARIABLE, status],
      comment: ['{0}: a URL; {1}: an environment variable name; {2}: 401 or 403.'],
    });
  }
  if (isOfflineError(error)) {
    // The client's own words name the extension's setting; here the cause alone, and what to do on a command line.
    const { code, phase } = error as { code?: unknown; phase?: unknown };
    const cause =
      serviceErrorKind(error) === 'timeout'
        ? l10n.t({
            message: 'no answer in time ({0})',
            args: [String(phase)],
            comment: ['{0}: connect, headers or body: what took too long.'],
          })
        : typeof code === 'string'
          ? code
          : messageOf(error);
    return l10n.t({
      message:
        'Could not reach the service at {0} ({1}). Check the network connection, a proxy (HTTPS_PROXY, NO_PROXY) and --base-url, then run it again. Nothing was written.',
      args: [baseUrl, cause],
      comment: ['{0}: a URL; {1}: why, such as ECONNREFUSED.'],
    });
  }
  if (serviceErrorKind(error) !== undefined) {
    return l10n.t({
      message: 'Reading the merchant catalog from {0} failed: {1} Run it again later. Nothing was written.',
      args: [baseUrl, messageOf(error)],
      comment: ['{0}: a URL; {1}: what failed, in whole sentences.'],
    });
  }
  return l10n.t({
    message: 'Reading the merchant catalog from {0} failed: {1}. Nothing was written.',
    args: [baseUrl, messageOf(error)],
    comment: ['{0}: a URL; {1}: what failed.'],
  });
}

/**
 * Runs `catalog pull` with `argv` (the arguments after `catalog pull`); resolves with the exit code: 0 when the
 * snapshot is written, 2 for a usage, key, service or file problem (nothing written then).
 */
export async function runCatalogPull(argv: readonly string[], io: CatalogPullIo): Promise<number> {
  const rawKey = io.env[KEY_VARIABLE]?.trim() ?? '';
  // Every line is scrubbed of the key, whatever it holds.
  const say = (line: string): void => io.stderr(`${redact(line, rawKey)}\n`);
  const parsed = parseArguments(argv, io.cwd);
  if (!parsed.ok) {
    if ('help' in parsed) {
      io.stdout(usage(io.env));
      return 0;
    }
    say(`affiliate-links catalog pull: ${parsed.problem}`);
    say(l10n.t('Run affiliate-links catalog pull --help for its options.'));
    return 2;
  }
  const options = parsed.options;
  if (rawKey === '') {
    say(
      l10n.t({
        message:
          'affiliate-links catalog pull: no API key. Set the environment variable {0} to your API key (in CI, from a secret), then run it again.',
        args: [KEY_VARIABLE],
        comment: ['{0}: an environment variable name.'],
      }),
    );
    return 2;
  }
  if (!/^[A-Za-z0-9]+$/.test(rawKey)) {
    say(
      l10n.t({
        message:
          'affiliate-links catalog pull: {0} does not hold an API key: a key is letters and digits only (it is not shown here). Copy it again from your account.',
        args: [KEY_VARIABLE],
        comment: ['{0}: an environment variable name.'],
      }),
    );
    return 2;
  }
  const folder = dirname(options.out);
  const folderIsThere = await stat(folder).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!folderIsThere) {
    say(
      l10n.t({
        message: 'affiliate-links catalog pull: the folder {0} of --out does not exist. Make it, or write elsewhere.',
        args: [folder],
        comment: ['{0}: a folder path.'],
      }),
    );
    return 2;
  }
  await removeLeftoverTemps(folder, (name) => name === basename(options.out));

  const verbose = (line: string): void => {
    if (options.verbose) {
      say(line);
    }
  };
  const logger: ClientLogger = { debug: verbose, info: verbose, warn: verbose, error: verbose };
  const ledger = new FileLedger({
    folder: options.ledgerDir ?? defaultLedgerFolder(io.env),
    address: options.baseUrl,
    log: verbose,
  });
  const budget = new RequestBudget({ windows: options.windows, ledger, log: verbose });
  let client: AffiliateServiceClient;
  try {
    client = new AffiliateServiceClient({
      baseUrl: options.baseUrl,
      apiKey: rawKey,
      budget,
      logger,
      environment: io.env,
      userAgent: 'affiliate-links-cli',
    });
  } catch (error) {
    say(`affiliate-links catalog pull: ${messageOf(error)}`);
    return 2;
  }
  verbose(`Request budget for ${options.baseUrl}: ${formatRateLimit(options.windows)}, ${budget.description}.`);

  const terminal = io.stderrIsTerminal ?? process.stderr.isTTY === true;
  const expected = terminal ? await previousCount(options.out) : undefined;
  const takenAt = new Date().toISOString();
  const started = Date.now();
  const merchants = new Map<MerchantKey, CatalogMerchant>();
  let skipped = 0;
  let wait: { until: number; refused: boolean } | undefined;
  const progress = (): void => {
    if (terminal) {
      io.stderr(`\r${progressLine(merchants.size, expected, wait)}\u001b[K`);
    }
  };
  try {
    progress();
    const walk = client.walkMerchants(
      {},
      {
        priority: 'interactive',
        onWait: (until, reason) => {
          wait =
            until === undefined || reason === undefined || reason === 'pace'
              ? undefined
              : { until, refused: reason === 'refused' };
          progress();
        },
      },
    );
    for await (const page of walk) {
      skipped += page.skipped;
      // A merchant sent twice (the catalog changed while it was read): the later one, in the earlier one's place.
      for (const merchant of page.merchants) {
        merchants.set(merchantKey(merchant), toCatalogMerchant(merchant));
      }
      progress();
    }
  } catch (error) {
    if (terminal) {
      io.stderr('\n');
    }
    say(`affiliate-links catalog pull: ${failureText(error, options.baseUrl)}`);
    return 2;
  } finally {
    await client.close().catch(() => undefined);
  }
  if (terminal) {
    io.stderr('\n');
  }

  try {
    await writeFileAtomically(options.out, writeCatalogSnapshot({ takenAt, baseUrl: options.baseUrl, merchants }));
  } catch (error) {
    say(
      l10n.t({
        message:
          'affiliate-links catalog pull: could not write {0}: {1}. Check that you may write there and that the disk has room, then run it again; the file was left as it was.',
        args: [options.out, messageOf(error)],
        comment: ['{0}: a file path; {1}: what the file system said.'],
      }),
    );
    return 2;
  }
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const { sent, refused } = budget.counts;
  say(
    l10n.t({
      message:
        'affiliate-links catalog pull: {0} merchants of {1} written to {2} ({3} requests, {4} refused and waited out, {5} s).',
      args: [count(merchants.size), options.baseUrl, options.out, sent, refused, seconds],
      comment: ['{0}: a count; {1}: a URL; {2}: a file path; {3}, {4}: counts of requests; {5}: seconds.'],
    }),
  );
  if (skipped > 0) {
    say(
      l10n.t({
        message:
          'affiliate-links catalog pull: {0} merchants the service sent could not be read and were left out (run with --verbose to see why).',
        args: [count(skipped)],
        comment: ['{0}: a count.'],
      }),
    );
  }
  return 0;
}
