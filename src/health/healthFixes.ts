/**
 * The quick fixes of a finding, as text edits: pure, so the shell only turns them into one
 * undoable workspace edit each. A fix that cannot be written safely is left out, never offered
 * half right.
 */
import { deeplinkOf } from '../links/deeplink';
import { planMonetize } from '../links/monetizePlan';
import { httpUrlOf, trackingLinkOf, withQueryParameters } from '../links/trackingLink';
import type { MerchantRef } from '../merchant/merchantFields';
import type { MerchantKey } from '../merchant/merchantKey';
import type { DocumentLink, DocumentLinks } from './documentLinks';
import { fixWords } from './healthMessages';
import type { HealthFinding, LinkHealthRules } from './healthRules';
import { replaceLink, type TextEdit } from './linkEscaping';
import { addRelSponsored, disclosureInsertion, ignoreLinkInsertion } from './markupFixes';

export type FixKind =
  | 'replace-deeplink'
  | 'replace-tracking-link'
  | 'unwrap'
  | 'fix-subid'
  | 'add-rel'
  | 'monetize'
  | 'insert-disclosure'
  | 'ignore-link';

export interface HealthFix {
  kind: FixKind;
  title: string;
  edits: TextEdit[];
  /** The one obvious answer (VS Code's `isPreferred`). */
  preferred: boolean;
  /** Safe for `source.fixAll`: it cannot change what a reader lands on. */
  safe: boolean;
  /** The merchant a replacing link goes to. */
  merchantKey?: MerchantKey;
}

export interface FixInputs {
  /** The article's SubID, put in every link a fix makes. */
  expectedSubId?: string;
  /** The disclosure snippet to insert (a setting); no fix without it. */
  disclosureSnippet?: string;
  /**
   * Whether the rule that asks `<a>` tags of affiliate links for `rel="sponsored"` is on (default true): a
   * fix that writes an affiliate link into an `<a>` without it then adds it, leaving no finding behind.
   */
  relSponsored?: boolean;
}

/**
 * The fixes of one finding, the preferred one first and "ignore" last; with `only` `'safe'`, its safe fixes alone, in
 * the same order (fix-all's, which need not work out the others: a site's run of `check` makes one per finding).
 */
export function fixesFor(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  finding: HealthFinding,
  inputs: FixInputs = {},
  only: 'all' | 'safe' = 'all',
) {
  const all = only === 'all';
  const link = doc.links[finding.link];
  const fixes: HealthFix[] = [];
  const subId = inputs.expectedSubId?.trim() || undefined;
  const writeLink = (address: string) => linkWritten(rules, doc, link, address, inputs);
  const verdict = rules.verdicts.of(link.target);
  const owner = verdict.kind === 'tracking' ? verdict.owner : undefined;
  switch (finding.code) {
    case 'unknown-tracking-link':
    case 'inactive-merchant':
    case 'deeplinks-not-allowed':
    case 'target-off-merchant': {
      const target = verdict.kind === 'tracking' ? plainTarget(verdict.deeplinkTarget, owner) : undefined;
      const replacements = target === undefined ? [] : replacementsFor(rules, doc, link, target, owner, inputs, all);
      fixes.push(...replacements.map((fix) => ({ ...fix, preferred: replacements.length === 1 })));
      if (!all) {
        return fixes;
      }
      if (finding.code === 'deeplinks-not-allowed' && owner !== undefined) {
        const tracking = trackingLinkOf(owner.merchant);
        const address =
          tracking.ok && subId ? withSubId(rules, tracking.link, subId) : tracking.ok ? tracking.link : undefined;
        push(
          fixes,
          'replace-tracking-link',
          fixWords.replaceWithTrackingLink(owner.merchant.name),
          address === undefined ? undefined : writeLink(address),
          {
            merchantKey: owner.key,
          },
        );
      }
      if (target !== undefined) {
        push(fixes, 'unwrap', fixWords.unwrap(target), writeLink(target), {
          preferred: replacements.length === 0,
        });
      }
      break;
    }
    case 'subid-mismatch': {
      const address = subId === undefined ? undefined : withSubId(rules, link.target, subId);
      push(fixes, 'fix-subid', fixWords.fixSubId(subId ?? ''), address === undefined ? undefined : writeLink(address), {
        preferred: true,
        safe: true,
      });
      break;
    }
    case 'not-monetized': {
      if (!all) {
        return fixes; // monetizing changes where a reader lands
      }
      const lineStart = doc.lineStarts[link.line];
      const line = doc.text.slice(lineStart, lineEndOf(doc, link.line));
      const span = { start: link.start - lineStart, end: link.end - lineStart };
      const plan = planMonetize(line, rules.catalog.index, {
        spans: [span],
        deeplink: { ...rules.options.deeplink, subId },
      });
      const candidate = plan.candidates.find((c) => c.found.start === span.start);
      if (candidate !== undefined) {
        push(fixes, 'monetize', fixWords.monetize(candidate.ref.merchant.name), writeLink(candidate.link), {
          preferred: true,
          merchantKey: candidate.ref.key,
        });
      }
      break;
    }
    case 'rel-sponsored-missing':
      push(fixes, 'add-rel', fixWords.addRelSponsored(), edited(addRelSponsored(link)), {
        preferred: true,
        safe: true,
      });
      break;
    case 'disclosure-missing':
      if (all && inputs.disclosureSnippet?.trim()) {
        const edit = disclosureInsertion(doc, inputs.disclosureSnippet.trim());
        push(fixes, 'insert-disclosure', fixWords.insertDisclosure(), [edit], { preferred: true });
      }
      return fixes;
  }
  if (all) {
    push(fixes, 'ignore-link', fixWords.ignoreLink(), edited(ignoreLinkInsertion(doc, link)), {});
  }
  return fixes;
}

