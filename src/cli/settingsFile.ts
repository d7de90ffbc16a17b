/**
 * The settings a check reads, from the workspace's `.vscode/settings.json` (or the file `--config` names), JSON with
 * comments and trailing commas as VS Code reads it: `affiliateLinks.*` (link health, the SubID and the deeplinks'
 * parameters) and `files.exclude`/`search.exclude` over VS Code's defaults. Unset settings take the extension's
 * defaults; a setting of the wrong type or value is named, with what was used instead.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, printParseErrorCode, stripComments, type ParseError } from 'jsonc-parser';
import { DEFAULT_SEVERITIES, HEALTH_CODES, type HealthCode, type HealthSeverity } from '../health/healthCodes';
import { DEFAULT_HEALTH_OPTIONS, type LinkHealthSettings } from '../health/healthRules';
import { LINK_HEALTH_RULE_SETTINGS, SETTINGS } from '../ids';
import { DEFAULT_DEEPLINK_OPTIONS } from '../links/deeplink';
import type { ExcludeSettings } from '../siteDisk/siteFileSelection';

/** What a check reads of the settings: link health's (as `readLinkHealthSettings` gives them) and the excludes. */
export interface CheckSettings extends LinkHealthSettings {
  exclude: ExcludeSettings;
}

export type SettingsRead =
  | { ok: true; settings: CheckSettings; file: string | undefined; notes: string[] }
  | { ok: false; problem: string };

/** `affiliateLinks.linkHealth.disclosureSnippet`'s default, as package.json contributes it. */
export const DEFAULT_DISCLOSURE_SNIPPET =
  '*This article contains affiliate links: we may earn a commission when you buy through them.*';

/** VS Code's own defaults of the excludes (1.100), which a workspace's values are merged over. */
export const VSCODE_FILES_EXCLUDE: Readonly<Record<string, boolean>> = {
  '**/.git': true,
  '**/.svn': true,
  '**/.hg': true,
  '**/.DS_Store': true,
  '**/Thumbs.db': true,
};
export const VSCODE_SEARCH_EXCLUDE: Readonly<Record<string, boolean>> = {
  '**/node_modules': true,
  '**/bower_components': true,
  '**/*.code-search': true,
};

const SEVERITIES: readonly HealthSeverity[] = ['error', 'warning', 'info', 'hint', 'off'];

/** The settings' values by dotted name, read as VS Code reads them: `"a.b": 1` and `"a": { "b": 1 }` alike. */
class SettingValues {
  private readonly tree: Record<string, unknown> = Object.create(null);

  constructor(top: Record<string, unknown>) {
    for (const [key, value] of Object.entries(top)) {
      if (key.startsWith('[')) {
        continue; // a language's overrides: not read by link health
      }
      const parts = key.split('.');
      let node = this.tree;
      for (const part of parts.slice(0, -1)) {
        const next = node[part];
        node = isObject(next) ? next : (node[part] = Object.create(null) as Record<string, unknown>);
      }
      const last = parts.at(-1)!;
      node[last] = isObject(node[last]) && isObject(value) ? { ...node[last], ...value } : value;
    }
  }

