/** The figures settings (`affiliateLinks.figures.*`): on or off, the period's days, how often they are read again. */
import * as vscode from 'vscode';
import { SETTINGS } from '../ids';

export type FiguresDays = 7 | 30 | 90;

export interface FiguresSettings {
  enabled: boolean;
  days: FiguresDays;
  refreshMinutes: number;
}

/** The figures settings, with the defaults `package.json` gives them; a period it does not offer reads as 30 days. */
export function readFiguresSettings(): FiguresSettings {
  const config = vscode.workspace.getConfiguration();
  const days = config.get<number>(SETTINGS.figuresPeriod, 30);
  const minutes = config.get<number>(SETTINGS.figuresRefreshMinutes, 15);
  return {
    enabled: config.get<boolean>(SETTINGS.figuresEnabled, true),
    days: days === 7 || days === 90 ? days : 30,
    refreshMinutes: Number.isFinite(minutes) ? Math.min(1440, Math.max(1, Math.round(minutes))) : 15,
  };
}
