/**
 * Preloaded (`node --require`) into the tools the command-line fuzzer runs against its HTTP server (issue 35), and
 * (through NODE_OPTIONS, so into its children too) into the language server its fuzzer runs, so that no packet leaves
 * the loopback whatever a sitemap, a redirect, a setting or a bug says: `dns.lookup` answers from FUZZ_NET_HOSTS
 * (a JSON map of names to addresses) and fails every other name without asking any resolver; a connection to an
 * address outside 127.0.0.0/8 and ::1 — written in the URL, or answered by a lookup — is not made: it fails with
 * EHOSTUNREACH and is written to FUZZ_NET_LOG, which the fuzzer's property reads (a tool must never try one: the
 * metadata addresses are refused by its own address policy, and no other non-loopback address is ever given to it).
 * Test code only: the tools themselves know nothing of it.
 */
// `import =`: the module object itself, whose lookup is replaced (an `import *` namespace is a read-only copy).
import dns = require('node:dns');
import * as fs from 'node:fs';
import * as net from 'node:net';

const hosts: Record<string, string> = JSON.parse(process.env.FUZZ_NET_HOSTS ?? '{}');
const logFile = process.env.FUZZ_NET_LOG;

function record(line: string): void {
  if (logFile !== undefined) fs.appendFileSync(logFile, `${line}\n`);
}

function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address?: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup from the map; every other name ENOTFOUND, as an offline resolver answers. */
function mappedLookup(hostname: string, options: unknown, callback?: LookupCallback): void {
  const done = (typeof options === 'function' ? options : callback) as LookupCallback;
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true;
  const address = net.isIP(hostname) !== 0 ? hostname : hosts[hostname.toLowerCase()];
  process.nextTick(() => {
    if (address === undefined) {
      record(`lookup ${hostname}`);
      return done(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (fuzz net guard)`), { code: 'ENOTFOUND', hostname }));
    }
    const family = net.isIPv6(address) ? 6 : 4;
    return all ? done(null, [{ address, family }]) : done(null, address, family);
  });
}

(dns as { lookup: unknown }).lookup = mappedLookup;

/** A connection's lookup, its answers checked before the socket connects to them. */
function checkedLookup(lookup: typeof mappedLookup): typeof mappedLookup {
  return (hostname, options, callback) => lookup(hostname, options, ((error, address, family) => {
    const addresses = typeof address === 'string' ? [address] : (address ?? []).map((a) => a.address);
    const outside = addresses.find((a) => !isLoopback(a));
    if (error === null && outside !== undefined) {
      record(`connect ${outside} (${hostname})`);
      return ((typeof options === 'function' ? options : callback) as LookupCallback)(Object.assign(new Error(`connect EHOSTUNREACH ${outside} (fuzz net guard)`), { code: 'EHOSTUNREACH' }));
    }
    return ((typeof options === 'function' ? options : callback) as LookupCallback)(error, address, family);
  }) as LookupCallback);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
  // net.connect passes its arguments normalized, as one array [options, callback]; a direct call passes them as they are.
  const holder = (Array.isArray(args[0]) ? args[0] : args) as unknown[];
  const first = holder[0];
  // A local socket is a truthy `path`, as net itself decides (`!!path`): node's own http client passes `path: null`.
  if (typeof first === 'object' && first !== null && !(first as { path?: unknown }).path) {
    const options = first as net.TcpNetConnectOpts;
    const host = options.host ?? 'localhost';
    if (net.isIP(host) !== 0 && !isLoopback(host)) {
      record(`connect ${host}`);
      process.nextTick(() => this.destroy(Object.assign(new Error(`connect EHOSTUNREACH ${host} (fuzz net guard)`), { code: 'EHOSTUNREACH' })));
      return this;
    }
    holder[0] = { ...options, lookup: checkedLookup((options.lookup as typeof mappedLookup | undefined) ?? mappedLookup) };
  }
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
};
