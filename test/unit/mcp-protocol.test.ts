import { toolInputSchema } from '../../services/mcp/custom-tools';
import { McpService } from '../../services/mcp/dispatch';
import { allowsBatch, classify } from '../../services/mcp/jsonrpc';
import { platformToolList } from '../../services/mcp/platform-tools';
import { nextMonthStart } from '../../services/mcp/quotas';
import { periodBounds } from '../../services/mcp/usage';

/** The agent-tool endpoint's pure parts: message classification, batch rule, periods, schemas. */
describe('JSON-RPC message classification', () => {
  it('tells requests, notifications, invalid messages and requests without id apart', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ kind: 'request', id: 1, method: 'ping', params: undefined });
    expect(classify({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'a' } })).toMatchObject({ kind: 'request', id: 'x' });
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({ kind: 'notification', method: 'notifications/initialized' });
    expect(classify({ jsonrpc: '2.0', method: 'initialized' })).toEqual({ kind: 'notification', method: 'initialized' });
    expect(classify({ jsonrpc: '2.0', method: 'tools/list' })).toEqual({ kind: 'missing_id', method: 'tools/list' });
    expect(classify({ jsonrpc: '2.0', id: 1, result: {} })).toEqual({ kind: 'response' });
    expect(classify('ping')).toMatchObject({ kind: 'invalid', id: null });
    expect(classify([1])).toMatchObject({ kind: 'invalid' });
    expect(classify({ jsonrpc: '1.0', id: 3, method: 'ping' })).toMatchObject({ kind: 'invalid', id: 3 });
    expect(classify({ jsonrpc: '2.0', id: 4 })).toMatchObject({ kind: 'invalid', id: 4 });
    expect(classify({ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' })).toMatchObject({ kind: 'invalid', id: null });
    expect(classify({ jsonrpc: '2.0', id: 5, method: 'ping', params: 'x' })).toMatchObject({ kind: 'invalid', id: 5 });
  });

  it('allows batches up to 2025-03-26 only', () => {
    expect(allowsBatch('2024-11-05')).toBe(true);
    expect(allowsBatch('2025-03-26')).toBe(true);
    expect(allowsBatch('2025-06-18')).toBe(false);
    expect(allowsBatch('2025-11-25')).toBe(false);
  });
});

describe('query_usage periods and quota months (UTC)', () => {
  const now = new Date('2026-08-14T15:30:00Z');
  it('maps each period to its bounds', () => {
    expect(periodBounds('today', now)!.from.toISOString()).toBe('2026-08-14T00:00:00.000Z');
    expect(periodBounds('week', now)!.from.toISOString()).toBe('2026-08-07T15:30:00.000Z');
    expect(periodBounds('month', now)!.from.toISOString()).toBe('2026-08-01T00:00:00.000Z');
    expect(periodBounds('quarter', now)!.from.toISOString()).toBe('2026-07-01T00:00:00.000Z');
    const range = periodBounds('2026-01-01/2026-01-31', now)!;
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    expect(periodBounds('2026-02-30/2026-03-01', now)).toBeNull();
    expect(periodBounds('2026-03-02/2026-03-01', now)).toBeNull();
    expect(periodBounds('yesterday', now)).toBeNull();
  });
  it('resets at the first instant of the next UTC month', () => {
    expect(nextMonthStart(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('tool input schemas', () => {
  it('publishes the platform tools as JSON Schema objects', () => {
    const byName = Object.fromEntries(platformToolList().map((t) => [t.name, t.inputSchema]));
    expect(byName.execute_stored_prompt).toMatchObject({ type: 'object', required: ['promptId'] });
    expect(byName.check_security).toMatchObject({ properties: { checkTypes: { type: 'array' } } });
    expect(byName.query_usage).not.toHaveProperty('$schema');
  });
  it('leaves the chain-provided variables out of a chain tool schema', () => {
    const v = (variables: string[]) => ({ variables }) as never;
    expect(toolInputSchema('chain', [v(['topic']), v(['previousOutput', 'step1Output', 'tone'])]).required).toEqual(['topic', 'tone']);
    expect(toolInputSchema('custom', [v(['a', 'b'])]).required).toEqual(['a', 'b']);
  });
});

describe('dispatch: an unexpected failure is -32603 without its message', () => {
  it('answers -32603 (HTTP 200) and logs the error; other requests of the batch still run', async () => {
    const logged: unknown[] = [];
    const service = new McpService({
      db: {} as never,
      quotas: { reserve: async () => null, record: async () => undefined } as never,
      stored: { viewerOf: async () => ({}), homeCompanyOwns: async () => true } as never,
      tools: {} as never,
      runner: {
        platform: async () => {
          throw new Error('secret connection string in this message');
        },
      } as never,
      logger: { error: (o: unknown) => logged.push(o) } as never,
    });
    const principal = { via: 'api_key', companyId: 'c', userId: 'u', role: 'ADMIN', permissions: new Set(['gateway.execute']), features: new Set(), apiKey: { id: 'k', kind: 'GATEWAY', type: 'FULL_ACCESS', scopes: [] } } as never;
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'check_security', arguments: { prompt: 'x' } } };
    const single = await service.handleBody(principal, call, '2025-11-25');
    expect(single).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } } });
    expect(logged).toHaveLength(1);
    const batch = await service.handleBody(principal, [call, { jsonrpc: '2.0', id: 8, method: 'ping' }], '2024-11-05');
    expect(batch.body).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'Internal error' } },
      { jsonrpc: '2.0', id: 8, result: {} },
    ]);
  });
});
