/** The questions Insert Deeplink may ask: which of several merchants, and which page to link to. */
import * as vscode from 'vscode';
import { statusWords } from '../catalog/present/merchantFormat';
import type { MerchantDomainIndex } from '../links/domainIndex';
import { httpUrlOf } from '../links/trackingLink';
import type { MerchantRef } from '../merchant/merchantFields';

/** Lets the user choose among merchants that share a domain. */
export async function chooseAmong(
  candidates: readonly MerchantRef[],
  domain: string,
): Promise<MerchantRef | undefined> {
  const picked = await vscode.window.showQuickPick(
    candidates.map((ref) => ({
      ref,
      label: ref.merchant.name,
      description: ref.merchant.defaultDomain,
      detail: statusWords(ref.merchant).join(' · '),
    })),
    {
      title: vscode.l10n.t({
        message: 'Several merchants have the domain {0}',
        args: [domain],
        comment: '{0} is a domain name, e.g. shop.example.',
      }),
      placeHolder: vscode.l10n.t('Choose the merchant whose deeplink to use'),
    },
  );
  return picked?.ref;
}

async function clipboardUrl(): Promise<string | undefined> {
  try {
    const text = (await vscode.env.clipboard.readText()).trim();
    return httpUrlOf(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks for the page to deeplink to, pre-filled from the clipboard when it holds an http(s)
 * URL. An address that is not absolute http(s) is refused in the box; one on another
 * merchant's domain is accepted with a warning.
 */
export async function askTarget(ref: MerchantRef, index: MerchantDomainIndex): Promise<string | undefined> {
  const value = await clipboardUrl();
  const target = await vscode.window.showInputBox({
    title: vscode.l10n.t({
      message: 'Insert Deeplink to {0}',
      args: [ref.merchant.name],
      comment: '{0} is the name of a merchant.',
    }),
    prompt: vscode.l10n.t({
      message: 'The page to link to, for example {0}',
      args: [`https://${ref.merchant.defaultDomain || 'shop.example'}/product`],
      comment: "{0} is an example address on the merchant's domain.",
    }),
    value,
    ignoreFocusOut: true,
    validateInput: (input) => {
      const url = httpUrlOf(input);
      if (!url) {
        return vscode.l10n.t('Enter an absolute address starting with http:// or https://.');
      }
      const match = index.match(url);
      const ours =
        (match.kind === 'merchant' && match.merchant.key === ref.key) ||
        (match.kind === 'ambiguous' && match.candidates.some((c) => c.key === ref.key));
      if (ours) {
        return undefined;
      }
      return {
        message: vscode.l10n.t({
          message: 'This page is not on a domain of {0}; its deeplink may not be tracked.',
          args: [ref.merchant.name],
          comment: '{0} is the name of a merchant.',
        }),
        severity: vscode.InputBoxValidationSeverity.Warning,
      };
    },
  });
  return target?.trim();
}
