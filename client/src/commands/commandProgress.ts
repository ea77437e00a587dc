/** A command's notification progress that never outlives the command: lateProgress.ts bound to `window.withProgress`.
 * The work gets a token of its own, cancelled by the notification's Cancel once it shows. */
import { CancellationTokenSource, ProgressLocation, window, type CancellationToken, type Progress } from 'vscode';
import { LateProgress, type ProgressStep } from './lateProgress';

export interface CommandProgressOptions {
  title: string;
  cancellable?: boolean;
}

/** `work`'s outcome, said by the caller after the notification (if `work` ran long enough to open one) has closed. */
export async function withCommandProgress<T>(options: CommandProgressOptions, work: (progress: Progress<ProgressStep>, token: CancellationToken) => Thenable<T> | T): Promise<T> {
  const late = new LateProgress();
  const cancellation = new CancellationTokenSource();
  const task = Promise.resolve().then(() => work({ report: (step) => late.report(step) }, cancellation.token));
  try {
    return await late.run(task, (until) => {
      let shown: Progress<ProgressStep> | undefined;
      void window.withProgress({ location: ProgressLocation.Notification, title: options.title, cancellable: options.cancellable === true }, (progress, token) => {
        shown = progress;
        token.onCancellationRequested(() => cancellation.cancel());
        return until;
      });
      return (step) => shown?.report(step);
    });
  } finally {
    cancellation.dispose();
  }
}
