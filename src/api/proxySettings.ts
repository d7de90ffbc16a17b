/**
 * Which proxy the client goes through: VS Code's `http.proxy*` settings (undici never sees them), else the environment.
 */

export interface ProxySettings {
  /** `http.proxy`: used for both http and https targets. */
  url?: string;
  /** `http.proxyAuthorization`: the Proxy-Authorization header value. */
  authorization?: string;
  /** `http.noProxy`: hosts (or `.domain` suffixes, `*`) reached directly. */
  noProxy?: readonly string[];
  /** `http.proxyStrictSSL`: verify TLS certificates (default true). */
  strictSSL?: boolean;
}

export interface ResolvedProxy {
  /** '' means "no proxy": undici's EnvHttpProxyAgent then reads nothing from the environment. */
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
  token: string | undefined;
  rejectUnauthorized: boolean;
}

function env(environment: Record<string, string | undefined>, name: string): string | undefined {
  const value = environment[name.toLowerCase()] ?? environment[name.toUpperCase()];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

export function resolveProxy(settings: ProxySettings, environment: Record<string, string | undefined>): ResolvedProxy {
  const explicit = settings.url?.trim();
  const httpProxy = explicit || env(environment, 'http_proxy') || '';
  const httpsProxy = explicit || env(environment, 'https_proxy') || httpProxy;
  const noProxy =
    settings.noProxy && settings.noProxy.length > 0 ? settings.noProxy.join(',') : (env(environment, 'no_proxy') ?? '');
  return {
    httpProxy,
    httpsProxy,
    noProxy,
    token: settings.authorization?.trim() || undefined,
    rejectUnauthorized: settings.strictSSL ?? true,
  };
}

/** The proxy URL for a log line: without credentials. */
export function describeProxy(url: string): string {
  if (url === '') {
    return 'none';
  }
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'an unreadable proxy URL';
  }
}
