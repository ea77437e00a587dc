/** Ends a run once its output is out, rather than let node first run V8's idle-time scavenges (8–90 ms after a
 * 50,000-entry report) and tear the heap down. An empty write's callback comes after every earlier write of its stream
 * is flushed, so nothing is lost where a pipe is asynchronous. */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
