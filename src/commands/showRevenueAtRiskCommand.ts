import { COMMANDS } from '../ids';
import type { RevenueAtRiskView } from '../views/revenueAtRiskView';
import type { Command } from './command';

/** `affiliateLinks.showRevenueAtRisk`: reveals the Revenue at Risk view (the notice's Show button, a finding's code link). */
export class ShowRevenueAtRiskCommand implements Command {
  readonly id = COMMANDS.showRevenueAtRisk;

  constructor(private readonly view: RevenueAtRiskView) {}

  execute(): Promise<void> {
    return this.view.reveal();
  }
}
