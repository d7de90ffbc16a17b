/**
 * A minimal event emitter shaped like vscode.EventEmitter, for the pure catalog core, which
 * must not import vscode. `event` is what a class exposes; `fire` stays private to it.
 */
import type { CatalogEvent, Listener, Subscription } from './catalogTypes';

export class Emitter<T> {
  /** One entry per subscription, so the same function subscribed twice is called twice. */
  private listeners: Array<{ listener: Listener<T> }> = [];
  private disposed = false;

  /**
   * @param onListenerError told about an exception thrown by a listener; the other listeners
   * are still called.
   */
  constructor(private readonly onListenerError: (error: unknown) => void) {}

  readonly event: CatalogEvent<T> = (listener) => {
    if (this.disposed) {
      return { dispose() {} };
    }
    const entry = { listener };
    this.listeners.push(entry);
    const subscription: Subscription = {
      dispose: () => {
        this.listeners = this.listeners.filter((other) => other !== entry);
      },
    };
    return subscription;
  };

  /** Calls every listener subscribed at the time of the call, in subscription order. */
  fire(value: T): void {
    for (const { listener } of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Drops every listener; later subscriptions are ignored and `fire` does nothing. */
  dispose(): void {
    this.disposed = true;
    this.listeners = [];
  }
}
