/** One closed site file read for the cross-file rules: read (gunzipped when gzip), parsed, summarized, its line starts
 * kept; the text and the document let go. Run in the server's site worker, or in its own thread when none can run. */
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import { parseDocument, summarizeForSite, type SiteSummary } from '../language/languageService';
import { lineTableOf, type LineTable } from '../../../shared/lineTable';
import { isGzip } from './files';
import { decodeSniffed } from '../../../shared/fileEncoding';
import { languageOfSiteFile, siteFileType } from '../../../shared/documentLanguage';

const gunzip = promisify(zlib.gunzip);

export interface FileSummary {
  summary: SiteSummary;
  /** Offset of each line's start, for the positions of related information. */
  lines: LineTable;
  /** The text's length, in UTF-16 code units. */
  length: number;
}

/**
 * The file's summary (the caller leaves out files larger than `maxFileBytes`), UTF-16 decoded as sitemap-lint does;
 * undefined when it inflates past `maxFileBytes`, is unreadable, invalid gzip or binary, or the parser failed on it. `onRead`: the bytes are in, the parse starts (a bug there must not take the server down over a file nobody opened).
 */
export async function summarizeSiteFile(fsPath: string, maxFileBytes: number, onRead?: () => void): Promise<FileSummary | undefined> {
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(fsPath);
    if (isGzip(bytes)) bytes = await gunzip(bytes, { maxOutputLength: maxFileBytes });
  } catch {
    return undefined;
  }
  onRead?.();
  const text = decodeSniffed(bytes);
  if (text === undefined) return undefined;
  try {
    return { summary: summarizeForSite(parseDocument(text, languageOfSiteFile(siteFileType(path.basename(fsPath), text)))), lines: lineTableOf(text), length: text.length };
  } catch {
    return undefined;
  }
}
