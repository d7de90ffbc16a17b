/**
 * Ownership of the app's resources (listeners, observers, the chart): the extension's own
 * `Disposable` (`src/common/lifecycle.ts`, plain TypeScript with no host API, bundled into the
 * app like any library), and the DOM's listeners as disposables.
 */

export { Disposable, toDisposable, type IDisposable } from '../../../common/lifecycle';
import { toDisposable, type IDisposable } from '../../../common/lifecycle';

/** Adds an event listener and returns what removes it. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): IDisposable;
export function listen<K extends keyof WindowEventMap>(
  target: Window,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
  options?: AddEventListenerOptions,
): IDisposable;
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  options?: AddEventListenerOptions,
): IDisposable;
export function listen(
  target: EventTarget,
  type: string,
  handler: (event: never) => void,
  options?: AddEventListenerOptions,
): IDisposable {
  const listener = handler as (event: Event) => void;
  target.addEventListener(type, listener, options);
  return toDisposable(() => target.removeEventListener(type, listener, options));
}
