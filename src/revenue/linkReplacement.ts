/**
 * The text edits of Replace Links to Merchant in one file: the file's links read again from its text as it is
 * now (`documentLinks`), each link to the merchant rewritten with the fixes' own writer (`linkWritten`: the
 * markup's escaping, `rel="sponsored"` where an `<a>` now holds an affiliate link) and the article's SubID.
 * Pure and synchronous, so the benchmark times this very code over a thousand files; the shell turns the edits
 * into one workspace edit.
 */
import { documentLinks, type DocumentLinks } from '../health/documentLinks';
import { linkWritten, plainTarget } from '../health/healthFixes';
import { removeRelSponsored } from '../health/markupFixes';
import type { LinkHealthRules } from '../health/healthRules';
import type { TextEdit } from '../health/linkEscaping';
import type { LineReader } from '../health/lineScan';
import { deeplinkOf } from '../links/deeplink';
import { httpUrlOf } from '../links/trackingLink';
import type { MerchantKey } from '../merchant/merchantKey';
import type { ReplacementChoice } from './replacementChoices';

/** A text edit with its place as line and character (what a workspace edit of a closed file needs). */
export interface PlacedEdit extends TextEdit {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
}

export interface FileReplacement {
  /** The edits, in text order, none overlapping. */
  edits: PlacedEdit[];
  /** Links to the merchant rewritten. */
  replaced: number;
  /** Links to the merchant left as they are: no address for them, or none that could be written safely there. */
  kept: number;
}

export interface ReplacementInputs {
  rules: LinkHealthRules;
  /** The merchant whose links are replaced. */
  owner: MerchantKey;
  choice: ReplacementChoice;
  /** The article's SubID (the SubID setting's template), carried by every new affiliate link. */
  expectedSubId: string | undefined;
  /** Whether the rule asking `<a>` tags for `rel="sponsored"` is on (the fixes add it then). */
  relSponsored?: boolean;
  /** One reader for a run of documents (its regular expressions kept). */
  reader?: LineReader;
}

/** Whether a link of the document is one of the merchant's that the rules read (not ignored). */
function isOwnersLink(rules: LinkHealthRules, doc: DocumentLinks, index: number, owner: MerchantKey): boolean {
  const link = doc.links[index];
  if (link.ignoredByComment) {
    return false;
  }
  const verdict = rules.verdicts.of(link.target);
  return verdict.kind === 'tracking' && !verdict.ignored && verdict.owner?.key === owner;
}

/**
 * The address a link to the owner gets with the choice: the same page through the other merchant; another
 * shop's page when the target is on its domains, else its home page; or the plain target. Undefined: none.
 */
export function replacementAddress(
  rules: LinkHealthRules,
  target: string,
  choice: ReplacementChoice,
  subId: string | undefined,
): string | undefined {
  const options = { ...rules.options.deeplink, subId };
  switch (choice.kind) {
    case 'unwrap':
      return target;
    case 'same-page': {
      const link = deeplinkOf(choice.ref.merchant, target, options);
      return link.ok ? link.link : undefined;
    }
    case 'alternative': {
      const merchant = choice.ref.merchant;
      const page = rules.verdicts.onMerchantDomains(choice.ref, target)
        ? target
        : httpUrlOf(`https://${merchant.defaultDomain.trim()}/`)?.href;
      const link = page === undefined ? undefined : deeplinkOf(merchant, page, options);
      return link?.ok ? link.link : undefined;
    }
  }
}

/** Two edits of one tag as one: the text between them kept; undefined when they overlap. */
function joinedEdit(text: string, a: TextEdit, b: TextEdit): TextEdit[] | undefined {
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  if (first.end > second.start) {
    return undefined;
  }
  return [
    {
      start: first.start,
      end: second.end,
      newText: first.newText + text.slice(first.end, second.start) + second.newText,
    },
  ];
}

/** Line and character of each offset, `lineStarts` those of the text. */
function placeOf(lineStarts: readonly number[], offset: number): { line: number; character: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle] <= offset) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return { line: low, character: offset - lineStarts[low] };
}

/** The edits that replace every link to the owner in `text` (a file in `language`: markdown, mdx or html). */
export function replaceInText(text: string, language: string, inputs: ReplacementInputs): FileReplacement {
  const { rules, owner, choice, reader } = inputs;
  const doc = documentLinks(text, language, reader);
  const expected = inputs.expectedSubId?.trim() || undefined;
  const edits: TextEdit[] = [];
  const seen = new Set<string>();
  let replaced = 0;
  let kept = 0;
  for (let i = 0; i < doc.links.length; i++) {
    if (!isOwnersLink(rules, doc, i, owner)) {
      continue;
    }
    const link = doc.links[i];
    const verdict = rules.verdicts.of(link.target);
    if (verdict.kind !== 'tracking') {
      continue;
    }
    const target = plainTarget(verdict.deeplinkTarget, verdict.owner);
    // The article's SubID, else the one the link carried.
    const subId = expected ?? verdict.subIds[0];
    const address = target === undefined ? undefined : replacementAddress(rules, target, choice, subId);
    const rewritten =
      address === undefined
        ? undefined
        : linkWritten(rules, doc, link, address, { expectedSubId: subId, relSponsored: inputs.relSponsored });
    // A link unwrapped to its plain page is no paid link: its tag's `rel` loses `sponsored`, in the same edit as
    // its address (one change per link in the refactor preview).
    const unsponsored = choice.kind === 'unwrap' ? removeRelSponsored(doc.text, link) : undefined;
    const written =
      rewritten?.length === 1 && unsponsored ? joinedEdit(doc.text, rewritten[0]!, unsponsored) : rewritten;
    // Two links of one tag ask for the same `rel` insertion: it is made once. An edit that would overlap
    // another (never seen: links do not overlap) keeps its link as it is.
    const fresh = written?.filter((edit) => !seen.has(`${edit.start}:${edit.end}:${edit.newText}`));
    if (
      fresh === undefined ||
      fresh.some((edit) => edits.some((other) => edit.start < other.end && other.start < edit.end))
    ) {
      kept++;
      continue;
    }
    for (const edit of fresh) {
      seen.add(`${edit.start}:${edit.end}:${edit.newText}`);
      edits.push(edit);
    }
    replaced++;
  }
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    edits: edits.map((edit) => {
      const start = placeOf(doc.lineStarts, edit.start);
      const end = placeOf(doc.lineStarts, edit.end);
      return {
        ...edit,
        startLine: start.line,
        startCharacter: start.character,
        endLine: end.line,
        endCharacter: end.character,
      };
    }),
    replaced,
    kept,
  };
}

/** The plain pages the owner's links in these indexed links lead to (what the choices are made for). */
export function targetsOfLinks(rules: LinkHealthRules, targets: Iterable<string>, owner: MerchantKey): string[] {
  const out: string[] = [];
  for (const address of targets) {
    const verdict = rules.verdicts.of(address);
    if (verdict.kind === 'tracking' && !verdict.ignored && verdict.owner?.key === owner) {
      const target = plainTarget(verdict.deeplinkTarget, verdict.owner);
      if (target !== undefined) {
        out.push(target);
      }
    }
  }
  return out;
}
