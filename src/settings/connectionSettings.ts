/** The connection settings: the service's address in its one spelling, the rate limit, and which changes reconnect. */
import * as vscode from 'vscode';
import { DEFAULT_BASE_URL, normalizeBaseUrl } from '../api/baseUrl';
import { formatRateLimit, parseRateLimit, SERVICE_RATE_LIMIT, type RateWindow } from '../api/rateLimit';
import { SETTINGS } from '../ids';

/** The base URL setting in the one spelling the client and the cache use (see `normalizeBaseUrl`). */
export function configuredBaseUrl(): string {
  const value = vscode.workspace.getConfiguration().get<string>(SETTINGS.baseUrl)?.trim();
  return value ? normalizeBaseUrl(value) : DEFAULT_BASE_URL;
}

/** True when a configuration change affects how the service is reached. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return [
    SETTINGS.baseUrl,
    SETTINGS.rateLimit,
    'http.proxy',
    'http.proxyAuthorization',
    'http.noProxy',
    'http.proxyStrictSSL',
  ].some((section) => event.affectsConfiguration(section));
}

/** The rate limit setting, read: its windows, or the documented limit and why when the setting cannot be read. */
export function configuredRateLimit(): { windows: readonly RateWindow[] | 'off'; problem?: string } {
  const text =
    vscode.workspace.getConfiguration().get<string>(SETTINGS.rateLimit) ?? formatRateLimit(SERVICE_RATE_LIMIT);
  const parsed = parseRateLimit(text);
  return parsed.ok ? { windows: parsed.windows } : { windows: SERVICE_RATE_LIMIT, problem: parsed.message };
}
