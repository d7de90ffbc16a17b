/** The link health settings (`affiliateLinks.linkHealth.*`): the switch, the files, each rule's severity and the rules' options. */
import * as vscode from 'vscode';
import { DEFAULT_SEVERITIES, HEALTH_CODES, type HealthCode, type HealthSeverity } from '../health/healthCodes';
import { DEFAULT_HEALTH_OPTIONS, type LinkHealthSettings } from '../health/healthRules';
import { LINK_HEALTH_RULE_SETTINGS, SETTINGS } from '../ids';
import { readLinkSettings } from './linkSettings';

const SEVERITIES: readonly HealthSeverity[] = ['error', 'warning', 'info', 'hint', 'off'];

/** The setting's key in the `affiliateLinks` section. */
const inSection = (name: string) => name.slice(name.indexOf('.') + 1);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function readLinkHealthSettings(): LinkHealthSettings {
  const config = vscode.workspace.getConfiguration('affiliateLinks');
  const severities = {} as Record<HealthCode, HealthSeverity>;
  for (const code of HEALTH_CODES) {
    const value = config.get<string>(inSection(LINK_HEALTH_RULE_SETTINGS[code]));
    severities[code] = SEVERITIES.find((severity) => severity === value) ?? DEFAULT_SEVERITIES[code];
  }
  const links = readLinkSettings();
  return {
    enabled: config.get<boolean>(inSection(SETTINGS.linkHealthEnabled), true),
    include: strings(config.get(inSection(SETTINGS.linkHealthInclude))),
    severities,
    options: {
      deeplink: { urlParameter: links.urlParameter, subIdParameter: links.subIdParameter },
      ignoredLinks: strings(config.get(inSection(SETTINGS.linkHealthIgnoredLinks))),
      relSponsoredInMarkdown: config.get<boolean>(inSection(SETTINGS.linkHealthRelSponsoredInMarkdown), false),
      disclosurePatterns: strings(
        config.get(inSection(SETTINGS.linkHealthDisclosurePatterns), DEFAULT_HEALTH_OPTIONS.disclosurePatterns),
      ),
    },
    disclosureSnippet: config.get<string>(inSection(SETTINGS.linkHealthDisclosureSnippet), ''),
    subIdTemplate: links.subIdTemplate,
  };
}

/** Whether a change of settings changes what the rules find (severities, options, the SubID). */
export function affectsLinkHealthRules(event: vscode.ConfigurationChangeEvent): boolean {
  return [
    SETTINGS.linkHealthEnabled,
    SETTINGS.linkHealthIgnoredLinks,
    SETTINGS.linkHealthRelSponsoredInMarkdown,
    SETTINGS.linkHealthDisclosurePatterns,
    SETTINGS.subId,
    SETTINGS.deeplinkUrlParameter,
    SETTINGS.deeplinkSubIdParameter,
    ...Object.values(LINK_HEALTH_RULE_SETTINGS),
  ].some((name) => event.affectsConfiguration(name));
}

/** Whether a change of settings changes which files are the site's. */
export function affectsSiteFiles(event: vscode.ConfigurationChangeEvent): boolean {
  return ['files.exclude', 'search.exclude', SETTINGS.linkHealthInclude, SETTINGS.linkHealthEnabled].some((name) =>
    event.affectsConfiguration(name),
  );
}
