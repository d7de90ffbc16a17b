/**
 * The Revenue at Risk tree as nodes with stable ids: each new report updates the nodes in place and says which
 * changed, so the view redraws only the rows whose figures changed. A merchant row whose report object is the one
 * it already shows (the builder keeps untouched merchants' objects) costs nothing; children are made when the view
 * asks for them (only expanded rows are asked), and keep their objects by id.
 */
import type { Opportunity, RevenueReport, RiskArticle, RiskLocation, RiskMerchant } from './revenueReport';

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
  parent: RiskNode | undefined;
  /** A merchant's row (at risk or an opportunity): its key, as the merchant commands read it from their argument. */
  merchantKey?: string;
  /** The children made for the view, until the node's data changes. */
  made?: RiskNode[];
  /** The children made before its data changed: their objects are kept for the ids that remain. */
  previous?: RiskNode[];
  /** A top node: the update that last showed it. */
  stamp?: number;
}

/** What an update changed: the whole tree (its top rows moved), some nodes, or nothing. */
export type RiskTreeChange = 'all' | readonly RiskNode[];

export class RiskTreeModel {
  private rootNodes: RiskNode[] = [];
  /** The top nodes but the merchants' (the total, the opportunities), by id. */
  private readonly byId = new Map<string, RiskNode>();
  /** The merchants' top nodes, by merchant key. */
  private readonly merchantNodes = new Map<string, RiskNode>();
  private updates = 0;

  get roots(): readonly RiskNode[] {
    return this.rootNodes;
  }

  get(id: string): RiskNode | undefined {
    return (
      this.byId.get(id) ?? (id.startsWith('m:') ? this.merchantNodes.get(id.slice(2)) : undefined) ?? this.findMade(id)
    );
  }

  /** A node's children, made on first ask and kept by id while the node shows the same data. */
  children(node: RiskNode): RiskNode[] {
    if (node.made !== undefined) {
      return node.made;
    }
    const data = node.data;
    const old = new Map<string, RiskNode>((node.previous ?? []).map((child) => [child.id, child]));
    node.previous = undefined;
    let made: RiskNode[] = [];
    const child = (id: string, childData: RiskNodeData): RiskNode => {
      const known = old.get(id);
      if (known !== undefined) {
        known.data = childData;
        forget(known);
        return known;
      }
      return withKey({ id, data: childData, parent: node });
    };
    switch (data.kind) {
      case 'merchant':
        made = data.merchant.articles.map((article) =>
          child(`${node.id}\u0000${article.path}`, {
            kind: 'article',
            merchant: data.merchant,
            article,
            figures: data.figures,
          }),
        );
        break;
      case 'article':
        made = data.article.links.map((link) =>
          child(`${node.id}\u0000${link.line}:${link.column}`, { kind: 'link', merchant: data.merchant, link }),
        );
        break;
      case 'opportunities':
        made = data.opportunities.map((opportunity) =>
          child(`o:${opportunity.key}`, { kind: 'opportunity', opportunity }),
        );
        break;
      case 'opportunity':
        made = data.opportunity.locations.map((link) =>
          child(`${node.id}\u0000${link.path}\u0000${link.line}:${link.column}`, {
            kind: 'opportunityLink',
            opportunity: data.opportunity,
            link,
          }),
        );
        break;
      default:
        made = [];
    }
    node.made = made;
    return made;
  }

  /** Takes the new report; the nodes whose row changed (their children are asked again), or 'all'. */
  update(report: RevenueReport): RiskTreeChange {
    const changed: RiskNode[] = [];
    const roots: RiskNode[] = [];
    // Each top node shown now is stamped with this update's number; the others are let go after.
    const stamp = ++this.updates;
    const root = (id: string, data: RiskNodeData, same: (old: RiskNodeData) => boolean): void => {
      const old = this.byId.get(id);
      if (old === undefined) {
        const made = withKey({ id, data, parent: undefined, stamp });
        this.byId.set(id, made);
        roots.push(made);
        return;
      }
      old.stamp = stamp;
      if (!same(old.data)) {
        old.data = data;
        forget(old);
        changed.push(old);
      }
      roots.push(old);
    };
    if (report.merchants.length > 0) {
      root('total', { kind: 'total', report }, (old) => old.kind === 'total' && sameTotals(old.report, report));
    }
    for (const merchant of report.merchants) {
      // Found by key, without an id made: the rows the builder kept are the objects their nodes show.
      const shown = this.merchantNodes.get(merchant.key);
      if (shown === undefined) {
        const made = withKey({
          id: `m:${merchant.key}`,
          data: { kind: 'merchant', merchant, figures: report.figures },
          parent: undefined,
          stamp,
        });
        this.merchantNodes.set(merchant.key, made);
        roots.push(made);
        continue;
      }
      shown.stamp = stamp;
      const data = shown.data;
      if (data.kind !== 'merchant' || data.merchant !== merchant || data.figures !== report.figures) {
        shown.data = { kind: 'merchant', merchant, figures: report.figures };
        forget(shown);
        changed.push(shown);
      }
      roots.push(shown);
    }
    if (report.opportunities.length > 0) {
      root(
        'opportunities',
        { kind: 'opportunities', opportunities: report.opportunities },
        (old) => old.kind === 'opportunities' && sameList(old.opportunities, report.opportunities),
      );
    }
    if (roots.length !== this.byId.size + this.merchantNodes.size) {
      for (const nodes of [this.byId, this.merchantNodes] as Array<Map<string, RiskNode>>) {
        for (const [id, node] of [...nodes]) {
          if (node.stamp !== stamp) {
            nodes.delete(id);
          }
        }
      }
    }
    const moved = roots.length !== this.rootNodes.length || roots.some((node, i) => node !== this.rootNodes[i]);
    this.rootNodes = roots;
    return moved ? 'all' : changed;
  }

  private findMade(id: string): RiskNode | undefined {
    const stack = [...this.rootNodes];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.id === id) {
        return node;
      }
      stack.push(...(node.made ?? []));
    }
    return undefined;
  }
}

/** Its data changed: its children are made again when asked, keeping their objects by id. */
function forget(node: RiskNode): void {
  if (node.made !== undefined) {
    node.previous = node.made;
    node.made = undefined;
  }
}

function withKey(node: RiskNode): RiskNode {
  const data = node.data;
  if (data.kind === 'merchant' || data.kind === 'opportunity') {
    node.merchantKey = data.kind === 'merchant' ? data.merchant.key : data.opportunity.key;
  }
  return node;
}

function sameTotals(a: RevenueReport, b: RevenueReport): boolean {
  const [x, y] = [a.totals, b.totals];
  return (
    a.figures === b.figures &&
    a.days === b.days &&
    x.links === y.links &&
    x.articles === y.articles &&
    x.merchants === y.merchants &&
    x.clicks === y.clicks &&
    JSON.stringify([x.earned, x.estimate]) === JSON.stringify([y.earned, y.estimate])
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
