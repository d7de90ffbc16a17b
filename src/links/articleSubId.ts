/** An article file's SubID variables, and the articles to which a template gives one SubID together. */
import * as path from 'node:path';
import { frontMatterOf } from './frontMatter';
import { expandSubId, type SubIdVariables } from './subId';

export interface ArticleFile {
  /** The file's path, with `/` between folders (a URI's path). */
  path: string;
  /** Its text, or just its beginning: only the front matter is read, and only when the template uses it. */
  text?: string;
  /** Its front matter's values, read before (a closed file's, kept by the site index): used instead of `text`. */
  frontMatter?: Readonly<Record<string, string>>;
}

export interface SubIdPlace {
  workspaceFolderBasename?: string;
  date: Date;
}

/** Whether the template names something of the file: only then can articles differ in SubID. */
export function usesFileVariables(template: string): boolean {
  return /\$\{(?:fileBasenameNoExtension|fileDirnameBasename|frontMatter:[^}]*)\}/.test(template);
}

/** Whether the template reads the front matter (so the file's text is needed). */
export function usesFrontMatter(template: string): boolean {
  return template.includes('${frontMatter:');
}

/** The front matter keys the template reads (`${frontMatter:KEY}` and `${frontMatter:KEY:FALLBACK}`), sorted. */
export function frontMatterKeys(template: string): string[] {
  const keys = new Set([...template.matchAll(/\$\{frontMatter:([A-Za-z0-9_-]+)[^}]*\}/g)].map((match) => match[1]!));
  return [...keys].sort();
}

/** The values of `keys` in the text's front matter (those it has). */
export function frontMatterValues(text: string, keys: readonly string[]): Record<string, string> {
  const all = frontMatterOf(text);
  const values = Object.create(null) as Record<string, string>;
  for (const key of keys) {
    const value = all.get(key);
    if (value !== undefined) {
      values[key] = value;
    }
  }
  return values;
}

/** The variables of a file for expandSubId: its name, its folder's name and its front matter. */
export function articleSubIdVariables(
  template: string,
  file: ArticleFile | undefined,
  place: SubIdPlace,
): SubIdVariables {
  const parsed = file === undefined ? undefined : path.posix.parse(file.path);
  return {
    fileBasenameNoExtension: parsed?.name || undefined,
    fileDirnameBasename: parsed === undefined ? undefined : path.posix.basename(parsed.dir) || undefined,
    workspaceFolderBasename: place.workspaceFolderBasename,
    frontMatter: !usesFrontMatter(template)
      ? undefined
      : file?.frontMatter !== undefined
        ? new Map(Object.entries(file.frontMatter))
        : file?.text !== undefined
          ? frontMatterOf(file.text)
          : undefined,
    date: place.date,
  };
}

export interface SubIdCollision {
  subId: string;
  /** The files given it, in the order they were passed (two at least). */
  paths: string[];
}

/**
 * The SubIDs the template gives to more than one of the files, most files first: with
 * `${fileBasenameNoExtension}`, every page bundle's `index.md` is `index`. Nothing for a template
 * that names nothing of the file (one SubID for the site is a choice, not a clash), and nothing
 * for a file the template cannot expand for (Insert Deeplink reports that one itself).
 */
export function subIdCollisions(template: string, files: readonly ArticleFile[], place: SubIdPlace): SubIdCollision[] {
  if (!usesFileVariables(template)) {
    return [];
  }
  const bySubId = new Map<string, string[]>();
  for (const file of files) {
    const result = expandSubId(template, articleSubIdVariables(template, file, place));
    if (result.ok && result.subId !== undefined) {
      const paths = bySubId.get(result.subId);
      if (paths === undefined) {
        bySubId.set(result.subId, [file.path]);
      } else {
        paths.push(file.path);
      }
    }
  }
  return [...bySubId]
    .filter(([, paths]) => paths.length > 1)
    .map(([subId, paths]) => ({ subId, paths }))
    .sort((a, b) => b.paths.length - a.paths.length || (a.subId < b.subId ? -1 : 1));
}
