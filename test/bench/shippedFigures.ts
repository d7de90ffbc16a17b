/** Entry of the benchmark's bundle of the figures: built like the extension, minified. */
export { buildFiguresAggregate, figuresOf } from '../../src/reports/figures/figuresAggregate';
export { figuresAgeText } from '../../src/reports/figures/figuresWords';
export { articleSubIdsOf, figuresLenses } from '../../src/reports/figures/figuresLenses';
export { DeeplinkSubIdMemo, deeplinkSubIds } from '../../src/links/documentSubIds';
export { DocumentLinkScanner } from '../../src/health/documentLinks';
export { canonicalHost } from '../../src/links/domainIndex';
export { normalizeActionItem, normalizeClickItem } from '../../src/api/normalize/reportItems';
export { GenerationMemo } from '../../src/common/generationMemo';
