/** Warns when the SubID setting gives several articles of a workspace folder one SubID: at start and when the setting changes. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable } from '../common/lifecycle';
import { subIdCollisions, usesFileVariables, usesFrontMatter, type ArticleFile } from '../links/articleSubId';
import { SETTINGS } from '../ids';
import type { ShowWarning } from '../prompts/catalogBreakagePrompts';
import { warnSubIdCollisions } from '../prompts/subIdPrompts';
import { readLinkSettings } from '../settings/linkSettings';

const ARTICLES = '**/*.{md,mdx,html}';
const EXCLUDE = '**/node_modules/**';
const MAX_FILES = 20_000;
/** What is read of a file for its front matter. */
const HEAD_BYTES = 8192;
const BATCH = 64;
/** After activation (nothing is read while the window opens), and after the setting changes. */
const AT_START_MS = 8000;
const AFTER_CHANGE_MS = 1000;

export class SubIdCollisionCheck extends Disposable {
  private readonly delayer = this._register(new Delayer(AFTER_CHANGE_MS));
  /** Folder and template already warned about: each is said once a session. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly log?: { warn(message: string): void },
    /** Where the warning is shown (the window's warning, unless under test). */
    private readonly showWarning?: ShowWarning,
  ) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(SETTINGS.subId)) {
          this.delayer.trigger(() => void this.check());
        }
      }),
    );
    this.delayer.trigger(() => void this.check(), AT_START_MS);
  }

  /** Checks each workspace folder; warns of the first folder with collisions not warned about yet. */
  async check(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const template = readLinkSettings(folder.uri).subIdTemplate;
      const key = `${folder.uri.toString()}\n${template}`;
      if (!usesFileVariables(template) || this.warned.has(key)) {
        continue;
      }
      try {
        const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, ARTICLES), EXCLUDE, MAX_FILES);
        const files = await this.read(uris, usesFrontMatter(template));
        const place = { workspaceFolderBasename: path.posix.basename(folder.uri.path), date: new Date() };
        const collisions = subIdCollisions(template, files, place);
        if (collisions.length > 0 && !this.warned.has(key)) {
          this.warned.add(key);
          const byPath = new Map(uris.map((uri) => [uri.path, uri]));
          const relative = (p: string) => vscode.workspace.asRelativePath(byPath.get(p) ?? p, false);
          warnSubIdCollisions(collisions, relative, this.showWarning);
          return;
        }
      } catch (error) {
        this.log?.warn(`SubID collision check of ${folder.name} failed: ${(error as Error).message}`);
      }
    }
  }

  /** The files' paths, with the start of their text when the front matter is needed. */
  private async read(uris: readonly vscode.Uri[], frontMatter: boolean): Promise<ArticleFile[]> {
    if (!frontMatter) {
      return uris.map((uri) => ({ path: uri.path }));
    }
    const decoder = new TextDecoder();
    const files: ArticleFile[] = [];
    for (let at = 0; at < uris.length; at += BATCH) {
      const batch = uris.slice(at, at + BATCH);
      const texts = await Promise.all(
        batch.map((uri) =>
          vscode.workspace.fs.readFile(uri).then(
            (bytes) => decoder.decode(bytes.subarray(0, HEAD_BYTES)),
            () => undefined,
          ),
        ),
      );
      batch.forEach((uri, i) => files.push({ path: uri.path, text: texts[i] }));
    }
    return files;
  }
}
