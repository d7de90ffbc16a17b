/**
 * The Revenue at Risk tree as nodes with stable ids: each new report updates the nodes in place and says which
 * changed, so the view redraws only the rows whose figures changed (a node keeps its object while its id lives).
 */
import type { Opportunity, RevenueReport, RiskArticle, RiskLocation, RiskMerchant } from './revenueReport';
import { articleDescription, merchantDescription, moneyText, totalsText } from './revenueWords';

export type RiskNodeData =
  | { kind: 'total'; report: RevenueReport }
  | { kind: 'merchant'; merchant: RiskMerchant; figures: RevenueReport['figures'] }
  | { kind: 'article'; merchant: RiskMerchant; article: RiskArticle; figures: RevenueReport['figures'] }
  | { kind: 'link'; merchant: RiskMerchant; link: RiskLocation }
  | { kind: 'opportunities'; opportunities: Opportunity[] }
  | { kind: 'opportunity'; opportunity: Opportunity }
  | { kind: 'opportunityLink'; opportunity: Opportunity; link: Opportunity['locations'][number] };

export interface RiskNode {
  readonly id: string;
  data: RiskNodeData;
  /** What the row shows: a change redraws it. */
  signature: string;
  children: RiskNode[];
  parent: RiskNode | undefined;
  /** A merchant's row (at risk or an opportunity): its key, as the merchant commands read it from their argument. */
  merchantKey?: string;
}

/** What an update changed: the whole tree (its top rows moved), some nodes, or nothing. */
export type RiskTreeChange = 'all' | readonly RiskNode[];

export class RiskTreeModel {
  private nodes = new Map<string, RiskNode>();
  private rootNodes: RiskNode[] = [];

  get roots(): readonly RiskNode[] {
    return this.rootNodes;
  }

  get(id: string): RiskNode | undefined {
    return this.nodes.get(id);
  }

  /** Takes the new report; the nodes whose row or children changed (a parent's change covers its children). */
  update(report: RevenueReport): RiskTreeChange {
    const next = new Map<string, RiskNode>();
    const changed: RiskNode[] = [];
    const node = (id: string, data: RiskNodeData, signature: string, children: RiskNode[]): RiskNode => {
      const old = this.nodes.get(id);
      if (old === undefined) {
        const made: RiskNode = { id, data, signature, children, parent: undefined };
        if (data.kind === 'merchant' || data.kind === 'opportunity') {
          made.merchantKey = data.kind === 'merchant' ? data.merchant.key : data.opportunity.key;
        }
        next.set(id, made);
        return made;
      }
      const childrenMoved =
        old.children.length !== children.length || old.children.some((child, i) => child !== children[i]);
      if (old.signature !== signature || childrenMoved) {
        changed.push(old);
      }
      old.data = data;
      old.signature = signature;
      old.children = children;
      next.set(id, old);
      return old;
    };
    const adopt = (parent: RiskNode | undefined, children: readonly RiskNode[]) => {
      for (const child of children) {
        child.parent = parent;
        adopt(child, child.children);
      }
    };
    const roots: RiskNode[] = [];
    if (report.merchants.length > 0) {
      roots.push(node('total', { kind: 'total', report }, totalsText(report), []));
    }
    for (const merchant of report.merchants) {
      const merchantId = `m:${merchant.key}`;
      const articles = merchant.articles.map((article) => {
        const articleId = `${merchantId}\u0000${article.path}`;
        const links = article.links.map((link) =>
          node(
            `${articleId}\u0000${link.line}:${link.column}`,
            { kind: 'link', merchant, link },
            `${link.code}|${link.endLine}:${link.endColumn}|${link.sharingPair}|${link.subId}`,
            [],
          ),
        );
        return node(
          articleId,
          { kind: 'article', merchant, article, figures: report.figures },
          `${articleDescription(article, report.figures)}|${article.subIds.join(',')}`,
          links,
        );
      });
      roots.push(
        node(
          merchantId,
          { kind: 'merchant', merchant, figures: report.figures },
          // Its tooltip counts its links: a link added to one of its articles redraws it.
          `${merchant.name}|${merchantDescription(merchant, report.figures)}|${merchant.links}`,
          articles,
        ),
      );
    }
    if (report.opportunities.length > 0) {
      const chances = report.opportunities.map((opportunity) => {
        const chanceId = `o:${opportunity.key}`;
        const links = opportunity.locations.map((link) =>
          node(
            `${chanceId}\u0000${link.path}\u0000${link.line}:${link.column}`,
            { kind: 'opportunityLink', opportunity, link },
            `${link.endLine}:${link.endColumn}`,
            [],
          ),
        );
        const signature = `${opportunity.name}|${opportunity.links}|${opportunity.articles}|${opportunity.articleClicks}|${moneyText({ clicks: 0, earned: [...opportunity.epc], estimate: [] })}`;
        return node(chanceId, { kind: 'opportunity', opportunity }, signature, links);
      });
      roots.push(
        node(
          'opportunities',
          { kind: 'opportunities', opportunities: report.opportunities },
          String(chances.length),
          chances,
        ),
      );
    }
    adopt(undefined, roots);
    const rootsMoved = roots.length !== this.rootNodes.length || roots.some((root, i) => root !== this.rootNodes[i]);
    this.nodes = next;
    this.rootNodes = roots;
    return rootsMoved ? 'all' : topmost(roots, new Set(changed));
  }
}

/** The changed nodes that sit under no other changed node (whose refresh redraws them anyway), top down. */
function topmost(roots: readonly RiskNode[], changed: ReadonlySet<RiskNode>): RiskNode[] {
  const found: RiskNode[] = [];
  const stack = [...roots];
  while (found.length < changed.size && stack.length > 0) {
    const node = stack.pop()!;
    if (changed.has(node)) {
      found.push(node);
    } else {
      stack.push(...node.children);
    }
  }
  return found;
}
