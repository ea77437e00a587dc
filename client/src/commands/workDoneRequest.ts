/** A request whose work-done progress ($/progress) is shown in a command's notification (Check Site, Check Listed URLs
 * Live): the server's percentages as the notification's increments, its messages as they come. */
import type { CancellationToken, Progress } from 'vscode';
import type { BaseLanguageClient, ProgressType, WorkDoneProgressBegin, WorkDoneProgressEnd, WorkDoneProgressReport } from 'vscode-languageclient';
import type { SitemapServer } from '../languageServer/server';

/** vscode-languageclient's WorkDoneProgress.type, from its node or browser entry (which the caller has loaded already). */
export type WorkDoneProgressType = () => Promise<ProgressType<WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd>>;

/** `method` with the params `paramsWith` makes around a work-done token of its own; undefined when cancelled. */
export async function requestWithProgress<R>(
  server: SitemapServer, progressType: WorkDoneProgressType, method: string, paramsWith: (workDoneToken: string, client: BaseLanguageClient) => object,
  progress: Progress<{ message?: string; increment?: number }>, token: CancellationToken,
): Promise<R | undefined> {
  const client = await server.running();
  const workDone = await progressType();
  const workDoneToken = `${method}.${++runs}`;
  let percentage = 0;
  const listener = client.onProgress(workDone, workDoneToken, (value) => {
    if (value.kind === 'end') return;
    const increment = value.percentage !== undefined ? value.percentage - percentage : undefined;
    percentage = value.percentage ?? percentage;
    progress.report({ message: value.message, increment });
  });
  try {
    return await client.sendRequest<R>(method, paramsWith(workDoneToken, client), token);
  } catch (error) {
    if (token.isCancellationRequested) return undefined;
    throw error;
  } finally {
    listener.dispose();
  }
}

let runs = 0;
