/** The warning that the SubID setting gives several articles one SubID (issue 25 §5), in the real host. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../src/extension';
import { activatedExtension, eventually } from './extensionUnderTest';

async function setSubId(template: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration().update('affiliateLinks.subId', template, vscode.ConfigurationTarget.Global);
}

describe('SubID collisions in the real host', function () {
  this.timeout(60_000);
  let folder: vscode.Uri;
  let api: AffiliateLinksApi;

  before(async () => {
    api = (await activatedExtension()).exports as AffiliateLinksApi;
    folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'bundles-site');
    for (const name of ['alpine-boots', 'trail-shoes', 'rain-jackets']) {
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(folder, 'posts', name, 'index.md'),
        new TextEncoder().encode(`---\nslug: ${name}\n---\n# ${name}\n`),
      );
    }
  });

  after(async () => {
    await setSubId(undefined);
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  /** The warnings shown after `from` that speak of the setting. */
  const subIdWarnings = (from: number) => api.warnings.slice(from).filter((w) => w.includes('affiliateLinks.subId'));

  it('warns once when the setting gives the page bundles one SubID, naming two of them and the variables to use', async () => {
    const before = api.warnings.length;
    await setSubId('bundle-${fileBasenameNoExtension}');
    const [warning] = await eventually(
      () => (subIdWarnings(before).length > 0 ? subIdWarnings(before) : undefined),
      'the warning',
      20_000,
    );
    assert.match(warning!, /the same SubID "bundle-index"/);
    assert.match(warning!, /bundles-site\/posts\/(alpine-boots|trail-shoes|rain-jackets)\/index\.md/);
    assert.match(warning!, /\$\{fileDirnameBasename\}/);

    // Away and back to the same template: said once a session.
    const again = api.warnings.length;
    await setSubId('bundle-${fileDirnameBasename}-${fileBasenameNoExtension}');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await setSubId('bundle-${fileBasenameNoExtension}');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.deepEqual(subIdWarnings(again), [], 'no second warning');
  });

  it('says nothing of a template that names nothing of the file (one SubID for the site is a choice)', async () => {
    const before = api.warnings.length;
    await setSubId('newsletter');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.deepEqual(subIdWarnings(before), []);
  });
});
