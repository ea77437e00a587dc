/** The status bar item of the active sitemap: entries and size against the limits, from the server's `sitemap/status`
 * (the client never re-reads the text); shown for a document the server reports on, and whenever the server is down. */
import {
  Disposable, StatusBarAlignment, ThemeColor, env, window, workspace, type ExtensionContext, type StatusBarItem,
  type TextEditor,
} from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { SPLIT_COMMAND, STATUS_NOTIFICATION, type StatusParams } from '../../../shared/protocol';
import { isServedDocument } from '../languageServer/clientOptions';
import { RESTART_SERVER_COMMAND } from '../commands/commands';
import { describeHealth, type ServerHealth } from '../languageServer/serverHealth';
import { describeStatus, resolveLimits, type StatusLevel } from './statusFormat';
import { setContextKey } from '../contextKeys';

/** What a click does over a limit: Split into Index on the active sitemap. */
export const OVER_LIMIT_COMMAND = SPLIT_COMMAND;

/**
 * Context key holding the active sitemap's kind (`urlset`, `sitemapindex`, `text`, `unknown`; unset while none is
 * active), for the `when` clauses of the commands that apply only to some kinds (Merge only to an index, …).
 */
export const ACTIVE_KIND_CONTEXT_KEY = 'sitemap.activeKind';

const BACKGROUNDS: Record<StatusLevel, ThemeColor | undefined> = {
  normal: undefined,
  warning: new ThemeColor('statusBarItem.warningBackground'),
  error: new ThemeColor('statusBarItem.errorBackground'),
};

/** What the item shows now (for the in-editor tests); `undefined` while it is hidden. */
export interface StatusBarState {
  text: string;
  tooltip: string;
  level: StatusLevel;
  command: string | undefined;
}

export class SitemapStatusBar implements Disposable {
  private readonly item: StatusBarItem;
  /** Latest status per document URI (as `Uri.toString()` gives it). */
  private readonly statuses = new Map<string, StatusParams>();
  private readonly disposables: Disposable[] = [];
  private state: StatusBarState | undefined;
  private activeKind: string | undefined;
  private health: ServerHealth = 'starting';

  constructor(client: LanguageClient) {
    this.item = window.createStatusBarItem('sitemap.status', StatusBarAlignment.Right, 100);
    this.item.name = 'Sitemap Size';
    this.disposables.push(
      this.item,
      client.onNotification(STATUS_NOTIFICATION, (params: StatusParams) => this.received(client, params)),
      window.onDidChangeActiveTextEditor(() => this.update()),
      workspace.onDidCloseTextDocument((document) => {
        this.statuses.delete(document.uri.toString());
        this.update();
      }),
      workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('sitemap.limits')) this.update();
      }),
    );
  }

  get current(): StatusBarState | undefined {
    return this.state;
  }

  /** A server that is not running must never look like a file without problems: the item says so instead. */
  setHealth(health: ServerHealth): void {
    if (health === this.health) return;
    this.health = health;
    if (health === 'stopped' || health === 'restarting') this.statuses.clear(); // a dead server's numbers
    this.update();
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
    this.statuses.clear();
  }

  private received(client: LanguageClient, params: StatusParams): void {
    if (typeof params?.uri !== 'string') return;
    const uri = client.protocol2CodeConverter.asUri(params.uri).toString();
    this.statuses.set(uri, params);
    if (window.activeTextEditor?.document.uri.toString() === uri) this.update();
  }

  private update(editor: TextEditor | undefined = window.activeTextEditor): void {
    const document = editor?.document;
    const served = document !== undefined && isServedDocument(document);
    const status = served ? this.statuses.get(document.uri.toString()) : undefined;
    this.setActiveKind(status?.kind);
    const down = served ? describeHealth(this.health, RESTART_SERVER_COMMAND) : undefined;
    if (down !== undefined) {
      this.show({ text: down.text, tooltip: down.tooltip, level: down.level, command: down.command }, 'Restart Language Server');
    } else if (document !== undefined && status !== undefined) {
      const settings = workspace.getConfiguration('sitemap', document.uri);
      const limits = resolveLimits(settings.get('limits.maxEntries'), settings.get('limits.maxBytes'));
      const view = describeStatus(status, limits, env.language);
      const command = view.overLimit ? OVER_LIMIT_COMMAND : undefined;
      this.show({ text: view.text, tooltip: view.tooltip, level: view.level, command }, 'Split into Index');
    } else {
      this.state = undefined;
      this.item.hide();
    }
  }

  private show(state: StatusBarState, commandTitle: string): void {
    this.item.text = state.text;
    this.item.tooltip = state.tooltip;
    this.item.backgroundColor = BACKGROUNDS[state.level];
    this.item.command = state.command === undefined ? undefined : { command: state.command, title: commandTitle };
    this.item.accessibilityInformation = { label: state.text.replace(/^\$\([\w~-]+\)\s*/, '') };
    this.state = state;
    this.item.show();
  }

  private setActiveKind(kind: string | undefined): void {
    if (kind === this.activeKind) return;
    this.activeKind = kind;
    setContextKey(ACTIVE_KIND_CONTEXT_KEY, kind);
  }
}

export function registerStatusBar(context: ExtensionContext, client: LanguageClient): SitemapStatusBar {
  const statusBar = new SitemapStatusBar(client);
  context.subscriptions.push(statusBar);
  return statusBar;
}
