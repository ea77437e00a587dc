/** What a DOCTYPE's internal subset declares (doctypeGrammar.ts finds it), against which entity references are read. */
export const enum EntityKind {
  /** A literal value: a processor that reads the subset would expand it. */
  Internal,
  /** SYSTEM or PUBLIC: a parsed entity read from elsewhere. */
  External,
  /** With NDATA: not XML, never to be referenced. */
  Unparsed,
}

export interface DoctypeFacts {
  /** General entities declared in the internal subset (the first declaration of a name binds). */
  entities: Map<string, EntityKind>;
  /**
   * An external subset or a parameter-entity reference: declarations may stand where the checker never looks, so a
   * reference to an undeclared entity is not a well-formedness error (XML 1.0 §4.1, WFC: Entity Declared).
   */
  declaresElsewhere: boolean;
  /** The replacement text of each internal general entity: its literal value with character references replaced. */
  values: Map<string, string>;
  /** Memo of entityValues.ts: per context and name, '' (fine), a problem, or null while being judged. */
  verdicts: Map<string, string | null>;
}

/** Whether references read the same against `a` and `b` (what a reparse of the head alone must keep). */
export function sameDoctypeFacts(a: DoctypeFacts | undefined, b: DoctypeFacts | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.declaresElsewhere !== b.declaresElsewhere || a.entities.size !== b.entities.size || a.values.size !== b.values.size) return false;
  for (const [name, kind] of a.entities) if (b.entities.get(name) !== kind) return false;
  for (const [name, value] of a.values) if (b.values.get(name) !== value) return false;
  return true;
}
