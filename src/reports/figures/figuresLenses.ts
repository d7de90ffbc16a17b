/**
 * The lenses' model: an article's SubIDs line by line (from its deeplinks) and the lens of each line
 * with deeplinks, the article's at the top, from the aggregate. Pure, so the bench times what the editor runs.
 */
import { GenerationMemo } from '../../common/generationMemo';
import { figuresOf, type FiguresAggregate } from './figuresAggregate';
import { articleLensText, lensTooltipText, lineLensText } from './figuresWords';

/** A merchant a deeplink goes to. */
export interface LensMerchant {
  merchantId: string;
  name: string;
}

export interface ArticleSubIds {
  /** Every SubID of the document, each once: the file's own (from the setting) first. */
  all: string[];
  /** The SubID the setting gives this file, when its template uses a variable. */
  fromSetting: string | undefined;
  /** The SubIDs of the deeplinks on each line (0-based) that holds any, each once per line. */
  lines: Map<number, string[]>;
  /**
   * The merchants the deeplinks of each line go to, found by their target page's domain (a
   * tracking host is shared by many merchants, so its own host cannot say), each once per line.
   */
  merchants: Map<number, LensMerchant[]>;
  /** Per line with deeplinks: what its lens is kept by (its SubIDs and merchants). */
  lineKeys: Map<number, string>;
}

/**
 * The SubIDs of an article from its deeplinks (in document order) and the setting's SubID; undefined
 * when it has none. `merchantOf` tells the merchant of a deeplink's target page, when one has its domain.
 */
export function articleSubIdsOf(
  deeplinks: readonly { line: number; subId: string; url: string }[],
  fromSetting: string | undefined,
  merchantOf: (url: string) => LensMerchant | undefined,
): ArticleSubIds | undefined {
  const lines = new Map<number, string[]>();
  const merchants = new Map<number, LensMerchant[]>();
  const all = new Set<string>(fromSetting === undefined ? [] : [fromSetting]);
  for (const deeplink of deeplinks) {
    all.add(deeplink.subId);
    const merchant = merchantOf(deeplink.url);
    if (merchant !== undefined) {
      const onLine = merchants.get(deeplink.line);
      if (onLine === undefined) {
        merchants.set(deeplink.line, [merchant]);
      } else if (!onLine.some((known) => known.merchantId === merchant.merchantId)) {
        onLine.push(merchant);
      }
    }
    const onLine = lines.get(deeplink.line);
    if (onLine === undefined) {
      lines.set(deeplink.line, [deeplink.subId]);
    } else if (!onLine.includes(deeplink.subId)) {
      onLine.push(deeplink.subId);
    }
  }
  if (all.size === 0) {
    return undefined;
  }
  const lineKeys = new Map<number, string>();
  for (const [line, subIds] of lines) {
    const onLine = merchants.get(line);
    let key = subIds.length === 1 ? subIds[0]! : subIds.join('\n');
    if (onLine !== undefined) {
      for (const merchant of onLine) {
        key += `\u0001${merchant.merchantId}\n${merchant.name}`;
      }
    }
    lineKeys.set(line, key);
  }
  return { all: [...all], fromSetting, lines, merchants, lineKeys };
}

/** What a lens shows, before it becomes a vscode.CodeLens (also what the tests read). */
export interface FiguresLens {
  line: number;
  title: string;
  tooltip: string;
  /** The SubID the report panel is filtered to when the lens is chosen. */
  subId: string;
}

/** A line's lens without its line, kept by its SubIDs and merchants for one aggregate and age. */
export type LineLenses = GenerationMemo<Omit<FiguresLens, 'line'> | null>;

/**
 * The lenses of a document's SubIDs from the aggregate: the article's at the top, then one per
 * line with deeplinks. With `memo`, a line whose SubIDs and merchants were seen with this
 * aggregate and age takes the lens made then: after an edit, only the changed lines' are made.
 */
export function figuresLenses(
  aggregate: FiguresAggregate,
  subIds: ArticleSubIds,
  age: string,
  memo: LineLenses = new GenerationMemo(),
): FiguresLens[] {
  const lenses: FiguresLens[] = [];
  const article = figuresOf(aggregate, subIds.all);
  if (article === undefined) {
    return lenses;
  }
  lenses.push({
    line: 0,
    title: articleLensText(article, aggregate.days),
    tooltip: lensTooltipText(article, aggregate, age),
    subId: article.subIds[0]!,
  });
  // The age is part of every lens (its tooltip): lenses of another age are another generation.
  const generation = memo.generationOf(aggregate, age);
  for (const [line, onLine] of subIds.lines) {
    const lineMerchants = subIds.merchants.get(line);
    const lens = memo.get(generation, subIds.lineKeys.get(line)!, () => {
      const figures = figuresOf(aggregate, onLine);
      if (figures === undefined) {
        return null;
      }
      // Where click items carry merchantId, the line's clicks split by the merchants its links go to.
      const merchants =
        figures.clicksByMerchant === undefined
          ? undefined
          : lineMerchants?.map((merchant) => ({
              name: merchant.name,
              clicks: figures.clicksByMerchant!.get(merchant.merchantId) ?? 0,
            }));
      return {
        title: lineLensText(figures, merchants),
        tooltip: lensTooltipText(figures, aggregate, age),
        subId: figures.subIds[0]!,
      };
    });
    if (lens !== null) {
      lenses.push({ line, title: lens.title, tooltip: lens.tooltip, subId: lens.subId });
    }
  }
  return lenses;
}
