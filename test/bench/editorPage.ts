/**
 * The in-page instruments of the editor benches (editorBench.ts, editorSiteBench.ts): both ends of a measurement are
 * read inside the page with `performance.now()` — a capturing keydown listener stamps the key, a MutationObserver
 * stamps the first DOM change that shows the result — so nothing of Playwright's own round trips is counted.
 */
import type { Page } from 'playwright-core';

export const QUICK_INPUT_BOX = '.quick-input-widget input';
export const QUICK_INPUT_ROWS = '.quick-input-widget .quick-input-list .monaco-list-row';

/**
 * What a watch waits for in the active editor group, showing `file`: `text`, drawn lines; `edit`, the drawn lines
 * changed; `errors`, exactly `count` error squiggles drawn (at least one when `count` is -1); `squiggle`, a squiggle
 * of `severity` on `line` (1-based) drawn, or, with `absent`, none there.
 */
export interface Watch {
  name: string;
  file: string;
  kind: 'text' | 'edit' | 'errors' | 'squiggle';
  count?: number;
  line?: number;
  severity?: 'error' | 'warning';
  absent?: boolean;
}

/**
 * Installed in the page (`page.evaluate(instrument)`, so self-contained): stamps every keydown; `benchArm(watch)` starts
 * a watch, `benchRead(timeout)` resolves with the milliseconds from the last keydown to each armed watch.
 */
export function instrument(): void {
  // The few browser globals used, typed here: the project compiles without the DOM library.
  interface Element {
    querySelector(selector: string): Element | null;
    querySelectorAll(selector: string): ArrayLike<Element>;
    getAttribute(name: string): string | null;
    parentElement: Element | null;
    style: { top: string; height: string };
    textContent: string | null;
  }
  interface Browser {
    document: Element & { body: Element };
    MutationObserver: new (callback: () => void) => { observe(target: Element, options: object): void; disconnect(): void };
    addEventListener(type: string, listener: () => void, capture: boolean): void;
  }
  const { document, MutationObserver, addEventListener } = globalThis as unknown as Browser;
  const state = { key: 0, pending: new Map<string, Promise<number>>() };
  const active = () => document.querySelector('.editor-group-container.active');
  const showing = (file: string) => active()?.querySelector('.tabs-container .tab.active')?.getAttribute('aria-label')?.startsWith(file) ?? false;
  // A squiggle sits in its line's overlay, placed `top` = (line - 1) × the line's height from the file's first line.
  const lineOf = (squiggle: Element) => {
    const row = squiggle.parentElement;
    return row === null ? 0 : Math.round(parseFloat(row.style.top) / parseFloat(row.style.height)) + 1;
  };
  const squiggleOn = (editor: Element, line: number, severity: string) =>
    Array.from(editor.querySelectorAll(`.view-overlays .squiggly-${severity}`)).some((squiggle) => lineOf(squiggle) === line);
  const watch = (w: { file: string; kind: string; count?: number; line?: number; severity?: string; absent?: boolean }) => new Promise<number>((resolve) => {
    const linesNow = () => active()?.querySelector('.monaco-editor .view-lines')?.textContent ?? '';
    const linesBefore = linesNow();
    const check = () => {
      if (!showing(w.file)) return false;
      const editor = active()?.querySelector('.monaco-editor');
      if (!editor) return false;
      if (w.kind === 'text') return (editor.querySelector('.view-lines .view-line')?.textContent ?? '') !== '';
      if (w.kind === 'edit') return linesNow() !== linesBefore;
      if (w.kind === 'squiggle') return squiggleOn(editor, w.line ?? 0, w.severity ?? 'error') !== (w.absent === true);
      const errors = editor.querySelectorAll('.squiggly-error').length;
      return (w.count ?? -1) < 0 ? errors > 0 : errors === w.count;
    };
    const observer = new MutationObserver(() => {
      if (check()) {
        observer.disconnect();
        resolve(performance.now());
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  addEventListener.call(globalThis, 'keydown', () => (state.key = performance.now()), true);
  Object.assign(globalThis, {
    benchArm(w: Watch) {
      state.pending.set(w.name, watch(w));
    },
    /**
     * Milliseconds from the last keydown to each armed watch, NaN for those not seen within `timeout`; `keyAt` is
     * that keydown in epoch milliseconds, to place the server's stamps (timingLog.ts) against it.
     */
    async benchRead(timeout: number): Promise<Record<string, number>> {
      const key = state.key;
      const limit = new Promise<number>((resolve) => setTimeout(() => resolve(NaN), timeout));
      const result: Record<string, number> = { keyAt: performance.timeOrigin + key };
      for (const [name, promise] of state.pending) result[name] = (await Promise.race([promise, limit])) - key;
      state.pending.clear();
      return result;
    },
  });
}

interface PageWithBench {
  benchArm(watch: Watch): void;
  benchRead(timeout: number): Promise<Record<string, number>>;
}

/**
 * Arms `watches`, presses, and reads each watch's milliseconds from the key's keydown (and `keyAt`, that keydown in
 * epoch milliseconds); throws when one is not seen within `timeout`. A watch resolves on the first DOM change after
 * which it holds: arm only what the key is to change.
 */
export async function measureKey(page: Page, press: () => Promise<void>, watches: Watch[], timeout: number): Promise<Record<string, number>> {
  await page.evaluate((list) => {
    for (const w of list) (globalThis as unknown as PageWithBench).benchArm(w);
  }, watches);
  await press();
  const result = await page.evaluate((limit) => (globalThis as unknown as PageWithBench).benchRead(limit), timeout);
  for (const [name, value] of Object.entries(result)) {
    if (Number.isNaN(value)) throw new Error(`${name} not seen within ${timeout / 1000} s`);
  }
  return result;
}

/** Goes to `line`:`column` in the focused editor (Ctrl+G) and waits for the cursor to be there. */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator(QUICK_INPUT_BOX).waitFor();
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'hidden' });
  await page.locator('[id="status.editor.selection"]', { hasText: `Ln ${line}, Col ${column}` }).waitFor();
}
