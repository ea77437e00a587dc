/** What follows the text a parse reads: a region parse asks whether an end tag or a "-->" comes after it (the model
 * answers from its segments, model/segmentTextAfter.ts); a segment whose parse depended on the answer says so. */
export interface TextAfter {
  contains(needle: string): boolean;
}

/** After a whole document: nothing. */
export const NOTHING_AFTER: TextAfter = { contains: () => false };
