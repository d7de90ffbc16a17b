/**
 * `affiliate-links catalog pull` in a process of its own, as the command line's entry runs it: the arguments after
 * the script, the key from the environment, the exit code as the process's. For the tests of two pulls at once.
 */
import { runCatalogPull } from '../../../src/cli/catalogPull';

void runCatalogPull(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  stderrIsTerminal: false,
}).then((code) => {
  process.exitCode = code;
});
