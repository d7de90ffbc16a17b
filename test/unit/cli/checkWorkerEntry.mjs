// The entry of a check's worker thread in the unit tests: the command's own entry (src/cli/main.ts), its TypeScript
// read through tsx, as `dist/cli.js` is the entry of the built command's workers.
import { register } from 'tsx/esm/api';

register();
await import('../../../src/cli/main.ts');
