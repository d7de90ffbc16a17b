/**
 * The panel's states around the data: a full read in progress (a bar, "Read 12,000 of 48,000
 * items" and Cancel), an error (its message and what can be done about it, as buttons), an
 * empty period (what to say and a longer period to choose), and the host's brief notices.
 */
import * as l10n from '@vscode/l10n';
import type { PanelAction, PanelError, PanelSnapshot, PeriodChoice, ReportTab } from '../../../reports/panel/protocol';
import { codicon, h, setAttr, setText } from './dom';
import type { Formatters } from './formatters';
import { Delayer } from '../../../common/delayer';
import { Disposable, listen } from './lifecycle';
import { progressText, type Progress } from './statusTexts';
import { periodLabel } from './panelState';

export interface StatusActions {
  cancel(): void;
  /** Set API Key, Add Account Key, Where to Find It, Retry, Show Log (the host does them). */
  hostAction(action: Exclude<PanelAction, 'longerPeriod'>): void;
  choosePeriod(period: PeriodChoice): void;
}

/** The buttons of the host's actions, named when drawn (translations.ts). */
const ACTION_BUTTONS: Readonly<Record<Exclude<PanelAction, 'longerPeriod'>, { label(): string; icon: string }>> = {
  setApiKey: { label: () => l10n.t('Set API Key'), icon: 'key' },
  addAccountKey: { label: () => l10n.t('Add Account Key'), icon: 'key' },
  keyHelp: { label: () => l10n.t('Where to Find It'), icon: 'link-external' },
  retry: { label: () => l10n.t('Retry'), icon: 'refresh' },
  showLog: { label: () => l10n.t('Show Log'), icon: 'output' },
};

/** "Show Last 90 days": the button of a longer period. */
function showPeriodText(period: PeriodChoice): string {
  return l10n.t('Show {0}', periodLabel(period));
}

/** How long a notice ("Copied 42 rows") stays. */
const NOTICE_MS = 4000;

function button(
  label: string,
  testId: string,
  icon: string | undefined,
  secondary: boolean,
  onClick: () => void,
): HTMLElement {
  const element = h('vscode-button', { testId, text: label });
  element.secondary = secondary;
  if (icon !== undefined) {
    element.icon = icon;
  }
  element.addEventListener('click', onClick);
  return element;
}

export class StatusSection {
  readonly element: HTMLElement;
  private readonly progress: HTMLElement;
  private readonly progressBar: HTMLElementTagNameMap['vscode-progress-bar'];
  private readonly progressLabel: HTMLSpanElement;
  private readonly error: HTMLElement;
  private readonly empty: HTMLElement;
  private errorKey = '';
  private emptyKey = '';

  constructor(
    private readonly format: Formatters,
    private readonly actions: StatusActions,
  ) {
    this.progressBar = h('vscode-progress-bar');
    this.progressBar.ariaLabel = l10n.t('Reading the report');
    this.progressLabel = h('span', { className: 'progress-text', attrs: { 'aria-live': 'polite' } });
    this.progress = h('div', { className: 'progress', testId: 'progress' }, [
      this.progressBar,
      h('div', { className: 'progress-line' }, [
        this.progressLabel,
        button(l10n.t('Cancel'), 'cancel', 'close', true, () => actions.cancel()),
      ]),
    ]);
    this.error = h('div', { className: 'message-bar message-error', testId: 'error', attrs: { role: 'alert' } });
    this.empty = h('div', { className: 'empty', testId: 'empty', attrs: { role: 'status' } });
    this.element = h('div', { className: 'status' }, [this.progress, this.error, this.empty]);
  }

  update(snapshot: PanelSnapshot | undefined, tab: ReportTab, progress: Progress | undefined): void {
    const busy = snapshot === undefined || snapshot.status === 'loading' || snapshot.status === 'refreshing';
    this.progress.hidden = !busy;
    if (busy) {
      setText(this.progressLabel, progressText(tab, snapshot?.status === 'refreshing', progress, this.format));
      const determinate = progress !== undefined && progress.total !== null && progress.total > 0;
      this.progressBar.indeterminate = !determinate;
      if (determinate) {
        this.progressBar.max = progress.total ?? 1;
        this.progressBar.value = progress.received;
      }
    }
    this.showError(snapshot?.error, snapshot?.empty?.suggestion);
    this.showEmpty(snapshot?.error === undefined && snapshot?.status !== 'loading' ? snapshot?.empty : undefined);
    this.element.hidden = this.progress.hidden && this.error.hidden && this.empty.hidden;
  }

  private showError(error: PanelError | undefined, suggestion: PeriodChoice | undefined): void {
    this.error.hidden = error === undefined;
    const key = JSON.stringify([error ?? null, suggestion ?? null]);
    if (error === undefined || key === this.errorKey) {
      this.errorKey = error === undefined ? '' : key;
      return;
    }
    this.errorKey = key;
    setAttr(this.error, 'data-kind', error.kind);
    const buttons = error.actions.flatMap((action) => {
      if (action === 'longerPeriod') {
        return suggestion === undefined
          ? []
          : [
              button(showPeriodText(suggestion), 'error-action-longerPeriod', 'calendar', false, () =>
                this.actions.choosePeriod(suggestion),
              ),
            ];
      }
      const { label, icon } = ACTION_BUTTONS[action];
      return [
        button(label(), `error-action-${action}`, icon, action !== error.actions[0], () =>
          this.actions.hostAction(action),
        ),
      ];
    });
    this.error.replaceChildren(
      codicon('error'),
      h('span', { className: 'message-text', text: error.message }),
      h('span', { className: 'message-actions' }, buttons),
    );
  }

  private showEmpty(empty: PanelSnapshot['empty']): void {
    this.empty.hidden = empty === undefined;
    const key = JSON.stringify(empty ?? null);
    if (empty === undefined || key === this.emptyKey) {
      this.emptyKey = empty === undefined ? '' : key;
      return;
    }
    this.emptyKey = key;
    const suggestion = empty.suggestion;
    this.empty.replaceChildren(codicon('info'), h('span', { className: 'message-text', text: empty.message }));
    if (suggestion !== undefined) {
      this.empty.append(
        button(showPeriodText(suggestion), 'empty-suggestion', 'calendar', false, () =>
          this.actions.choosePeriod(suggestion),
        ),
      );
    }
  }
}

/**
 * The host's brief notices ("Copied 42 rows"): a toast that goes after a few seconds, and the
 * same words in a live region that stays in the page (a region hidden when it changes is not
 * read out).
 */
export class NoticeSection extends Disposable {
  readonly element: HTMLElement;
  private readonly toast: HTMLElement;
  private readonly text: HTMLSpanElement;
  private readonly live: HTMLSpanElement;
  private readonly hideLater = this._register(new Delayer(NOTICE_MS));

  constructor() {
    super();
    this.text = h('span');
    this.toast = h('div', { className: 'notice', testId: 'notice', attrs: { 'aria-hidden': 'true' } }, [
      codicon('check'),
      this.text,
    ]);
    this.toast.hidden = true;
    this.live = h('span', { className: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } });
    this.element = h('div', {}, [this.toast, this.live]);
    this._register(listen(this.toast, 'click', () => this.hide()));
  }

  show(message: string): void {
    setText(this.text, ` ${message}`);
    setText(this.live, message);
    this.toast.hidden = false;
    this.hideLater.trigger(() => this.hide());
  }

  private hide(): void {
    this.toast.hidden = true;
  }
}
