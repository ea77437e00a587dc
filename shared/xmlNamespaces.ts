/** Namespace declarations as the parser and the element trees read them (Namespaces in XML 1.0). */
import { isXmlChar } from './xmlChars';

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

const PREDEFINED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The prefix an attribute named `name` declares ('' for `xmlns`), or undefined when it declares none. */
export function declaredPrefix(name: string): string | undefined {
  if (name === 'xmlns') return '';
  return name.startsWith('xmlns:') ? name.slice(6) : undefined;
}

/**
 * An attribute value or character data with its references replaced (the predefined entities and character references; any other `&`
 * stays as written, and a reference to a character XML does not allow becomes nothing).
 */
export function decodeReferences(raw: string): string {
  let at = raw.indexOf('&');
  if (at < 0) return raw;
  // The common case, a URL written with &amp; only: no regular expression, no callback per reference.
  while (at >= 0 && raw.startsWith('&amp;', at)) at = raw.indexOf('&', at + 5);
  if (at < 0) return raw.split('&amp;').join('&');
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return isXmlChar(code) ? String.fromCodePoint(code) : '';
    }
    return PREDEFINED_ENTITIES[ref];
  });
}
