/** Namespace binding for the parser (Namespaces in XML 1.0): declarations, their reserved names, prefix lookup. */
import { isNameStart } from '../../../../shared/xmlChars';
import { XML_NAMESPACE, XMLNS_NAMESPACE } from '../../../../shared/xmlNamespaces';
import { sameDoctypeFacts } from './doctype/doctypeFacts';
import type { Frame, RootInfo } from './elementFrame';
import { extensionByPrefix, extensionOf } from '../rules/extensionNamespaces';
import type { SegmentAssembler } from './segmentAssembler';
import type { TextAfter } from './textAfter';

/** Namespace bound to `prefix` in `scope` (the nearest frame with bindings); undefined when unbound. */
export function lookupNamespace(prefix: string, scope: Frame | null): string | undefined {
  if (prefix === 'xml') return XML_NAMESPACE;
  let s = scope;
  while (s !== null) {
    const bindings = s.bindings!;
    for (let i = bindings.length - 1; i >= 0; i--) {
      if (bindings[i].prefix === prefix) return bindings[i].uri === '' ? undefined : bindings[i].uri;
    }
    s = s.outerScope;
  }
  return undefined;
}

/** A non-empty prefix that names `uri` in the scope (the innermost binding of it that no inner one hides), if any. */
export function prefixBoundTo(uri: string, scope: Frame | null): string | undefined {
  for (let s = scope; s !== null; s = s.outerScope) {
    for (const binding of s.bindings!) {
      if (binding.prefix !== '' && binding.uri === uri && lookupNamespace(binding.prefix, scope) === uri) return binding.prefix;
    }
  }
  return undefined;
}

/** Resolves a prefix in the frame's scope; reports an undeclared one at `at`. */
export function resolvePrefix(prefix: string, frame: Frame, at: number, out: SegmentAssembler): string | undefined {
  const ns = lookupNamespace(prefix, frame.scope);
  if (prefix !== '' && ns === undefined) {
    const extension = extensionByPrefix(prefix);
    if (extension !== undefined) {
      out.report('extension-namespace', at, at + prefix.length, `The prefix "${prefix}" is not declared: the ${extension.name} extension's namespace is "${extension.uri}", declared on the root as xmlns:${prefix}.`);
    } else out.report('xml-syntax', at, at + prefix.length, `The prefix "${prefix}" is not declared.`);
  }
  return ns;
}

/** NSC: Reserved Prefixes and Namespace Names, and no empty namespace for a prefix; reported on the attribute's name. */
export function checkDeclaration(declared: string, uri: string, attributeStart: number, attributeEnd: number, out: SegmentAssembler): void {
  if (declared !== '' && uri === '') {
    out.report('xml-syntax', attributeStart, attributeEnd, `The prefix "${declared}" cannot be bound to an empty namespace.`);
  } else if (declared === 'xmlns' || uri === XMLNS_NAMESPACE || (declared === 'xml') !== (uri === XML_NAMESPACE)) {
    out.report('xml-syntax', attributeStart, attributeEnd, 'The prefixes "xml" and "xmlns" and their namespaces are reserved: only "xml" may be bound, and only to its own namespace.');
  }
}

/** Namespaces in XML [7] QName: an NCName, or two joined by one colon (so the local part starts with a NameStartChar). */
export function isQName(name: string): boolean {
  const colon = name.indexOf(':');
  return colon < 0 || (colon > 0 && colon + 1 < name.length && isNameStart(name.charCodeAt(colon + 1)) && name.indexOf(':', colon + 1) < 0);
}

/**
 * Whether the root's children parse under `b` exactly as under `a`, so that an edit of the head alone need not reparse
 * them: same root and entry name, same DOCTYPE declarations, and every prefix a child may use bound alike — bound or
 * not, to the sitemap namespace or not, to which extension. `children`, the text after the head, is asked for `prefix:`
 * (a child cannot use a prefix it lacks) and `xmlns` (a child's own declaration could be one root's sitemap namespace).
 */
export function childrenParseAlike(a: RootInfo, b: RootInfo, children: TextAfter): boolean {
  const [fa, fb] = [a.frame, b.frame];
  if (fa === undefined || fb === undefined || a.kind !== b.kind || a.entryName !== b.entryName || fa.qname !== fb.qname) return false;
  if (!sameDoctypeFacts(a.doctype, b.doctype)) return false;
  const sameNamespace = a.sitemapNamespace === b.sitemapNamespace;
  if (!sameNamespace && children.contains('xmlns')) return false;
  const prefixes = new Set(['', 'xml', ...(fa.bindings ?? []).map((x) => x.prefix), ...(fb.bindings ?? []).map((x) => x.prefix)]);
  for (const prefix of prefixes) {
    const [na, nb] = [boundAtRoot(fa, prefix), boundAtRoot(fb, prefix)];
    if (na === nb && sameNamespace) continue;
    if ((na === undefined) === (nb === undefined) && (na === a.sitemapNamespace) === (nb === b.sitemapNamespace)
      && extensionOf(na) === extensionOf(nb)) continue;
    if (prefix === '' || children.contains(`${prefix}:`)) return false;
  }
  return true;
}

/** What `prefix` names at the root, as lookupNamespace finds it there. */
function boundAtRoot(root: Frame, prefix: string): string | undefined {
  if (prefix === 'xml') return XML_NAMESPACE;
  const bindings = root.bindings ?? [];
  for (let i = bindings.length - 1; i >= 0; i--) {
    if (bindings[i].prefix === prefix) return bindings[i].uri === '' ? undefined : bindings[i].uri;
  }
  return undefined;
}
