/** A failure the command-line tools report as one line on stderr, with exit code 2 (a bad input, not a bug). */
export class Failure extends Error {}
