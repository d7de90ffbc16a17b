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
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import * as l10n from '@vscode/l10n';
import { DEFAULT_BASE_URL, normalizeBaseUrl } from '../api/baseUrl';
import { FileLedger } from '../api/budget/fileLedger';
import { RequestBudget } from '../api/budget/requestBudget';
import { AffiliateServiceClient } from '../api/client';
import { httpStatusOf, isOfflineError, redact, serviceErrorKind } from '../api/errors';
import { formatRateLimit, parseRateLimit, SERVICE_RATE_LIMIT, type RateWindow } from '../api/rateLimit';
import type { ClientLogger } from '../api/types';
import { removeLeftoverTemps, tempFileBeside } from '../common/cacheFiles';
import { messageOf } from '../common/errorMessage';
import { readCatalogSnapshot, writeCatalogSnapshot } from '../catalog/snapshot/catalogSnapshot';
import { toCatalogMerchant, type CatalogMerchant } from '../merchant/merchantFields';
import { merchantKey, type MerchantKey } from '../merchant/merchantKey';

/** Where the key is read from; the only place. */
export const KEY_VARIABLE = 'AFFILIATE_LINKS_KEY';

export interface CatalogPullIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether stderr is a terminal (progress lines as the pages come); `process.stderr.isTTY` when not said. */
  stderrIsTerminal?: boolean;
}

/** The options of `catalog pull`, read from its arguments. */
interface PullOptions {
  out: string;
  baseUrl: string;
  windows: readonly RateWindow[] | 'off';
  ledgerDir: string | undefined;
  verbose: boolean;
}

/** What `catalog pull --help` prints. */
function usage(env: NodeJS.ProcessEnv): string {
  return `${l10n.t({
    message:
      "Usage: affiliate-links catalog pull --out FILE [--base-url URL] [--rate-limit SPEC] [--ledger-dir DIR] [--verbose]\n\nReads the merchant catalog from the service and writes it to FILE as a catalog snapshot, for affiliate-links check --catalog FILE.\n\n  --out FILE         the snapshot to write (replaced whole, once the whole catalog is read)\n  --base-url URL     the service's address (default {0})\n  --rate-limit SPEC  the service's rate limit: requests/seconds windows, or off (default {1})\n  --ledger-dir DIR   where the requests sent are counted, shared by every pull on this machine (default {2})\n  --verbose          the client's log lines on stderr\n\nThe API key is read from the environment variable {3}, never from an argument.\nExit codes: 0 written; 2 a usage, key, service or file problem (nothing written).",
    args: [DEFAULT_BASE_URL, formatRateLimit(SERVICE_RATE_LIMIT), defaultLedgerFolder(env), KEY_VARIABLE],
    comment: [
      'Keep the command, the options, FILE, URL, SPEC, DIR and off as they are: they are typed as shown. {0}: a URL; {1}: a rate limit such as 3/1,100/300; {2}: a folder; {3}: an environment variable name.',
    ],
  })}\n`;
}

/** The cache folder of this system, for the request ledger: `$XDG_CACHE_HOME`, else the platform's usual place. */
export function defaultLedgerFolder(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = env.HOME || env.USERPROFILE || homedir(),
): string {
  const xdg = env.XDG_CACHE_HOME?.trim();
  const base =
    xdg && isAbsolute(xdg)
      ? xdg
      : platform === 'win32'
        ? env.LOCALAPPDATA || join(home, 'AppData', 'Local')
        : platform === 'darwin'
          ? join(home, 'Library', 'Caches')
          : join(home, '.cache');
  return join(base, 'affiliate-links', 'requests');
}

type Parsed = { ok: true; options: PullOptions } | { ok: false; help: true } | { ok: false; problem: string };

/** The options in `argv` (the arguments after `catalog pull`; those two words, when they lead, are skipped). */
function parseArguments(argv: readonly string[], cwd: string): Parsed {
  const args = argv[0] === 'catalog' && argv[1] === 'pull' ? argv.slice(2) : [...argv];
  const values = new Map<string, string>();
  let verbose = false;
  const takesValue = new Set(['--out', '--base-url', '--rate-limit', '--ledger-dir']);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') {
      return { ok: false, help: true };
    }
    if (arg === '--verbose') {
      verbose = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    if (name === '--key' || name === '--api-key') {
      return {
        ok: false,
        problem: l10n.t({
          message:
            'The API key is never taken from an argument (it would show in the process list and in CI logs): set the environment variable {0} instead.',
          args: [KEY_VARIABLE],
          comment: ['{0}: an environment variable name.'],
        }),
      };
    }
    if (!takesValue.has(name)) {
      // An option is named (its value left out); anything else is not shown: it might be a key typed by mistake.
      return {
        ok: false,
        problem: name.startsWith('-')
          ? l10n.t({ message: 'Unknown option {0}.', args: [name], comment: ['{0}: a command-line option.'] })
          : l10n.t({
              message: 'Unexpected argument {0} (not shown): catalog pull takes options only.',
              args: [i + 1],
              comment: ['{0}: the position of a command-line argument, such as 3.'],
            }),
      };
    }
    const value = equals > 0 && arg.startsWith('--') ? arg.slice(equals + 1) : args[++i];
    if (value === undefined || value === '') {
      return {
        ok: false,
        problem: l10n.t({ message: '{0} needs a value.', args: [name], comment: ['{0}: an option such as --out.'] }),
      };
    }
    values.set(name, value);
  }
  const out = values.get('--out');
  if (out === undefined) {
    return { ok: false, problem: l10n.t('Say where to write the snapshot: --out FILE.') };
  }
  const rateLimit = parseRateLimit(values.get('--rate-limit') ?? formatRateLimit(SERVICE_RATE_LIMIT));
  if (!rateLimit.ok) {
    return { ok: false, problem: `--rate-limit: ${rateLimit.message}` };
  }
  const ledgerDir = values.get('--ledger-dir');
  return {
    ok: true,
    options: {
      out: resolve(cwd, out),
      baseUrl: normalizeBaseUrl(values.get('--base-url') ?? DEFAULT_BASE_URL),
      windows: rateLimit.windows,
      ledgerDir: ledgerDir === undefined ? undefined : resolve(cwd, ledgerDir),
      verbose,
    },
  };
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

/** Writes `text` to `file` through a temporary file beside it, renamed over it; the temporary file is removed on failure. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = tempFileBeside(file);
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
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
    await writeAtomically(options.out, writeCatalogSnapshot({ takenAt, baseUrl: options.baseUrl, merchants }));
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
