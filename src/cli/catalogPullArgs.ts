/** The arguments of `affiliate-links catalog pull`: its options, its help, and the ledger's folder. */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import * as l10n from '@vscode/l10n';
import { DEFAULT_BASE_URL, normalizeBaseUrl } from '../api/baseUrl';
import { formatRateLimit, parseRateLimit, SERVICE_RATE_LIMIT, type RateWindow } from '../api/rateLimit';

/** Where the key is read from; the only place. */
export const KEY_VARIABLE = 'AFFILIATE_LINKS_KEY';

/** The options of `catalog pull`, read from its arguments. */
export interface PullOptions {
  out: string;
  baseUrl: string;
  windows: readonly RateWindow[] | 'off';
  ledgerDir: string | undefined;
  verbose: boolean;
}

/** What `catalog pull --help` prints. */
export function usage(env: NodeJS.ProcessEnv): string {
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

export type Parsed = { ok: true; options: PullOptions } | { ok: false; help: true } | { ok: false; problem: string };

/** The options in `argv` (the arguments after `catalog pull`; those two words, when they lead, are skipped). */
export function parseArguments(argv: readonly string[], cwd: string): Parsed {
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
