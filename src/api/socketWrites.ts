/**
 * The moment undici writes a request to its socket, from its diagnostics channels: the moment the
 * service's count starts from, which may come well after the request's slot was granted when the
 * event loop is busy in between.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/** Undici publishes its request object on both channels: the same object from creation to write. */
const CREATED = 'undici:request:create';
const HEADERS_SENT = 'undici:client:sendHeaders';

type Listener = (at: number) => void;

/**
 * Hears when requests started inside `during` are written. A request is recognised by the
 * object undici makes for it, which is created while `during` runs (undici's dispatch is
 * synchronous down to the request's creation); requests of anyone else are never marked.
 */
export class SocketWrites {
  /** Who hears the write of the request being created now, while `during` runs. */
  private marking: Listener | undefined;
  private readonly listeners = new WeakMap<object, Listener>();
  private readonly onCreated = (message: unknown): void => {
    const request = requestOf(message);
    if (this.marking !== undefined && request !== undefined) {
      this.listeners.set(request, this.marking);
      this.marking = undefined; // one request per call: a retry or a redirect is not this one
    }
  };
  private readonly onHeadersSent = (message: unknown): void => {
    const request = requestOf(message);
    const listener = request === undefined ? undefined : this.listeners.get(request);
    if (request !== undefined && listener !== undefined) {
      this.listeners.delete(request);
      listener(this.now());
    }
  };

  constructor(private readonly now: () => number = Date.now) {
    subscribe(CREATED, this.onCreated);
    subscribe(HEADERS_SENT, this.onHeadersSent);
  }

  /** Runs `start`, which starts one request; `written` hears the moment that request is written. */
  during<T>(written: Listener, start: () => T): T {
    this.marking = written;
    try {
      return start();
    } finally {
      this.marking = undefined;
    }
  }

  dispose(): void {
    unsubscribe(CREATED, this.onCreated);
    unsubscribe(HEADERS_SENT, this.onHeadersSent);
  }
}

function requestOf(message: unknown): object | undefined {
  const request = (message as { request?: unknown } | null)?.request;
  return typeof request === 'object' && request !== null ? request : undefined;
}
