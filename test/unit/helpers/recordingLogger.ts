import type { ClientLogger } from '../../../src/api/types';

/** A ClientLogger that keeps every line, for assertions. */
export class RecordingLogger implements ClientLogger {
  readonly lines: string[] = [];
  debug(message: string): void {
    this.lines.push(`debug ${message}`);
  }
  info(message: string): void {
    this.lines.push(`info ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`warn ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error ${message}`);
  }
  text(): string {
    return this.lines.join('\n');
  }
}
