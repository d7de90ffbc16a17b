/** Parses the sandbox's command line: `[--port N] [--key KEY] [--merchants N] ... [--faults SPEC]`. */
import { checkNumericOption, NUMERIC_OPTIONS, type SandboxOptions } from './sandboxOptions';

export const CLI_DEFAULT_PORT = 8787;

export const USAGE =
  'Usage: npm run sandbox -- [--port N] [--key KEY] [--merchants N] [--clicks N] [--actions N] ' +
  '[--seed N] [--history-days N] [--latency MS] [--faults SPEC]';

export class CliArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliArgumentError';
  }
}

type NumericOption = keyof typeof NUMERIC_OPTIONS;

const NUMERIC_FLAGS: ReadonlyMap<string, NumericOption> = new Map(
  (Object.keys(NUMERIC_OPTIONS) as NumericOption[]).map((option) => [NUMERIC_OPTIONS[option].flag, option]),
);
const TEXT_FLAGS: ReadonlyMap<string, 'key' | 'faults'> = new Map([
  ['--key', 'key'],
  ['--faults', 'faults'],
]);

export interface CliCommand {
  help: boolean;
  options: SandboxOptions;
}

/** Throws CliArgumentError naming the bad argument. Range and format checks of values that
 * need the whole option set (key, fault spec) happen in startSandbox. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const options: SandboxOptions = { port: CLI_DEFAULT_PORT };
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--help' || argument === '-h') {
      return { help: true, options };
    }
    const equals = argument.indexOf('=');
    const flag = argument.startsWith('--') && equals > 0 ? argument.slice(0, equals) : argument;
    if (!NUMERIC_FLAGS.has(flag) && !TEXT_FLAGS.has(flag)) {
      throw new CliArgumentError(`Unknown argument "${argument}". ${USAGE}`);
    }
    if (seen.has(flag)) {
      throw new CliArgumentError(`${flag} is given more than once.`);
    }
    seen.add(flag);
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
    const numeric = NUMERIC_FLAGS.get(flag);
    if (numeric === undefined) {
      options[TEXT_FLAGS.get(flag) as 'key' | 'faults'] = value;
      continue;
    }
    if (!/^\d+$/.test(value)) {
      throw new CliArgumentError(`${flag} must be a whole number; got "${value}".`);
    }
    try {
      options[numeric] = checkNumericOption(numeric, Number(value));
    } catch (error) {
      throw new CliArgumentError((error as Error).message);
    }
  }
  return { help: false, options };
}
