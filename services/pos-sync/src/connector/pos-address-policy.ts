// Which addresses pos-sync may open a connection to when it calls a POS (decision 046). An admin
// types the POS URL and the server calls it: without a policy that URL reaches whatever pos-sync
// can reach (the loopback, a cloud's metadata service at 169.254.169.254, the cluster's private
// services). Unless an operator allows more (POS_ALLOW_PRIVATE_ADDRESSES), only public unicast
// addresses are called. The check runs where the socket is opened, on the very addresses DNS
// answered for that connection, so a name that resolves to a public address at one moment and to
// a private one the next (DNS rebinding) gets no further than a private address typed in the URL.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** POS_ALLOW_PRIVATE_ADDRESSES, parsed: every address (`true`), public ones only (`false`), or public ones and these CIDR ranges. */
export type PrivateAddressAllowance = boolean | readonly string[];

/** Answers every address a name resolves to (dns.lookup with `all: true`); replaceable so a test can play a DNS server. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** A connection the policy refused to open; its message is for the server log, never for the admin. */
export class PosAddressRefusedError extends Error {
  readonly code = 'POS_ADDRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'PosAddressRefusedError';
  }
}

export interface PosAddressPolicy {
  /** Why pos-sync may not connect to this IP address, in words ('loopback', 'link-local'), or undefined when it may. */
  refusal(address: string): string | undefined;
  /**
   * Why the host part of a URL is refused by its text alone (an IP address in a refused range, or a
   * name that is the loopback by definition, RFC 6761's `localhost`); undefined for any other name,
   * which is checked once resolved, when a connection opens.
   */
  refusalOfHost(hostname: string): string | undefined;
  /** Opens every POS connection (undici fetch's `dispatcher`): addresses checked after DNS, at connect time. */
  readonly dispatcher: Agent;
}

// Public IPv6 unicast lives in 2000::/3; ipaddr.js calls some addresses outside it 'unicast' too
// (e.g. the deprecated IPv4-compatible ::a.b.c.d), which no POS has.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** ipaddr.js's range names as an admin reads them ("a loopback address"); any other is "non-public". */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  uniqueLocal: 'private (unique local)',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  rfc6052: 'NAT64',
  rfc6145: 'IPv4-translated',
  '6to4': '6to4',
  teredo: 'Teredo',
};

const unbracketed = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

export function posAddressPolicy({ allowPrivate, resolve = systemResolve }: { allowPrivate: PrivateAddressAllowance; resolve?: Resolve }): PosAddressPolicy {
  const allowedRanges = Array.isArray(allowPrivate) ? allowPrivate.map((cidr) => ipaddr.parseCIDR(cidr)) : [];

  const refusal = (address: string): string | undefined => {
    if (allowPrivate === true) return undefined;
    if (!ipaddr.isValid(address)) return 'not an IP address';
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address it carries.
    const ip = ipaddr.process(address);
    if (allowedRanges.some((range) => ip.kind() === range[0].kind() && ip.match(range))) return undefined;
    const range = ip.range();
    if (range === 'unicast' && (ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6))) return undefined;
    return RANGE_WORDS[range] ?? 'non-public';
  };

  const refusalOfHost = (hostname: string): string | undefined => {
    const host = unbracketed(hostname.toLowerCase()).replace(/\.$/, '');
    if (isIP(host)) return refusal(host);
    if (host === 'localhost' || host.endsWith('.localhost')) return refusal('127.0.0.1') ?? refusal('::1');
    return undefined;
  };

  // Resolves, then refuses the name if any address it answered is refused: what is checked is what
  // the socket connects to (net.connect takes its address from this very callback).
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (answered) => {
        const addresses = options.family ? answered.filter((a) => a.family === options.family) : answered;
        const refused = addresses.map((a) => ({ address: a.address, why: refusal(a.address) })).find((a) => a.why);
        if (refused) callback(new PosAddressRefusedError(`${hostname} resolves to ${refused.address} (${refused.why}), which POS_ALLOW_PRIVATE_ADDRESSES does not allow`), '');
        else if (addresses.length === 0) callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
        else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };

  const open = buildConnector({ lookup });
  const dispatcher = new Agent({
    // net.connect skips `lookup` for an IP address: those are checked here, before any packet leaves.
    connect(options, callback) {
      const host = unbracketed(options.hostname);
      const why = isIP(host) ? refusal(host) : undefined;
      if (why) callback(new PosAddressRefusedError(`${host} is a ${why} address, which POS_ALLOW_PRIVATE_ADDRESSES does not allow`), null);
      else open(options, callback);
    },
  });

  return { refusal, refusalOfHost, dispatcher };
}

/** Parses POS_ALLOW_PRIVATE_ADDRESSES: `on`, `off`, or comma-separated CIDR ranges (e.g. `10.20.0.0/16,fd00:1::/64`). */
export function parsePrivateAddressAllowance(value: string): PrivateAddressAllowance | { error: string } {
  const text = value.trim().toLowerCase();
  if (text === 'on') return true;
  if (text === 'off') return false;
  const ranges = text.split(',').map((r) => r.trim()).filter(Boolean);
  const bad = ranges.find((r) => !/\/\d{1,3}$/.test(r) || !ipaddr.isValidCIDR(r));
  if (ranges.length === 0 || bad !== undefined) return { error: `must be on, off, or comma-separated CIDR ranges such as 10.20.0.0/16${bad ? ` (not a range: ${bad})` : ''}` };
  return ranges;
}
