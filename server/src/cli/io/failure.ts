/** A failure the command-line tools report as one line on stderr, with exit code 2 (a bad input, not a bug). */
export class Failure extends Error {}

/** Bad usage: one line on stderr with the tool's --help hint, exit code 2. One class for every tool's arguments. */
export class UsageError extends Error {}

/** A file could not be written (a full disk, no permission): the files begun are removed, which the message says. */
export class WriteFailure extends Failure {}
