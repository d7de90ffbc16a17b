/** The questions Insert Deeplink may ask: which of several merchants, and which page to link to. */
import * as vscode from 'vscode';
import { statusWords } from '../catalog/present/merchantFormat';
import type { MerchantDomainIndex } from '../links/domainIndex';
import { httpUrlOf } from '../links/trackingLink';
import type { MerchantRef } from '../merchant/merchantFields';

/** Lets the user choose among merchants that share a domain. */
export async function chooseAmong(candidates: readonly MerchantRef[], domain: string): Promise<MerchantRef | undefined> {
  const picked = await vscode.window.showQuickPick(
    candidates.map((ref) => ({
      ref,
      label: ref.merchant.name,
      description: ref.merchant.defaultDomain,
      detail: statusWords(ref.merchant).join(' · '),
    })),
    { title: `Several merchants have the domain ${domain}`, placeHolder: 'Choose the merchant whose deeplink to use' },
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
    title: `Insert Deeplink to ${ref.merchant.name}`,
    prompt: `The page to link to, for example https://${ref.merchant.defaultDomain || 'shop.example'}/product`,
    value,
    ignoreFocusOut: true,
    validateInput: (input) => {
      const url = httpUrlOf(input);
      if (!url) {
        return 'Enter an absolute address starting with http:// or https://.';
      }
      const match = index.match(url);
      const ours = (match.kind === 'merchant' && match.merchant.key === ref.key) || (match.kind === 'ambiguous' && match.candidates.some((c) => c.key === ref.key));
      if (ours) {
        return undefined;
      }
      return { message: `This page is not on a domain of ${ref.merchant.name}; its deeplink may not be tracked.`, severity: vscode.InputBoxValidationSeverity.Warning };
    },
  });
  return target?.trim();
}
