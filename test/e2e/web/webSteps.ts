/** What the web checks (test/e2e/web/) share: one generous timeout per wait, a file on disk awaited, Ctrl+S. */
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';
import { ACTIVE_EDITOR, goToLine, problemCounts, until } from '../smoke';

export interface WebCheck {
  page: Page;
  /** The workspace folder (webFixtures.ts). */
  folder: string;
  log(line: string): void;
}

/** The file's bytes once `accept` takes them (undefined: no such file). */
export function fileUntil(page: Page, what: string, file: string, accept: (bytes: Buffer | undefined) => boolean): Promise<Buffer | undefined> {
  return until(page, what, async () => (fs.existsSync(file) ? fs.readFileSync(file) : undefined), accept);
}

/** The errors the status bar counts (every open file's), for `errorsUntil`'s base. */
export async function errorCount(page: Page): Promise<number> {
  return (await problemCounts(page)).errors;
}

/** Until the status bar counts `base + errors` errors: the files opened before keep theirs. */
export async function errorsUntil(page: Page, base: number, errors: number): Promise<void> {
  await until(page, `the status bar to count ${errors} error${errors === 1 ? '' : 's'} more than ${base}`, () => problemCounts(page), (c) => c.errors === base + errors);
}

/** Puts the cursor at `line:column` of the active editor (1-based), with the editor focused. */
export async function cursorAt(page: Page, line: number, column: number): Promise<void> {
  await goToLine(page, line, column);
  await page.locator(`${ACTIVE_EDITOR}.focused`).waitFor();
}

export async function save(page: Page): Promise<void> {
  await page.keyboard.press('Control+S');
  await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached' });
}
