/**
 * `check --concurrency N`: the site's files shared between this thread and N - 1 worker threads (the command's own
 * entry, src/cli/main.ts, run again in each); the findings, skipped files, links per merchant, stderr and the cache
 * the same, in the same order, as one thread's. Which runs start workers: only a check of every file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { workerCount } from '../../../src/cli/checkWorkers';
import { deeplink, removeTemp, reportIn, runIn, snapshotText, tempFolder } from './cliFixture';

/** The command's own entry, run in each worker thread (through tsx, as the tests read TypeScript). */
const MAIN = path.resolve(__dirname, 'checkWorkerEntry.mjs');

const OLD = (subId: string) => deeplink('old', 'https://old.example.org/p', subId);
const SHOP = (subId: string) => deeplink('shop', 'https://shop.example.com/x', subId);

/** Eleven articles of every kind, findings of several rules in most, and two files that cannot be read. */
function site(): Record<string, string | Buffer> {
  const files: Record<string, string | Buffer> = {
    '.vscode/settings.json': `{
      "affiliateLinks.subId": "\${fileBasenameNoExtension}",
      "affiliateLinks.linkHealth.disclosureMissing": "warning",
    }`,
    'snap.txt': snapshotText(),
    'posts/binary.md': Buffer.from([0x61, 0x00, 0x62]),
    'posts/latin1.md': Buffer.from([0x63, 0xe9, 0x0a]),
  };
  for (let i = 0; i < 11; i++) {
    const name = ['posts/a', 'blog/b', 'pages/c'][i % 3]! + i;
    files[`${name}.${['md', 'mdx', 'html'][i % 3]}`] =
      i % 3 === 2
        ? `<p>affiliate links</p><a href="${SHOP(`c${i}`)}">x</a> <a href="${OLD(`c${i}`)}" rel="sponsored">y</a>\n`
        : `# ${i}\n\n[Old](${OLD(`x${i}`)}) and [Shop](${SHOP(i % 2 === 0 ? `wrong` : name.split('/')[1]!)})\n`;
  }
  return files;
}

describe('affiliate-links check --concurrency', () => {
  let dir: string | undefined;
  afterEach(() => removeTemp(dir));

  const run = (...args: string[]) => reportIn(dir!, ['--catalog', 'snap.txt', ...args], {}, { workerScript: MAIN });
  const without = ({ report, stderr }: Awaited<ReturnType<typeof run>>) => ({
    report: { ...report, durationMs: 0 },
    stderr,
  });

  it('finds with workers what one thread finds, in the same order, and keeps the same cache', async function () {
    this.timeout(120_000);
    dir = tempFolder(site());
    const one = without(await run('--concurrency', 'off', '--cache-location', 'one.cache'));
    assert.ok(one.report.findings.length > 20, `${one.report.findings.length} findings`);
    assert.equal(one.report.skipped.length, 2);
    for (const threads of ['2', '3']) {
      const many = without(await run('--concurrency', threads, '--cache-location', `${threads}.cache`));
      assert.deepEqual(many, one, `--concurrency ${threads}`);
      const cacheOf = (file: string) => JSON.parse(fs.readFileSync(path.join(dir!, file), 'utf8')) as { files: object };
      assert.deepEqual(cacheOf(`${threads}.cache`).files, cacheOf('one.cache').files);
    }
  });

  it('refuses a number of threads it cannot use, saying what it takes', async () => {
    dir = tempFolder(site());
    for (const value of ['0', 'many', '100', '2.5']) {
      const refused = await runIn(dir, ['check', '--catalog', 'snap.txt', '--concurrency', value]);
      assert.equal(refused.code, 2);
      assert.equal(
        refused.stderr,
        `affiliate-links: --concurrency "${value}" is not a number of threads (1 to 99), auto or off. Run affiliate-links check --help for the options.\n`,
      );
    }
  });

  it('starts workers only for a check of every file, and `auto` two threads where there are two cores', () => {
    assert.equal(workerCount('auto', true, 2), 1);
    assert.equal(workerCount('auto', true, 1), 0);
    assert.equal(workerCount(3, true, 1), 2);
    assert.equal(workerCount('off', true, 8), 0);
    assert.equal(workerCount(1, true, 8), 0);
    assert.equal(workerCount(4, false, 8), 0);
  });
});
