/** The language server's life: started when the first sitemap opens (no process until then), restarted on request and
 * after a crash (up to CrashHistory's limit), stopped on deactivation; start-up and failures go to the output channel. */
import { extensions, window, workspace, type CancellationToken, type Disposable, type ExtensionContext } from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import type { ServerLauncher } from './clientOptions';
import { TRUST_GRANTED_NOTIFICATION, type ServerAbilities } from '../../../shared/protocol';
import { SERVER_READS_GIT_CONTEXT_KEY, SERVER_READS_PAGES_CONTEXT_KEY, setContextKey, STARTED_CONTEXT_KEY } from '../contextKeys';
import { AppliedEdits } from './appliedEdits';
import { ProblemsFromOtherFiles } from './problemsFromOtherFiles';
import type { SitemapOutput } from '../output';
import { CrashHistory, RESTART_ACTION, SHOW_OUTPUT_ACTION, stoppedNotice, type ServerHealth } from './serverHealth';
import { registerStatusBar, type SitemapStatusBar } from '../status/statusBar';
import { registerSiteRootOffer } from '../commands/siteRootOffer';
import { registerUnmappedPageSources } from '../settings/unmappedPageSources';

/** How long the status bar confirms a restart the user asked for. */
const RESTARTED_MESSAGE_MS = 5_000;
/** Past the workbench's spam window for notifications (800 ms). */
const NOTICE_DELAY_MS = 1_000;


export class SitemapServer implements Disposable {
  private client: LanguageClient | undefined;
  private creating: Promise<LanguageClient> | undefined;
  /** The start, stop or restart in progress: they run one after another. */
  private pending: Promise<void> = Promise.resolve();
  private statusBar: SitemapStatusBar | undefined;
  private starts = 0;
  private currentHealth: ServerHealth = 'starting';
  private readonly crashes = new CrashHistory();
  /** A stop of ours is in progress: the state change it causes is no failure. */
  private stopping = false;
  /** The user asked for a restart: say when it is done. */
  private confirmRestart = false;
  private readonly disposables: Disposable[] = [];
  /** The server's edits as the client applied them (a command whose server stopped reads what it holds). */
  readonly appliedEdits = new AppliedEdits();

  constructor(private readonly context: ExtensionContext, private readonly output: SitemapOutput, private readonly launcher: ServerLauncher) {
    this.disposables.push(workspace.onDidChangeConfiguration((event) => {
      if (this.client !== undefined && event.affectsConfiguration('sitemap')) output.settings('changed');
    }));
    // git may run from now on (the lastmod rules): a server started before the grant hears of it.
    this.disposables.push(workspace.onDidGrantWorkspaceTrust(() => {
      if (this.client?.isRunning()) void this.client.sendNotification(TRUST_GRANTED_NOTIFICATION);
    }));
  }

  get isRunning(): boolean {
    return this.client?.isRunning() ?? false;
  }

  /** How many times the server has reached the running state. */
  get startCount(): number {
    return this.starts;
  }

  get status(): SitemapStatusBar | undefined {
    return this.statusBar;
  }

  get health(): ServerHealth {
    return this.currentHealth;
  }

  /** The running server's process id, as it reports it in its `initialize` answer. */
  get processId(): number | undefined {
    const experimental: unknown = this.client?.initializeResult?.capabilities.experimental;
    const processId = (experimental as { processId?: unknown } | undefined)?.processId;
    return this.isRunning && typeof processId === 'number' ? processId : undefined;
  }

  /** Starts the server unless it runs or is starting. */
  start(): Promise<void> {
    return this.enqueue('Starting the language server', async () => {
      const client = await this.getClient();
      if (client.isRunning()) return;
      await this.startClient(client);
    });
  }

  /** The client, once its server runs (started first if needed), for commands that ask the server. */
  async running(): Promise<LanguageClient> {
    await this.start();
    const client = await this.getClient();
    if (!client.isRunning()) throw new Error('The language server is not running (see Sitemap: Show Output).');
    return client;
  }

  /** Stops the server if it runs, then starts it. */
  restart(): Promise<void> {
    return this.enqueue('Restarting the language server', async () => {
      const client = await this.getClient();
      this.crashes.reset();
      this.confirmRestart = true;
      this.setHealth('restarting');
      if (client.isRunning()) {
        this.output.info('Restarting the language server');
        await this.stopClient(client);
      }
      await this.startClient(client);
    });
  }

  /** Stops the server (deactivation). */
  stop(): Promise<void> {
    return this.enqueue('Stopping the language server', async () => {
      if (this.client?.isRunning()) await this.stopClient(this.client);
    });
  }

