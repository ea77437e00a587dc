/** Debian's Chromium, headless, as every in-editor run starts it (see shared/recipes/real-vscode.md for the flags). */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './install';

/** Without the background-networking flags Chromium keeps dialling this machine's closed network. */
export function launchChromium(env: NodeJS.ProcessEnv): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
