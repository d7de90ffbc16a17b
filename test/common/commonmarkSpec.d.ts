/** The examples the `commonmark-spec` package ships (its index.js has no types of its own). */
declare module 'commonmark-spec' {
  export interface SpecExample {
    /** With tabs written `→`, as in the spec's text. */
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: SpecExample[];
  export const text: string;
}
