/**
 * The panel: the Clicks and Actions tabs around the toolbar, the state of the read, the
 * summary, the chart and the table. It owns the panel state: each change is kept with `setState`
 * and selected (`select`); the reply and the snapshots after it are drawn as they come.
 */
import * as l10n from '@vscode/l10n';
import type { HostToWebview, PanelSnapshot, PanelState, RowAction, TableRow } from '../../../reports/panel/protocol';
import { ChartSection } from './chartSection';
import { h } from './dom';
import { Formatters } from './formatters';
import type { HostChannel } from './hostChannel';
import { Disposable, listen } from './lifecycle';
import { ReportGrid } from './reportGrid';
import type { Progress } from './statusTexts';
import { NoticeSection, StatusSection } from './statusSection';
import { SummarySection } from './summarySection';
import { Toolbar } from './toolbar';
import {
  defaultPanelState,
  isFilterAction,
  restorePanelState,
  samePanelState,
  toggledSort,
  withPeriod,
  withRowFilter,
  withSort,
  withTab,
} from './panelState';

export class ReportApp extends Disposable {
  private state: PanelState;
  /** The state `getState()` gave back (null: none, or of another version), sent with `ready`. */
  private readonly restored: PanelState | null;
  private snapshot: PanelSnapshot | undefined;
  private progress: Progress | undefined;
  /** The state selected last, until its reply comes: meanwhile snapshots leave the controls as the person set them. */
  private asking: Promise<unknown> | undefined;
  private newestSelectionId = -1;
  private readonly tabs: HTMLElementTagNameMap['vscode-tabs'];
  private readonly panels: Array<HTMLElementTagNameMap['vscode-tab-panel']>;
  private readonly content: HTMLElement;
  private readonly toolbar: Toolbar;
  private readonly status: StatusSection;
  private readonly summary: SummarySection;
  private readonly chart: ChartSection;
  private readonly grid: ReportGrid;
  private readonly notice: NoticeSection;

  constructor(
    root: HTMLElement,
    private readonly channel: HostChannel,
  ) {
    super();
    this._register(channel);
    const format = new Formatters();
    this.restored = restorePanelState(channel.savedState());
    this.state = this.restored ?? defaultPanelState();

    this.toolbar = this._register(
      new Toolbar(
        {
          changeState: (state) => this.changeState(state),
          refresh: () => channel.post({ type: 'refresh' }),
          exportCsv: () => this.postForSelection('exportCsv'),
          copyTable: () => this.postForSelection('copyTable'),
        },
        format,
      ),
    );
    this.status = new StatusSection(format, {
      cancel: () => channel.post({ type: 'cancel' }),
      hostAction: (action) => channel.post({ type: 'action', action }),
      choosePeriod: (period) => this.changeState(withPeriod(this.state, period)),
    });
    this.summary = new SummarySection(format);
    this.chart = this._register(new ChartSection(format));
    this.grid = this._register(
      new ReportGrid(
        {
          fetchRows: (selectionId, offset, count) => channel.request('rows', { selectionId, offset, count }),
          sortBy: (column) =>
            this.changeState(withSort(this.state, toggledSort(this.snapshot?.table?.sort ?? this.state.sort, column))),
          rowAction: (row, action) => this.rowAction(row, action),
        },
        format,
      ),
    );
    this.notice = this._register(new NoticeSection());
    this.content = h('div', { className: 'content' }, [
      this.toolbar.element,
      this.status.element,
      this.summary.element,
      this.chart.element,
      this.grid.element,
    ]);

    const deprecated = l10n.t('The service has deprecated the actions report; it may be removed.');
    const badge = h('vscode-badge', {
      className: 'deprecated',
      testId: 'deprecated-badge',
      text: l10n.t('deprecated'),
      title: deprecated,
    });
    this.panels = [h('vscode-tab-panel'), h('vscode-tab-panel')];
    this.tabs = h('vscode-tabs', {}, [
      h('vscode-tab-header', { testId: 'tab-clicks', text: l10n.t('Clicks') }),
      h('vscode-tab-header', { testId: 'tab-actions', title: deprecated }, [
        document.createTextNode(`${l10n.t('Actions')} `),
        badge,
      ]),
      ...this.panels,
    ]);
    this._register(
      listen(this.tabs, 'vsc-tabs-select', (event) =>
        this.changeState(withTab(this.state, event.detail.selectedIndex === 1 ? 'actions' : 'clicks')),
      ),
    );
    root.replaceChildren(this.tabs, this.notice.element);
    this._register(channel.onMessage((message) => this.receive(message)));
  }

