/** Ownership of disposables, free of `vscode`; `vscode.Disposable` fits `IDisposable` as it is. */

/** Anything that frees its resources on `dispose()`; `vscode.Disposable` is one. */
export interface IDisposable {
  dispose(): void;
}

/**
 * Disposes every item, last first, going on when one throws. Throws afterwards: the one
 * error, or an `AggregateError` holding all of them.
 */
export function disposeAll(items: Iterable<IDisposable>): void {
  const errors: unknown[] = [];
  for (const item of [...items].reverse()) {
    try {
      item.dispose();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length === 1) {
    throw errors[0];
  }
  if (errors.length > 1) {
    throw new AggregateError(errors, `${errors.length} disposables failed to dispose`);
  }
}

/** A disposable that runs `dispose` once, however often it is disposed. */
export function toDisposable(dispose: () => void): IDisposable {
  let done = false;
  return {
    dispose() {
      if (!done) {
        done = true;
        dispose();
      }
    },
  };
}

export abstract class Disposable implements IDisposable {
  private readonly disposables: IDisposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes ownership of `value`; it is disposed with this object (at once if that already happened). */
  protected _register<T extends IDisposable>(value: T): T {
    if (this.disposed) {
      value.dispose();
    } else {
      this.disposables.push(value);
    }
    return value;
  }

  /** Disposes what was registered, last registered first (later resources may depend on earlier ones); see `disposeAll`. */
  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    disposeAll(this.disposables.splice(0));
  }
}

/**
 * One disposable that is replaced now and then (a subscription to the current store, the scan under way): setting
 * a new value disposes the one before it, and disposing this disposes the value of the moment. Registered with
 * `_register`, so the owner's disposal takes the value with it. A value set after disposal is disposed at once.
 */
export class MutableDisposable<T extends IDisposable = IDisposable> implements IDisposable {
  private current: T | undefined;
  private disposed = false;

  /** The value of the moment; undefined once cleared or disposed. */
  get value(): T | undefined {
    return this.current;
  }

  set value(value: T | undefined) {
    if (value === this.current) {
      return;
    }
    const previous = this.current;
    this.current = this.disposed ? undefined : value;
    try {
      previous?.dispose();
    } finally {
      if (this.disposed) {
        value?.dispose();
      }
    }
  }

  /** Disposes the value of the moment and holds none. */
  clear(): void {
    this.value = undefined;
  }

  /** Lets go of `value` without disposing it, when it is the value of the moment (it is disposing itself). */
  forget(value: T): void {
    if (this.current === value) {
      this.current = undefined;
    }
  }

  dispose(): void {
    if (!this.disposed) {
      this.disposed = true;
      this.clear();
    }
  }
}
