/**
 * Loaded (`--import`) in the Stryker process and in each of its test runners, before the mocha
 * runner plugin: Mocha 12 ships its command-line internals as `lib/cli/*.cjs`, and
 * `@stryker-mutator/mocha-runner` 9.6.1 (the last release for Node 20) asks for them without an
 * extension (`lib/cli/run-helpers`, `lib/cli/options`, `lib/cli/collect-files`), which Node's
 * `require` does not resolve. This finds the `.cjs` file for those requests only. It can go when
 * a mocha runner for Node 20 loads Mocha 12's internals (stryker-js pull request 6205).
 */
import Module from 'node:module';
import path from 'node:path';

interface Resolver {
  _resolveFilename(request: string, ...rest: unknown[]): string;
}

const resolver = Module as unknown as Resolver;
const resolve = resolver._resolveFilename.bind(resolver);
const MOCHA_CLI = `${path.sep}mocha${path.sep}lib${path.sep}cli${path.sep}`;

resolver._resolveFilename = (request: string, ...rest: unknown[]): string => {
  if (path.isAbsolute(request) && request.includes(MOCHA_CLI) && path.extname(request) === '') {
    try {
      return resolve(request, ...rest);
    } catch {
      return resolve(`${request}.cjs`, ...rest);
    }
  }
  return resolve(request, ...rest);
};