  /** Says `ready` (with the restored state, if any); the host answers with the first snapshot. */
  start(): void {
    this.channel.post({ type: 'ready', state: this.restored });
    this.render();
  }

  private changeState(next: PanelState): void {
    if (samePanelState(next, this.state)) {
      this.render(); // put back a control the user moved to the same value
      return;
    }
    this.state = next;
    this.channel.saveState(next);
    const asking = this.channel.request('select', { state: next });
    this.asking = asking;
    // A reply of null: the host has no reports yet, and the selection's snapshot follows.
    void asking.then(
      (snapshot) => {
        this.answered(asking);
        if (snapshot !== null) {
          this.applySnapshot(snapshot);
        }
      },
      () => this.answered(asking),
    );
    this.render();
  }

  private answered(asking: Promise<unknown>): void {
    if (this.asking === asking) {
      this.asking = undefined;
    }
  }

  /** Export CSV and Copy Table: of the table shown (the host refuses an older selection's). */
  private postForSelection(type: 'exportCsv' | 'copyTable'): void {
    if (this.snapshot?.table !== undefined) {
      this.channel.post({ type, selectionId: this.snapshot.selectionId });
    }
  }

  private rowAction(row: TableRow, action: RowAction): void {
    if (row.key === null) {
      return;
    }
    if (isFilterAction(action)) {
      this.changeState(withRowFilter(this.state, action, row.key));
    } else if (this.snapshot !== undefined && (action === 'openSubIdFile' || action === 'revealMerchant')) {
      this.channel.post({ type: 'rowAction', selectionId: this.snapshot.selectionId, action, key: row.key });
    }
  }

  private receive(message: HostToWebview): void {
    switch (message.type) {
      case 'snapshot':
        this.applySnapshot(message.snapshot);
        break;
      case 'progress':
        if (message.selectionId === this.snapshot?.selectionId) {
          this.progress = {
            received: message.received,
            total: message.total,
            wait: message.wait,
            remainingMs: message.remainingMs,
          };
          this.status.update(this.snapshot, this.snapshot.state.tab, this.progress);
        }
        break;
      case 'notice':
        this.notice.show(message.message);
        break;
    }
  }

  private applySnapshot(snapshot: PanelSnapshot): void {
    if (snapshot.selectionId < this.newestSelectionId) {
      return; // a selection replaced since
    }
    if (snapshot.selectionId > this.newestSelectionId) {
      this.newestSelectionId = snapshot.selectionId;
      this.progress = undefined;
    }
    // Once the latest change is answered, the host's (validated) state is the state. While the
    // user's later changes are on their way, the controls keep showing those.
    if (this.asking === undefined && !samePanelState(snapshot.state, this.state)) {
      this.state = snapshot.state;
      this.channel.saveState(snapshot.state);
    }
    if (snapshot.status !== 'loading' && snapshot.status !== 'refreshing') {
      this.progress = undefined;
    }
    this.snapshot = snapshot;
    this.render();
  }

  private render(): void {
    const snapshot = this.snapshot;
    // A selection loading without a cached report shows no data yet: the content keeps its height
    // meanwhile, so the page does not jump to the top and back.
    const loadingEmpty = snapshot?.status === 'loading' && snapshot.table === undefined;
    if (!loadingEmpty) {
      this.content.style.minHeight = '';
    } else if (this.content.style.minHeight === '') {
      this.content.style.minHeight = `${this.content.offsetHeight}px`;
    }
    const index = this.state.tab === 'actions' ? 1 : 0;
    if (this.tabs.selectedIndex !== index) {
      this.tabs.selectedIndex = index;
    }
    if (this.content.parentElement !== this.panels[index]) {
      this.panels[index].append(this.content);
    }
    this.toolbar.update(this.state, snapshot, new Date());
    this.status.update(snapshot, snapshot?.state.tab ?? this.state.tab, this.progress);
    this.summary.update(snapshot?.summary);
    this.chart.update(snapshot?.chart);
    this.grid.update(
      snapshot?.selectionId ?? -1,
      snapshot?.table,
      snapshot?.chart?.provisionalReason ?? '',
      snapshot?.state.groupBy ?? this.state.groupBy,
    );
  }
}
