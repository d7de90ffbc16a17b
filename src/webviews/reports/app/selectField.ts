/**
 * A labelled native `<select>` styled as VS Code's dropdown: lighter than vscode-single-select (about 47 KB) and
 * keyboard- and screen-reader-ready.
 */
import { h } from './dom';
import { listen, type IDisposable } from './lifecycle';

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
  title?: string;
}

/** For the e2e tests: `data-testid` is on the `<select>`; setting its `value` and dispatching `change` chooses as a user would. */
export class SelectField implements IDisposable {
  readonly element: HTMLLabelElement;
  readonly select: HTMLSelectElement;
  private choicesKey = '';
  private readonly listener: IDisposable;

  constructor(label: string, testId: string, onChange: (value: string) => void) {
    this.select = h('select', { className: 'dropdown', testId });
    this.element = h('label', { className: 'field' }, [
      h('span', { className: 'field-label', text: label }),
      this.select,
    ]);
    this.listener = listen(this.select, 'change', () => onChange(this.select.value));
  }

  /** Rebuilds the options only when they changed (a rebuild would close an open list), then selects `value`. */
  setChoices(choices: readonly Choice[], value: string): void {
    const key = JSON.stringify(choices);
    if (key !== this.choicesKey) {
      this.choicesKey = key;
      this.select.replaceChildren(
        ...choices.map((choice) => {
          const option = h('option', { text: choice.label });
          option.value = choice.value;
          option.disabled = choice.disabled === true;
          if (choice.title !== undefined) {
            option.title = choice.title;
          }
          return option;
        }),
      );
    }
    if (this.select.value !== value) {
      this.select.value = value;
    }
  }

  dispose(): void {
    this.listener.dispose();
  }
}
