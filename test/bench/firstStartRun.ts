/**
 * `npm run bench:first-start -- [--size small|medium|large]`: one first start under the
 * documented rate limit (firstStartBench.ts), its figures one JSON line each. `npm run bench`
 * runs the medium one; the others make the table of sizes in docs/performance.md.
 */
import { emitFirstStart, firstStart, SIZES } from './firstStartBench';

const index = process.argv.indexOf('--size');
const name = index >= 0 ? process.argv[index + 1]! : 'medium';
const size = SIZES[name];
if (size === undefined) {
  process.stderr.write(`unknown size "${name}": use ${Object.keys(SIZES).join(', ')}\n`);
  process.exit(2);
}
firstStart(size).then(emitFirstStart, (error: unknown) => {
  process.stderr.write(`first-start bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
