/** The SubID from the setting affiliateLinks.subId: a template whose variables are filled in, then checked. */
import * as l10n from '@vscode/l10n';
import { SETTINGS } from '../ids';
import { quote } from './linkResult';

/** Values for the template's variables; a missing or empty one cannot be used. */
export interface SubIdVariables {
  fileBasenameNoExtension?: string;
  workspaceFolderBasename?: string;
  date: Date;
}

/** The SubID (undefined for none), or a message saying why the setting cannot be used. */
export type SubIdResult = { ok: true; subId: string | undefined } | { ok: false; message: string };

/** The longest SubID accepted. */
export const SUB_ID_MAX_LENGTH = 100;

const SETTING = SETTINGS.subId;
const VARIABLE = /\$\{([^}]*)\}/g;
const ALLOWED = /^[A-Za-z0-9_-]+$/;
const KNOWN = ['fileBasenameNoExtension', 'workspaceFolderBasename', 'date'] as const;
type Known = (typeof KNOWN)[number];

/** The setting uses a variable that has no value now: what is missing, and what to do about it. */
function missingValue(name: Known): string {
  const variable = `\${${name}}`;
  switch (name) {
    case 'fileBasenameNoExtension':
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

function localDate(date: Date): string | undefined {
  if (Number.isNaN(date.getTime())) {
    return undefined;
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * Expands `${fileBasenameNoExtension}`, `${workspaceFolderBasename}` and `${date}` (local
 * date, YYYY-MM-DD) in the setting affiliateLinks.subId and checks the result: ASCII letters,
 * digits, `_` and `-` only, at most 100 characters. Empty template or empty result →
 * `{ ok: true, subId: undefined }`. A variable with no value, an unknown `${x}` or a bad
 * result → a message saying which and what to change. `${date}` is the day the user sees, as VS
 * Code's own date snippet variables do; "letters" are ASCII: networks reject or mangle anything else.
 */
export function expandSubId(template: string, variables: SubIdVariables): SubIdResult {
  const used = [...new Set(Array.from(template.matchAll(VARIABLE), (match) => match[1] ?? ''))];
  const unknown = used.filter((name) => !isKnown(name));
  if (unknown.length > 0) {
    const names = unknown.map((name) => quote(`\${${name}}`)).join(', ');
    const known = KNOWN.map((name) => `\${${name}}`);
    return {
      ok: false,
      message:
        unknown.length === 1
          ? l10n.t({
              message:
                'The setting {0} uses {1}, which is not a known variable. Use {2}, {3} or {4}, or change the setting.',
              args: [SETTING, names, ...known],
              comment: ['{1} to {4}: variables, not translated.'],
            })
          : l10n.t({
              message:
                'The setting {0} uses {1}, which are not known variables. Use {2}, {3} or {4}, or change the setting.',
              args: [SETTING, names, ...known],
              comment: ['{1} to {4}: variables, not translated.'],
            }),
    };
  }
  const values: Record<Known, string | undefined> = {
    fileBasenameNoExtension: variables.fileBasenameNoExtension,
    workspaceFolderBasename: variables.workspaceFolderBasename,
    date: localDate(variables.date),
  };
  const missing = used.filter(isKnown).find((name) => !values[name]);
  if (missing !== undefined) {
    return { ok: false, message: missingValue(missing) };
  }
  const subId = template.replace(VARIABLE, (_match, name: Known) => values[name] ?? '').trim();
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
