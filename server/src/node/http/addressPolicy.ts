/** Where the HTTP client may connect (issue 34, "safe on a CI runner"): never a link-local or cloud metadata address,
 * the unspecified address or multicast, whatever a URL, a redirect or a DNS answer says. Applied where the connection
 * is made (undici's connect `lookup`, and to hosts written as IP literals), so no layer above can route around it.
 * Loopback and the private ranges stay allowed: staging hosts live there, and so do our tests' servers. */
import * as dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { HttpFailure } from './httpTypes';

/** An address as 16 bytes (IPv4 as its IPv4-mapped IPv6 form, ::ffff:a.b.c.d), or undefined when not an IP address. */
export function addressBytes(address: string): Uint8Array | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const zoneless = bare.replace(/%.*$/, '');
  const version = isIP(zoneless);
  if (version === 4) return mapped(ipv4Bytes(zoneless));
  if (version === 6) return ipv6Bytes(zoneless);
  return undefined;
}

function ipv4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

function mapped(v4: readonly number[]): Uint8Array {
  return Uint8Array.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4]);
}

/** Valid IPv6 text (net.isIP said so) as bytes: groups around one `::`, an IPv4 tail allowed. */
function ipv6Bytes(text: string): Uint8Array {
  const words = (part: string): number[] =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? toWords(ipv4Bytes(group)) : [parseInt(group, 16)]));
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const front = words(head!);
  const back = tail === undefined ? [] : words(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return Uint8Array.from(all.flatMap((word) => [word >> 8, word & 0xff]));
}

function toWords(v4: readonly number[]): number[] {
  return [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
}

/** A range: its first address and prefix length, over the 16-byte form. */
interface Range {
  bytes: Uint8Array;
  bits: number;
  why: string;
}

function range(cidr: string, why: string): Range {
  const [address, length] = cidr.split('/');
  const bytes = addressBytes(address!)!;
  const v4 = isIP(address!) === 4;
  return { bytes, bits: length === undefined ? 128 : Number(length) + (v4 ? 96 : 0), why };
}

/**
 * The refused ranges. The metadata services, from each provider's documentation: AWS EC2's instance metadata at
 * 169.254.169.254 and fd00:ec2::254 (docs.aws.amazon.com/AWSEC2/latest/UserGuide/instancedata-data-retrieval.html),
 * ECS task metadata at 169.254.170.2; Google Compute Engine's at 169.254.169.254 and fd20:ce::254
 * (cloud.google.com/compute/docs/metadata/querying-metadata); Azure's IMDS at 169.254.169.254 and its WireServer at
 * 168.63.129.16 (learn.microsoft.com/azure/virtual-network/what-is-ip-address-168-63-129-16); Alibaba Cloud's at
 * 100.100.100.200 (alibabacloud.com/help/ecs/user-guide/view-instance-metadata); Oracle Cloud's at 169.254.169.254
 * and its legacy 192.0.0.192 (docs.oracle.com/iaas/Content/Compute/Tasks/gettingmetadata.htm); Akamai/Linode's at
 * 169.254.169.254 and fd00:a9fe:a9fe::1 (techdocs.akamai.com/cloud-computing/docs/metadata-service-api);
 * DigitalOcean, Hetzner, OpenStack and Tencent Cloud (169.254.0.23) inside 169.254.0.0/16.
 */
const REFUSED: readonly Range[] = [
  range('169.254.0.0/16', 'link-local'),
  range('fe80::/10', 'link-local'),
  range('0.0.0.0/8', 'unspecified'),
  range('::/128', 'unspecified'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('ff00::/8', 'multicast'),
  range('fd00:ec2::254/128', 'cloud metadata (AWS)'),
  range('fd20:ce::254/128', 'cloud metadata (Google Cloud)'),
  range('fd00:a9fe:a9fe::1/128', 'cloud metadata (Akamai)'),
  range('168.63.129.16/32', 'cloud metadata (Azure)'),
  range('100.100.100.200/32', 'cloud metadata (Alibaba Cloud)'),
  range('192.0.0.192/32', 'cloud metadata (Oracle Cloud)'),
];

/** IPv6 prefixes whose last 32 bits are an IPv4 address another hop delivers to (IPv4-compatible, NAT64). */
const EMBEDDING: readonly Range[] = [range('::/96', ''), range('64:ff9b::/96', '')];

function inRange(bytes: Uint8Array, { bytes: first, bits }: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (first[bit / 8]! & mask)) return false;
  }
  return true;
}

/** Why the client must not connect to `address` (an IP address as text), or undefined when it may. */
export function refusedAddress(address: string): string | undefined {
  const bytes = addressBytes(address);
  if (bytes === undefined) return 'not an IP address';
  const own = REFUSED.find((r) => inRange(bytes, r))?.why;
  if (own !== undefined || bytes.every((b) => b === 0)) return own ?? 'unspecified';
  if (EMBEDDING.some((r) => inRange(bytes, r)) && !inRange(bytes, range('::1/128', ''))) {
    return refusedAddress(Array.from(bytes.subarray(12)).join('.'));
  }
  return undefined;
}

/** The failure for a name that resolves to a refused address; the host named, never the request's headers. */
function refusedFailure(host: string, address: string, why: string): HttpFailure {
  return new HttpFailure('refused-address', `${host} resolves to ${address}, ${article(why)} address: refused`);
}

function article(why: string): string {
  return `${/^[aeiou]/.test(why) ? 'an' : 'a'} ${why}`;
}

/** What a resolver answers: dns.lookup's callback, with `all` or without. */
type LookupAnswer = string | dns.LookupAddress[];
export type Resolver = (hostname: string, options: dns.LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: LookupAnswer, family?: number) => void) => void;

/**
 * `resolve` (dns.lookup unless told) with the refused addresses taken out of its answer; an answer left empty fails
 * with HttpFailure 'refused-address'. net.connect and tls.connect call it for every host name (and undici passes it
 * to them), so the address connected to is always one the policy allowed.
 */
export function guardedLookup(resolve: Resolver = dns.lookup as unknown as Resolver): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: LookupAnswer, family?: number) => void) => {
    resolve(hostname, { ...options, all: true }, (error, answer) => {
      if (error !== null) return callback(error, '', 0);
      const all = typeof answer === 'string' ? [{ address: answer, family: isIP(answer) }] : answer;
      const allowed = all.filter((a) => refusedAddress(a.address) === undefined);
      if (allowed.length === 0) {
        const first = all[0];
        const failure = first === undefined ? new HttpFailure('dns', `${hostname}: no address`) : refusedFailure(hostname, first.address, refusedAddress(first.address)!);
        return callback(failure as NodeJS.ErrnoException, '', 0);
      }
      if (options.all === true) return callback(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  }) as LookupFunction;
}

/**
 * The URL as the client may ask it: http or https, no user name or password (they would be sent to every redirect's
 * host), and a host written as an IP literal checked here (no lookup is made for one). Throws HttpFailure.
 */
export function checkedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HttpFailure('refused-url', `${text}: not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HttpFailure('refused-url', `${text}: only http and https URLs are read`);
  if (url.username !== '' || url.password !== '') throw new HttpFailure('refused-url', `${withoutCredentials(url)}: a URL with a user name or password is refused (put credentials in SITEMAP_HTTP_HEADERS)`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host) !== 0) {
    const why = refusedAddress(host);
    if (why !== undefined) throw new HttpFailure('refused-address', `${url.href}: ${url.hostname} is ${article(why)} address, refused`);
  }
  return url;
}

/** The URL with its credentials left out, for messages. */
export function withoutCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
