/**
 * What another extension in the host may do to the URL parser (issue 21): call `URL.canParse` until it
 * is optimised. On Node 20.20 it then answers false for a valid URL with Latin-1 characters given as a
 * flat one-byte string, and every later call in the process is affected. Tests of the URL finder run it
 * first, so that the finder is tested as it runs in a shared extension host.
 */

/** A flat copy of `text`, as a decoded or concatenated value is, never a slice or a literal. */
export const flat = (text: string): string => [...text].join('');

/** Runs `URL.canParse` hot; returns whether it now answers false for `https://ü.de` (the defect met). */
export function runCanParseHot(): boolean {
  // The one call of URL.canParse in the project, on purpose: it reproduces another extension.
  // eslint-disable-next-line no-restricted-properties
  const canParse = (text: string): boolean => URL.canParse(text);
  for (let i = 0; i < 300_000; i++) {
    canParse(`https://a${i % 100}.example/`);
  }
  // eslint-disable-next-line no-restricted-properties
  return !URL.canParse(flat('https://ü.de'));
}
