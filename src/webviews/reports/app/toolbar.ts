/**
 * The toolbar: Period, the Platform / Program / SubID filters (the choices the report holds,
 * "All …" first, and a word when the list was cut), Group by, Refresh, Export CSV, Copy Table,
 * and how current the report is ("Up to date as of 14:02").
 */
import * as l10n from '@vscode/l10n';
import type { FilterOption, GroupBy, PanelSnapshot, PanelState } from '../../../reports/panel/protocol';
import { h, setText } from './dom';
import type { Formatters } from './formatters';
import { Disposable, listen } from './lifecycle';
import { PeriodPicker } from './periodPicker';
import { SelectField, type Choice } from './selectField';
import { asOfText } from './statusTexts';
import { GROUPINGS, groupLabel, withFilter, withGroupBy, withPeriod, type FilterName } from './panelState';

export interface ToolbarActions {
  changeState(state: PanelState): void;
  refresh(): void;
  exportCsv(): void;
  copyTable(): void;
}

interface FilterField {
  name: FilterName;
  field: SelectField;
  all: string;
  options(snapshot: PanelSnapshot): FilterOption[];
}

export class Toolbar extends Disposable {
  readonly element: HTMLElement;
  private readonly period: PeriodPicker;
  private readonly filters: FilterField[];
  private readonly groupBy: SelectField;
  private readonly refreshButton: HTMLElementTagNameMap['vscode-button'];
  private readonly exportButton: HTMLElementTagNameMap['vscode-button'];
  private readonly copyButton: HTMLElementTagNameMap['vscode-button'];
  private readonly asOf: HTMLSpanElement;
  private state: PanelState | undefined;

  constructor(
    actions: ToolbarActions,
    private readonly format: Formatters,
  ) {
    super();
    const change = (next: (state: PanelState) => PanelState): void => {
      if (this.state !== undefined) {
        actions.changeState(next(this.state));
      }
    };
    this.period = this._register(new PeriodPicker((period) => change((state) => withPeriod(state, period)), format));
    const filter = (
      name: FilterName,
      label: string,
      testId: string,
      all: string,
      options: FilterField['options'],
    ): FilterField => ({
      name,
      all,
      options,
      field: this._register(
        new SelectField(label, testId, (value) => change((state) => withFilter(state, name, value))),
      ),
    });
    this.filters = [
      filter(
        'adspaceId',
        l10n.t('Platform'),
        'filter-platform',
        l10n.t('All platforms'),
        (snapshot) => snapshot.filterOptions.platforms,
      ),
      filter(
        'programId',
        l10n.t('Program'),
        'filter-program',
        l10n.t('All programs'),
        (snapshot) => snapshot.filterOptions.programs,
      ),
      filter(
        'subId',
        l10n.t('SubID'),
        'filter-subid',
        l10n.t('All SubIDs'),
        (snapshot) => snapshot.filterOptions.subIds,
      ),
    ];
    this.groupBy = this._register(
      new SelectField(l10n.t('Group by'), 'groupby-select', (value) =>
        change((state) => withGroupBy(state, value as GroupBy)),
      ),
    );
    this.refreshButton = this.button(
      l10n.t('Refresh'),
      'refresh',
      'refresh',
      l10n.t('Read the report again from the service'),
      () => actions.refresh(),
    );
    this.exportButton = this.button(
      l10n.t('Export CSV'),
      'export-csv',
      'export',
      l10n.t('Save the whole table (grouping, filters and sort applied) as a CSV file'),
      () => actions.exportCsv(),
    );
    this.copyButton = this.button(
      l10n.t('Copy Table'),
      'copy-table',
      'copy',
      l10n.t('Copy the whole table, to paste into a spreadsheet'),
      () => actions.copyTable(),
    );
    this.asOf = h('span', { className: 'as-of', testId: 'as-of', attrs: { 'aria-live': 'polite' } });
    this.element = h(
      'div',
      { className: 'toolbar', attrs: { role: 'toolbar', 'aria-label': l10n.t('Report options') } },
      [
        h('div', { className: 'toolbar-fields' }, [
          this.period.element,
          ...this.filters.map((entry) => entry.field.element),
          this.groupBy.element,
        ]),
        h('div', { className: 'toolbar-actions' }, [this.asOf, this.refreshButton, this.exportButton, this.copyButton]),
      ],
    );
  }

  private button(
    label: string,
    testId: string,
    icon: string,
    title: string,
    onClick: () => void,
  ): HTMLElementTagNameMap['vscode-button'] {
    const button = h('vscode-button', { testId, text: label, title });
    button.icon = icon;
    button.secondary = true;
    this._register(listen(button, 'click', () => !button.disabled && onClick()));
    return button;
  }

  update(state: PanelState, snapshot: PanelSnapshot | undefined, now: Date): void {
    this.state = state;
    this.period.update(state.period, snapshot?.period);
    for (const { name, field, all, options } of this.filters) {
      field.setChoices(
        this.filterChoices(
          all,
          snapshot === undefined ? [] : options(snapshot),
          state.filters[name],
          snapshot?.filterOptions.truncated === true,
        ),
        state.filters[name] ?? '',
      );
    }
    const groupings = snapshot?.groupings ?? GROUPINGS;
    const offered = groupings.includes(state.groupBy) ? groupings : [...groupings, state.groupBy];
    this.groupBy.setChoices(
      offered.map((grouping) => ({ value: grouping, label: groupLabel(grouping) })),
      state.groupBy,
    );
    const busy = snapshot === undefined || snapshot.status === 'loading' || snapshot.status === 'refreshing';
    this.refreshButton.disabled = busy;
    const noTable = snapshot?.table === undefined;
    this.exportButton.disabled = noTable;
    this.copyButton.disabled = noTable;
    const asOf = asOfText(snapshot, this.format, now);
    setText(this.asOf, asOf.text);
    this.asOf.title = asOf.title;
    this.asOf.classList.toggle('offline', snapshot?.status === 'offline' || snapshot?.status === 'failed');
  }

  /**
   * "All …" first, then the report's choices; the chosen value even when the list lacks it
   * (set by a row's Filter, or cut off); a last, disabled line when the list was cut.
   */
  private filterChoices(
    all: string,
    options: FilterOption[],
    chosen: string | undefined,
    truncated: boolean,
  ): Choice[] {
    const choices: Choice[] = [
      { value: '', label: all },
      ...options.map((option) => ({ value: option.value, label: option.label })),
    ];
    if (chosen !== undefined && !options.some((option) => option.value === chosen)) {
      choices.push({ value: chosen, label: chosen });
    }
    if (truncated) {
      choices.push({
        value: '\u0000cut',
        label: l10n.t('(first {0} shown, most clicks first)', this.format.count(options.length)),
        disabled: true,
      });
    }
    return choices;
  }
}