function push(
  fixes: HealthFix[],
  kind: FixKind,
  title: string,
  edits: TextEdit[] | undefined,
  extra: { preferred?: boolean; safe?: boolean; merchantKey?: MerchantKey },
): void {
  if (edits !== undefined) {
    fixes.push({
      kind,
      title,
      edits,
      preferred: extra.preferred ?? false,
      safe: extra.safe ?? false,
      merchantKey: extra.merchantKey,
    });
  }
}

const edited = (edit: TextEdit | undefined): TextEdit[] | undefined => (edit === undefined ? undefined : [edit]);

/**
 * The edits that write `address` in the link's place. An `<a>` without `rel="sponsored"` that now
 * holds an affiliate link gets it in the same fix: a fix leaves no finding for another fix to clear.
 */
export function linkWritten(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  link: DocumentLink,
  address: string,
  inputs: FixInputs,
): TextEdit[] | undefined {
  const edit = replaceLink(doc, link, address);
  const affiliateAnchor = link.kind === 'anchor' && rules.verdicts.of(address).kind === 'tracking';
  if (edit === undefined || !affiliateAnchor || inputs.relSponsored === false) {
    return edited(edit);
  }
  const rel = rules.needsRel(doc, link) ? addRelSponsored(link) : undefined;
  return rel === undefined ? [edit] : [edit, rel];
}

function lineEndOf(doc: DocumentLinks, line: number): number {
  return line + 1 < doc.lineStarts.length ? doc.lineStarts[line + 1] - 1 : doc.text.length;
}

/** The page a dead link should lead to: its deeplink's target, else its merchant's home page. */
export function plainTarget(deeplinkTarget: string | undefined, owner: MerchantRef | undefined): string | undefined {
  if (deeplinkTarget !== undefined) {
    return httpUrlOf(deeplinkTarget)?.href;
  }
  const domain = owner?.merchant.defaultDomain.trim();
  return domain ? httpUrlOf(`https://${domain}/`)?.href : undefined;
}

function withSubId(rules: LinkHealthRules, address: string, subId: string): string | undefined {
  const url = httpUrlOf(address);
  const parameter = rules.options.deeplink.subIdParameter.trim();
  return url === undefined || parameter === '' ? undefined : withQueryParameters(url, [[parameter, subId]]);
}

/**
 * Deeplinks to `target` of the active merchants with deeplinks on its domain, other than `owner`; safe only when the
 * domain has one merchant (`all` false: only then any).
 */
function replacementsFor(
  rules: LinkHealthRules,
  doc: DocumentLinks,
  link: DocumentLink,
  target: string,
  owner: MerchantRef | undefined,
  inputs: FixInputs,
  all = true,
): HealthFix[] {
  const subId = inputs.expectedSubId?.trim() || undefined;
  const match = rules.catalog.index.match(target);
  const refs = match.kind === 'merchant' ? [match.merchant] : match.kind === 'ambiguous' ? match.candidates : [];
  const fixes: HealthFix[] = [];
  if (!all && refs.length !== 1) {
    return fixes;
  }
  for (const ref of refs) {
    if (ref.key === owner?.key || !ref.merchant.isActive || !ref.merchant.deeplinkAllowed) {
      continue;
    }
    const deeplink = deeplinkOf(ref.merchant, target, { ...rules.options.deeplink, subId });
    const edits = deeplink.ok ? linkWritten(rules, doc, link, deeplink.link, inputs) : undefined;
    push(fixes, 'replace-deeplink', fixWords.replaceWithDeeplink(ref.merchant.name), edits, {
      safe: refs.length === 1,
      merchantKey: ref.key,
    });
  }
  return fixes;
}
