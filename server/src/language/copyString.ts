/**
 * A copy of a string that shares no memory with it. V8 keeps a slice (13 characters or more) as a view of its parent,
 * so a URL sliced from a megabyte of text keeps that megabyte alive; what outlives the text it came from (a streamed
 * window, an edited document) is copied.
 */
const CHUNK = 8192;
const units = new Uint16Array(CHUNK);

export function copyString(s: string): string {
  if (s.length < 13) return s;
  let out = '';
  for (let start = 0; start < s.length; start += CHUNK) {
    const n = Math.min(CHUNK, s.length - start);
    for (let i = 0; i < n; i++) units[i] = s.charCodeAt(start + i);
    out += String.fromCharCode.apply(null, units.subarray(0, n) as unknown as number[]);
  }
  return out;
}
