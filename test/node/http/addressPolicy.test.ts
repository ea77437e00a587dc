/** The address policy (node/http/addressPolicy.ts) tested on itself: a table of addresses, the lookup wrapper given a
 * resolver's answers, and URLs. Nothing here opens a connection or asks a DNS server. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { checkedUrl, guardedLookup, refusedAddress, type Resolver } from '../../../server/src/node/http/addressPolicy';
import { HttpFailure } from '../../../server/src/node/http/httpTypes';

const REFUSED = [
  '169.254.169.254', // AWS, Google Cloud, Azure, Oracle, DigitalOcean, OpenStack… metadata
  '169.254.170.2', // ECS task metadata
  '169.254.0.23', // Tencent Cloud metadata
  '169.254.0.1',
  '169.254.255.255',
  'fe80::1',
  'fe80::a9fe:a9fe',
  'febf:ffff::1',
  'fe80::1%eth0',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '0:0:0:0:0:ffff:169.254.169.254',
  '::169.254.169.254', // IPv4-compatible
  '64:ff9b::169.254.169.254', // NAT64
  'fd00:ec2::254', // AWS over IPv6
  'fd20:ce::254', // Google Cloud over IPv6
  'fd00:a9fe:a9fe::1', // Akamai (Linode)
  '168.63.129.16', // Azure WireServer
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
  '0.0.0.0',
  '0.1.2.3',
  '::',
  '::ffff:0.0.0.0',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  'ff02::1',
  '[fe80::1]',
  'not an address',
];

const ALLOWED = [
  '127.0.0.1',
  '127.8.9.10',
  '::1',
  '::ffff:127.0.0.1',
  '10.0.0.5',
  '172.16.3.4',
  '192.168.1.1',
  'fd00::1', // a unique local address that is no provider's metadata
  'fd00:ec2::253', // AWS's DNS resolver, not its metadata
  '100.100.100.201',
  '100.64.0.1',
  '169.253.255.255',
  '169.255.0.0',
  'fec0::1',
  '93.184.215.14',
  '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  '[::1]',
];

describe('address policy', () => {
  it('refuses link-local, cloud metadata, unspecified, broadcast and multicast addresses, in every written form', () => {
    for (const address of REFUSED) assert.notEqual(refusedAddress(address), undefined, address);
  });

  it('allows loopback, private ranges and public addresses', () => {
    for (const address of ALLOWED) assert.equal(refusedAddress(address), undefined, address);
  });

  /** The lookup wrapped around `answer` (what a resolver says), called as net.connect calls it. */
  function lookUp(answer: LookupAddress[] | Error, all: boolean): Promise<{ error: Error | null; address: unknown; family?: number }> {
    const resolver: Resolver = (_host, options: LookupOptions, callback) => {
      assert.equal(options.all, true, 'the wrapper asks for every address');
      if (answer instanceof Error) callback(answer, '');
      else callback(null, answer);
    };
    return new Promise((resolve) => {
      guardedLookup(resolver)('sitemap.example', { all, family: 0 } as never, ((error: Error | null, address: unknown, family?: number) => resolve({ error, address, family })) as never);
    });
  }

  it('fails a lookup whose every address is refused, as refused-address', async () => {
    for (const all of [true, false]) {
      const { error } = await lookUp([{ address: '169.254.169.254', family: 4 }, { address: 'fd00:ec2::254', family: 6 }], all);
      assert.ok(error instanceof HttpFailure && error.kind === 'refused-address', String(error));
    }
  });

  it('keeps only the allowed addresses of a mixed answer', async () => {
    const mixed = [{ address: '169.254.169.254', family: 4 }, { address: '10.1.2.3', family: 4 }, { address: '::ffff:169.254.169.254', family: 6 }];
    assert.deepEqual((await lookUp(mixed, true)).address, [{ address: '10.1.2.3', family: 4 }]);
    const one = await lookUp(mixed, false);
    assert.deepEqual([one.error, one.address, one.family], [null, '10.1.2.3', 4]);
  });

  it('passes a resolver\'s own error on', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    assert.equal((await lookUp(notFound, true)).error, notFound);
  });

  it('takes http and https URLs only, without credentials, and checks a host written as an address', () => {
    const kind = (url: string) => {
      try {
        checkedUrl(url);
        return 'ok';
      } catch (e) {
        assert.ok(e instanceof HttpFailure);
        return e.kind;
      }
    };
    assert.equal(kind('https://example.com/sitemap.xml'), 'ok');
    assert.equal(kind('http://127.0.0.1:8080/sitemap.xml'), 'ok');
    assert.equal(kind('http://[::1]/'), 'ok');
    for (const url of ['ftp://example.com/sitemap.xml', 'file:///etc/passwd', 'data:,x', 'javascript:alert(1)', 'gopher://x/', 'not a url']) assert.equal(kind(url), 'refused-url', url);
    assert.equal(kind('https://user:pass@example.com/'), 'refused-url');
    assert.equal(kind('https://user@example.com/'), 'refused-url');
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00:ec2::254]/', 'http://0xa9fea9fe/', 'http://169.254.43518/', 'http://0.0.0.0:8080/', 'http://[fe80::1]/', 'http://100.100.100.200/']) {
      assert.equal(kind(url), 'refused-address', url);
    }
  });

  it('never puts a URL\'s password in its message', () => {
    try {
      checkedUrl('https://user:hunter2@example.com/sitemap.xml');
      assert.fail('accepted');
    } catch (e) {
      assert.ok(!(e as Error).message.includes('hunter2'), (e as Error).message);
    }
  });
});
