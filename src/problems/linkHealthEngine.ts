/**
 * The link health rules of the catalog shown now and of the settings: made again when either changes, and
 * absent while there is no catalog (the cache only: nothing here asks the service).
 */
import * as vscode from 'vscode';
import { Delayer } from '../common/delayer';
import { Disposable } from '../common/lifecycle';
import { Sequencer } from '../common/sequencer';
import { LinkHealthRules } from '../health/healthRules';
import type { CatalogController } from '../controllers/catalogController';
import type { MerchantLinkIndex } from '../controllers/merchantLinkIndex';
import type { LinkHealthSettings } from '../health/healthRules';
import { affectsLinkHealthRules, readLinkHealthSettings } from '../settings/linkHealthSettings';
import { frontMatterKeys, frontMatterValues, usesFrontMatter } from '../links/articleSubId';
import { subIdFor, subIdOfFile } from '../settings/linkSettings';
import type { SiteReader } from '../site/siteIndexer';

export class LinkHealthEngine extends Disposable {
  private rulesNow: LinkHealthRules | undefined;
  private settingsNow: LinkHealthSettings = readLinkHealthSettings();
  /** One rebuild at a time, in the order asked. */
  private readonly rebuilds = new Sequencer();
  /** A sync changes the catalog page by page: the rules are made again once it pauses. */
  private readonly later = this._register(new Delayer(200));
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** The rules or the settings changed: every file's findings may have. */
  readonly onDidChange = this.changed.event;

  constructor(
    controller: CatalogController,
    private readonly links: MerchantLinkIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    // A store replaced, or a change of the store shown.
    this._register(controller.onDidChangeCatalog(() => this.refresh()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (affectsLinkHealthRules(event)) {
          this.settingsNow = readLinkHealthSettings();
          this.refresh();
        }
      }),
    );
    this.refresh();
  }

  /** The rules, or undefined while no catalog is loaded. */
  get rules(): LinkHealthRules | undefined {
    return this.rulesNow;
  }

  get settings(): LinkHealthSettings {
    return this.settingsNow;
  }

  /** What the site index keeps of a text with these rules (their disclosure phrases). */
  get reader(): SiteReader | undefined {
    const rules = this.rulesNow;
    const keys = frontMatterKeys(this.settingsNow.subIdTemplate);
    return (
      rules && {
        readKey: JSON.stringify({ disclosure: rules.options.disclosurePatterns, frontMatter: keys }),
        disclosureEnd: (text) => rules.disclosureEnd(text),
        frontMatter: keys.length === 0 ? undefined : (text) => frontMatterValues(text, keys),
      }
    );
  }

  /**
   * The SubID the deeplinks of a file should carry (the SubID setting's template for it), if any: an open
   * file's from its text, a closed file's from the front matter values the index kept of it.
   */
  expectedSubId(
    uri: vscode.Uri,
    document?: vscode.TextDocument,
    frontMatter?: Readonly<Record<string, string>>,
  ): string | undefined {
    const template = this.settingsNow.subIdTemplate;
    // An entry read before the template used front matter has none: it is read again with the new template.
    if (template === '' || (document === undefined && usesFrontMatter(template) && frontMatter === undefined)) {
      return undefined;
    }
    const result = document !== undefined ? subIdFor(document, template) : subIdOfFile(uri, template, frontMatter);
    return result.ok ? result.subId : undefined;
  }

  private refresh(): void {
    this.later.trigger(() => {
      void this.rebuilds
        .queue(() => this.rebuild())
        .catch((error: unknown) => {
          this.log.error(`Link health: could not load the merchant domain index: ${String(error)}`);
        });
    });
  }

  private async rebuild(): Promise<void> {
    const index = await this.links.current();
    const rules = index && new LinkHealthRules({ index }, this.settingsNow.options);
    if (rules === undefined && this.rulesNow === undefined) {
      return;
    }
    this.rulesNow = rules;
    this.changed.fire();
  }
}
