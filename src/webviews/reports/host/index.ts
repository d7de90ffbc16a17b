/**
 * The report panel's host code, loaded when a panel first opens or is restored, not at
 * activation: the panel, its session keeper, the message checks, export and row actions.
 * Only `reportsPanels.ts` (through `ReportsPanelLoader`) and the serializer reach it, with
 * type imports; a value import from the activation bundle would pull it all back in.
 */
export { ReportsPanel, type MessageSource, type ReportsPanelDeps } from './reportsPanel';
export { parseViewState } from './messageValidation';
export { defaultViewState } from '../panelVocabulary';
