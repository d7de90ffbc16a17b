/** Values kept by key for one generation of their inputs (an aggregate, a catalog): a new generation starts empty. */
export class GenerationMemo<V> {
  private generation: unknown;
  private values = new Map<string, V>();
  private inputs: readonly unknown[] | undefined;
  private token: object = {};

  constructor(private readonly maxSize = 50_000) {}

  /** A generation of several inputs: the same object while each input stays the same (`===`). */
  generationOf(...inputs: unknown[]): unknown {
    const last = this.inputs;
    if (last === undefined || last.length !== inputs.length || inputs.some((input, i) => input !== last[i])) {
      this.inputs = inputs;
      this.token = {};
    }
    return this.token;
  }

  /** The value of `key` in `generation`, made by `make` when not kept yet. */
  get(generation: unknown, key: string, make: () => V): V {
    if (generation !== this.generation || this.values.size >= this.maxSize) {
      this.generation = generation;
      this.values = new Map();
    }
    if (this.values.has(key)) {
      return this.values.get(key)!;
    }
    const value = make();
    this.values.set(key, value);
    return value;
  }
}
