/**
 * The Period control: the presets, and "Custom…" with From/To date fields and Apply. A
 * custom range becomes the panel state's period only on Apply, so half-typed dates never reach the
 * host; while the user edits it, snapshots arriving do not overwrite the fields.
 */
import * as l10n from '@vscode/l10n';
import type { PeriodChoice } from '../../../reports/panel/protocol';
import { h, setText } from './dom';
import type { Formatters } from './formatters';
import { Disposable, listen } from './lifecycle';
import { SelectField, type Choice } from './selectField';
import { PRESETS, dateRangeText, isDay, presetLabel } from './panelState';

const CUSTOM = 'custom';

function periodChoices(): Choice[] {
  return [
    ...PRESETS.map((preset) => ({ value: preset, label: presetLabel(preset) })),
    { value: CUSTOM, label: l10n.t('Custom…') },
  ];
}

export class PeriodPicker extends Disposable {
  readonly element: HTMLElement;
  private readonly field: SelectField;
  private readonly range: HTMLSpanElement;
  private readonly custom: HTMLElement;
  private readonly from: HTMLInputElement;
  private readonly to: HTMLInputElement;
  private readonly problem: HTMLSpanElement;
  private readonly choices = periodChoices();
  /** The user chose "Custom…" and has not applied it (or chosen another preset) yet. */
  private editing = false;
  private resolved: { from: string; to: string } | undefined;

  constructor(
    private readonly choose: (period: PeriodChoice) => void,
    private readonly format: Formatters,
  ) {
    super();
    this.field = this._register(new SelectField(l10n.t('Period'), 'period-select', (value) => this.onSelect(value)));
    this.field.setChoices(this.choices, 'last30');
    this.range = h('span', { className: 'period-range' });
    const fromLabel = l10n.t('From');
    const toLabel = l10n.t('To');
    this.from = h('input', {
      className: 'date-input',
      testId: 'custom-from',
      attrs: { type: 'date', 'aria-label': fromLabel },
    });
    this.to = h('input', {
      className: 'date-input',
      testId: 'custom-to',
      attrs: { type: 'date', 'aria-label': toLabel },
    });
    const apply = h('vscode-button', { testId: 'custom-apply', text: l10n.t('Apply') });
    this.problem = h('span', { className: 'field-problem', attrs: { role: 'alert' } });
    this.custom = h('div', { className: 'custom-period' }, [
      h('label', { className: 'field' }, [h('span', { className: 'field-label', text: fromLabel }), this.from]),
      h('label', { className: 'field' }, [h('span', { className: 'field-label', text: toLabel }), this.to]),
      apply,
      this.problem,
    ]);
    this.custom.hidden = true;
    this.element = h('div', { className: 'period' }, [this.field.element, this.range, this.custom]);
    this._register(listen(apply, 'click', () => this.apply()));
    for (const input of [this.from, this.to]) {
      this._register(
        listen(input, 'keydown', (event) => {
          if (event.key === 'Enter') {
            this.apply();
          }
        }),
      );
    }
  }

  /** Shows the panel state's period; `resolved` is the dates it stands for (undefined when the host refused it). */
  update(period: PeriodChoice, resolved: { from: string; to: string } | undefined): void {
    this.resolved = resolved;
    setText(
      this.range,
      resolved === undefined ? '' : dateRangeText(this.format.longDay(resolved.from), this.format.longDay(resolved.to)),
    );
    if (this.editing) {
      return;
    }
    this.field.setChoices(this.choices, period.preset);
    this.custom.hidden = period.preset !== CUSTOM;
    if (period.preset === CUSTOM) {
      this.from.value = period.from;
      this.to.value = period.to;
      setText(this.problem, '');
    }
  }

  private onSelect(value: string): void {
    setText(this.problem, '');
    if (value === CUSTOM) {
      this.editing = true;
      this.custom.hidden = false;
      if (!isDay(this.from.value) && this.resolved !== undefined) {
        this.from.value = this.resolved.from;
        this.to.value = this.resolved.to;
      }
      this.from.focus();
      return;
    }
    const preset = PRESETS.find((name) => name === value);
    if (preset !== undefined) {
      this.editing = false;
      this.custom.hidden = true;
      this.choose({ preset });
    }
  }

  private apply(): void {
    const from = this.from.value;
    const to = this.to.value;
    if (!isDay(from) || !isDay(to)) {
      setText(this.problem, l10n.t('Enter both dates (From and To).'));
      return;
    }
    if (from > to) {
      setText(this.problem, l10n.t('The From date is after the To date: swap them or pick another.'));
      return;
    }
    setText(this.problem, '');
    this.editing = false;
    this.choose({ preset: CUSTOM, from, to });
  }
}
