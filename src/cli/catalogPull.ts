/**
 * PLACEHOLDER (issue 36, the check command's branch): `affiliate-links catalog pull --out FILE` is written on its own
 * branch, which replaces this file whole with the same export. Until then the command says so and exits 2.
 */
import { say, type CliIo } from './cliIo';
import { EXIT_PROBLEM } from './exitCodes';

export async function runCatalogPull(_argv: string[], io: CliIo): Promise<number> {
  say(io, 'catalog pull is not in this build yet: export a snapshot with Export Catalog Snapshot in VS Code');
  return EXIT_PROBLEM;
}
