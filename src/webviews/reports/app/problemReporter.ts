/**
 * Tells the host what went wrong inside the webview (script errors, rejections, failed loads, CSP blocks), each
 * message once and a few dozen at most.
 */
import type { WebviewToHost } from '../../../reports/panel/protocol';
import { Disposable, listen } from './lifecycle';

const MAX_PROBLEMS = 30;

function messageOf(reason: unknown): string {
  if (reason instanceof Error) {
    return `${reason.name}: ${reason.message}`;
  }
  if (typeof reason === 'string') {
    return reason;
  }
  try {
    return JSON.stringify(reason) ?? String(reason);
  } catch {
    return String(reason); // a cycle
  }
}

export class ProblemReporter extends Disposable {
  private readonly sent = new Set<string>();

  constructor(
    target: Window,
    private readonly post: (message: WebviewToHost) => void,
  ) {
    super();
    this._register(
      listen(target, 'securitypolicyviolation', (event) => {
        const where = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
        this.report(
          `The webview's Content Security Policy blocked ${event.blockedURI || 'an inline resource'} (${event.effectiveDirective})${where}.`,
        );
      }),
    );
    // Capture: a file that fails to load fires 'error' on its element, which does not bubble.
    this._register(
      listen(
        target,
        'error',
        (event: Event) => {
          if (event instanceof ErrorEvent) {
            this.report(
              `Script error: ${event.message}${event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : ''}`,
            );
          } else if (event.target instanceof HTMLLinkElement || event.target instanceof HTMLScriptElement) {
            const address = event.target instanceof HTMLLinkElement ? event.target.href : event.target.src;
            this.report(`The webview could not load ${address}.`);
          }
        },
        { capture: true },
      ),
    );
    this._register(
      listen(target, 'unhandledrejection', (event) => this.report(`Unhandled rejection: ${messageOf(event.reason)}`)),
    );
  }

  report(message: string): void {
    if (this.sent.size >= MAX_PROBLEMS || this.sent.has(message)) {
      return;
    }
    this.sent.add(message);
    this.post({ type: 'problem', message });
  }
}
