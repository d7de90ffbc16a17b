/**
 * Builds service clients from the extension's settings: the base URL and VS Code's own
 * proxy settings, which undici does not see by itself. The client code is loaded lazily.
 */
import * as vscode from 'vscode';
import { normalizeBaseUrl } from '../api/baseUrl';
import type { AffiliateServiceClient } from '../api/client';
import { SETTINGS } from '../ids';
import type { ServiceApiLoader } from './serviceApiLoader';

export const DEFAULT_BASE_URL = 'https://api.takeads.com';

/** The base URL setting in the one spelling the client and the cache use (see `normalizeBaseUrl`). */
export function configuredBaseUrl(): string {
  const value = vscode.workspace.getConfiguration().get<string>(SETTINGS.baseUrl)?.trim();
  return value ? normalizeBaseUrl(value) : DEFAULT_BASE_URL;
}

/** True when a configuration change affects how the service is reached. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return [SETTINGS.baseUrl, 'http.proxy', 'http.proxyAuthorization', 'http.noProxy', 'http.proxyStrictSSL'].some((section) =>
    event.affectsConfiguration(section),
  );
}

export class ClientFactory {
  constructor(
    private readonly loader: ServiceApiLoader,
    private readonly log: vscode.LogOutputChannel,
    private readonly version: string,
  ) {}

  async create(apiKey: string, baseUrl = configuredBaseUrl()): Promise<AffiliateServiceClient> {
    const api = await this.loader.load();
    const http = vscode.workspace.getConfiguration('http');
    return new api.AffiliateServiceClient({
      baseUrl,
      apiKey,
      logger: this.log,
      userAgent: `affiliate-links-vscode/${this.version}`,
      proxy: {
        url: http.get<string>('proxy') || undefined,
        authorization: http.get<string>('proxyAuthorization') || undefined,
        noProxy: http.get<string[]>('noProxy') ?? [],
        strictSSL: http.get<boolean>('proxyStrictSSL') ?? true,
      },
    });
  }
}
