/** A message that repeats its cause (issue 33: "git was not found (git was not found)"): the parenthesised parts of
 * `text` that the text before them already says, compared as shared/causes.ts compares them. Asserts the property, not
 * the wording: a message with no such part passes whatever it says. */
export function repeatedCauses(text: string): string[] {
  const plain = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').replace(/[.:;,\s]+$/, '').trim();
  const repeated: string[] = [];
  for (const match of text.matchAll(/\(([^()]+)\)/g)) {
    const before = plain(text.slice(0, match.index));
    if (plain(match[1]) !== '' && before.includes(plain(match[1]))) repeated.push(match[1]);
  }
  return repeated;
}
