/**
 * The language server's life: started when the first sitemap opens (lazily: no process until then), restarted on
 * request (`sitemap.restartServer`, which also starts a stopped or never-started server), stopped on deactivation.
 * Start-up, settings and failures go to the output channel.
 */
import { commands, env, extensions, workspace, type Disposable, type ExtensionContext } from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createLanguageClient, SERVER_BUNDLE } from './client';
import type { SitemapOutput } from './output';
import { registerStatusBar, type SitemapStatusBar } from './statusBar';

/** Context key: a server has been started in this window (the command palette offers Restart then). */
export const STARTED_CONTEXT_KEY = 'sitemap.serverStarted';

export class SitemapServer implements Disposable {
  private client: LanguageClient | undefined;
  private creating: Promise<LanguageClient> | undefined;
  /** The start, stop or restart in progress: they run one after another. */
  private pending: Promise<void> = Promise.resolve();
  private statusBar: SitemapStatusBar | undefined;
  private starts = 0;
  private readonly disposables: Disposable[] = [];

  constructor(private readonly context: ExtensionContext, private readonly output: SitemapOutput) {
    this.disposables.push(workspace.onDidChangeConfiguration((event) => {
      if (this.client !== undefined && event.affectsConfiguration('sitemap')) output.settings('changed');
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
      if (client.isRunning()) {
        this.output.info('Restarting the language server');
        await client.stop();
      }
      await this.startClient(client);
    });
  }

  /** Stops the server (deactivation). */
  stop(): Promise<void> {
    return this.enqueue('Stopping the language server', async () => {
      if (this.client?.isRunning()) await this.client.stop();
    });
  }

  /** Sends one of our own requests (protocol.ts), starting the server first if it is not running. */
  async sendRequest<R>(method: string, params: unknown): Promise<R> {
    return (await this.running()).sendRequest<R>(method, params);
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

  private async startClient(client: LanguageClient): Promise<void> {
    const version = extensions.getExtension('sitemap-studio.sitemap-studio')?.packageJSON?.version ?? 'unknown';
    this.output.info(`Starting Sitemap Studio ${version}: server ${this.context.asAbsolutePath(SERVER_BUNDLE)} over IPC, `
      + `${env.appName} ${env.appHost}, extension host Node ${process.versions.node}`);
    this.output.settings('on start');
    await client.start();
    void commands.executeCommand('setContext', STARTED_CONTEXT_KEY, true);
  }

  private getClient(): Promise<LanguageClient> {
    return (this.creating ??= (async () => {
      const client = await createLanguageClient(this.context, this.output.outputChannel);
      const { State } = await import('vscode-languageclient/node'); // loaded already by createLanguageClient
      this.context.subscriptions.push(client);
      this.disposables.push(client.onDidChangeState((event) => {
        if (event.newState === State.Running) {
          this.starts++;
          this.output.info('The language server is running');
        } else if (event.newState === State.Stopped && event.oldState === State.Running) {
          this.output.info('The language server stopped');
        }
      }));
      this.client = client;
      this.statusBar = registerStatusBar(this.context, client);
      return client;
    })());
  }
}
