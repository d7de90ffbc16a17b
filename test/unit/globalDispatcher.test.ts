import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const probe = path.join(__dirname, 'probes/globalDispatcherProbe.ts');

async function probeWith(modulePath: string): Promise<Record<string, unknown>> {
  // The built bundle asks for `vscode` (its localisation): the probe finds test/standIn/vscode through NODE_PATH.
  const env = { ...process.env, NODE_PATH: path.join(root, 'test/standIn') };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, modulePath], {
    cwd: root,
    timeout: 60_000,
    env,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('a good citizen of the shared extension host', () => {
  for (const [name, modulePath, prepare] of [
    ['the client source', path.join(root, 'src/api/index.ts'), async () => undefined],
    [
      'the built dist/api.js bundle',
      path.join(root, 'dist/api.js'),
      async () => void (await run(process.execPath, ['esbuild.mjs'], { cwd: root })),
    ],
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
