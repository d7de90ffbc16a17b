/**
 * The report panel's webview app (dist/webview/reports.js): reports problems to the host from
 * the first moment, takes the translations the page carries, then builds the panel in `#app`
 * and says `ready`. All it knows of the extension is the protocol (../protocol.ts, types only).
 */
import './elements';
import { ReportApp } from './app';
import { HostChannel, type VsCodeApi } from './hostChannel';
import { ProblemReporter } from './problemReporter';
import { configureTranslations } from './translations';

declare function acquireVsCodeApi(): VsCodeApi;

function start(): void {
  // acquireVsCodeApi may be called once per page: everything shares this one channel.
  const channel = new HostChannel(acquireVsCodeApi(), window);
  const problems = new ProblemReporter(window, (message) => channel.post(message));
  // Before the first word is drawn.
  configureTranslations(document, (message) => problems.report(message));
  const root = document.getElementById('app');
  if (root === null) {
    problems.report('The report panel has no #app element to start in.');
    return;
  }
  new ReportApp(root, channel).start();
}

start();
