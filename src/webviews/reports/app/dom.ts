/**
 * A tiny element builder: text only through `textContent`, styles by class, computed sizes through the CSSOM (the CSP
 * blocks inline style attributes).
 */

export interface ElementOptions {
  className?: string;
  text?: string;
  /** The stable hook of the e2e tests (`data-testid`). */
  testId?: string;
  title?: string;
  attrs?: Record<string, string>;
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
  children: ReadonlyArray<Node | null | undefined> = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (options.className !== undefined) {
    element.className = options.className;
  }
  if (options.text !== undefined) {
    element.textContent = options.text;
  }
  if (options.testId !== undefined) {
    element.dataset.testid = options.testId;
  }
  if (options.title !== undefined) {
    element.title = options.title;
  }
  for (const [name, value] of Object.entries(options.attrs ?? {})) {
    element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child) {
      element.append(child);
    }
  }
  return element;
}

/** Sets the text only when it changed (no needless layout, no lost selection). */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) {
    element.textContent = text;
  }
}

/** Sets an attribute, or removes it for null. */
export function setAttr(element: Element, name: string, value: string | null): void {
  if (value === null) {
    element.removeAttribute(name);
  } else if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

/** A codicon from the page's codicon.css (light DOM, so no vscode-icon and its per-shadow stylesheet). */
export function codicon(name: string, label?: string): HTMLSpanElement {
  const icon = h('span', { className: `codicon codicon-${name}` });
  if (label === undefined) {
    icon.setAttribute('aria-hidden', 'true');
  } else {
    icon.setAttribute('role', 'img');
    icon.setAttribute('aria-label', label);
    icon.title = label;
  }
  return icon;
}
