/**
 * The webview's side of the protocol: messages to the host, requests answered by a reply with
 * the same id (a Map of pending promises, as the PR extension's message.ts does), the
 * messages the host sends, and the panel state kept with `setState`.
 */
import * as l10n from '@vscode/l10n';
import type {
  HostToWebview,
  PanelState,
  ReplyMessage,
  RequestMap,
  RequestMessage,
  RequestMethod,
  WebviewToHost,
} from '../../../reports/panel/protocol';
import { Disposable, listen, toDisposable, type IDisposable } from './lifecycle';

/** What `acquireVsCodeApi()` returns (only the part the app uses). */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** A request the host never answers (the panel was hidden, the host restarted) fails after this long. */
const REQUEST_TIMEOUT_MS = 30_000;

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

function isHostMessage(data: unknown): data is HostToWebview {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

export class HostChannel extends Disposable {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(message: HostToWebview) => void>();

  constructor(
    private readonly api: VsCodeApi,
    target: Window,
  ) {
    super();
    this._register(listen(target, 'message', (event: MessageEvent) => this.receive(event.data)));
    this._register(toDisposable(() => this.rejectAll(l10n.t('The panel closed.'))));
  }

  post(message: WebviewToHost): void {
    this.api.postMessage(message);
  }

  /** Asks the host; resolves with its reply's result, rejects with its error or after a timeout. */
  request<M extends RequestMethod>(method: M, params: RequestMap[M]['params']): Promise<RequestMap[M]['result']> {
    const id = this.nextId++;
    return new Promise<RequestMap[M]['result']>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        // The table says it ("Some rows could not be read: …").
        reject(
          new Error(
            l10n.t('The extension did not answer the {0} request within {1} s.', method, REQUEST_TIMEOUT_MS / 1000),
          ),
        );
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      this.post({ type: 'request', id, method, params } as RequestMessage);
    });
  }

  /** Every message of the host but replies (which settle their requests). */
  onMessage(listener: (message: HostToWebview) => void): IDisposable {
    this.listeners.add(listener);
    return toDisposable(() => this.listeners.delete(listener));
  }

  savedState(): unknown {
    return this.api.getState();
  }

  saveState(state: PanelState): void {
    this.api.setState(state);
  }

  private receive(data: unknown): void {
    if (!isHostMessage(data)) {
      return;
    }
    if (data.type === 'reply') {
      this.settle(data);
      return;
    }
    for (const listener of [...this.listeners]) {
      listener(data);
    }
  }

  private settle(reply: ReplyMessage): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) {
      return; // timed out, or not ours
    }
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.ok) {
      pending.resolve(reply.result);
    } else {
      pending.reject(new Error(reply.error));
    }
  }

  private rejectAll(reason: string): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(reason));
      this.pending.delete(id);
    }
  }
}
