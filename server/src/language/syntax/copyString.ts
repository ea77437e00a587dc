/**
 * A copy of a string that shares no memory with it. V8 keeps a slice (13 characters or more) as a view of its parent,
 * so a URL sliced from a window of text keeps the whole window alive; what outlives the text it came from (a streamed
 * window) is copied. Joining two pieces makes a rope, which the first read flattens into a string of its own — five
 * times faster than copying the characters one by one; V8's collector then drops the rope.
 */
export function copyString(s: string): string {
  if (s.length < 13) return s;
  const joined = s.charAt(0) + s.slice(1);
  joined.charCodeAt(1);
  return joined;
}
