/**
 * Who counts as one client wherever a client is limited (login waits, lead and case-page limits,
 * the routes' rate limit, the upload budget): an IPv4 address, or an IPv6 /64. Providers give
 * each household or phone a whole /64 (at least), so counting IPv6 per address would give one
 * client 2^64 tries.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of a valid IPv6 address (an IPv4 tail counted as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tailStart = text.lastIndexOf(':') + 1;
  const tail = text.slice(tailStart);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const start = head ? head.split(':') : [];
  const end = rest ? rest.split(':') : [];
  const missing = rest === undefined ? 0 : 8 - start.length - end.length;
  return [...start, ...Array.from({ length: missing }, () => '0'), ...end].map((group) =>
    Number.parseInt(group, 16),
  );
}

/**
 * '198.51.100.7' → '198.51.100.7'; '2001:db8:1:2::7' → '2001:db8:1:2::/64'; an IPv4-mapped IPv6
 * address counts as its IPv4 address. Anything else (a proxy's unparsed header) stays as it is.
 */
export function clientKey(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  const zone = trimmed.indexOf('%');
  const address = zone === -1 ? trimmed : trimmed.slice(0, zone);
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : '';
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}
