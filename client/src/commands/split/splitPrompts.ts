/** Split into Index's questions, each with a default so that Enter through all of them splits: entries and bytes per
 * child, the children's base URL, gzip, their names, where the index goes. Escape anywhere cancels (undefined). */
import { window, workspace, type QuickPickItem, type Uri } from 'vscode';
import type { DocumentKind } from '../../../../shared/kinds';
import type { SplitParameters } from '../../../../shared/protocol';
import { resolveLimits } from '../../status/statusFormat';
import {
  checkBaseUrl, checkNamePattern, defaultBaseUrl, defaultNamePattern, indexNameOf, isGzipName, parseCount,
} from './splitNames';

export interface SplitChoices extends SplitParameters {
  gzip: boolean;
  /** The index replaces the original; otherwise it is the new file `indexName`. */
  replaceOriginal: boolean;
  indexName: string;
}

export interface SplitSubject {
  uri: Uri;
  /** The file's name (`sitemap.xml`). */
  fileName: string;
  kind: DocumentKind;
  location?: string;
  firstOrigin?: string;
}

const TITLE = 'Split into Index';

interface Choice<T> extends QuickPickItem {
  value: T;
}

export async function askSplitChoices(subject: SplitSubject): Promise<SplitChoices | undefined> {
  const text = subject.kind === 'text';
  // A text sitemap's index is XML: it never replaces the .txt file.
  const steps = text ? 5 : 6;
  const title = (step: number) => `${TITLE} (${step}/${steps})`;
  const settings = workspace.getConfiguration('sitemap', subject.uri);
  const limits = resolveLimits(settings.get('limits.maxEntries'), settings.get('limits.maxBytes'));

  const maxEntries = await askCount(title(1), 'Entries per child at most', limits.maxEntries);
  if (maxEntries === undefined) return undefined;
  const maxBytes = await askCount(title(2), 'Bytes per child at most (UTF-8, uncompressed)', limits.maxBytes);
  if (maxBytes === undefined) return undefined;

  const known = subject.location !== undefined;
  const baseUrl = await window.showInputBox({
    title: title(3), ignoreFocusOut: true,
    prompt: known ? `The URL of the children's public folder, ending in / (the sitemap is published at ${subject.location})`
      : 'The URL of the children\'s public folder, ending in / (the sitemap\'s location is unknown: sitemap.siteRoots, robots.txt)',
    value: defaultBaseUrl(subject.location, subject.firstOrigin),
    validateInput: (value) => checkBaseUrl(value.trim()),
  });
  if (baseUrl === undefined) return undefined;

  const gzip = await pick(title(4), 'Compress the children with gzip?', isGzipName(subject.fileName), [
    { label: 'Plain children', value: false },
    { label: 'Gzip the children', description: '.gz', value: true },
  ]);
  if (gzip === undefined) return undefined;

  const namePattern = await window.showInputBox({
    title: title(5), ignoreFocusOut: true,
    prompt: 'The children\'s file names beside the original; {n} is the number of the child',
    value: defaultNamePattern(subject.fileName, text, gzip),
    validateInput: (value) => checkNamePattern(value.trim()),
  });
  if (namePattern === undefined) return undefined;

  const indexName = indexNameOf(subject.fileName);
  let replaceOriginal = false;
  if (!text) {
    const replace = await pick(title(6), 'Where does the index go?', settings.get<boolean>('split.replaceOriginal', true), [
      { label: `Replace ${subject.fileName}`, detail: 'robots.txt lines and already-submitted URLs keep working', value: true },
      { label: `New file ${indexName}`, detail: `${subject.fileName} stays as it is`, value: false },
    ]);
    if (replace === undefined) return undefined;
    replaceOriginal = replace;
  }
  return { maxEntries, maxBytes, baseUrl: baseUrl.trim(), namePattern: namePattern.trim(), gzip, replaceOriginal, indexName };
}

async function askCount(title: string, prompt: string, value: number): Promise<number | undefined> {
  const answer = await window.showInputBox({
    title, prompt, value: String(value), ignoreFocusOut: true,
    validateInput: (text) => (parseCount(text) === undefined ? 'A whole number, 1 or more' : undefined),
  });
  return answer === undefined ? undefined : parseCount(answer);
}

/** A quick pick whose first (active) item is the default one. */
async function pick<T>(title: string, placeHolder: string, defaultValue: T, choices: Choice<T>[]): Promise<T | undefined> {
  const ordered = [...choices.filter((c) => c.value === defaultValue), ...choices.filter((c) => c.value !== defaultValue)];
  const chosen = await window.showQuickPick(ordered, { title, placeHolder, ignoreFocusOut: true });
  return chosen?.value;
}
