/**
 * Entry of the integration suite, called inside a real extension host with `run()`, as
 * `@vscode/test-electron` (host "electron") and the code-server payload (host "server") both
 * do. Results go to the file named by AFFILIATE_LINKS_TEST_RESULTS, which the driver prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { createFileReporter } from './fileReporter';

export async function run(): Promise<void> {
  const resultsFile = process.env.AFFILIATE_LINKS_TEST_RESULTS;
  if (!resultsFile) {
    throw new Error('AFFILIATE_LINKS_TEST_RESULTS is not set: the driver names the results file.');
  }
  fs.writeFileSync(resultsFile, '');
  // Tests that need speed read the sandbox without the service's rate limit; the suites that
  // test the limit (firstStart.test.ts) set it, and this back, themselves.
  await vscode.workspace
    .getConfiguration('affiliateLinks')
    .update('rateLimit', 'off', vscode.ConfigurationTarget.Global);
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: createFileReporter(resultsFile) });
  const grep = process.env.AFFILIATE_LINKS_TEST_GREP;
  if (grep) {
    mocha.grep(grep);
  }
  for (const file of fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js'))
    .sort()) {
    mocha.addFile(path.join(__dirname, file));
  }
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) {
    throw new Error(`${failures} integration test(s) failed`);
  }
}
