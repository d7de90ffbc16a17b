/** Deeplinks: the tracking link carrying the page the reader should land on (and a SubID). */
import * as l10n from '@vscode/l10n';
import type { Merchant } from '../api/types';
import { SETTINGS } from '../ids';
import { type LinkResult, quote, quoteName } from './linkResult';
import { httpUrlOf, trackingLinkOf, withQueryParameters } from './trackingLink';

export interface DeeplinkOptions {
  /** Query parameter carrying the target page; setting affiliateLinks.deeplink.urlParameter, default 'url'. */
  urlParameter: string;
  /** Query parameter carrying the SubID; setting affiliateLinks.deeplink.subIdParameter, default 's'. */
  subIdParameter: string;
  /** Already validated SubID (see subId.ts), or undefined/'' for none. */
  subId?: string;
}

/** The settings' defaults: the target in `url`, the SubID in `s`. */
export const DEFAULT_DEEPLINK_OPTIONS: Readonly<DeeplinkOptions> = Object.freeze({
  urlParameter: 'url',
  subIdParameter: 's',
});

/** Unreserved URL characters: a parameter name that needs no encoding. */
const PARAMETER_NAME = /^[A-Za-z0-9._~-]+$/;

/** Why a deeplink to this merchant cannot be made (inactive, or deeplinks not allowed), as a message naming it; undefined when it can. */
export function deeplinkRefusal(merchant: Pick<Merchant, 'name' | 'isActive' | 'deeplinkAllowed'>): string | undefined {
  const name = quoteName(merchant.name);
  if (!merchant.isActive) {
    return l10n.t(
      '{0} is not active, so it takes no deeplinks. Pick another merchant, or refresh the merchants if it should be active again.',
      name,
    );
  }
  if (!merchant.deeplinkAllowed) {
    return l10n.t(
      '{0} does not allow deeplinks. Copy its tracking link instead, or pick a merchant that allows deeplinks.',
      name,
    );
  }
  return undefined;
}

/** Why `value`, the setting `setting`, is no usable parameter name for a link to `name` (quoted); undefined when it is. */
export function parameterProblem(name: string, setting: string, value: string): string | undefined {
  if (value === '') {
    return l10n.t(
      'Cannot make a deeplink to {0}: the setting {1} is empty. Set it to the parameter name the network expects.',
      name,
      setting,
    );
  }
  if (!PARAMETER_NAME.test(value)) {
    return l10n.t(
      'Cannot make a deeplink to {0}: the setting {1} is {2}, which is not a usable parameter name. Change it to letters, digits, "_", "-", "." or "~" only.',
      name,
      setting,
      quote(value),
    );
  }
  return undefined;
}

/**
 * The deeplink: the tracking link with the target set as the urlParameter and the SubID as
 * subIdParameter (each replacing an existing one of that name), built with the URL API so
 * encoding is exact; an existing query and fragment are kept. Refused when the merchant is
 * refused by deeplinkRefusal, has no usable tracking link, the target is not an absolute
 * http(s) URL with a host, or a parameter name is empty/invalid. Parameter names are trimmed.
 *
 * Encoding: the tracking link's own query keeps its exact bytes and order; only our two
 * parameters are replaced in place or appended, encoded as application/x-www-form-urlencoded
 * (`withQueryParameters`). The target is put in as the URL parser writes it (`new URL(target).href`:
 * host lower-cased and punycoded, spaces and non-ASCII percent-encoded, default port dropped), so
 * the redirect the network makes is plain ASCII and
 * `new URL(deeplink).searchParams.get(urlParameter) === new URL(target).href`.
 * Without a SubID, an `s` parameter the tracking link already has is left alone.
 */
export function deeplinkOf(
  merchant: Pick<Merchant, 'name' | 'trackingLink' | 'isActive' | 'deeplinkAllowed'>,
  target: string,
  options: DeeplinkOptions = DEFAULT_DEEPLINK_OPTIONS,
): LinkResult {
  const refusal = deeplinkRefusal(merchant);
  if (refusal !== undefined) {
    return { ok: false, message: refusal };
  }
  const tracking = trackingLinkOf(merchant);
  if (!tracking.ok) {
    return tracking;
  }
  const name = quoteName(merchant.name);
  const urlParameter = options.urlParameter.trim();
  const subIdParameter = options.subIdParameter.trim();
  const subId = options.subId ?? '';
  const problem =
    parameterProblem(name, SETTINGS.deeplinkUrlParameter, urlParameter) ??
    (subId === '' ? undefined : parameterProblem(name, SETTINGS.deeplinkSubIdParameter, subIdParameter));
  if (problem !== undefined) {
    return { ok: false, message: problem };
  }
  if (subId !== '' && subIdParameter === urlParameter) {
    return {
      ok: false,
      message: l10n.t(
        'Cannot make a deeplink to {0}: the settings {1} and {2} are both {3}. Change one of them.',
        name,
        SETTINGS.deeplinkUrlParameter,
        SETTINGS.deeplinkSubIdParameter,
        quote(urlParameter),
      ),
    };
  }
  const targetUrl = httpUrlOf(target);
  if (!targetUrl) {
    const message =
      target.trim() === ''
        ? l10n.t(
            'Cannot make a deeplink to {0}: no target page was given. Select or enter an address such as https://example.com/page.',
            name,
          )
        : l10n.t(
            'Cannot make a deeplink to {0}: {1} is not a full http:// or https:// address. Select or enter an address such as https://example.com/page.',
            name,
            quote(target.trim()),
          );
    return { ok: false, message };
  }
  const parameters: [string, string][] = [[urlParameter, targetUrl.href]];
  if (subId !== '') {
    parameters.push([subIdParameter, subId]);
  }
  return { ok: true, link: withQueryParameters(new URL(tracking.link), parameters) };
}
