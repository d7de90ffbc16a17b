/** The message of anything thrown, for logs and for messages that say what failed. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