  get(name: string): unknown {
    let node: unknown = this.tree;
    for (const part of name.split('.')) {
      if (!isObject(node) || !Object.hasOwn(node, part)) {
        return undefined;
      }
      node = node[part];
    }
    return node;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the values of one settings file, noting each bad one and what was used instead. */
class SettingsReader {
  readonly notes: string[] = [];

  constructor(
    private readonly values: SettingValues,
    private readonly file: string,
  ) {}

  private bad(name: string, value: unknown, used: unknown, what: string): void {
    this.notes.push(
      `${this.file}: ${name} is ${JSON.stringify(value)}, not ${what}: ${JSON.stringify(used)} was used instead`,
    );
  }

  string(name: string, fallback: string): string {
    const value = this.values.get(name);
    if (value === undefined || typeof value === 'string') {
      return (value ?? fallback).trim();
    }
    this.bad(name, value, fallback, 'a string');
    return fallback;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.values.get(name);
    if (value === undefined || typeof value === 'boolean') {
      return value ?? fallback;
    }
    this.bad(name, value, fallback, 'true or false');
    return fallback;
  }

  /** A list of strings; an item that is not one is left out (and noted). */
  strings(name: string, fallback: readonly string[]): string[] {
    const value = this.values.get(name);
    if (value === undefined) {
      return [...fallback];
    }
    if (!Array.isArray(value)) {
      this.bad(name, value, fallback, 'a list of strings');
      return [...fallback];
    }
    const kept = value.filter((item): item is string => typeof item === 'string');
    if (kept.length < value.length) {
      this.bad(name, value, kept, 'a list of strings');
    }
    return kept;
  }

  severity(name: string, fallback: HealthSeverity): HealthSeverity {
    const value = this.values.get(name);
    const severity = SEVERITIES.find((candidate) => candidate === value);
    if (value !== undefined && severity === undefined) {
      this.bad(name, value, fallback, `one of ${SEVERITIES.join(', ')}`);
    }
    return severity ?? fallback;
  }

  /** An exclude setting: globs to true or false, over VS Code's defaults. */
  globs(name: string, defaults: Readonly<Record<string, boolean>>): Record<string, unknown> {
    const value = this.values.get(name);
    if (value === undefined) {
      return { ...defaults };
    }
    if (!isObject(value)) {
      this.bad(name, value, defaults, 'an object of globs');
      return { ...defaults };
    }
    return { ...defaults, ...value };
  }
}

/** A setting's name in `SETTINGS` is `affiliateLinks.…`: the file is read by those very names. */
function settingsOf(reader: SettingsReader): CheckSettings {
  const severities = {} as Record<HealthCode, HealthSeverity>;
  for (const code of HEALTH_CODES) {
    severities[code] = reader.severity(LINK_HEALTH_RULE_SETTINGS[code], DEFAULT_SEVERITIES[code]);
  }
  return {
    enabled: reader.boolean(SETTINGS.linkHealthEnabled, true),
    include: reader.strings(SETTINGS.linkHealthInclude, []),
    severities,
    options: {
      deeplink: {
        urlParameter: reader.string(SETTINGS.deeplinkUrlParameter, DEFAULT_DEEPLINK_OPTIONS.urlParameter),
        subIdParameter: reader.string(SETTINGS.deeplinkSubIdParameter, DEFAULT_DEEPLINK_OPTIONS.subIdParameter),
      },
      ignoredLinks: reader.strings(SETTINGS.linkHealthIgnoredLinks, []),
      relSponsoredInMarkdown: reader.boolean(SETTINGS.linkHealthRelSponsoredInMarkdown, false),
      disclosurePatterns: reader.strings(
        SETTINGS.linkHealthDisclosurePatterns,
        DEFAULT_HEALTH_OPTIONS.disclosurePatterns,
      ),
    },
    disclosureSnippet: reader.string(SETTINGS.linkHealthDisclosureSnippet, DEFAULT_DISCLOSURE_SNIPPET),
    subIdTemplate: reader.string(SETTINGS.subId, ''),
    exclude: {
      files: reader.globs('files.exclude', VSCODE_FILES_EXCLUDE),
      search: reader.globs('search.exclude', VSCODE_SEARCH_EXCLUDE),
    },
  };
}

/** The settings of a text (JSON with comments), or the first syntax error, at its line and column. */
export function readSettingsText(text: string, name: string): SettingsRead {
  if (stripComments(text).trim() === '') {
    text = '{}'; // nothing but comments: no settings, as VS Code reads it
  }
  const errors: ParseError[] = [];
  const top: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const { error, offset } = errors[0]!;
    const before = text.slice(0, offset).split('\n');
    return {
      ok: false,
      problem: `${name} is not valid JSON with comments: ${printParseErrorCode(error)} at line ${before.length}, column ${before.at(-1)!.length + 1}. Fix the file, or name another with --config`,
    };
  }
  if (top !== undefined && !isObject(top)) {
    return { ok: false, problem: `${name} holds no object of settings. Fix the file, or name another with --config` };
  }
  const reader = new SettingsReader(new SettingValues(top ?? {}), name);
  const settings = settingsOf(reader);
  return { ok: true, settings, file: name, notes: reader.notes };
}

/** The workspace's settings file under `root`, or the file `--config` named (relative to `cwd`). */
export async function readSettingsFile(root: string, config: string | undefined, cwd: string): Promise<SettingsRead> {
  const file = config === undefined ? path.join(root, '.vscode', 'settings.json') : path.resolve(cwd, config);
  const name = config ?? path.relative(cwd, file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (config === undefined && code === 'ENOENT') {
      const reader = new SettingsReader(new SettingValues({}), name);
      return { ok: true, settings: settingsOf(reader), file: undefined, notes: [] };
    }
    return {
      ok: false,
      problem: `cannot read the settings file ${name} (${code ?? String(error)})${config === undefined ? '' : ': check the path given to --config'}`,
    };
  }
  return readSettingsText(text, name);
}
