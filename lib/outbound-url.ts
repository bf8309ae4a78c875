import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound URLs the service calls on a customer's behalf (account webhooks, batch completion
 * callbacks) must not reach the service's own network: private, loopback, link-local, CGNAT,
 * multicast and reserved addresses are refused, in IPv4 and IPv6 (including IPv4 addresses
 * embedded in IPv6: mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16).
 *
 * Checked twice: when the URL is saved (`check`, which also resolves the host name) and when a
 * delivery connects (`lookup`, passed to http.request, so the address actually connected to is the
 * address that was checked: a DNS answer that changes after the first check cannot slip through).
 *
 * OUTBOUND_URL_ALLOWLIST (comma- or space-separated) permits exceptions:
 * - a host name (`hooks.internal`, `localhost`): that host may resolve to any address;
 * - an IP or CIDR (`127.0.0.1`, `10.20.0.0/16`, `fd00::/8`): addresses inside it are reachable.
 * URLs must be HTTPS, except when the URL's host itself is allowlisted (a listed name, or an IP
 * literal inside a listed range): that is how a local http receiver is used in development and tests.
 */
export class OutboundUrlError extends Error {
  constructor(
    message: string,
    readonly code: 'INVALID_URL' | 'HTTPS_REQUIRED' | 'PRIVATE_ADDRESS',
  ) {
    super(message);
    this.name = 'OutboundUrlError';
  }
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

const FORBIDDEN_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const FORBIDDEN_V6: Array<[string, number]> = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const forbidden = new BlockList();
for (const [net, prefix] of FORBIDDEN_V4) forbidden.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of FORBIDDEN_V6) forbidden.addSubnet(net, prefix, 'ipv6');

/** An IPv6 address as eight 16-bit groups, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  if (isIP(ip) !== 6) return null;
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - h.length - t.length).fill('0');
  return [...h, ...fill, ...t].map((g) => Number.parseInt(g, 16));
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(groups: number[]): string | null {
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && groups[5] === 0xffff) return v4From(groups[6]!, groups[7]!); // ::ffff:a.b.c.d
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return v4From(groups[6]!, groups[7]!); // NAT64
  if (groups[0] === 0x2002) return v4From(groups[1]!, groups[2]!); // 6to4
  return null;
}

/** True for addresses a customer URL must not reach (see the list above). Non-IPs count as forbidden. */
export function isForbiddenAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return forbidden.check(ip, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(ip)!;
  const v4 = embeddedIpv4(groups);
  if (v4) return forbidden.check(v4, 'ipv4');
  return forbidden.check(ip.split('%')[0]!, 'ipv6');
}

/** The host of a URL without IPv6 brackets or a trailing dot, lower case. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
}

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export class OutboundUrlPolicy {
  private readonly allowedHosts = new Set<string>();
  private readonly allowedRanges = new BlockList();
  private hasRanges = false;

  constructor(
    allowlist: string | readonly string[] = '',
    private readonly resolver: Resolver = systemResolver,
    private readonly resolveTimeoutMs = 3000,
  ) {
    const entries = typeof allowlist === 'string' ? allowlist.split(/[\s,]+/) : allowlist;
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase().replace(/^\[|\]$/g, '');
      if (!entry) continue;
      const [net, prefixText] = entry.split('/') as [string, string | undefined];
      const family = isIP(net);
      if (family) {
        const max = family === 4 ? 32 : 128;
        const prefix = prefixText === undefined ? max : Number(prefixText);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Error(`OUTBOUND_URL_ALLOWLIST: bad prefix in ${raw}`);
        this.allowedRanges.addSubnet(net, prefix, family === 4 ? 'ipv4' : 'ipv6');
        this.hasRanges = true;
      } else {
        this.allowedHosts.add(entry.replace(/\.$/, ''));
      }
    }
  }

  /** An address is reachable when it is public or inside an allowlisted range. */
  addressAllowed(ip: string): boolean {
    return !isForbiddenAddress(ip) || this.inRanges(ip);
  }

  /** The URL's host itself is on the allowlist (by name, or as an IP literal inside a listed range). */
  hostAllowlisted(host: string): boolean {
    return this.allowedHosts.has(host) || (isIP(host) !== 0 && this.inRanges(host));
  }

  /** Inside an allowlisted range; an IPv6 address carrying an IPv4 one is judged by the IPv4 one too. */
  private inRanges(ip: string): boolean {
    if (!this.hasRanges) return false;
    const family = isIP(ip);
    if (family === 4) return this.allowedRanges.check(ip, 'ipv4');
    if (family !== 6) return false;
    const v4 = embeddedIpv4(ipv6Groups(ip)!);
    return (v4 !== null && this.allowedRanges.check(v4, 'ipv4')) || this.allowedRanges.check(ip.split('%')[0]!, 'ipv6');
  }

  /**
   * Validates a URL before it is stored (and again before each delivery). Host names are resolved:
   * every address they resolve to must be allowed. A name that does not resolve (yet) is accepted
   * here; the connect-time `lookup` checks whatever it resolves to later.
   */
  async check(rawUrl: string, opts: { requireHttps?: boolean } = {}): Promise<URL> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new OutboundUrlError('url must be an absolute URL', 'INVALID_URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundUrlError('url must be an https URL', 'INVALID_URL');
    if (url.username || url.password) throw new OutboundUrlError('url must not contain credentials', 'INVALID_URL');
    const host = hostOf(url);
    if (!host) throw new OutboundUrlError('url has no host', 'INVALID_URL');
    const listed = this.hostAllowlisted(host);
    if ((opts.requireHttps ?? true) && url.protocol !== 'https:' && !listed) {
      throw new OutboundUrlError('url must use HTTPS', 'HTTPS_REQUIRED');
    }
    if (this.allowedHosts.has(host)) return url;
    if (isIP(host)) {
      if (!this.addressAllowed(host)) throw blocked(host);
      return url;
    }
    if (host === 'localhost' || host.endsWith('.localhost')) throw blocked(host);
    const addresses = await this.resolveWithTimeout(host);
    for (const a of addresses) if (!this.addressAllowed(a.address)) throw blocked(`${host} (${a.address})`);
    return url;
  }

  private async resolveWithTimeout(host: string) {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.resolver(host),
        new Promise<[]>((resolve) => {
          timer = setTimeout(() => resolve([]), this.resolveTimeoutMs);
        }),
      ]);
    } catch {
      return []; // NXDOMAIN, no DNS: nothing to connect to now; checked again at connect time
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A `lookup` for http.request / net.connect: resolves like the system does, then refuses the
   * connection when an address is not allowed (unless the host name is allowlisted). Node calls it
   * with `all: true` (happy eyeballs) or without; both forms are answered.
   */
  readonly lookup = (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
    this.resolver(host).then(
      (all) => {
        const family = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 || options.family === 'IPv4' ? 4 : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (!addresses.length) return callback(Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' }), '');
        if (!this.allowedHosts.has(host)) {
          const bad = addresses.find((a) => !this.addressAllowed(a.address));
          if (bad) return callback(blocked(`${host} (${bad.address})`) as NodeJS.ErrnoException, '');
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}

function blocked(what: string): OutboundUrlError {
  return new OutboundUrlError(
    `url must not point to a private, loopback or link-local address: ${what} (see OUTBOUND_URL_ALLOWLIST)`,
    'PRIVATE_ADDRESS',
  );
}
