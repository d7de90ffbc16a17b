/** Ownership of disposables: a class that holds resources extends `Disposable` and `_register`s them. */
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes ownership of `value`; it is disposed with this object (at once if that already happened). */
  protected _register<T extends vscode.Disposable>(value: T): T {
    if (this.disposed) {
      value.dispose();
    } else {
      this.disposables.push(value);
    }
    return value;
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    // Last registered, first disposed: later resources may depend on earlier ones.
    for (const disposable of this.disposables.splice(0).reverse()) {
      disposable.dispose();
    }
  }
}
