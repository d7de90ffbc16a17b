/**
 * Parses the sandbox's command line: `[--port N] [--key KEY] [--keys single|split] [--merchants N] ... [--rate-limit SPEC]`,
 * or `--site DIR [--articles N]` with the data set's options to write a site instead of serving, and
 * `--serve` to serve reports that agree with it afterwards.
 */
import {
  checkKeysOption,
  checkNumericOption,
  checkRateLimitOption,
  MAX_SITE_ARTICLES,
  NUMERIC_OPTIONS,
  type SandboxOptions,
} from './sandboxOptions';

export const CLI_DEFAULT_PORT = 8787;

export const USAGE =
  'Usage: npm run sandbox -- [--port N] [--key KEY] [--keys single|split] [--merchants N] [--clicks N] [--actions N] ' +
  '[--seed N] [--history-days N] [--latency MS] [--faults SPEC] [--rate-limit SPEC|off] [--rate-limit-retry-after] ' +
  '[--site DIR [--articles N] [--serve]]';

/** Articles of a site when --articles is not given. */
export const DEFAULT_SITE_ARTICLES = 100;

export class CliArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliArgumentError';
  }
}

type NumericOption = keyof typeof NUMERIC_OPTIONS;
type TextOption = 'key' | 'keys' | 'faults' | 'rateLimit';

const NUMERIC_FLAGS: ReadonlyMap<string, NumericOption> = new Map(
  (Object.keys(NUMERIC_OPTIONS) as NumericOption[]).map((option) => [NUMERIC_OPTIONS[option].flag, option]),
);
const TEXT_FLAGS: ReadonlyMap<string, TextOption> = new Map([
  ['--key', 'key'],
  ['--keys', 'keys'],
  ['--faults', 'faults'],
  ['--rate-limit', 'rateLimit'],
]);
/** Flags that take no value: present means true. */
const SWITCH_FLAGS: ReadonlyMap<string, 'rateLimitRetryAfter'> = new Map([
  ['--rate-limit-retry-after', 'rateLimitRetryAfter'],
]);

export interface CliCommand {
  help: boolean;
  options: SandboxOptions;
  /**
   * With --site: write a site of this many articles over the catalog and print what it holds and
   * risks; with --serve, then serve reports that agree with it, else exit.
   */
  site?: { directory: string; articles: number; serve: boolean };
}

/** Throws CliArgumentError naming the bad argument (numbers, the world of keys and the rate
 * limit are checked here); the key and the fault spec are checked by startSandbox. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const options: SandboxOptions = { port: CLI_DEFAULT_PORT };
  const seen = new Set<string>();
  let site: string | undefined;
  let articles: number | undefined;
  let serve = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--help' || argument === '-h') {
      return { help: true, options };
    }
    const equals = argument.indexOf('=');
    const flag = argument.startsWith('--') && equals > 0 ? argument.slice(0, equals) : argument;
    if (!NUMERIC_FLAGS.has(flag) && !TEXT_FLAGS.has(flag) && !SWITCH_FLAGS.has(flag) && !SITE_FLAGS.has(flag)) {
      throw new CliArgumentError(`Unknown argument "${argument}". ${USAGE}`);
    }
    if (seen.has(flag)) {
      throw new CliArgumentError(`${flag} is given more than once.`);
    }
    seen.add(flag);
    if (flag === '--serve') {
      if (flag !== argument) {
        throw new CliArgumentError(`${flag} takes no value; got "${argument}".`);
      }
      serve = true;
      continue;
    }
    const switchOption = SWITCH_FLAGS.get(flag);
    if (switchOption !== undefined) {
      if (flag !== argument) {
        throw new CliArgumentError(`${flag} takes no value; got "${argument}".`);
      }
      options[switchOption] = true;
      continue;
    }
    let value: string | undefined;
    if (flag !== argument) {
      value = argument.slice(equals + 1);
    } else {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || (value.startsWith('--') && flag === argument)) {
      throw new CliArgumentError(`${flag} needs a value.`);
    }
    if (flag === '--site') {
      site = value;
      continue;
    }
    if (flag === '--articles') {
      articles = siteArticles(value);
      continue;
    }
    const numeric = NUMERIC_FLAGS.get(flag);
    if (numeric === undefined) {
      const text = TEXT_FLAGS.get(flag) as TextOption;
      if (text === 'keys') {
        options.keys = checkCli(() => checkKeysOption(value));
        continue;
      }
      if (text === 'rateLimit') {
        checkCli(() => checkRateLimitOption(value));
      }
      options[text] = value;
      continue;
    }
    if (!/^\d+$/.test(value)) {
      throw new CliArgumentError(`${flag} must be a whole number; got "${value}".`);
    }
    options[numeric] = checkCli(() => checkNumericOption(numeric, Number(value)));
  }
  if (articles !== undefined && site === undefined) {
    throw new CliArgumentError('--articles needs --site DIR.');
  }
  if (serve && site === undefined) {
    throw new CliArgumentError('--serve needs --site DIR.');
  }
  return site === undefined
    ? { help: false, options }
    : { help: false, options, site: { directory: site, articles: articles ?? DEFAULT_SITE_ARTICLES, serve } };
}

const SITE_FLAGS = new Set(['--site', '--articles', '--serve']);

function siteArticles(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_SITE_ARTICLES) {
    throw new CliArgumentError(`--articles must be a whole number from 1 to ${MAX_SITE_ARTICLES}; got "${value}".`);
  }
  return Number(value);
}

/** Runs an option check, turning its SandboxOptionError into a CliArgumentError with the same message. */
function checkCli<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new CliArgumentError((error as Error).message);
  }
}
