/**
 * Ownership of the app's resources (listeners, observers, the chart). The app may not import
 * the extension's `src/common/lifecycle.ts` (it is a bundle of its own, linted as such), so it
 * keeps this small copy of the same idea: a class extends `Disposable` and `_register`s.
 */

export interface IDisposable {
  dispose(): void;
}

export function toDisposable(dispose: () => void): IDisposable {
  return { dispose };
}

/** Adds an event listener and returns what removes it. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): IDisposable;
export function listen<K extends keyof WindowEventMap>(target: Window, type: K, handler: (event: WindowEventMap[K]) => void, options?: AddEventListenerOptions): IDisposable;
export function listen(target: EventTarget, type: string, handler: (event: Event) => void, options?: AddEventListenerOptions): IDisposable;
export function listen(target: EventTarget, type: string, handler: (event: never) => void, options?: AddEventListenerOptions): IDisposable {
  const listener = handler as (event: Event) => void;
  target.addEventListener(type, listener, options);
  return toDisposable(() => target.removeEventListener(type, listener, options));
}

export abstract class Disposable implements IDisposable {
  private readonly owned: IDisposable[] = [];
  private disposed = false;

  protected _register<T extends IDisposable>(value: T): T {
    if (this.disposed) {
      value.dispose();
    } else {
      this.owned.push(value);
    }
    return value;
  }

  /** Disposes what was registered, last first, going on when one throws (the first error is rethrown). */
  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    let failure: unknown;
    for (const item of this.owned.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure !== undefined) {
      throw failure;
    }
  }
}
