/** A command of the extension: one per file, registered by the CommandManager. */
export interface Command {
  readonly id: string;
  execute(...args: unknown[]): unknown;
}
