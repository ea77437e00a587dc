/** Work for a request on a document's current text only: it starts once the messages received with the request are
 * handled, so a later change or `$/cancelRequest` is seen first and answered `ContentModified` or `RequestCancelled`
 * without the work (docs/architecture.md, "A keystroke, end to end"). */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import type { DocumentStore, OpenDocument } from './documentStore';
import { nextTurn, type MessageQueue } from './messageQueue';

export type Superseded = ResponseError<void>;

/** Why `entry`, as it was at `version`, no longer deserves an answer; undefined while it does. */
function superseded(store: DocumentStore, entry: OpenDocument, version: number, token: CancellationToken): Superseded | undefined {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
  if (store.get(entry.uri) !== entry || entry.version !== version) {
    return new ResponseError(LSPErrorCodes.ContentModified, 'The document changed; ask again.');
  }
  return undefined;
}

/** Runs `work` for `entry` unless a later change or a cancellation supersedes it, before or while it runs. */
export async function onCurrentVersion<R>(
  store: DocumentStore,
  queue: MessageQueue,
  entry: OpenDocument,
  token: CancellationToken,
  work: () => R | Promise<R>,
): Promise<R | Superseded> {
  const version = entry.version;
  await queue.drained();
  // One turn more: the diagnostics of a change validated as the queue drained are written first.
  await nextTurn();
  const before = superseded(store, entry, version, token);
  if (before !== undefined) return before;
  const result = await work();
  return superseded(store, entry, version, token) ?? result;
}
