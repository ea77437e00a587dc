/** GitHub Actions' workflow commands as the runner reads them from standard output: `::error file=…,line=…::message`,
 * values escaped as the runner unescapes them (% \r \n in the message, and : , in properties too). */
import { randomUUID } from 'node:crypto';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** Where an annotation points: a file relative to GITHUB_WORKSPACE with `/`, lines and columns 1-based. */
export interface AnnotationPlace {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endColumn: number;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::level file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`; without a place, a run-wide annotation. */
export function annotation(level: AnnotationLevel, message: string, title?: string, place?: AnnotationPlace): string {
  const properties: string[] = [];
  if (place !== undefined) {
    // Columns only on one line: GitHub's check annotations take a column range only where start and end lines agree.
    const oneLine = place.endLine === place.line;
    properties.push(`file=${escapeProperty(place.file)}`, `line=${place.line}`, ...(oneLine ? [`col=${place.col}`] : []), `endLine=${place.endLine}`);
    if (oneLine) properties.push(`endColumn=${place.endColumn}`);
  }
  if (title !== undefined) properties.push(`title=${escapeProperty(title)}`);
  return `::${level}${properties.length > 0 ? ` ${properties.join(',')}` : ''}::${escapeData(message)}`;
}

/** A collapsible group of log lines: `::group::title` … `::endgroup::`, the runner's commands stopped inside it, so that
 * no line of the body (a file's name, a message) can act as one. */
export function group(title: string, body: string): string {
  const token = `sitemap-lint-${randomUUID()}`;
  return `::group::${escapeData(title)}\n::stop-commands::${token}\n${body.endsWith('\n') ? body : `${body}\n`}::${token}::\n::endgroup::`;
}
