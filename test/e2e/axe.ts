/**
 * axe-core in a webview's frame: the WCAG 2.1 A and AA rules over what the frame shows now.
 * axe is a test tool, never shipped: the test evaluates its source in the frame through the
 * DevTools protocol (`frame.evaluate`), which the page's CSP does not govern as it governs a
 * `<script>` element (the panel's CSP allows scripts by its nonce only). The CSP itself is left
 * as the product wrote it, and `cspInForce` shows that it still refuses what it should.
 */
import fs from 'node:fs';
import type { AxeResults, NodeResult, Result } from 'axe-core';
import type { Frame } from 'playwright-core';

/** The rules of WCAG 2.0 and 2.1, levels A and AA (axe's tags). */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

let axeSource: string | undefined;

function source(): string {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** What the frame's CSP does now: the policy, and whether a `<script>` element without the nonce and `eval` ran. */
export interface CspInForce {
  policy: string;
  inlineScriptRan: boolean;
  evalRan: boolean;
}

/**
 * The frame's CSP as the page holds it, and whether it still refuses an inline script and
 * `eval` from the page's own code (in a task after the test's evaluation, as axe's later steps run).
 * The app reports both refusals to the extension's log, as it reports every CSP violation.
 */
export async function cspInForce(frame: Frame): Promise<CspInForce> {
  // A string, evaluated in the frame: this file is compiled without the DOM library.
  return (await frame.evaluate(`new Promise((resolve) => {
    const policy = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    const script = document.createElement('script');
    script.textContent = 'window.__axeProbeInline = true;';
    document.head.append(script);
    script.remove();
    setTimeout(() => {
      let evalRan = false;
      try {
        evalRan = (0, eval)('1 + 1') === 2;
      } catch {
        evalRan = false;
      }
      resolve({ policy, inlineScriptRan: window.__axeProbeInline === true, evalRan });
    }, 0);
  })`)) as CspInForce;
}

/**
 * Runs axe with the WCAG 2.1 A/AA rules over the frame's document, or over the elements `include`
 * selects. Every violation and every element axe could not decide are listed; passes too, when
 * `passes` is set (else one element per rule).
 */
export async function runAxe(frame: Frame, options: { include?: string; passes?: boolean } = {}): Promise<AxeResults> {
  if ((await frame.evaluate('typeof window.axe')) !== 'object') {
    await frame.evaluate(source());
  }
  const context = options.include === undefined ? 'document' : JSON.stringify({ include: [options.include] });
  const resultTypes = options.passes ? '' : `, resultTypes: ['violations', 'incomplete']`;
  // No preload: it copies the page's style sheets into <style> elements, which the CSP refuses (and the
  // app reports to the log), for a rule that does not run here (css-orientation-lock, experimental).
  // Without it, axe's run meets no CSP refusal in the panel.
  return (await frame.evaluate(
    `axe.run(${context}, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG21_AA)} }, preload: false${resultTypes} })`,
  )) as AxeResults;
}

/** The nodes of `rule` in `results` (its passes, violations or incomplete). */
export function nodesOf(results: readonly Result[], rule: string): NodeResult[] {
  return results.filter((result) => result.id === rule).flatMap((result) => result.nodes);
}

function describeNode(node: NodeResult): string {
  const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
  return `    ${node.target.join(' ')}\n      ${node.html}\n      ${summary}`;
}

/**
 * The violations as a person fixing them reads them: the rule, then each element (its selector, its
 * markup, what is wrong there); `perRule` elements at most, and how many more.
 */
export function describeViolations(violations: readonly Result[], perRule = 8): string {
  return violations
    .map((violation) => {
      const more = violation.nodes.length - perRule;
      return [
        `  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} [${violation.helpUrl}]`,
        ...violation.nodes.slice(0, perRule).map(describeNode),
        ...(more > 0 ? [`    … and ${more} more`] : []),
      ].join('\n');
    })
    .join('\n');
}
