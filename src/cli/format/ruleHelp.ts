/**
 * What each link health rule is, for the formats that describe their rules (SARIF's `tool.driver.rules`, the
 * annotations' titles): a short name, the setting's description (package.nls.json's
 * `configuration.linkHealth.*.markdownDescription` without its last sentence, which is about the Problems panel; a
 * unit test keeps the two alike), how to set its severity or leave a link alone, and where the README explains it.
 */
import * as l10n from '@vscode/l10n';
import { DEFAULT_SEVERITIES, HEALTH_CODES, ignoreComment, type HealthCode } from '../../health/healthCodes';
import { LINK_HEALTH_RULE_SETTINGS, SETTINGS } from '../../ids';

/** The repository, as package.json's `repository` names it. */
export const REPOSITORY_URL = 'https://github.com/affiliate-links/affiliate-links';

/** The README's section on the rules and their codes (its heading "The rules and their codes"). */
export const RULES_HELP_URL = `${REPOSITORY_URL}#the-rules-and-their-codes`;

export interface RuleHelp {
  code: HealthCode;
  /** The rule's name in PascalCase, after its setting (SARIF's `name`). */
  name: string;
  /** One line: what the rule finds. */
  summary: string;
  /** The setting's description: what the rule finds and why it matters. */
  explanation: string;
  /** Where the README explains the rule. */
  helpUri: string;
}

function summaryOf(code: HealthCode): string {
  switch (code) {
    case 'inactive-merchant':
      return l10n.t('Link to an inactive merchant');
    case 'deeplinks-not-allowed':
      return l10n.t('Deeplink of a merchant that no longer allows deeplinks');
    case 'unknown-tracking-link':
      return l10n.t('Tracking link that no merchant owns');
    case 'target-off-merchant':
      return l10n.t('Deeplink to a page off its merchant');
    case 'subid-mismatch':
      return l10n.t('SubID other than the article’s');
    case 'not-monetized':
      return l10n.t('Plain merchant link that could earn');
    case 'rel-sponsored-missing':
      return l10n.t('Affiliate link without rel="sponsored"');
    case 'disclosure-missing':
      return l10n.t('No affiliate disclosure before the first affiliate link');
  }
}

function explanationOf(code: HealthCode): string {
  switch (code) {
    case 'inactive-merchant':
      return l10n.t('A tracking link or deeplink of a merchant that is inactive: it earns nothing.');
    case 'deeplinks-not-allowed':
      return l10n.t('A deeplink of a merchant that no longer allows deeplinks.');
    case 'unknown-tracking-link':
      return l10n.t(
        'A link on a tracking host that no merchant of the catalog owns: the merchant may have left the network.',
      );
    case 'target-off-merchant':
      return l10n.t("A deeplink whose target page is not on any of its merchant's domains.");
    case 'subid-mismatch':
      return l10n.t(
        "A deeplink whose SubID differs from the article's SubID (`affiliateLinks.subId`), so its clicks are credited to another article.",
      );
    case 'not-monetized':
      return l10n.t('A plain link to an active merchant that allows deeplinks: it could earn as a deeplink.');
    case 'rel-sponsored-missing':
      return l10n.t(
        'An HTML or MDX `<a>` with an affiliate link and no `sponsored` in its `rel` (Google asks it of affiliate links).',
      );
    case 'disclosure-missing':
      return l10n.t(
        'An article with affiliate links and no disclosure (`affiliateLinks.linkHealth.disclosurePatterns`) before the first of them. Guidance, not legal advice.',
      );
  }
}

/** `SubIdMismatch` from the setting `affiliateLinks.linkHealth.subIdMismatch`. */
function nameOf(code: HealthCode): string {
  const last = LINK_HEALTH_RULE_SETTINGS[code].split('.').pop()!;
  return last.charAt(0).toUpperCase() + last.slice(1);
}

/** Every rule's help, in the order of `HEALTH_CODES`. */
export const RULE_HELP: readonly RuleHelp[] = HEALTH_CODES.map((code) => ({
  code,
  name: nameOf(code),
  summary: summaryOf(code),
  explanation: explanationOf(code),
  helpUri: RULES_HELP_URL,
}));

/**
 * The rule's help in full: its explanation, then how to set its severity and how to leave a link alone. Markdown
 * (backticks only), which reads as plain text too.
 */
export function ruleHelpText(help: RuleHelp): string {
  return l10n.t(
    '{0}\n\nSeverity: the setting `{1}` in `.vscode/settings.json` (`error`, `warning`, `info`, `hint` or `off`; by default `{2}`). To leave a link alone, put the comment `{3}` before it, or add it to `{4}`.',
    help.explanation,
    LINK_HEALTH_RULE_SETTINGS[help.code],
    DEFAULT_SEVERITIES[help.code],
    ignoreComment('markdown'),
    SETTINGS.linkHealthIgnoredLinks,
  );
}
