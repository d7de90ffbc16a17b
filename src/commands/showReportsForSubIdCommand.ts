import { COMMANDS } from '../ids';
import { presetOfDays } from '../controllers/figuresQueries';
import type { FiguresDays } from '../settings/figuresSettings';
import { defaultPanelState } from '../reports/model/reportVocabulary';
import type { PanelState } from '../reports/panel/protocol';
import type { ReportPanelKeeper } from '../webviews/reports/host/reportPanelKeeper';
import type { ReportController } from '../controllers/reportController';
import type { Command } from './command';

/**
 * `affiliateLinks.showReportsForSubId` (internal, hidden from the palette): what the figures'
 * lenses and status bar run. Opens the report panel on the clicks of one SubID over the
 * figures period, by day. Without a SubID it opens the panel as Show Reports does.
 */
export class ShowReportsForSubIdCommand implements Command {
  readonly id = COMMANDS.showReportsForSubId;

  constructor(
    private readonly panels: ReportPanelKeeper,
    private readonly reports: Pick<ReportController, 'platformId'>,
  ) {}

  execute(subId?: unknown, days?: unknown): void {
    if (typeof subId !== 'string' || subId === '') {
      this.panels.show();
      return;
    }
    const period: FiguresDays = days === 7 || days === 90 ? days : 30;
    // The lens counts the workspace's platform: the panel shows the same clicks.
    const adspaceId = this.reports.platformId;
    const state: PanelState = {
      ...defaultPanelState(),
      period: { preset: presetOfDays(period) },
      filters: { ...(adspaceId === undefined ? {} : { adspaceId }), subId },
    };
    this.panels.showWith(state);
  }
}
