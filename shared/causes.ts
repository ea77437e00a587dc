/** A message and its cause said once (issue 33: "git was not found (git was not found)"): every place that appends a
 * reason to a message goes through here, and a cause the message already says, or a message its cause already says,
 * is not said twice. Pure, for the server, the CLIs and the client alike. */

/** `said (cause)`, or `said: cause` with `colon`; `said` alone when the cause is empty or said already; the cause alone
 * when it begins by saying `said` (a server's "Check Site failed: …" logged under "Check Site failed"). */
export function withCause(said: string, cause: string | undefined, form: 'parenthesis' | 'colon' = 'parenthesis'): string {
  const reason = cause?.trim() ?? '';
  if (reason === '' || says(said, reason)) return said;
  if (plain(reason).startsWith(plain(said))) return reason;
  return form === 'colon' ? `${said}: ${reason}` : `${said} (${reason})`;
}

/**
 * What went wrong in a Node system error, without what the message around it names already: `EACCES: permission
 * denied, open '/site/sitemap.xml'` is "permission denied" (the file is the message's subject). Any other error's message as it is.
 */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string') return error.message;
  const match = new RegExp(`^${code}: (.*?), ${syscall}\\b`).exec(error.message);
  return match?.[1] ?? error.message;
}

function says(text: string, part: string): boolean {
  return plain(text).includes(plain(part));
}

function plain(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/[.:;,\s]+$/, '').trim();
}
