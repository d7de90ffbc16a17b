/**
 * The second window of the first-start bench, opened a minute after the first: the same key
 * and article, its own extension host. It stays open five minutes, showing what it shows; the
 * bench counts the requests it sent (its sends in the shared ledger) and notes what it showed.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../../src/extension';

const STAY_MS = 5 * 60_000;
const LENS_COMMAND = 'affiliateLinks.showReportsForSubId';

export async function run(): Promise<void> {
  const results = process.env.AFFILIATE_LINKS_BENCH_RESULTS!;
  const subId = process.env.AFFILIATE_LINKS_BENCH_SUBID!;
  const started = Date.now();
  const links = (await vscode.extensions
    .getExtension('affiliate-links.affiliate-links')!
    .activate()) as AffiliateLinksApi;
  const folder = vscode.workspace.workspaceFolders![0]!.uri;
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, `${subId}.md`));
  await vscode.window.showTextDocument(document);
  let lensAt: number | undefined;
  while (Date.now() - started < STAY_MS) {
    if (lensAt === undefined) {
      const lenses = (
        (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ?? []
      ).filter((lens) => lens.command?.command === LENS_COMMAND);
      lensAt = lenses.length > 0 ? Date.now() - started : undefined;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  fs.writeFileSync(
    path.join(results, 'second.json'),
    JSON.stringify({
      pid: process.pid,
      started,
      lensAt,
      merchants: links.controller.store?.snapshot.merchants.size ?? 0,
    }),
  );
}
