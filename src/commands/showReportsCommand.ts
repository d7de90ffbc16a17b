import { COMMANDS } from '../ids';
import type { ReportPanelKeeper } from '../webviews/reports/host/reportPanelKeeper';
import type { Command } from './command';

/** `affiliateLinks.showReports`: opens the report panel, or brings the open one forward. */
export class ShowReportsCommand implements Command {
  readonly id = COMMANDS.showReports;

  constructor(private readonly panels: ReportPanelKeeper) {}

  execute(): void {
    this.panels.show();
  }
}
