/** A minimal event emitter shaped like vscode.EventEmitter, for the pure core, which must not import vscode. */
import type { IDisposable } from './lifecycle';

/** A listener of an `Event`. */
export type Listener<T> = (value: T) => void;

/** A minimal event, like vscode.Event: subscribing returns what unsubscribes. */
export type Event<T> = (listener: Listener<T>) => IDisposable;

export class Emitter<T> implements IDisposable {
  /**
   * One entry per subscription, so the same function subscribed twice is called twice. Never changed in place
   * (a new array each time), so a `fire` under way calls exactly those subscribed when it began.
   */
  private listeners: ReadonlyArray<{ listener: Listener<T> }> = [];
  private disposed = false;

  /**
   * @param onListenerError told about an exception thrown by a listener; the other listeners
   * are still called.
   */
  constructor(private readonly onListenerError: (error: unknown) => void) {}

  readonly event: Event<T> = (listener) => {
    if (this.disposed) {
      return { dispose() {} };
    }
    const entry = { listener };
    this.listeners = [...this.listeners, entry];
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((other) => other !== entry);
      },
    };
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