  /** Sends one of our own requests (protocol.ts), starting the server first if it is not running; `token` cancels it there. */
  async sendRequest<R>(method: string, params: unknown, token?: CancellationToken): Promise<R> {
    const client = await this.running();
    // Not `sendRequest(method, params, undefined)`: vscode-jsonrpc would send [params, null] as positional parameters.
    return token === undefined ? client.sendRequest<R>(method, params) : client.sendRequest<R>(method, params, token);
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  private enqueue(what: string, task: () => Promise<void>): Promise<void> {
    const run = this.pending.then(task).catch((error: unknown) => {
      // The client has shown its own notification; the log keeps the details.
      this.output.error(`${what} failed`, error);
    });
    this.pending = run;
    return run;
  }

  private async stopClient(client: LanguageClient): Promise<void> {
    this.stopping = true;
    try {
      await client.stop();
    } finally {
      this.stopping = false;
    }
  }

  private async startClient(client: LanguageClient): Promise<void> {
    const version = extensions.getExtension('sitemap-studio.sitemap-studio')?.packageJSON?.version ?? 'unknown';
    this.output.info(`Starting Sitemap Studio ${version}: ${this.launcher.describe(this.context)}`);
    this.output.settings('on start');
    try {
      await client.start();
    } catch (error) {
      this.setHealth('stopped');
      throw error;
    }
    setContextKey(STARTED_CONTEXT_KEY, true);
  }

  private getClient(): Promise<LanguageClient> {
    return (this.creating ??= (async () => {
      const fromOtherFiles = new ProblemsFromOtherFiles();
      const hooks = { onCrash: () => this.crashed(), handleDiagnostics: fromOtherFiles.handle };
      const { client, State } = await this.launcher.create(this.context, this.output.outputChannel, hooks);
      this.context.subscriptions.push(client, fromOtherFiles);
      this.disposables.push(client.onDidChangeState((event) => {
        if (event.newState === State.Running) this.nowRunning();
        else if (event.newState === State.Stopped && event.oldState === State.Running) this.nowStopped();
        if (event.newState !== State.Running) fromOtherFiles.clear();
      }));
      this.disposables.push(this.appliedEdits.handle(client));
      this.client = client;
      this.statusBar = registerStatusBar(this.context, client);
      registerSiteRootOffer(this.context, client);
      registerUnmappedPageSources(this.context, client);
      this.statusBar.setHealth(this.currentHealth);
      return client;
    })());
  }

  private nowRunning(): void {
    this.starts++;
    this.offerServerCommands();
    this.setHealth('running');
    this.output.info(`The language server is running (process ${this.processId ?? 'unknown'})`);
    if (this.confirmRestart) {
      this.confirmRestart = false;
      window.setStatusBarMessage('$(check) Sitemap language server restarted', RESTARTED_MESSAGE_MS);
    }
  }

  /** The palette offers the commands this server runs, as its `initialize` answer says (ServerAbilities). */
  private offerServerCommands(): void {
    const experimental: unknown = this.client?.initializeResult?.capabilities.experimental;
    const abilities = (experimental as { sitemap?: Partial<ServerAbilities> } | undefined)?.sitemap;
    setContextKey(SERVER_READS_PAGES_CONTEXT_KEY, abilities?.pageEdits === true);
    setContextKey(SERVER_READS_GIT_CONTEXT_KEY, abilities?.gitHistory === true);
  }

  /** A stop not caused by a crash (the handler below has decided then) nor by us: the client shut it down. */
  private nowStopped(): void {
    this.output.info('The language server stopped');
    if (this.stopping || this.currentHealth !== 'running') return;
    this.setHealth('stopped');
    this.notifyLater(stoppedNotice());
  }

  /** The connection closed without a stop: restart, or give up and say so with the two ways out. */
  private crashed(): 'restart' | 'give-up' {
    const decision = this.crashes.crashed();
    if (decision === 'restart') {
      this.output.error('The language server stopped unexpectedly; restarting it');
      this.setHealth('restarting');
      return decision;
    }
    const notice = stoppedNotice({ count: this.crashes.count, windowMs: this.crashes.windowMs });
    this.output.error(notice.message);
    this.setHealth('stopped');
    this.notifyLater(notice);
    return decision;
  }

  /**
   * After the library's own error messages of a server that died starting: the workbench shows at most 3 toasts in
   * 800 ms and files the others silently in the notification centre.
   */
  private notifyLater({ message, actions }: { message: string; actions: string[] }): void {
    setTimeout(() => {
      if (this.currentHealth !== 'stopped') return; // restarted meanwhile
      void window.showErrorMessage(message, ...actions).then((choice) => {
        if (choice === RESTART_ACTION) void this.restart();
        else if (choice === SHOW_OUTPUT_ACTION) this.output.show();
      });
    }, NOTICE_DELAY_MS);
  }

  private setHealth(health: ServerHealth): void {
    this.currentHealth = health;
    this.statusBar?.setHealth(health);
  }
}
