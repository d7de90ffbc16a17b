/**
 * The output formats of `affiliate-links check`: each writes down a `CheckReport`, none reads a file or the
 * environment, so the same report always gives the same text.
 */
import type { CheckReport } from '../checkReport';
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatSarif } from './sarif';
import { formatText } from './text';

/** The formats of `--format`, the first the default. */
export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

export interface FormatOptions {
  /** ANSI colours (the text format only; the command asks for them when its output is a terminal). */
  color: boolean;
}

/** The report in the format, ending with a newline. */
export function formatReport(report: CheckReport, format: OutputFormat, options: FormatOptions): string {
  switch (format) {
    case 'text':
      return formatText(report, options);
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report);
    case 'junit':
      return formatJunit(report);
    case 'github':
      return formatGithub(report);
  }
}
