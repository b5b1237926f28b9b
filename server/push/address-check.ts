/**
 * Where the server may send Web Push messages (issue 23 item 8). The server POSTs to whatever
 * endpoint a subscriber stored, so an endpoint is a request the server makes on a stranger's
 * behalf. Two checks, because comparing host names as text let `localhost.`, `127.0.0.1.nip.io`,
 * carrier-grade NAT (100.64.0.0/10), NAT64 (64:ff9b::/96) and the host's own address through:
 *
 * 1. `isKnownPushService`: only the push services browsers use, over https on the default port
 *    (Chrome/Android/Opera/Samsung: FCM; Firefox: Mozilla autopush; Safari: Apple; Edge on
 *    Windows: WNS). Checked when a subscription is stored and again before each send.
 * 2. `guardedLookup`: the `lookup` of the agent that makes the connection. Every address a name
 *    resolves to must be public, and the connection goes to exactly the address checked, so a
 *    name re-pointed between the check and the connect (DNS rebinding) cannot reach inside.
 *
 * `isPublicAddress` is the address rule: not unspecified, loopback, private, shared (CGNAT),
 * link-local, documentation, benchmarking, multicast or reserved; for IPv6 also unique-local,
 * site-local, NAT64, 6to4, Teredo, discard, and IPv4-mapped or -compatible forms of a
 * non-public IPv4 address (IANA special-purpose address registries).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The push services of the browsers the app supports: exact hosts and `*.` suffixes. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (the embedded IPv4 is checked first)
  ['64:ff9b::', 96], // NAT64 well-known prefix
  ['64:ff9b:1::', 48], // NAT64 local-use
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches any IPv4 address through a relay
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The 8 groups of an IPv6 address (already known to be one), a dotted IPv4 tail included. */
function ipv6Groups(address: string): number[] | null {
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups written differently.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail ?? '');
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...front, ...Array<number>(missing).fill(0), ...back];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or -compatible (::a.b.c.d) IPv6 holds. */
function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0)) return null;
  if (groups[5] !== 0xffff && groups[5] !== 0) return null;
  // ::/96 with nothing in the last 32 bits is :: or ::1 themselves, not an IPv4 address.
  if (groups[5] === 0 && groups[6] === 0 && groups[7]! <= 1) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether a connection to this IP address would leave for the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blockedV4.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4) return !blockedV4.check(v4, 'ipv4');
  return !blockedV6.check(bare, 'ipv6');
}

/** https, the default port, no credentials, and a host of PUSH_SERVICE_HOSTS. */
export function isKnownPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) =>
    known.startsWith('*.') ? host.endsWith(known.slice(1)) : host === known,
  );
}

export class BlockedAddressError extends Error {
  readonly code = 'EPUSHADDRESS';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address push messages may not be sent to`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A drop-in `lookup` for an http(s) Agent: resolves with `resolve` (the system's by default),
 * then refuses the whole name if any of its addresses is not public (a push service never
 * resolves to one). The socket connects to the address returned here, not to a second lookup.
 */
export function createGuardedLookup(resolve: Resolve = dnsLookup) {
  return function guardedLookup(
    hostname: string,
    options: LookupOptions,
    callback: LookupCallback,
  ): void {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
        return callback(new BlockedAddressError(hostname), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

export const guardedLookup = createGuardedLookup();
