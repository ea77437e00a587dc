/** The notification after Convert to XML / Text Sitemap: what was written, repaired and left out, line by line. */
import type { ConvertCommandResult } from '../../../shared/protocol';

type SourceLine = { line: number; text: string };

/** How many lines a notification names before it counts the rest. */
const NAMED_LINES = 3;
/** Longest line text quoted whole. */
const QUOTED_LENGTH = 40;

export function describeConversion(result: ConvertCommandResult, to: 'xml' | 'text'): string {
  const entries = result.entries ?? 0;
  let message = `Converted ${entries} URL${entries === 1 ? '' : 's'} to ${to === 'xml' ? 'an XML' : 'a text'} sitemap.`;
  const encoded = result.encodedLines ?? [];
  if (encoded.length > 0) message += ` Percent-encoded ${namedLines(encoded)}.`;
  const skipped = result.skippedLines ?? [];
  if (skipped.length > 0) {
    message += ` Left out ${skipped.length === 1 ? 'a line that is' : `${skipped.length} lines that are`} no URL: ${namedLines(skipped)}.`;
  }
  const dropped = Object.entries(result.dropped ?? {}).filter(([what]) => skipped.length === 0 || what !== 'non-URL line');
  if (dropped.length > 0) message += ` Dropped ${dropped.map(([what, n]) => `${n} ${what}`).join(', ')}.`;
  return message;
}

/** `line 3 "https://e.com/with space"`, the first few of them, then how many more. */
export function namedLines(lines: readonly SourceLine[]): string {
  const named = lines.slice(0, NAMED_LINES).map((l) => `line ${l.line} "${shortened(l.text)}"`);
  const rest = lines.length - named.length;
  return named.join(', ') + (rest > 0 ? ` and ${rest} more` : '');
}

function shortened(text: string): string {
  const characters = [...text];
  return characters.length <= QUOTED_LENGTH ? text : `${characters.slice(0, QUOTED_LENGTH - 1).join('')}…`;
}
