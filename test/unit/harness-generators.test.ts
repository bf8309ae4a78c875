import fc from 'fast-check';
import { malformedCases } from '../support/malformed-input';
import { type Operation, errorShapeProblem, operationsOf } from '../support/openapi-operations';
import { arbitraryOf } from '../support/schema-arbitrary';
import { familyOf, tableGaps, ROUTE_TABLE } from '../support/tenant-isolation';

/**
 * The pure parts of the generated harnesses (test/integration/malformed-input.test.ts,
 * tenant-isolation.test.ts): the error-shape check per area, the schema generator, the case
 * builder's determinism and coverage, and the route-table check.
 */
const doc = {
  openapi: '3.1.0',
  components: { schemas: { Thing: { type: 'object', required: ['name', 'kind'], properties: { name: { type: 'string', minLength: 2, maxLength: 5 }, kind: { enum: ['a', 'b'] }, id: { type: 'string', format: 'uuid' }, n: { type: 'integer', minimum: 3, maximum: 7 } } } } },
  paths: {
    '/api/v1/things': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } }, get: { parameters: [{ in: 'query', name: 'limit', schema: { type: 'integer' } }] } },
    '/api/v1/things/{id}': { get: {}, patch: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
  },
};

describe('errorShapeProblem', () => {
  it('accepts each area’s documented shape and refuses the others', () => {
    const rest = JSON.stringify({ error: 'Invalid body', code: 'BAD_REQUEST', details: [] });
    const gateway = JSON.stringify({ success: false, error: 'x', code: 'BAD_REQUEST' });
    const openai = JSON.stringify({ error: { message: 'm', type: 'invalid_request_error', param: null, code: null } });
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(errorShapeProblem('rest', rest, 'application/json')).toBeNull();
    expect(errorShapeProblem('gateway', gateway, 'application/json')).toBeNull();
    expect(errorShapeProblem('openai', openai, 'application/json')).toBeNull();
    expect(errorShapeProblem('mcp', rpc, 'application/json')).toBeNull();
    expect(errorShapeProblem('mcp', `[${rpc},${rpc}]`, 'application/json')).toBeNull();

    expect(errorShapeProblem('gateway', rest, null)).toMatch(/success: false/);
    expect(errorShapeProblem('openai', rest, null)).toMatch(/no error object/);
    expect(errorShapeProblem('rest', openai, null)).toMatch(/error is not/);
    expect(errorShapeProblem('rest', JSON.stringify({ error: 'x' }), null)).toMatch(/code/);
    expect(errorShapeProblem('mcp', rest, null)).toMatch(/jsonrpc/);
    expect(errorShapeProblem('rest', 'Method Not Allowed', 'text/plain')).toMatch(/not JSON/);
  });
});

describe('arbitraryOf', () => {
  it('draws values that satisfy the schema’s types, required fields, enums, formats and bounds', () => {
    const values = fc.sample(arbitraryOf(doc, { $ref: '#/components/schemas/Thing' }), { seed: 1, numRuns: 200 }) as Array<Record<string, any>>;
    for (const v of values) {
      expect(typeof v.name).toBe('string');
      expect(v.name.length).toBeGreaterThanOrEqual(2);
      expect(v.name.length).toBeLessThanOrEqual(5);
      expect(['a', 'b']).toContain(v.kind);
      if ('id' in v) expect(v.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      if ('n' in v) expect(Number.isInteger(v.n) && v.n >= 3 && v.n <= 7).toBe(true);
    }
    // Optional fields come and go.
    expect(values.some((v) => 'id' in v)).toBe(true);
    expect(values.some((v) => !('id' in v))).toBe(true);
  });
});

describe('malformedCases', () => {
  const ops: Operation[] = operationsOf(doc, { extra: false });
  const post = ops.find((o) => o.method === 'POST')!;
  const patch = ops.find((o) => o.method === 'PATCH')!;

  it('is deterministic for a seed and differs between seeds', () => {
    const one = malformedCases(post, { seed: 21, runs: 30, tokens: ['t'] });
    expect(malformedCases(post, { seed: 21, runs: 30, tokens: ['t'] })).toEqual(one);
    expect(malformedCases(post, { seed: 22, runs: 30, tokens: ['t'] })).not.toEqual(one);
  });

  it('walks every mutation kind first, so a small count still covers each one', () => {
    const kinds = new Set(malformedCases(patch, { seed: 21, runs: 15, tokens: ['t'] }).map((c) => c.kind));
    for (const k of ['valid-looking', 'wrong type', 'missing field', 'extra field', 'huge string', 'huge number', 'deep nesting', 'control character', 'lone surrogate', 'invalid UTF-8', 'bad content type', 'invalid JSON', 'wrong top-level type', 'bad query', 'bad path id']) {
      expect(kinds).toContain(k);
    }
  });

  it('writes what JSON.stringify cannot: 1e400 and nesting deeper than the limit', () => {
    const cases = malformedCases(post, { seed: 3, runs: 400, tokens: ['t'] });
    expect(cases.some((c) => typeof c.body === 'string' && c.body.includes('1e400'))).toBe(true);
    expect(cases.some((c) => typeof c.body === 'string' && c.body.includes('{"a":'.repeat(33)))).toBe(true);
    expect(cases.some((c) => typeof c.body === 'string' && c.body.includes('\\ud800'))).toBe(true);
  });
});

describe('the route table check', () => {
  it('names a POST and a family the table does not know, and nothing it does', () => {
    expect(familyOf('/api/v1/prompts/{promptId}/test-sets/{testSetId}/values', 'testSetId')).toBe('/api/v1/prompts/{promptId}/test-sets/{testSetId}');
    const gaps = tableGaps(operationsOf(doc, { extra: false }), ROUTE_TABLE);
    expect(gaps).toEqual([expect.stringContaining('POST /api/v1/things: not in'), expect.stringContaining('route family /api/v1/things/{id}')]);
    const known = operationsOf({ paths: { '/api/v1/providers': { post: {} }, '/api/v1/providers/{id}': { get: {}, delete: {} } } }, { extra: false });
    expect(tableGaps(known, ROUTE_TABLE)).toEqual([]);
  });
});
