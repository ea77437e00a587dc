/**
 * Preloaded into the language server the fuzzer runs (`--require`, through NODE_OPTIONS, so into its Node children too):
 * a socket may connect to this machine's loopback addresses only. A connection anywhere else goes to a closed loopback
 * port instead (so the caller sees a plain refusal, ECONNREFUSED) and says so on stderr, which the fuzzer's property
 * forbids: the fuzzer's settings keep every HTTP request on its loopback server, and this proves it.
 */
import * as net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
/** Port 9 (discard): nothing listens there on a test machine. */
const CLOSED_PORT = 9;

type ConnectArgs = unknown[];

/** The `{ host, port }` object of a connect call's arguments, or undefined for a local socket (a path) or an odd call. */
function optionsOf(args: ConnectArgs): { host?: string; port?: unknown; path?: unknown } | undefined {
  const [first] = args;
  if (Array.isArray(first)) return optionsOf(first);
  if (typeof first === 'object' && first !== null) return first as { host?: string; port?: unknown; path?: unknown };
  return undefined;
}

type Connect = (this: net.Socket, ...args: ConnectArgs) => net.Socket;
const prototype = net.Socket.prototype as unknown as { connect: Connect };
const connect = prototype.connect;
prototype.connect = function guardedConnect(this: net.Socket, ...args: ConnectArgs): net.Socket {
  const options = optionsOf(args);
  const host = options === undefined ? (typeof args[1] === 'string' ? args[1] : undefined) : options.host;
  const local = options?.path !== undefined || host === undefined || LOOPBACK.has(host) || host.startsWith('127.');
  if (local) return connect.apply(this, args);
  process.stderr.write(`FUZZ-NETWORK: a connection to ${host} refused (the fuzzer allows loopback only)\n`);
  const rest = args.slice(options === undefined ? 2 : 1).filter((a) => typeof a === 'function');
  return connect.apply(this, [{ host: '127.0.0.1', port: CLOSED_PORT }, ...rest]);
};
