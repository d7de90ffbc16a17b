/** The words of keys and platforms: what a key opens, what to add next, the prompts, the names in pickers. */
import * as l10n from '@vscode/l10n';
import type { KeyOpens, KeyRing, PlatformKey } from './keyRing';

/** Where the service's documentation says where the dashboard issues each kind of key. */
export const KEY_HELP_URL = 'https://developers.takeads.com/knowledge-base/article/authorization';

/** The buttons of the key prompts. */
export function keyButton(button: 'addAccountKey' | 'addPlatformKey' | 'whereToFind' | 'choosePlatform'): string {
  switch (button) {
    case 'addAccountKey':
      return l10n.t('Add Account Key');
    case 'addPlatformKey':
      return l10n.t('Add Platform Key');
    case 'whereToFind':
      return l10n.t('Where to Find It');
    case 'choosePlatform':
      return l10n.t('Choose Platform');
  }
}

/** What a key that was just saved opens, and what the person needs to add next, if anything. */
export function keyOpensWords(
  keyKind: 'platform' | 'account',
  opens: KeyOpens,
  ring: KeyRing,
): { message: string; next?: 'addAccountKey' | 'addPlatformKey' } {
  if (keyKind === 'account') {
    const hasPlatformKey = ring.platforms.length > 0;
    return hasPlatformKey
      ? { message: l10n.t('This key opens your reports. The merchant catalog goes on using your platform key.') }
      : {
          message: l10n.t('This key opens your reports. For the merchant catalog and its links, add a platform key.'),
          next: 'addPlatformKey',
        };
  }
  if (opens.reports === true) {
    return { message: l10n.t('This key opens the merchant catalog and your reports.') };
  }
  if (ring.account !== undefined) {
    return { message: l10n.t('This key opens the merchant catalog. Your reports go on using your account key.') };
  }
  if (opens.reports === false) {
    return {
      message: l10n.t('This key opens the merchant catalog. For your reports, add your account key.'),
      next: 'addAccountKey',
    };
  }
  return {
    message: l10n.t(
      'This key opens the merchant catalog. Whether it opens your reports could not be checked: they will try it.',
    ),
  };
}

/** The reports refused a platform key: they need the account key. */
export function needsAccountKeyWords(): string {
  return l10n.t(
    'Your reports need your account key: the key you set opens the merchant catalog only. In your account’s API settings, tick “I’ll use server-to-server integration”, then copy the public key and add it here.',
  );
}

/** The report panel's error when the reports need the account key (a PanelError by shape). */
export function needsAccountKeyError(): {
  kind: 'needsAccountKey';
  message: string;
  actions: Array<'addAccountKey' | 'keyHelp'>;
} {
  return { kind: 'needsAccountKey', message: needsAccountKeyWords(), actions: ['addAccountKey', 'keyHelp'] };
}

/** Only an account key is set: the catalog needs a platform key. */
export function needsPlatformKeyWords(): string {
  return l10n.t(
    'The merchant catalog and its links need a platform key: your account key opens your reports only. Copy the public key in your platform’s settings in the dashboard, and add it here.',
  );
}

/** The input box's words: for any key, or for the kind a prompt asked for. */
export function keyInputWords(kind: 'any' | 'platform' | 'account'): { title: string; prompt: string } {
  switch (kind) {
    case 'account':
      return {
        title: l10n.t('Affiliate Links: Account Key'),
        prompt: l10n.t(
          'Your account’s public key, from its API settings (tick “server-to-server integration” there). Kept in VS Code’s secret storage, never in settings or files.',
        ),
      };
    case 'platform':
      return {
        title: l10n.t('Affiliate Links: Platform Key'),
        prompt: l10n.t(
          'The public key in your platform’s settings in the dashboard. Kept in VS Code’s secret storage, never in settings or files.',
        ),
      };
    default:
      return {
        title: l10n.t('Affiliate Links: API Key'),
        prompt: l10n.t(
          'A platform key (merchant catalog and links) or your account key (reports). Kept in VS Code’s secret storage, never in settings or files.',
        ),
      };
  }
}

/** A platform key as a picker names it: by its platform, or as the key of no platform yet. */
export function platformKeyLabel(key: PlatformKey): string {
  return key.name === ''
    ? l10n.t('Platform key')
    : l10n.t({ message: 'Platform key of {0}', args: [key.name], comment: ['{0}: a platform (website, app) name.'] });
}

export function accountKeyLabel(): string {
  return l10n.t('Account key');
}

/** What a key opened when checked, for a picker's detail. */
export function opensLabel(opens: KeyOpens): string {
  if (opens.catalog === true && opens.reports === true) {
    return l10n.t('opens the merchant catalog and the reports');
  }
  if (opens.catalog === true) {
    return l10n.t('opens the merchant catalog');
  }
  if (opens.reports === true) {
    return l10n.t('opens the reports');
  }
  return l10n.t('not checked');
}

/** Several platforms and none chosen for this workspace: asked once. */
export function askPlatformWords(count: number): string {
  return l10n.t({
    message: 'Your account has {0} platforms. Choose this workspace’s platform: its links and figures follow it.',
    args: [count],
    comment: ['{0}: a number, 2 or more.'],
  });
}

/** The workspace's platform has no key of its own: its links come from another key. */
export function platformWithoutKeyWords(platform: string): string {
  return l10n.t({
    message: '{0} has no platform key of its own, so its links come from another platform’s key. Add its key?',
    args: [platform],
    comment: ['{0}: a platform (website, app) name.'],
  });
}

/** The status bar's name of the workspace's platform, or of all of them. */
export function platformLabel(name: string | undefined): string {
  return name ?? l10n.t('All platforms');
}
