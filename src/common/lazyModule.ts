/** A module loaded on first use and kept; a failed load is forgotten, so the next use tries again. */

/** The `import()` stays in the subclass's file, where esbuild maps it to a bundle of its own (LAZY_BUNDLES). */
export abstract class LazyModule<T> {
  private pending: Promise<T> | undefined;

  protected constructor(private readonly importer: () => Promise<T>) {}

  load(): Promise<T> {
    this.pending ??= this.importer().catch((error: unknown) => {
      this.pending = undefined;
      throw error;
    });
    return this.pending;
  }
}
