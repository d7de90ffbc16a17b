/**
 * The summary region: the report's figures with their change against the previous period
 * (an arrow, the signed text and a colour, never the colour alone; what it compares with as
 * the tooltip), the actions by status, and the note on items that could not be placed.
 */
import * as l10n from '@vscode/l10n';
import type { FigureChange, StatusSummary, SummaryData, SummaryFigure } from '../../../reports/panel/protocol';
import { codicon, h } from './dom';
import type { Formatters } from './formatters';

const CHANGE_ICONS: Readonly<Record<FigureChange['direction'], string>> = {
  up: 'arrow-up',
  down: 'arrow-down',
  same: 'arrow-right',
  new: 'sparkle',
};

export class SummarySection {
  readonly element: HTMLElement;
  private readonly figures: HTMLElement;
  private readonly statuses: HTMLElement;
  private readonly skipped: HTMLParagraphElement;
  private summaryKey = '';

  constructor(private readonly format: Formatters) {
    this.figures = h('div', { className: 'figures' });
    this.statuses = h('div', { className: 'statuses' });
    this.skipped = h('p', { className: 'skipped' });
    this.element = h(
      'section',
      { className: 'summary', testId: 'summary', attrs: { role: 'region', 'aria-label': l10n.t('Summary') } },
      [this.figures, this.statuses, this.skipped],
    );
  }

  update(summary: SummaryData | undefined): void {
    this.element.hidden = summary === undefined;
    const key = JSON.stringify(summary ?? null);
    if (summary === undefined || key === this.summaryKey) {
      return;
    }
    this.summaryKey = key;
    this.figures.replaceChildren(...summary.figures.map((figure) => this.figure(figure)));
    this.statuses.hidden = summary.statuses === undefined;
    this.statuses.replaceChildren(...(summary.statuses === undefined ? [] : [this.statusTable(summary.statuses)]));
    this.skipped.hidden = summary.skipped === undefined;
    this.skipped.replaceChildren(
      ...(summary.skipped === undefined ? [] : [codicon('info'), document.createTextNode(` ${summary.skipped}`)]),
    );
  }

  private figure(figure: SummaryFigure): HTMLElement {
    const element = h(
      'div',
      { className: 'figure', testId: `figure-${figure.id}`, attrs: { role: 'group', 'aria-label': figure.label } },
      [
        h('div', { className: 'figure-label', text: figure.label }),
        h('div', { className: 'figure-value', text: this.format.figure(figure) }),
        figure.change === undefined ? null : this.change(figure.change),
      ],
    );
    if (figure.value !== null) {
      element.dataset.value = String(figure.value);
    }
    if (figure.title !== undefined) {
      element.title = figure.title;
    }
    return element;
  }

  private change(change: FigureChange): HTMLElement {
    return h('div', { className: `figure-change change-${change.direction}`, title: change.title }, [
      codicon(CHANGE_ICONS[change.direction]),
      h('span', { text: ` ${change.text}` }),
      // The tooltip is not read by every screen reader: the comparison is said in words too.
      h('span', { className: 'visually-hidden', text: ` (${change.title})` }),
    ]);
  }

  private statusTable(statuses: StatusSummary): HTMLTableElement {
    const currencyLabel = (code: string | null): string =>
      code === null ? l10n.t('Commission (unknown currency)') : l10n.t('Commission ({0})', code);
    const head = h('tr', {}, [
      h('th', { text: l10n.t('Status'), attrs: { scope: 'col' } }),
      h('th', { className: 'number', text: l10n.t('Actions'), attrs: { scope: 'col' } }),
      ...statuses.currencies.map((code) =>
        h('th', { className: 'number', text: currencyLabel(code), attrs: { scope: 'col' } }),
      ),
    ]);
    const rows = statuses.rows.map((row) =>
      h('tr', {}, [
        h('th', { text: row.label, attrs: { scope: 'row' } }),
        h('td', { className: 'number', text: this.format.count(row.actions) }),
        ...row.commission.map((amount, index) =>
          h('td', {
            className: 'number',
            text: amount === null ? '' : this.format.amount(amount, statuses.currencies[index]),
          }),
        ),
      ]),
    );
    return h('table', { className: 'status-table' }, [
      h('caption', { className: 'visually-hidden', text: l10n.t('Actions by status') }),
      h('thead', {}, [head]),
      h('tbody', {}, rows),
    ]);
  }
}
