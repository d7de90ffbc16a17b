import { COMMANDS } from '../ids';
import type { ReportsPanels } from '../webviews/reports/host/reportsPanels';
import type { Command } from './command';

/** `affiliateLinks.showReports`: opens the report panel, or brings the open one forward. */
export class ShowReportsCommand implements Command {
  readonly id = COMMANDS.showReports;

  constructor(private readonly panels: ReportsPanels) {}

  execute(): Promise<void> {
    return this.panels.show();
  }
}
