/** When the messages already received have all reached their handlers, so that work a later message may supersede is
 * done once, on the newest text. `strategy` counts vscode-jsonrpc's dispatches, one per event-loop turn: a turn without
 * one means the queue is empty. */
import type { MessageStrategy } from 'vscode-languageserver';

/** A client that never stops sending still gets its work done after this many turns (a turn is one message). */
const MAX_TURNS = 1000;

/** The next turn of the event loop: setImmediate in Node; a web worker has none, and vscode-jsonrpc's browser side
 * writes with setTimeout(0), so that is the turn there. */
const onNextTurn: (callback: () => void) => void = typeof setImmediate === 'function' ? setImmediate : (callback) => setTimeout(callback, 0);

export const nextTurn = (): Promise<void> => new Promise((resolve) => onNextTurn(resolve));

export class MessageQueue {
  private dispatched = 0;
  /** Whether a handler is running (synchronously) inside a dispatch of the strategy. */
  private dispatching = false;
  /** See defer. */
  private deferred: (() => void)[] = [];

  readonly strategy: MessageStrategy = {
    handleMessage: (message, next) => {
      this.runDeferred();
      this.dispatched++;
      this.dispatching = true;
      try {
        next(message);
      } finally {
        this.dispatching = false;
      }
    },
  };

  /**
   * Runs `work` (which must not throw) on the next turn, yet before any later message reaches its handler: what the
   * handler sent leaves first, since vscode-jsonrpc writes on the next turn too. Outside a dispatch, at once.
   */
  defer(work: () => void): void {
    if (!this.dispatching) {
      work();
      return;
    }
    this.deferred.push(work);
    if (this.deferred.length === 1) onNextTurn(() => this.runDeferred());
  }

  private runDeferred(): void {
    if (this.deferred.length === 0) return;
    const work = this.deferred;
    this.deferred = [];
    for (const w of work) w();
  }

  /** Resolves after a turn in which no message was dispatched (without the strategy in place: after two turns). */
  async drained(): Promise<void> {
    // Called mid-turn (from a handler): count from the start of the next turn, where this check runs ahead of the
    // queue's own, so that each window holds one of the queue's turns.
    await nextTurn();
    for (let turn = 0; turn < MAX_TURNS; turn++) {
      const seen = this.dispatched;
      await nextTurn();
      if (this.dispatched === seen) return;
    }
  }
}
