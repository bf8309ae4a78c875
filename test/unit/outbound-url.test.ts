import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postOutbound } from '../../lib/outbound-http';
import { OutboundUrlError, OutboundUrlPolicy, type Resolver, isForbiddenAddress } from '../../lib/outbound-url';

const fakeDns: Record<string, string[]> = {
  'public.example': ['93.184.215.14'],
  'inside.example': ['10.0.0.7'],
  'mixed.example': ['93.184.215.14', '192.168.1.4'],
  'v6inside.example': ['fd12::1'],
  'rebind.example': ['127.0.0.1'],
};
const resolver: Resolver = async (host) => {
  const addresses = fakeDns[host];
  if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

async function refusal(policy: OutboundUrlPolicy, url: string): Promise<string | null> {
  try {
    await policy.check(url);
    return null;
  } catch (err) {
    if (err instanceof OutboundUrlError) return err.code;
    throw err;
  }
}

describe('outbound URL policy', () => {
  it('knows private, loopback, link-local and embedded IPv4 addresses in both families', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
      '::1', '::', 'fe80::1', 'fd00::5', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '2002:a00:1::1']) {
      expect([ip, isForbiddenAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '172.32.0.1']) {
      expect([ip, isForbiddenAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('refuses private targets without the allowlist, literal or through DNS', async () => {
    const policy = new OutboundUrlPolicy('', resolver);
    expect(await refusal(policy, 'https://public.example/hook')).toBeNull();
    expect(await refusal(policy, 'https://93.184.215.14/hook')).toBeNull();
    expect(await refusal(policy, 'https://unknown.example/hook')).toBeNull(); // does not resolve yet: checked at connect time
    for (const url of ['https://127.0.0.1/x', 'https://0x7f.1/x', 'https://[::1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://169.254.169.254/latest',
      'https://inside.example/x', 'https://mixed.example/x', 'https://v6inside.example/x', 'https://localhost/x', 'https://[fe80::1]/x']) {
      expect([url, await refusal(policy, url)]).toEqual([url, 'PRIVATE_ADDRESS']);
    }
    expect(await refusal(policy, 'http://public.example/hook')).toBe('HTTPS_REQUIRED');
    expect(await refusal(policy, 'ftp://public.example/hook')).toBe('INVALID_URL');
    expect(await refusal(policy, 'https://user:pw@public.example/hook')).toBe('INVALID_URL');
    expect(await refusal(policy, 'not a url')).toBe('INVALID_URL');
  });

  it('the allowlist opens hosts and ranges, and lets allowlisted hosts use http', async () => {
    const policy = new OutboundUrlPolicy('127.0.0.1, inside.example 192.168.0.0/16 fd12::/16', resolver);
    expect(await refusal(policy, 'http://127.0.0.1:8080/x')).toBeNull();
    expect(await refusal(policy, 'http://inside.example/x')).toBeNull();
    expect(await refusal(policy, 'https://mixed.example/x')).toBeNull(); // 192.168.1.4 is in a listed range
    expect(await refusal(policy, 'https://v6inside.example/x')).toBeNull();
    expect(await refusal(policy, 'https://127.0.0.2/x')).toBe('PRIVATE_ADDRESS');
    expect(await refusal(policy, 'https://10.0.0.1/x')).toBe('PRIVATE_ADDRESS');
    expect(await refusal(policy, 'http://mixed.example/x')).toBe('HTTPS_REQUIRED'); // a name resolving into a range is not a listed host
    expect(await refusal(policy, 'http://public.example/x')).toBe('HTTPS_REQUIRED');
  });

  it('checks again at connect time: a name that now resolves to a private address is not contacted', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    try {
      // rebind.example was public when the URL was saved; now it answers 127.0.0.1.
      const policy = new OutboundUrlPolicy('', resolver);
      const outcome = await postOutbound(policy, `http://rebind.example:${port}/x`, '{}', {}, { timeoutMs: 2000, requireHttps: false });
      expect(outcome).toMatchObject({ ok: false, kind: 'BLOCKED', statusCode: null });
      expect(hits).toBe(0);
      // The same server is reached when the range is allowlisted.
      const open = new OutboundUrlPolicy('127.0.0.0/8', resolver);
      expect(await postOutbound(open, `http://rebind.example:${port}/x`, '{}', {}, { timeoutMs: 2000, requireHttps: false })).toMatchObject({ ok: true, statusCode: 200 });
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });
});
