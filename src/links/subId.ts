/** The SubID from the setting affiliateLinks.subId: a template whose variables are filled in, then checked. */
import * as l10n from '@vscode/l10n';
import { SETTINGS } from '../ids';
import { quote } from './linkResult';

/** Values for the template's variables; a missing or empty one cannot be used. */
export interface SubIdVariables {
  fileBasenameNoExtension?: string;
  /** The name of the file's folder: `my-post` for `posts/my-post/index.md` (a page bundle). */
  fileDirnameBasename?: string;
  workspaceFolderBasename?: string;
  /** The document's front matter (see frontMatter.ts), for `${frontMatter:KEY}`. */
  frontMatter?: ReadonlyMap<string, string>;
  date: Date;
}

/** The SubID (undefined for none), or a message saying why the setting cannot be used. */
export type SubIdResult = { ok: true; subId: string | undefined } | { ok: false; message: string };

/** The longest SubID accepted. */
export const SUB_ID_MAX_LENGTH = 100;

const SETTING = SETTINGS.subId;
const VARIABLE = /\$\{([^}]*)\}/g;
const ALLOWED = /^[A-Za-z0-9_-]+$/;
const KNOWN = ['fileBasenameNoExtension', 'fileDirnameBasename', 'workspaceFolderBasename', 'date'] as const;
type Known = (typeof KNOWN)[number];
/** `frontMatter:KEY`, or `frontMatter:KEY:VARIABLE` with one of KNOWN as the fallback. */
const FRONT_MATTER = /^frontMatter:([A-Za-z0-9_-]+)(?::([A-Za-z]+))?$/;
/** How the variables are named in messages: `${frontMatter:KEY}` stands for any key. */
const NAMED = [
  '${fileBasenameNoExtension}',
  '${fileDirnameBasename}',
  '${frontMatter:KEY}',
  '${workspaceFolderBasename}',
  '${date}',
];

/** The setting uses a variable that has no value now: what is missing, and what to do about it. */
function missingValue(name: Known): string {
  const variable = `\${${name}}`;
  switch (name) {
    case 'fileBasenameNoExtension':
    case 'fileDirnameBasename':
      return l10n.t({
        message: 'The setting {0} uses {1}, but no file is open. Open a file and try again, or change the setting.',
        args: [SETTING, variable],
        comment: ['{1}: a variable, not translated.'],
      });
    case 'workspaceFolderBasename':
      return l10n.t({
        message:
          'The setting {0} uses {1}, but no workspace folder is open. Open a folder and try again, or change the setting.',
        args: [SETTING, variable],
        comment: ['{1}: a variable, not translated.'],
      });
    case 'date':
      return l10n.t({
        message: 'The setting {0} uses {1}, but the date is not known. Try again, or change the setting.',
        args: [SETTING, variable],
        comment: ['{1}: a variable, not translated.'],
      });
  }
}

function isKnown(name: string): name is Known {
  return (KNOWN as readonly string[]).includes(name);
}

/** A front-matter variable's key has no value and no fallback was given. */
function missingFrontMatter(name: string, key: string): string {
  return l10n.t({
    message:
      "The setting {0} uses {1}, but this file's front matter has no {2}. Add {2} to the front matter, or give a fallback such as {3}.",
    args: [SETTING, `\${${name}}`, quote(key), `\${frontMatter:${key}:fileDirnameBasename}`],
    comment: ['{1}, {3}: variables, not translated; {2}: a front matter key.'],
  });
}

/** Whether the variable's name is one expandSubId knows: a plain variable or a well-formed front-matter one. */
function isKnownVariable(name: string): boolean {
  const frontMatter = FRONT_MATTER.exec(name);
  return isKnown(name) || (frontMatter !== null && (frontMatter[2] === undefined || isKnown(frontMatter[2])));
}

function localDate(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * Expands `${fileBasenameNoExtension}`, `${fileDirnameBasename}` (the file's folder, which names
 * a page bundle's article: `posts/my-post/index.md`), `${workspaceFolderBasename}`, `${date}`
 * (local date, YYYY-MM-DD) and `${frontMatter:KEY}` (the front matter's top-level KEY) in the
 * setting affiliateLinks.subId and checks the result: ASCII letters,
 * digits, `_` and `-` only, at most 100 characters. Empty template or empty result →
 * `{ ok: true, subId: undefined }`. A variable with no value, an unknown `${x}` or a bad
 * result → a message saying which and what to change. `${date}` is the day the user sees, as VS
 * Code's own date snippet variables do; "letters" are ASCII: networks reject or mangle anything else.
 *
 * `${frontMatter:KEY:VARIABLE}` falls back to another variable when the front matter has no KEY
 * (`${frontMatter:slug:fileDirnameBasename}`). Without a fallback a missing KEY is reported, not
 * replaced by a guess: a published SubID credits clicks for good, so the article that lacks the
 * key is named (Insert Deeplink says so) rather than given, say, `index` like every page bundle.
 */
export function expandSubId(template: string, variables: SubIdVariables): SubIdResult {
  const used = [...new Set(Array.from(template.matchAll(VARIABLE), (match) => match[1] ?? ''))];
  const unknown = used.filter((name) => !isKnownVariable(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => quote(`\${${name}}`)).join(', ');
    return {
      ok: false,
      message:
        unknown.length === 1
          ? l10n.t({
              message:
                'The setting {0} uses {1}, which is not a known variable. Use {2}, {3}, {4}, {5} or {6}, or change the setting.',
              args: [SETTING, names, ...NAMED],
              comment: ['{1} to {6}: variables, not translated.'],
            })
          : l10n.t({
              message:
                'The setting {0} uses {1}, which are not known variables. Use {2}, {3}, {4}, {5} or {6}, or change the setting.',
              args: [SETTING, names, ...NAMED],
              comment: ['{1} to {6}: variables, not translated.'],
            }),
    };
  }
  const plain: Record<Known, string | undefined> = {
    fileBasenameNoExtension: variables.fileBasenameNoExtension,
    fileDirnameBasename: variables.fileDirnameBasename,
    workspaceFolderBasename: variables.workspaceFolderBasename,
    date: localDate(variables.date),
  };
  const values = new Map<string, string>();
  for (const name of used) {
    const frontMatter = FRONT_MATTER.exec(name);
    const own = frontMatter === null ? undefined : variables.frontMatter?.get(frontMatter[1])?.trim();
    const fallback = frontMatter === null ? (name as Known) : (frontMatter[2] as Known | undefined);
    const value = own || (fallback === undefined ? undefined : plain[fallback]);
    if (!value) {
      return {
        ok: false,
        message: fallback === undefined ? missingFrontMatter(name, frontMatter![1]) : missingValue(fallback),
      };
    }
    values.set(name, value);
  }
  const subId = template.replace(VARIABLE, (_match, name: string) => values.get(name) ?? '').trim();
  if (subId === '') {
    return { ok: true, subId: undefined };
  }
  if (!ALLOWED.test(subId)) {
    return {
      ok: false,
      message: l10n.t(
        'The SubID {0} made from the setting {1} has characters that are not allowed. A SubID may hold only letters A-Z and a-z, digits, "_" and "-"; change the setting {1}.',
        quote(subId),
        SETTING,
      ),
    };
  }
  if (subId.length > SUB_ID_MAX_LENGTH) {
    return {
      ok: false,
      message: l10n.t(
        'The SubID {0} made from the setting {1} has {2} characters, more than the {3} allowed. Shorten the setting {1}.',
        quote(subId),
        SETTING,
        subId.length,
        SUB_ID_MAX_LENGTH,
      ),
    };
  }
  return { ok: true, subId };
}
