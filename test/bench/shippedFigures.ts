/** Entry of the benchmark's bundle of the figures: built like the extension, minified. */
export { buildFiguresAggregate, figuresOf } from '../../src/reports/figures/figuresAggregate';
export { articleLensText, lineLensText } from '../../src/reports/figures/figuresWords';
export { deeplinkSubIds } from '../../src/links/documentSubIds';
export { canonicalHost } from '../../src/links/domainIndex';
export { normalizeActionItem, normalizeClickItem } from '../../src/api/normalize/reportItems';
