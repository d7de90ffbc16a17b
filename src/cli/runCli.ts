/**
 * The command line's commands: `check` (link health over a site, `checkCommand.ts`) and `catalog pull` (a catalog
 * snapshot from the service, `catalogPull.ts`), `--help` and `--version`. Returns the exit code.
 */
import { runCheck, TOOL_VERSION } from './checkCommand';
import { say, TOOL_NAME, type CliIo } from './cliIo';
import { EXIT_CLEAN, EXIT_PROBLEM } from './exitCodes';

export const USAGE = `Usage: ${TOOL_NAME} <command> [options]

Commands:
  check [PATH...]          check the site's affiliate links against a catalog snapshot
  catalog pull --out FILE  write a catalog snapshot from the service (the key in AFFILIATE_LINKS_KEY)

Run ${TOOL_NAME} <command> --help for a command's options; ${TOOL_NAME} --version for the version.
`;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'check') {
    return runCheck(rest, io);
  }
  if (command === 'catalog' && rest[0] === 'pull') {
    // Loaded for this command alone: the service's client and undici took every run of `check` 40 to 55 ms to load.
    const { runCatalogPull } = await import('./catalogPull');
    return runCatalogPull(rest.slice(1), {
      stdout: (text) => io.stdout.write(text),
      stderr: (text) => io.stderr.write(text),
      env: io.env,
      cwd: io.cwd,
      stderrIsTerminal: io.stderr.isTTY === true,
    });
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout.write(USAGE);
    return EXIT_CLEAN;
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${TOOL_VERSION}\n`);
    return EXIT_CLEAN;
  }
  say(
    io,
    command === undefined
      ? `no command given: run ${TOOL_NAME} check [PATH...] --catalog FILE, or ${TOOL_NAME} --help`
      : command === 'catalog'
        ? `unknown catalog command ${JSON.stringify(rest[0] ?? '')}: the one there is, is ${TOOL_NAME} catalog pull --out FILE`
        : `unknown command ${JSON.stringify(command)}: run ${TOOL_NAME} --help for the commands`,
  );
  return EXIT_PROBLEM;
}
