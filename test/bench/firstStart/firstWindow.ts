/**
 * The first window of the first-start bench, run inside its extension host (as the integration
 * suite is): with the key in the environment and the article open, it notes when the article's
 * lens shows, when the whole catalog is there, then opens the report panel on its default view
 * (as a person does once the tree has loaded) and notes when its clicks show and when
 * everything is read: the comparison and EPC, the figures' previous period, today's clicks.
 * The longest block of this extension host's event loop is measured throughout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { AffiliateLinksApi } from '../../../src/extension';
import type { PanelSnapshot } from '../../../src/reports/panel/protocol';
import { defaultPanelState } from '../../../src/reports/model/reportVocabulary';

const LENS_COMMAND = 'affiliateLinks.showReportsForSubId';

async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A CPU profile of the first start (a sample a millisecond): it tells whose code blocked the loop. */
function profiler(): { stop(file: string): Promise<void> } {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  void post('Profiler.enable')
    .then(() => post('Profiler.setSamplingInterval', { interval: 1_000 }))
    .then(() => post('Profiler.start'));
  return {
    stop: async (file) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

export async function run(): Promise<void> {
  const results = process.env.AFFILIATE_LINKS_BENCH_RESULTS!;
  const subId = process.env.AFFILIATE_LINKS_BENCH_SUBID!;
  const merchants = Number(process.env.AFFILIATE_LINKS_BENCH_MERCHANTS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const profile = profiler();
  // When the loop was blocked longer than 40 ms: the gaps of a 5 ms timer, for the bench's report.
  const blocks: Array<{ at: number; ms: number }> = [];
  let tick = Date.now();
  const ticker = setInterval(() => {
    const now = Date.now();
    if (now - tick > 45) {
      blocks.push({ at: tick, ms: now - tick - 5 });
    }
    tick = now;
  }, 5);
  const started = Date.now();
  const marks: Record<string, number> = {};
  const mark = (name: string): void => {
    marks[name] = Date.now() - started;
  };
  try {
    const links = (await vscode.extensions
      .getExtension('affiliate-links.affiliate-links')!
      .activate()) as AffiliateLinksApi;
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, `${subId}.md`));
    await vscode.window.showTextDocument(document);
    const lensTitle = await until(
      async () => {
        const lenses = (
          (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)) ??
          []
        ).filter((lens) => lens.command?.command === LENS_COMMAND);
        return lenses[0]?.command?.title;
      },
      120_000,
      "the article's lens",
    );
    mark('lens');
    await until(
      () =>
        links.controller.store?.snapshot.merchants.size === merchants && links.controller.status?.state === 'idle'
          ? true
          : undefined,
      600_000,
      'the whole catalog',
    );
    mark('catalog');
    await vscode.commands.executeCommand('affiliateLinks.showReports');
    await until(() => links.reportsPanel.snapshot(), 60_000, 'the panel');
    await links.reportsPanel.select(defaultPanelState());
    mark('panelOpened');
    const clicksOf = (snapshot: PanelSnapshot | undefined) =>
      snapshot?.summary?.figures.find((figure) => figure.id === 'clicks');
    await until(
      () => {
        const shown = links.reportsPanel.snapshot();
        return shown?.status === 'ready' && shown.state.period.preset === 'last30' && clicksOf(shown) !== undefined
          ? true
          : undefined;
      },
      900_000,
      "the panel's clicks",
    );
    mark('panelClicks');
    const everything = await until(
      () => {
        const shown = links.reportsPanel.snapshot();
        const complete =
          clicksOf(shown)?.change !== undefined &&
          shown!.summary!.figures.some((figure) => figure.id.startsWith('epc')) &&
          links.figures.aggregate?.previousKnown !== false &&
          links.figures.today?.state.status === 'ready';
        return complete ? shown : undefined;
      },
      1_800_000,
      'everything',
    );
    mark('everything');
    loop.disable();
    clearInterval(ticker);
    await profile.stop(path.join(results, 'first.cpuprofile'));
    fs.writeFileSync(
      path.join(results, 'first.json'),
      JSON.stringify({
        pid: process.pid,
        started,
        marks,
        lensTitle,
        panelClicks: clicksOf(everything)?.value,
        loopMaxMs: loop.max / 1e6,
        loopP99Ms: loop.percentile(99) / 1e6,
        blocks,
      }),
    );
  } catch (error) {
    fs.writeFileSync(
      path.join(results, 'first.json'),
      JSON.stringify({ pid: process.pid, started, marks, error: String(error) }),
    );
  }
}
