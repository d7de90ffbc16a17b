/**
 * The report panel's content security policy, checked as a policy: what a page must hold for
 * its CSP to be the strict one the README promises. Shared by the unit test (the page as
 * rendered) and the integration test (the page VS Code was given), so both judge alike.
 *
 * A page passes when: it has one CSP meta element, which gives each directive once (browsers
 * enforce the first of a directive given twice); `default-src 'none'`; scripts only by one nonce
 * of at least 128 bits, which every script element that runs carries; no `unsafe-*` keyword,
 * wildcard, scheme or host source anywhere; no `connect-src` (nor any directive but script,
 * style, font and img sources); styles and fonts only from the webview's own source, images
 * from it and `data:`.
 */

/**
 * The directives the panel may have, and the sources each may list besides a nonce for scripts.
 * `webview.cspSource` is itself a list (in VS Code 1.100: `'self' https://*.vscode-cdn.net`), the
 * webview's own origins, wildcard included: its sources are allowed as they are, and only them.
 */
const ALLOWED: Record<string, (cspSource: string) => readonly string[]> = {
  'default-src': () => ["'none'"],
  'script-src': () => [],
  'style-src': (cspSource) => cspSource.split(/\s+/),
  'font-src': (cspSource) => cspSource.split(/\s+/),
  'img-src': (cspSource) => [...cspSource.split(/\s+/), 'data:'],
};

/** The policy in the page's CSP meta element(s), decoded from the attribute. */
export function cspPolicies(html: string): string[] {
  const metas = html.match(/<meta\s[^>]*http-equiv="Content-Security-Policy"[^>]*>/gi) ?? [];
  return metas.map((meta) =>
    (/\scontent="([^"]*)"/.exec(meta)?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

/** The policy's directives, split as browsers split them: name (lower case) → sources, in order. */
function parsedDirectives(policy: string): Array<[name: string, sources: string[]]> {
  const parsed: Array<[string, string[]]> = [];
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      parsed.push([name.toLowerCase(), sources]);
    }
  }
  return parsed;
}

/**
 * The directives a browser enforces: name → sources, in order. A directive named again is
 * ignored, as browsers do (CSP 3, "parse a serialized CSP": the first one wins).
 */
export function cspDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const [name, sources] of parsedDirectives(policy)) {
    if (!directives.has(name)) {
      directives.set(name, sources);
    }
  }
  return directives;
}

/** The names of directives the policy gives more than once, each once, in order. */
export function repeatedDirectives(policy: string): string[] {
  const names = parsedDirectives(policy).map(([name]) => name);
  return [...new Set(names.filter((name, at) => names.indexOf(name) !== at))];
}

/** The nonce of `script-src`, or undefined. */
export function scriptNonce(html: string): string | undefined {
  const policy = cspPolicies(html)[0];
  const source = policy === undefined ? undefined : cspDirectives(policy).get('script-src')?.[0];
  return source === undefined ? undefined : /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/.exec(source)?.[1];
}

/** Every way the page's policy is looser than the strict one; empty when it is that policy. */
export function strictCspProblems(html: string, cspSource: string): string[] {
  const policies = cspPolicies(html);
  if (policies.length !== 1) {
    return [`the page has ${policies.length} CSP meta elements, not one`];
  }
  const problems: string[] = [];
  // Browsers enforce a directive's first occurrence; one written twice is a policy nobody reads right.
  for (const name of repeatedDirectives(policies[0]!)) {
    problems.push(`${name} is given more than once (browsers enforce the first and ignore the others)`);
  }
  const directives = cspDirectives(policies[0]!);
  for (const [name, sources] of directives) {
    const allowed = ALLOWED[name];
    if (allowed === undefined) {
      problems.push(`${name} is not allowed (the panel needs only ${Object.keys(ALLOWED).join(', ')})`);
      continue;
    }
    for (const source of sources) {
      if (allowed(cspSource).includes(source)) {
        continue;
      }
      if (/^'unsafe-/i.test(source) || source.includes('*') || source === "'strict-dynamic'") {
        problems.push(`${name} allows ${source}`);
      } else if (name !== 'script-src') {
        problems.push(`${name} allows ${source}, beyond ${allowed(cspSource).join(' ')}`);
      }
    }
  }
  if (directives.get('default-src')?.join(' ') !== "'none'") {
    problems.push(`default-src is ${JSON.stringify(directives.get('default-src')?.join(' '))}, not 'none'`);
  }
  const scriptSources = directives.get('script-src') ?? [];
  const nonce = scriptNonce(html);
  if (scriptSources.length !== 1 || nonce === undefined) {
    problems.push(`script-src is ${JSON.stringify(scriptSources.join(' '))}, not one nonce`);
  } else if (Buffer.from(nonce, 'base64').length < 16) {
    problems.push(`the nonce has ${Buffer.from(nonce, 'base64').length * 8} bits, fewer than 128`);
  }
  // Every script element that runs carries the policy's nonce; a data block (type=application/json) does not run.
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\stype="application\/json"/i.test(tag)) {
      continue;
    }
    const carried = /\snonce="([^"]*)"/i.exec(tag)?.[1];
    if (nonce === undefined || carried !== nonce) {
      problems.push(`${tag} does not carry the policy's nonce`);
    }
  }
  return problems;
}
