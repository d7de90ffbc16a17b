/** Where the test host lives: code-server in the git-ignored cache, installed by install-code-server.sh. */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const CODE_SERVER_DIR = path.join(PROJECT_ROOT, '.cache/code-server');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'node_modules/code-server/out/node/entry.js');
export const VSCODE_PRODUCT_JSON = path.join(CODE_SERVER_DIR, 'node_modules/code-server/lib/vscode/product.json');
export const INSTALL_SCRIPT = path.join(PROJECT_ROOT, 'test/host/install-code-server.sh');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
