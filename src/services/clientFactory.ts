/**
 * Builds service clients from the extension's settings: the base URL and VS Code's own
 * proxy settings, which undici does not see by itself. The client code is loaded lazily.
 */
import * as vscode from 'vscode';
import type { AffiliateServiceClient } from '../api/client';
import type { ServiceApiLoader } from '../serviceApiLoader';

export const DEFAULT_BASE_URL = 'https://api.takeads.com';

export function configuredBaseUrl(): string {
  const value = vscode.workspace.getConfiguration('affiliateLinks').get<string>('baseUrl')?.trim();
  return value ? value.replace(/\/+$/, '') : DEFAULT_BASE_URL;
}

/** True when a configuration change affects how the service is reached. */
export function affectsConnection(event: vscode.ConfigurationChangeEvent): boolean {
  return ['affiliateLinks.baseUrl', 'http.proxy', 'http.proxyAuthorization', 'http.noProxy', 'http.proxyStrictSSL'].some((section) =>
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
