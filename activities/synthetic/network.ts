/**
 * What a synthetic probe can honestly measure of the network path to a provider (issue 13, part 5:
 * networkMetrics): a fresh TCP connection to the host and port of the provider's base URL, opened
 * just before the probe's call and closed at once.
 *
 * - dnsMs: the name lookup (node's resolver, as the SDKs use it); null for an IP literal.
 * - connectMs: from connect() on the resolved address to the 'connect' event, i.e. SYN → SYN-ACK
 *   (plus the kernel's ACK): one network round trip to the host, without TLS and without the
 *   provider's processing. This is the round trip analytics report as avgRttMs.
 * A failed lookup or connect (refused, unreachable, over the timeout) gives null figures and the
 * error's code, never a guess. Hops are not measured at all (no traceroute: it needs raw sockets,
 * and providers' edges drop the probes anyway), so hop figures stay null.
 */
import { lookup } from 'node:dns/promises';
import { connect, isIP } from 'node:net';

export interface NetworkMeasurement {
  method: 'tcp-connect';
  host: string;
  port: number;
  dnsMs: number | null;
  connectMs: number | null;
  error: string | null;
}

const round3 = (ms: number) => Math.round(ms * 1000) / 1000;

function hostAndPort(baseUrl: string): { host: string; port: number } | null {
  try {
    const url = new URL(baseUrl);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : Number.NaN;
    if (!Number.isInteger(port)) return null;
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    return null;
  }
}

export async function measureConnect(baseUrl: string, timeoutMs = 3000): Promise<NetworkMeasurement | null> {
  const target = hostAndPort(baseUrl);
  if (!target) return null;
  const out: NetworkMeasurement = { method: 'tcp-connect', ...target, dnsMs: null, connectMs: null, error: null };
  let address = target.host;
  if (!isIP(target.host)) {
    const t0 = performance.now();
    try {
      address = (await lookup(target.host)).address;
      out.dnsMs = round3(performance.now() - t0);
    } catch (err) {
      out.error = (err as { code?: string }).code ?? 'DNS_FAILED';
      return out;
    }
  }
  await new Promise<void>((resolve) => {
    const t1 = performance.now();
    const socket = connect({ host: address, port: target.port });
    let settled = false;
    const done = (error: string | null) => {
      if (settled) return;
      settled = true;
      if (error === null) out.connectMs = round3(performance.now() - t1);
      else out.error = error;
      socket.destroy();
      resolve();
    };
    socket.setTimeout(timeoutMs, () => done('TIMEOUT'));
    socket.once('connect', () => done(null));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? 'CONNECT_FAILED'));
  });
  return out;
}
