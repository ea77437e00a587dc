/** The server's `workspace/applyEdit` requests, applied as vscode-languageclient applies them (converted one after the
 * other, refused when a versioned document is no longer at that version) and recorded: a command whose server stopped
 * before answering can then say whether its edit is in the document (issue 33: "nothing was changed", said after the
 * whole edit had been applied and saved). Registered on the client before it starts: the library registers the
 * handlers given to `onRequest` after its own, at every start, so this one answers. */
import { workspace, type Disposable, type Uri } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { ApplyWorkspaceEditParams, ApplyWorkspaceEditResult, WorkspaceEdit } from 'vscode-languageclient';

/** The method by name: the Node and the browser library each export the request type; this module serves both. */
const APPLY_EDIT_METHOD = 'workspace/applyEdit';

export class AppliedEdits {
  /** Converted one after the other: an edit received first is applied first. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The edits being applied: a command that failed waits for them before it reads `applied`. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** How many edits have been applied to each document (by URI) since this window started. */
  private readonly counts = new Map<string, number>();

  handle(client: BaseLanguageClient): Disposable {
    return client.onRequest(APPLY_EDIT_METHOD, (params: ApplyWorkspaceEditParams) => this.apply(client, params));
  }

  /** How many server edits `uri` has had so far: compare before and after a command. */
  appliedTo(uri: Uri): number {
    return this.counts.get(uri.toString()) ?? 0;
  }

  /** Resolves once every edit received so far has been applied or refused. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private apply(client: BaseLanguageClient, params: ApplyWorkspaceEditParams): Promise<ApplyWorkspaceEditResult> {
    const applying = this.queue.then(async (): Promise<ApplyWorkspaceEditResult> => {
      const converted = await client.protocol2CodeConverter.asWorkspaceEdit(params.edit);
      if (staleDocument(client, params.edit)) return { applied: false };
      const applied = await workspace.applyEdit(converted);
      if (applied) for (const [uri] of converted.entries()) this.counts.set(uri.toString(), this.appliedTo(uri) + 1);
      return { applied };
    });
    this.queue = applying.catch(() => undefined);
    this.inFlight.add(applying);
    void applying.finally(() => this.inFlight.delete(applying)).catch(() => undefined);
    return applying;
  }
}

/** A versioned document edit for an open document at another version (the library's own check, kept). */
function staleDocument(client: BaseLanguageClient, edit: WorkspaceEdit): boolean {
  const open = new Map(workspace.textDocuments.map((document) => [document.uri.toString(), document.version]));
  return (edit.documentChanges ?? []).some((change) => {
    if (!('textDocument' in change) || typeof change.textDocument.version !== 'number' || change.textDocument.version < 0) return false;
    const version = open.get(client.protocol2CodeConverter.asUri(change.textDocument.uri).toString());
    return version !== undefined && version !== change.textDocument.version;
  });
}
