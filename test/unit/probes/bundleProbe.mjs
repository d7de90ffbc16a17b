// Run by bundle.test.ts in a process of its own (esbuild.mjs is an ES module): builds the
// real targets in memory, plus the lazy client loader with the extension target's
// settings, and prints which sources each output holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { targets } from '../../../esbuild.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const [extensionTarget, apiTarget, linksTarget] = targets;
const inputsOf = (result) => Object.keys(result.metafile.inputs);
const build = (target, extra = {}) =>
  esbuild.build({ ...target, write: false, metafile: true, sourcemap: false, ...extra });

const extension = await build(extensionTarget);
const api = await build(apiTarget);
const loader = await build(extensionTarget, { entryPoints: [path.join(root, 'src/loaders/serviceApiLoader.ts')] });
const loaderText = loader.outputFiles[0].text;
const links = await build(linksTarget);
const linksLoader = await build(extensionTarget, {
  entryPoints: [path.join(root, 'src/loaders/domainIndexLoader.ts')],
});

// Load the built loader next to a built api.js: nothing of the client runs until load().
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'affiliate-links-bundle-'));
fs.writeFileSync(path.join(dir, 'loader.js'), loaderText);
fs.writeFileSync(path.join(dir, 'api.js'), api.outputFiles[0].contents);
const requireBuilt = createRequire(path.join(dir, 'loader.js'));
const { ServiceApiLoader } = requireBuilt('./loader.js');
const apiPath = path.join(dir, 'api.js');
const loadedBefore = apiPath in requireBuilt.cache;
const serviceApi = await new ServiceApiLoader().load();
const loadedAfter = apiPath in requireBuilt.cache;
fs.rmSync(dir, { recursive: true, force: true });

process.stdout.write(
  JSON.stringify({
    extensionInputs: inputsOf(extension),
    extensionBytes: extension.outputFiles[0].contents.length,
    extensionRequires: [...extension.outputFiles[0].text.matchAll(/require\("(\.[^"]+)"\)/g)].map((m) => m[1]),
    nodeOutfiles: targets.filter((target) => target.platform === 'node').map((target) => path.basename(target.outfile)),
    apiInputs: inputsOf(api),
    loaderInputs: inputsOf(loader),
    loaderRequiresApiBundle: loaderText.includes('require("./api.js")'),
    apiLoadedBeforeFirstUse: loadedBefore,
    apiLoadedOnFirstUse: loadedAfter,
    loadedClientIsAClass: typeof serviceApi.AffiliateServiceClient === 'function',
    linksInputs: inputsOf(links),
    linksLoaderInputs: inputsOf(linksLoader),
    linksLoaderRequiresLinksBundle: linksLoader.outputFiles[0].text.includes('require("./links.js")'),
  }),
);
