import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeVscodeStandIn } from './probes/vscodeStandIn.mjs';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const probe = path.join(__dirname, 'probes/globalDispatcherProbe.ts');

async function probeWith(modulePath: string): Promise<Record<string, unknown>> {
  // The built bundle asks for `vscode` (its localisation): the probe finds the stand-in through NODE_PATH.
  const standIn = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-vscode-'));
  writeVscodeStandIn(standIn, root);
  const env = { ...process.env, NODE_PATH: path.join(standIn, 'node_modules') };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, modulePath], { cwd: root, timeout: 60_000, env }).finally(() => fs.rmSync(standIn, { recursive: true, force: true }));
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('a good citizen of the shared extension host', () => {
  for (const [name, modulePath, prepare] of [
    ['the client source', path.join(root, 'src/api/index.ts'), async () => undefined],
    ['the built dist/api.js bundle', path.join(root, 'dist/api.js'), async () => void (await run(process.execPath, ['esbuild.mjs'], { cwd: root }))],
  ] as const) {
    it(`leaves undici's process-wide dispatcher alone: ${name}`, async () => {
      await prepare();
      const result = await probeWith(modulePath);
      assert.equal(result.merchants, 600);
      assert.ok(Number(result.clicks) > 0);
      assert.equal(result.unchangedByClient, true, 'the client changed the global dispatcher');
      assert.equal(result.changedByEntryPoint, true, 'the probe should see what undici’s entry point does');
    });
  }
});
