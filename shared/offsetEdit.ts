/** An edit as both sides make it: the language layer's fixes and the client's robots.txt line. */

/** Replace text[start, end) with `text` (UTF-16 offsets). */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}
