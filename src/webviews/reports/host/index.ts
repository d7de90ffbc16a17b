/**
 * The report panel's host code (dist/reportsPanel.js), loaded when a panel first opens or is
 * restored; the activation bundle reaches it only through `ReportPanelLoader`, with type imports.
 */
export { ReportPanel, type ReportPanelDeps } from './reportPanel';
export { parseViewState, parseWebviewMessage } from './messageValidation';
export { defaultViewState } from '../panelVocabulary';
